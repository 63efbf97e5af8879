import Gtk
import MenuSession
import SplitView

/// What the split view's header bars hold besides its own Back and list button: over the list, the list's actions
/// (Add, search) and the main menu, whose Open Recent lists `recentFiles`. The split view's bars carry the titles.
@MainActor
final class MainHeaderBar {
    let addButton = Button(iconName: "list-add-symbolic")

    init(listBar widget: HeaderBar, searchToggle: Widget, recentFiles: MenuModel) {
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
        menuButton.setIconName("open-menu-symbolic")
        menuButton.setMenu(menu)
        menuButton.setPrimary(true)
        menuButton.tooltip = String(translating: "Main Menu")
        menuButton.setAccessibleLabel(String(translating: "Main Menu"))
        widget.packEnd(menuButton)
        widget.packEnd(searchToggle)
    }
}
