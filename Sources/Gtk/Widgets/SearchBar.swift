internal import CGtk

/// Wraps `GtkSearchBar`: a bar that slides in over its child, a `SearchEntry`, when search starts, and
/// out again on Escape or its close button.
@MainActor
public final class SearchBar: Widget {
    var searchBar: OpaquePointer { c() }

    /// `gtk_search_bar_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_search_bar_new(), ownership: .full) }

    /// `gtk_search_bar_set_child` and `gtk_search_bar_connect_entry`: `entry` is the bar's content, and
    /// Escape in it closes the bar.
    public func setEntry(_ entry: SearchEntry) {
        gtk_search_bar_set_child(searchBar, entry.widget)
        gtk_search_bar_connect_entry(searchBar, entry.c())
    }

    /// `gtk_search_bar_get_search_mode` / `gtk_search_bar_set_search_mode`: whether the bar is shown.
    public var isSearchMode: Bool {
        get { gtk_search_bar_get_search_mode(searchBar) != 0 }
        set { gtk_search_bar_set_search_mode(searchBar, newValue ? 1 : 0) }
    }

    /// `gtk_search_bar_set_show_close_button`.
    public func setShowCloseButton(_ value: Bool) { gtk_search_bar_set_show_close_button(searchBar, value ? 1 : 0) }

    /// The close button `setShowCloseButton` shows: GTK 4.8 gives it an icon and no name, so a screen reader
    /// reads "GtkImage". Found among the bar's descendants as the `GtkButton` with the `close` style class.
    /// `gtk_widget_get_first_child`, `gtk_widget_get_next_sibling`, `gtk_widget_has_css_class`.
    public var closeButton: Button? {
        var pending: [UnsafeMutablePointer<GtkWidget>] = [widget]
        while let current = pending.popLast() {
            var child = gtk_widget_get_first_child(current)
            while let found = child {
                if gtk_widget_has_css_class(found, "close") != 0, let button = Object.wrapper(for: found, as: Button.self, ownership: .none) {
                    return button
                }
                pending.append(found)
                child = gtk_widget_get_next_sibling(found)
            }
        }
        return nil
    }

    /// `gtk_search_bar_set_key_capture_widget`: text typed while focus is in `widget` opens the bar and goes
    /// into its entry (type-ahead).
    public func setKeyCaptureWidget(_ widget: Widget?) { gtk_search_bar_set_key_capture_widget(searchBar, widget?.widget) }

    /// `notify::search-mode-enabled`, typed: the bar opened (true) or closed (false).
    @discardableResult
    public func onSearchModeChanged(_ handler: @escaping @MainActor (SearchBar, Bool) -> Void) -> SignalConnection {
        onNotify("search-mode-enabled") { handler($0, $0.isSearchMode) }
    }
}
