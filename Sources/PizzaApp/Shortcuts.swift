import Gtk

/// Every keyboard shortcut of the app, in one table: the accelerators are installed from it, the Shortcuts
/// window is built from it, and the README's table lists the same rows (a black-box test compares them).
///
/// A row with an action is installed as that action's accelerators. A row without one names keys that a
/// widget answers by itself (the list, a field, the split view); it is listed, not installed.
/// A new action gets one row here, in the section it belongs to.
struct Shortcut {
    /// GTK accelerators (`<Control>n`); several are alternatives.
    let keys: [String]
    let title: String
    /// The detailed action name (`win.add-pizza`) the keys activate, if they are installed as accelerators.
    let action: String?

    init(_ keys: [String], _ title: String, action: String? = nil) {
        self.keys = keys
        self.title = title
        self.action = action
    }
}

enum Shortcuts {
    static let sections: [(title: String, shortcuts: [Shortcut])] = [
        (String(translating: "General"), [
            Shortcut(["<Control>q"], String(translating: "Quit"), action: "app.quit"),
            Shortcut(["<Control>o"], String(translating: "Open a menu file"), action: "win.open-menu"),
            Shortcut(["<Control>l"], String(translating: "Show the price list of every pizza and size"), action: "win.price-list"),
            Shortcut(["<Control>question"], String(translating: "Keyboard shortcuts"), action: "win.show-shortcuts"),
            Shortcut(["F10"], String(translating: "Main menu (also About Pizza Split)")),
        ]),
        (String(translating: "Pizzas"), [
            Shortcut(["<Control>n"], String(translating: "Add a pizza"), action: "win.add-pizza"),
            Shortcut(["Delete"], String(translating: "Delete the selected pizza")),
            Shortcut(["<Control>f"], String(translating: "Search the list (or type while the list has focus)"), action: "win.search"),
            Shortcut(["Escape"], String(translating: "In the search: close it and show every pizza")),
            Shortcut(["space"], String(translating: "Choose the focused pizza")),
            Shortcut(["Return"], String(translating: "Show the selected pizza; in a field, commit it")),
            Shortcut(["<Shift>F10", "Menu"], String(translating: "The pizza's context menu")),
            Shortcut(["<Alt>Up"], String(translating: "Move the selected pizza up"), action: "win.move-up"),
            Shortcut(["<Alt>Down"], String(translating: "Move the selected pizza down"), action: "win.move-down"),
        ]),
        (String(translating: "Editing"), [
            Shortcut(["<Control>z"], String(translating: "Undo the last edit"), action: "win.undo"),
            Shortcut(["<Control><Shift>z", "<Control>y"], String(translating: "Redo"), action: "win.redo"),
            Shortcut(["Escape"], String(translating: "In a field: put back the saved value")),
            Shortcut(["<Control>p"], String(translating: "Print the price list"), action: "win.print"),
        ]),
        (String(translating: "Navigation"), [
            Shortcut(["Tab", "<Shift>Tab"], String(translating: "Next or previous control")),
            Shortcut(["F6", "<Shift>F6"], String(translating: "Between the list, the detail and the header bar")),
            Shortcut(["F9"], String(translating: "Show or hide the list (wide)")),
            Shortcut(["<Alt>Left", "Escape"], String(translating: "Back to the list (narrow; also the mouse's back button)")),
        ]),
    ]

    /// The rows installed as accelerators, by action.
    static var accelerators: [(action: String, keys: [String])] {
        sections.flatMap(\.shortcuts).compactMap { shortcut in shortcut.action.map { ($0, shortcut.keys) } }
    }
}
