import Gtk
import MenuSession
import SplitView

/// The window's header bar: Back and the list toggle from the split view, Add, the title, and the main menu,
/// whose Open Recent lists `recentFiles`.
@MainActor
final class MainHeaderBar {
    let widget = HeaderBar()
    let addButton = Button(iconName: "list-add-symbolic")

    init(split: SplitView<PizzaID>, title: Widget, searchToggle: Widget, recentFiles: MenuModel) {
        widget.packStart(split.backButton)
        widget.packStart(split.primaryToggle)
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
        widget.setTitleWidget(title)
    }
}
