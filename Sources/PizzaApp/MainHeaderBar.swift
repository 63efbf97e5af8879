import Gtk
import MenuSession
import SplitView

/// What the split view's header bars hold besides its own Back and list button: over the list, the list's actions
/// (Add, search) and the main menu, whose Open Recent lists `recentFiles`. The split view's bars carry the titles.
/// While the list's bar is out of sight (the detail alone, or its page on top), the detail's bar has the main menu,
/// so that it and F10 still reach Export, Print and the rest.
@MainActor
final class MainHeaderBar {
    let addButton = Button(iconName: "list-add-symbolic")
    private let detailMenuButton = MenuButton()

    init(listBar widget: HeaderBar, detailBar: HeaderBar, searchToggle: Widget, recentFiles: MenuModel) {
        addButton.tooltip = String(translating: "Add a Pizza (Ctrl+N)")
        addButton.setAccessibleLabel(String(translating: "Add Pizza"))
        addButton.setActionName("win.add-pizza")
        widget.packStart(addButton)

        let menu = MenuModel()
        let editSection = MenuModel()
        editSection.append(String(translating: "_Undo"), action: "win.undo")
        editSection.append(String(translating: "_Redo"), action: "win.redo")
        let fileSection = MenuModel()
        fileSection.append(String(translating: "_Open Menu File…"), action: "win.open-menu")
        fileSection.appendSubmenu(String(translating: "Open Recen_t"), recentFiles)
        fileSection.append(String(translating: "_Price List"), action: "win.price-list")
        fileSection.append(String(translating: "_Export CSV…"), action: "win.export-csv")
        fileSection.append(String(translating: "Export P_DF…"), action: "win.export-pdf")
        fileSection.append(String(translating: "_Print…"), action: "win.print")
        let appSection = MenuModel()
        appSection.append(String(translating: "_Keyboard Shortcuts"), action: "win.show-shortcuts")
        appSection.append(String(translating: "_About Pizza Split"), action: "app.about")
        appSection.append(String(translating: "_Quit"), action: "app.quit")
        menu.appendSection(editSection)
        menu.appendSection(fileSection)
        menu.appendSection(appSection)
        let menuButton = MenuButton()
        for button in [menuButton, detailMenuButton] {
            button.setIconName("open-menu-symbolic")
            button.setMenu(menu)
            button.setPrimary(true)
            button.tooltip = String(translating: "Main Menu")
            button.setAccessibleLabel(String(translating: "Main Menu"))
        }
        widget.packEnd(menuButton)
        widget.packEnd(searchToggle)
        detailMenuButton.isVisible = false
        detailBar.packEnd(detailMenuButton)
    }

    /// Shows the detail's own main menu button while the list (and its bar) is out of sight.
    func listShown(_ shown: Bool) {
        if detailMenuButton.isVisible == shown { detailMenuButton.isVisible = !shown }
    }
}
