internal import CGtk

/// A colour with components from 0 to 1, as `GdkRGBA` holds it.
public struct Color: Equatable, Sendable {
    /// How much red, from 0 to 1.
    public var red: Double
    /// How much green, from 0 to 1.
    public var green: Double
    /// How much blue, from 0 to 1.
    public var blue: Double
    /// How opaque, from 0 (transparent) to 1.
    public var alpha: Double

    /// A colour of these components, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(_ rgba: GdkRGBA) {
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// The same colour with its alpha multiplied by `factor`.
    public func faded(_ factor: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha * factor) }
}

extension Widget {
    /// `gtk_style_context_get_color` on `gtk_widget_get_style_context`: the CSS `color` the theme gives this
    /// widget now (GTK 4.8 has no `gtk_widget_get_color`).
    public var foregroundColor: Color {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return Color(rgba)
    }

    /// `gtk_style_context_lookup_color`: a colour the theme names (`theme_selected_bg_color`), or nil when it has none.
    public func themeColor(_ name: String) -> Color? {
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, &rgba) != 0 else { return nil }
        return Color(rgba)
    }

    /// `gtk_widget_queue_draw`: the widget is drawn again in the next frame.
    public func queueDraw() { gtk_widget_queue_draw(widget) }
}

/// A cairo context lent to a draw function (`DrawingArea.setDrawFunction`), with the area's size. It is the
/// function's only for the call: GTK frees the `cairo_t` after it, and every member does nothing from then on.
/// Text is laid out with Pango in the widget's font (`gtk_widget_create_pango_layout`).
@MainActor
public final class Canvas {
    private var cairo: OpaquePointer?
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// The area's width in pixels, as GTK passed it to the draw function.
    public let width: Double
    /// The area's height in pixels, as GTK passed it to the draw function.
    public let height: Double

    init(_ cairo: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, width: Double, height: Double) {
        self.cairo = cairo
        self.widget = widget
        self.width = width
        self.height = height
    }

    /// The draw function returned: the context is GTK's again.
    func invalidate() { cairo = nil }

    /// `cairo_set_source_rgba`: what the next fill, stroke or text is painted with.
    public func setColor(_ color: Color) {
        guard let cairo else { return }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// `cairo_new_sub_path` and `cairo_arc`: adds a circle to the path.
    public func addCircle(centerX: Double, centerY: Double, radius: Double) {
        guard let cairo else { return }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, centerX, centerY, radius, 0, 2 * Double.pi)
    }

    /// `cairo_fill_preserve` or `cairo_fill`: paints inside the path, and keeps it for a stroke when `preserve`.
    public func fill(preserve: Bool = false) {
        guard let cairo else { return }
        if preserve { cairo_fill_preserve(cairo) } else { cairo_fill(cairo) }
    }

    /// `cairo_set_line_width` and `cairo_stroke`: paints along the path, `lineWidth` wide, and clears it.
    public func stroke(lineWidth: Double) {
        guard let cairo else { return }
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    /// `cairo_save`, `cairo_scale` (the same factor both ways) around `body`, then `cairo_restore`.
    public func scaled(by factor: Double, _ body: () -> Void) {
        guard let cairo else { return }
        cairo_save(cairo)
        cairo_scale(cairo, factor, factor)
        body()
        cairo_restore(cairo)
    }

    /// `pango_cairo_show_layout`: paints `text`, one line, with its top left corner at (x, y).
    public func drawText(_ text: String, x: Double, y: Double) {
        guard let cairo, let layout = gtk_widget_create_pango_layout(widget, text) else { return }
        defer { g_object_unref(layout.raw) }
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
    }

    /// `pango_layout_get_pixel_size`: the size `text` takes, as `drawText` paints it.
    public func textSize(_ text: String) -> (width: Double, height: Double) { Self.measure(text, in: widget) }

    static func measure(_ text: String, in widget: UnsafeMutablePointer<GtkWidget>) -> (width: Double, height: Double) {
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return (0, 0) }
        defer { g_object_unref(layout.raw) }
        var width: gint = 0, height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }
}
