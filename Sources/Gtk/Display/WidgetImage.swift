internal import CGtk

/// Wraps the `GdkPaintable` that `gdk_paintable_get_current_image` gives for a `GtkWidgetPaintable`: a still
/// image of a widget as it is drawn now, which stays the same when the widget changes or goes off screen.
@MainActor
public final class WidgetImage: Object {
    /// `gtk_widget_paintable_new` for `widget`, then `gdk_paintable_get_current_image` (transfer full); the
    /// live paintable is released at once. An unmapped widget gives an empty image.
    public convenience init(of widget: Widget) {
        let live = gtk_widget_paintable_new(widget.widget)
        defer { g_object_unref(live?.raw) }
        self.init(gdk_paintable_get_current_image(live), ownership: .full)
    }

    /// `gdk_paintable_get_intrinsic_width`: the widget's width when the image was taken (0 when empty).
    public var width: Int { Int(gdk_paintable_get_intrinsic_width(c())) }
}
