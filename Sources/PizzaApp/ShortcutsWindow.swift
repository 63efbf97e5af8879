import Gtk

/// The Keyboard Shortcuts window (Ctrl+?), described in GtkBuilder XML as GTK requires, from `Shortcuts`.
@MainActor
enum ShortcutsWindow {
    static func make(parent: Window) -> Window? {
        var groups = ""
        for (section, items) in Shortcuts.sections {
            var rows = ""
            for shortcut in items {
                rows += """
                    <child><object class="GtkShortcutsShortcut">
                      <property name="accelerator">\(Markup.escaped(shortcut.keys.joined(separator: " ")))</property>
                      <property name="title">\(Markup.escaped(shortcut.title))</property>
                    </object></child>
                    """
            }
            groups += """
                <child><object class="GtkShortcutsGroup"><property name="title">\(Markup.escaped(section))</property>\(rows)</object></child>
                """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection"><property name="section-name">main</property><property name="max-height">16</property>\(groups)</object></child>
              </object>
            </interface>
            """
        let window = Builder(xml: xml).window(named: "shortcuts")
        window?.title = String(translating: "Keyboard Shortcuts")
        window?.setTransientFor(parent)
        return window
    }
}
