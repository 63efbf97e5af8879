internal import CGtk

/// Wraps `GtkSearchEntry`: a text field with a search icon and a clear button. Escape emits `stop-search`
/// (a `SearchBar` it is connected to closes on it).
@MainActor
public final class SearchEntry: Widget {
    var searchEntry: OpaquePointer { c() }

    /// `gtk_search_entry_new`. The floating reference is sunk.
    public convenience init() { self.init(gtk_search_entry_new(), ownership: .full) }

    /// `gtk_editable_get_text` / `gtk_editable_set_text`.
    public var text: String {
        get { String(cString: gtk_editable_get_text(c())) }
        set { gtk_editable_set_text(c(), newValue) }
    }

    /// `gtk_editable_select_region` over the whole text.
    public func selectAll() { gtk_editable_select_region(c(), 0, -1) }

    /// `g_object_set_property(entry, "placeholder-text")` (GtkSearchEntry has no setter of its own in 4.8).
    public func setPlaceholder(_ text: String) { setProperty("placeholder-text", .string(text)) }

    /// `gtk_search_entry_set_search_delay` (GTK 4.8): how long `search-changed` waits after a keystroke;
    /// 0 reports every keystroke at once.
    public func setSearchDelay(milliseconds: Int) { gtk_search_entry_set_search_delay(searchEntry, guint(milliseconds)) }

    /// Takes the key `controller` is handling, as if it had been typed here: focuses the text widget inside
    /// (`gtk_editable_get_delegate`) without selecting what it holds (`gtk_text_grab_focus_without_selecting`),
    /// the caret after it (`gtk_editable_set_position(-1)`), then `gtk_event_controller_key_forward` to it, whose
    /// input method composes the key. Only from a `key-pressed` handler. Returns whether the text took the key.
    public func takeKey(from controller: KeyController) -> Bool {
        guard let text = gtk_editable_get_delegate(c()) else { return false }
        _ = gtk_text_grab_focus_without_selecting(UnsafeMutablePointer<GtkText>(text))
        gtk_editable_set_position(c(), -1)
        return gtk_event_controller_key_forward(controller.c(), UnsafeMutablePointer<GtkWidget>(text)) != 0
    }

    /// The `search-changed` signal: the text changed, and the search delay has passed.
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor (SearchEntry) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("search-changed")) { handler(emitted($0)) }
    }

    /// The `activate` signal: Enter was pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (SearchEntry) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("activate")) { handler(emitted($0)) }
    }

    /// The `stop-search` signal: Escape was pressed.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor (SearchEntry) -> Void) -> SignalConnection {
        connect(Signal<VoidHandler>("stop-search")) { handler(emitted($0)) }
    }
}
