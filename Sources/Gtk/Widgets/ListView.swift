internal import CGtk

/// Wraps `GtkListView`: a scrolling list that makes row widgets only for the rows on screen.
@MainActor
public final class ListView: Widget {
    var listView: OpaquePointer { c() }

    /// `gtk_list_view_new`. It takes the selection model and the factory transfer full, so both are ref'd
    /// first; the view's floating reference is sunk.
    public convenience init(selection: SingleSelection, factory: SignalListItemFactory) {
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        self.init(gtk_list_view_new(selection.selection, factory.factory), ownership: .full)
    }

    /// `gtk_list_view_set_single_click_activate`.
    public func setSingleClickActivate(_ value: Bool) { gtk_list_view_set_single_click_activate(listView, value ? 1 : 0) }

    /// `gtk_list_view_set_show_separators`.
    public func setShowSeparators(_ value: Bool) { gtk_list_view_set_show_separators(listView, value ? 1 : 0) }

    /// The `list.scroll-to-item` action (4.8 has no `gtk_list_view_scroll_to`): scrolls `position` into view
    /// and makes it the row that takes keyboard focus.
    public func scrollTo(_ position: Int) {
        cgtk_widget_activate_action_uint(widget, "list.scroll-to-item", guint(position))
    }

    /// The `activate` signal: a row was activated (Enter, double click) at `position`.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (ListView, Int) -> Void) -> SignalConnection {
        connect(Signal<UIntHandler>("activate")) { handler(emitted($0), Int($1)) }
    }
}
