internal import CGtk

/// Wraps `GtkScrolledWindow`.
@MainActor
public final class ScrolledWindow: Widget {
    var scrolled: OpaquePointer { c() }

    /// `gtk_scrolled_window_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_scrolled_window_new(), ownership: .full) }

    /// `gtk_scrolled_window_get_child` / `gtk_scrolled_window_set_child`.
    public var child: Widget? {
        get { Object.wrapper(for: gtk_scrolled_window_get_child(scrolled), ownership: .none) }
        set { gtk_scrolled_window_set_child(scrolled, newValue?.widget) }
    }

    /// `gtk_scrolled_window_set_policy` with horizontal scrolling off (`NEVER`) and vertical `AUTOMATIC`.
    public func scrollVerticallyOnly() {
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// `gtk_scrolled_window_set_propagate_natural_height`.
    public func setPropagateNaturalHeight(_ value: Bool) {
        gtk_scrolled_window_set_propagate_natural_height(scrolled, value ? 1 : 0)
    }
}
