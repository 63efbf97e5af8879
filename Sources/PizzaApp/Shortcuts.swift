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
        ("General", [
            Shortcut(["<Control>q"], "Quit", action: "app.quit"),
            Shortcut(["<Control>o"], "Open a menu file", action: "win.open-menu"),
            Shortcut(["<Control>question"], "Keyboard shortcuts", action: "win.show-shortcuts"),
            Shortcut(["F10"], "Main menu (also About Pizza Split)"),
        ]),
        ("Pizzas", [
            Shortcut(["<Control>n"], "Add a pizza", action: "win.add-pizza"),
            Shortcut(["Delete"], "Delete the selected pizza"),
            Shortcut(["<Control>f"], "Search the list (or type while the list has focus)", action: "win.search"),
            Shortcut(["Escape"], "In the search: close it and show every pizza"),
            Shortcut(["space"], "Choose the focused pizza"),
            Shortcut(["Return"], "Show the selected pizza; in a field, commit it"),
            Shortcut(["<Shift>F10", "Menu"], "The pizza's context menu"),
            Shortcut(["<Alt>Up"], "Move the selected pizza up", action: "win.move-up"),
            Shortcut(["<Alt>Down"], "Move the selected pizza down", action: "win.move-down"),
        ]),
        ("Editing", [
            Shortcut(["<Control>z"], "Undo the last edit", action: "win.undo"),
            Shortcut(["<Control><Shift>z", "<Control>y"], "Redo", action: "win.redo"),
            Shortcut(["Escape"], "In a field: put back the saved value"),
        ]),
        ("Navigation", [
            Shortcut(["Tab", "<Shift>Tab"], "Next or previous control"),
            Shortcut(["F6", "<Shift>F6"], "Between the list, the detail and the header bar"),
            Shortcut(["F9"], "Show or hide the list (wide)"),
            Shortcut(["<Alt>Left", "Escape"], "Back to the list (narrow; also the mouse's back button)"),
        ]),
    ]

    /// The rows installed as accelerators, by action.
    static var accelerators: [(action: String, keys: [String])] {
        sections.flatMap(\.shortcuts).compactMap { shortcut in shortcut.action.map { ($0, shortcut.keys) } }
    }
}
