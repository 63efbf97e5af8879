internal import CGtk

/// Wraps `GtkDrawingArea`: a widget that draws with cairo (`setDrawFunction`), or, made with `.presentation`
/// and no draw function, a probe whose `resize` signal reports the width it is given (its parent's when it
/// spans the parent).
@MainActor
public final class DrawingArea: Widget {
    /// `GtkAccessibleRole`: what the area is to a screen reader.
    public enum Role: Sendable {
        /// `GTK_ACCESSIBLE_ROLE_PRESENTATION`: skipped.
        case presentation
        /// `GTK_ACCESSIBLE_ROLE_IMG`: a picture, told by its label and description.
        case image

        var gtk: GtkAccessibleRole { self == .presentation ? GTK_ACCESSIBLE_ROLE_PRESENTATION : GTK_ACCESSIBLE_ROLE_IMG }
    }

    /// `g_object_new_with_properties(GTK_TYPE_DRAWING_AREA)` with `accessible-role` set to `role` (it can only
    /// be set at construction). The floating reference is sunk.
    public convenience init(role: Role = .presentation) {
        var name: UnsafePointer<CChar>? = nil
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(role.gtk.rawValue))
        let object = "accessible-role".withCString { property in
            name = property
            return g_object_new_with_properties(gtk_drawing_area_get_type(), 1, &name, &value)
        }
        g_value_unset(&value)
        self.init(object!, ownership: .full)
    }

    /// The `resize` signal: the area was allocated a new size `(width, height)`.
    @discardableResult
    public func onResize(_ handler: @escaping @MainActor (DrawingArea, Int, Int) -> Void) -> SignalConnection {
        connect(Signal<IntIntHandler>("resize")) { handler(emitted($0), Int($1), Int($2)) }
    }

    /// `gtk_drawing_area_get_content_height` / `gtk_drawing_area_set_content_height`: the height it asks for.
    public var contentHeight: Int {
        get { Int(gtk_drawing_area_get_content_height(c())) }
        set { gtk_drawing_area_set_content_height(c(), gint(newValue)) }
    }

    /// `gtk_drawing_area_set_draw_func`: `draw` paints the area each time GTK draws it (after a resize, a style
    /// change, or `queueDraw`), on a canvas of the area's size that is valid only during the call. The closure
    /// is boxed and freed by the destroy-notify GTK calls when another function replaces it or the area is
    /// finalized.
    public func setDrawFunction(_ draw: @escaping @MainActor (DrawingArea, Canvas) -> Void) {
        let box = HandlerBox<DrawHandler>(draw)
        gtk_drawing_area_set_draw_func(c(), drawTrampoline, box.retainedForGLib(), releaseHandlerBoxData)
    }

    /// `gtk_widget_create_pango_layout` and `pango_layout_get_pixel_size`: the size `text` takes in the area's font.
    public func textSize(_ text: String) -> (width: Double, height: Double) {
        Canvas.measure(text, in: widget)
    }
}

typealias DrawHandler = @MainActor (DrawingArea, Canvas) -> Void

/// A C pointer carried into `MainActor.assumeIsolated`; the draw function is already on the main thread.
private struct DrawPointers: @unchecked Sendable {
    let area: UnsafeMutablePointer<GtkDrawingArea>?
    let cairo: OpaquePointer?
}

/// `void (*)(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)`.
private let drawTrampoline: GtkDrawingAreaDrawFunc = { area, cairo, width, height, data in
    let box = Unmanaged<HandlerBox<DrawHandler>>.fromOpaque(data!).takeUnretainedValue()
    let pointers = DrawPointers(area: area, cairo: cairo)
    MainActor.assumeIsolated {
        guard let raw = pointers.area, let cairo = pointers.cairo,
              let area = WrapperRegistry.wrapper(for: raw.gobject) as? DrawingArea else { return }
        let canvas = Canvas(cairo, widget: area.widget, width: Double(width), height: Double(height))
        box.handler?(area, canvas)
        canvas.invalidate()
    }
}
