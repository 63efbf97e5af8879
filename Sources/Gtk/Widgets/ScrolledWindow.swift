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

    /// Scrolls vertically as little as it takes to show `descendant` (its top, if it is taller than the view):
    /// `gtk_widget_compute_point` into this window, then `gtk_adjustment_set_value` on
    /// `gtk_scrolled_window_get_vadjustment`, which also ends a scroll to the focus still under way (one that
    /// `gtk_adjustment_clamp_page` would leave running, to undo it). Only once `descendant` has been laid out.
    public func scrollToShow(_ descendant: Widget) {
        guard let origin = descendant.origin(in: self), let adjustment = gtk_scrolled_window_get_vadjustment(scrolled) else { return }
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        let top = value + origin.y, bottom = top + Double(descendant.height)
        if top < value || bottom - top > page {
            gtk_adjustment_set_value(adjustment, top)
        } else if bottom > value + page {
            gtk_adjustment_set_value(adjustment, bottom - page)
        }
    }

    /// Scrolls to the top: `gtk_adjustment_set_value` on `gtk_scrolled_window_get_vadjustment`, to its
    /// `gtk_adjustment_get_lower`.
    public func scrollToTop() {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(scrolled) else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_lower(adjustment))
    }

    /// `gtk_scrolled_window_set_propagate_natural_width` and `gtk_scrolled_window_set_max_content_width`: the
    /// window asks for its content's natural width, up to `maximum` pixels, and scrolls beyond it.
    public func propagateNaturalWidth(upTo maximum: Int) {
        gtk_scrolled_window_set_propagate_natural_width(scrolled, 1)
        gtk_scrolled_window_set_max_content_width(scrolled, gint(maximum))
    }

    /// `gtk_scrolled_window_set_propagate_natural_height`.
    public func setPropagateNaturalHeight(_ value: Bool) {
        gtk_scrolled_window_set_propagate_natural_height(scrolled, value ? 1 : 0)
    }
}
