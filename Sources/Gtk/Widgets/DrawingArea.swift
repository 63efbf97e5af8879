internal import CGtk

/// Wraps `GtkDrawingArea`, here as a probe: it draws nothing, and its `resize` signal reports the width it is
/// given, which is its parent's when it spans the parent.
@MainActor
public final class DrawingArea: Widget {
    /// `g_object_new_with_properties(GTK_TYPE_DRAWING_AREA)` with `accessible-role` set to
    /// `GTK_ACCESSIBLE_ROLE_PRESENTATION`, so screen readers skip it. The floating reference is sunk.
    public convenience init() {
        var name: UnsafePointer<CChar>? = nil
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(GTK_ACCESSIBLE_ROLE_PRESENTATION.rawValue))
        let object = "accessible-role".withCString { role in
            name = role
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
}
