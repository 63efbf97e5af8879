import Gtk
import MenuSession
import SplitView

/// The search bar over the list. It only reports what
/// the user typed; the session decides which rows are shown, and `render` shows the session's search.
@MainActor
final class PizzaSearchController {
    let bar = SearchBar()
    /// The header bar's search button: pressed while the bar is open; pressing it opens or closes the bar.
    let toggle = ToggleButton(toggleIconName: "system-search-symbolic")
    private let entry = SearchEntry()
    /// The list, where typing opens the bar while search is offered.
    private var typingWidget: Widget?
    /// Search is offered once the whole menu is read.
    private var isOffered = true

    /// The user opened the bar or typed into it: the query is now this.
    var onQueryChanged: (@MainActor (String) -> Void)?
    /// The user closed the bar (Escape, or its close button).
    var onClosed: (@MainActor () -> Void)?
    /// Enter in the search field.
    var onActivate: (@MainActor () -> Void)?
    /// Down in the search field: the focus goes to the list.
    var onDown: (@MainActor () -> Void)?
    /// The search button was pressed to open the bar (the window brings the list into view, then calls `open`).
    var onOpenRequested: (@MainActor () -> Void)?

    private static var toggleTooltip: String { String(translating: "Search Pizzas (Ctrl+F)") }

    init() {
        entry.setPlaceholder(String(translating: "Search pizzas"))
        entry.setAccessibleLabel(String(translating: "Search pizzas"))
        // Every keystroke filters at once: the list keeps up with a million pizzas (see `make bench`).
        entry.setSearchDelay(milliseconds: 0)
        bar.setEntry(entry)
        bar.setShowCloseButton(true)
        bar.closeButton?.setAccessibleLabel(String(translating: "Close Search"))
        bar.closeButton?.tooltip = String(translating: "Close Search (Escape)")
        entry.onSearchChanged { [weak self] _ in
            guard let self, self.bar.isSearchMode else { return }
            self.onQueryChanged?(self.entry.text)
        }
        entry.onActivate { [weak self] _ in self?.onActivate?() }
        // GTK's own move down from the field goes to the row the list last focused, which a search may have
        // scrolled far out of view.
        let down = KeyController()
        down.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard let self, keyval == Key.down, modifiers & (Key.controlMask | Key.altMask | Key.shiftMask) == 0,
                  let onDown = self.onDown else { return false }
            onDown()
            return true
        }
        entry.addController(down)
        toggle.tooltip = Self.toggleTooltip
        toggle.setAccessibleLabel(String(translating: "Search Pizzas"))
        toggle.onToggled { [weak self] _ in
            guard let self, self.toggle.isActive != self.bar.isSearchMode else { return }
            if self.toggle.isActive { self.onOpenRequested?() } else { self.bar.isSearchMode = false }
        }
        bar.onSearchModeChanged { [weak self] _, isOpen in
            guard let self else { return }
            if self.toggle.isActive != isOpen { self.toggle.isActive = isOpen }
            if isOpen { self.onQueryChanged?(self.entry.text) } else { self.onClosed?() }
        }
    }

    /// Typing while `widget` (the list) has focus opens the bar with what was typed, or goes on in the open bar.
    func captureTyping(in widget: Widget) {
        typingWidget = widget
        captureTyping(isOffered)
        continueTyping(in: widget)
    }

    private func captureTyping(_ isOffered: Bool) {
        bar.setKeyCaptureWidget(isOffered ? typingWidget : nil)
    }

    /// The bar's capture only starts a search: typing on a found row while the bar is open goes on in its field.
    private func continueTyping(in widget: Widget) {
        let typing = KeyController()
        typing.onKeyPressed { [weak self] controller, keyval, _, modifiers in
            guard let self, self.bar.isSearchMode, modifiers & (Key.controlMask | Key.altMask) == 0,
                  let character = Key.character(keyval), !character.isWhitespace, !self.hasFocus else { return false }
            return self.entry.takeKey(from: controller)
        }
        widget.addController(typing)
    }

    /// Escape in `widget` (the list) closes the bar too, as it does in the search field.
    func closeOnEscape(in widget: Widget) {
        let escape = KeyController()
        escape.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard let self, keyval == Key.escape, modifiers & (Key.controlMask | Key.altMask | Key.shiftMask) == 0,
                  self.bar.isSearchMode else { return false }
            self.bar.isSearchMode = false
            return true
        }
        widget.addController(escape)
    }

    /// Opens the bar with the focus in its field and its text selected.
    func open() {
        guard isOffered else { return }
        bar.isSearchMode = true
        entry.grabFocus()
        // A second Ctrl+F selects what was typed, so that new typing replaces it.
        entry.selectAll()
    }

    /// Puts the focus in the search field, leaving its text as it is.
    func focusEntry() { entry.grabFocus() }

    var hasFocus: Bool { entry.focusInRoot.map { $0.isDescendant(of: entry) } ?? false }

    /// Shows the state's search: the bar open, or closed and empty. The field's text is the user's: the state's query can lag behind it (names still being folded), so it
    /// is only cleared when the search ends, never written back over what was typed since.
    func render(_ query: String?, isOffered: Bool) {
        if isOffered != self.isOffered {
            self.isOffered = isOffered
            toggle.isSensitive = isOffered
            toggle.tooltip = isOffered ? Self.toggleTooltip : String(translating: "Search waits until the whole menu is read")
            captureTyping(isOffered)
        }
        if bar.isSearchMode != (query != nil) { bar.isSearchMode = query != nil }
        if query == nil && !entry.text.isEmpty { entry.text = "" }
    }
}
