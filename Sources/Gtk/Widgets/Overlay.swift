internal import CGtk

/// Wraps `GtkOverlay`: a main child, and overlay children drawn over it. The overlay's size is the main
/// child's; overlay children are placed by their alignment and margins and never move the main child.
@MainActor
public final class Overlay: Widget {
    var overlay: OpaquePointer { c() }

    /// `gtk_overlay_new`. The floating reference is sunk: this wrapper owns the overlay.
    public convenience init() { self.init(gtk_overlay_new(), ownership: .full) }

    /// `gtk_overlay_get_child` / `gtk_overlay_set_child`: the main child, which sets the overlay's size.
    public var child: Widget? {
        get { Object.wrapper(for: gtk_overlay_get_child(overlay), ownership: .none) }
        set { gtk_overlay_set_child(overlay, newValue?.widget) }
    }

    /// `gtk_overlay_add_overlay`. The overlay takes its own reference to the child.
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(overlay, child.widget) }

    /// `gtk_overlay_remove_overlay`.
    public func removeOverlay(_ child: Widget) { gtk_overlay_remove_overlay(overlay, child.widget) }
}
