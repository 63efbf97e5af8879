import Gtk

/// The Keyboard Shortcuts window (Ctrl+?), described in GtkBuilder XML as GTK requires.
@MainActor
enum ShortcutsWindow {
    static let shortcuts: [(section: String, items: [(accelerator: String, title: String)])] = [
        ("General", [
            ("<Control>q", "Quit"),
            ("<Control>o", "Open a menu file"),
            ("<Control>question", "Keyboard shortcuts"),
        ]),
        ("Pizzas", [
            ("<Control>n", "Add a pizza"),
            ("Delete", "Delete the selected pizza"),
            ("Return", "Show the selected pizza"),
            ("<Alt>Up", "Move the selected pizza up"),
            ("<Alt>Down", "Move the selected pizza down"),
        ]),
        ("Editing", [
            ("<Control>z", "Undo"),
            ("<Control><Shift>z <Control>y", "Redo"),
            ("Escape", "In a field: back to the saved value"),
        ]),
        ("Navigation", [
            ("F9", "Show or hide the list"),
            ("<Alt>Left Escape", "Back to the list (also the mouse's back button)"),
            ("F10", "Main menu"),
        ]),
    ]

    static func make(parent: Window) -> Window? {
        var groups = ""
        for (section, items) in shortcuts {
            var rows = ""
            for (accelerator, title) in items {
                rows += """
                    <child><object class="GtkShortcutsShortcut">
                      <property name="accelerator">\(escape(accelerator))</property>
                      <property name="title">\(escape(title))</property>
                    </object></child>
                    """
            }
            groups += """
                <child><object class="GtkShortcutsGroup"><property name="title">\(escape(section))</property>\(rows)</object></child>
                """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection"><property name="section-name">main</property>\(groups)</object></child>
              </object>
            </interface>
            """
        let window = Builder(xml: xml).window(named: "shortcuts")
        window?.title = "Keyboard Shortcuts"
        window?.setTransientFor(parent)
        return window
    }

    private static func escape(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation's `replacingOccurrences` without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
