import Gtk
import PizzaModel
import SplitView

extension SplitLayout {
    /// The pizza app's widths: the detail needs 460 px for six size buttons in a row, the list 240 px,
    /// so side by side fits from 720 px (700 px plus room to spare); a collapsed window expands at 760 px.
    static let pizzaSplit = SplitLayout(
        collapseBelow: 720, hysteresis: 40, primaryMinimumWidth: 240, secondaryMinimumWidth: 460)
}

/// The main window: header bar, message banner, and the pizza list and detail in the adaptive split view.
@MainActor
final class PizzaWindow {
    let window: ApplicationWindow
    private let application: Application
    private var store: MenuStore
    private let detail = PizzaDetailController()
    private let banner = Banner()
    private let view: ListDetailView
    private let list: PizzaListController
    private var split: SplitView<Int> { view.split }
    private let statePath: String
    private var windowState: WindowState
    private var undo: (pizza: Pizza, index: Int)?
    private var addDialog: AddPizzaDialog?
    private var auxiliaryWindow: Window?

    init(application: Application, store: MenuStore, statePath: String) {
        self.application = application
        self.store = store
        self.statePath = statePath
        windowState = WindowState.load(from: statePath)
        window = ApplicationWindow(application: application)
        window.title = "Pizza Split"
        window.defaultSize = (windowState.width, windowState.height)

        let restoredSelection = windowState.pizzaName.flatMap { store.menu.index(ofPizzaNamed: $0) }
        view = ListDetailView(
            title: "Pizza Split", listName: "Pizzas", detail: detail.widget, layout: .pizzaSplit,
            width: windowState.width, selection: restoredSelection,
            isPrimaryHidden: windowState.isListHidden, primaryFraction: windowState.primaryFraction) { _ in "" }
        list = PizzaListController(view: view)

        buildHeaderBar()
        let content = Box(.vertical)
        content.append(banner.widget)
        content.append(view.widget)
        window.child = content
        installActions()
        connectControllers()

        list.menu = { [weak self] in self?.store.menu ?? .standard }
        detail.setSizes(store.menu.sizes, chosen: windowState.sizeLabel)
        view.reload(count: store.menu.pizzas.count)
        if windowState.isMaximized { window.isMaximized = true }
        reportLoadProblem()

        window.onCloseRequest { [weak self] in
            self?.saveWindowState()
            return false
        }
    }

    func present() {
        window.present()
        if split.state.focusedPane == .primary { view.list.focusSelectedRow() } else { detail.focusFirstControl() }
    }

    // MARK: Building

    private let addButton = Button(iconName: "list-add-symbolic")

    private func buildHeaderBar() {
        let header = HeaderBar()
        header.packStart(split.backButton)
        header.packStart(split.primaryToggle)
        addButton.tooltip = "Add a Pizza (Ctrl+N)"
        addButton.setAccessibleLabel("Add Pizza")
        addButton.setActionName("win.add-pizza")
        header.packStart(addButton)

        let menu = MenuModel()
        let fileSection = MenuModel()
        fileSection.append("_Open Menu File…", action: "win.open-menu")
        let appSection = MenuModel()
        appSection.append("_Keyboard Shortcuts", action: "win.show-shortcuts")
        appSection.append("_About Pizza Split", action: "app.about")
        appSection.append("_Quit", action: "app.quit")
        menu.appendSection(fileSection)
        menu.appendSection(appSection)
        let menuButton = MenuButton()
        menuButton.setIconName("open-menu-symbolic")
        menuButton.setMenu(menu)
        menuButton.setPrimary(true)
        menuButton.tooltip = "Main Menu"
        menuButton.setAccessibleLabel("Main Menu")
        header.packEnd(menuButton)

        header.setTitleWidget(view.titleLabel)
        window.setTitlebar(header)
    }

    private func installActions() {
        let actions: [(String, @MainActor () -> Void)] = [
            ("add-pizza", { [weak self] in self?.presentAddDialog() }),
            ("delete-pizza", { [weak self] in if let index = self?.view.selected { self?.deletePizza(at: index) } }),
            ("undo-delete", { [weak self] in self?.undoDelete() }),
            ("open-menu", { [weak self] in self?.chooseMenuFile() }),
            ("show-shortcuts", { [weak self] in self?.presentShortcuts() }),
        ]
        for (name, body) in actions {
            let action = SimpleAction(name: name)
            action.onActivate { _ in body() }
            window.addAction(action)
        }
    }

    private func connectControllers() {
        view.rowTitle = { [weak self] index in self?.pizza(at: index)?.name ?? "Pizza Split" }
        view.showDetail = { [weak self] position in
            guard let self else { return }
            self.detail.show(position.flatMap { self.pizza(at: $0) })
        }
        list.onDeleteRequested = { [weak self] position in self?.deletePizza(at: position) }
        detail.onSizeChosen = { [weak self] size in self?.windowState.sizeLabel = size.label }
        detail.onPriceEntered = { [weak self] text in self?.setPrice(text) }
        split.focusSecondary = { [weak self] in self?.detail.focusFirstControl() }
        view.onChange = { [weak self] state in
            self?.windowState.isListHidden = state.isPrimaryHidden
            self?.windowState.primaryFraction = state.primaryFraction
        }
    }

    private func pizza(at index: Int) -> Pizza? {
        store.menu.pizzas.indices.contains(index) ? store.menu.pizzas[index] : nil
    }

    private func reportLoadProblem() {
        guard let error = store.loadError else { return }
        banner.show("Could not open your menu. \(error). Showing the default menu; the file is left as it is until you make a change.",
                    isError: true)
    }

    // MARK: Editing

    private func presentAddDialog() {
        let dialog = AddPizzaDialog(parent: window)
        dialog.onSubmit = { [weak self] name, priceText in
            guard let self else { return nil }
            do throws(MenuError) {
                let price = try Menu.parsePrice(priceText)
                let saved = try self.store.edit { menu throws(MenuError) in try menu.add(name: name, pricePerSquareInch: price) }
                self.undo = nil
                self.view.rowsChanged(at: saved.value, removed: 0, added: 1)
                self.view.choose(saved.value)
                self.report(saved.saveError)
                return nil
            } catch {
                return error
            }
        }
        dialog.window.onDestroy { [weak self] in self?.addDialog = nil }
        addDialog = dialog
        dialog.present()
    }

    private func deletePizza(at index: Int) {
        guard store.menu.pizzas.indices.contains(index) else { return }
        do {
            let saved = try store.edit { menu throws(MenuError) in try menu.remove(at: index) }
            undo = (saved.value, index)
            view.rowsChanged(at: index, removed: 1, added: 0)
            view.highlight(nil)
            view.list.focusSelectedRow()
            if let error = saved.saveError {
                report(error)
            } else {
                banner.show("Deleted “\(saved.value.name)”.", actionLabel: "_Undo") { [weak self] in self?.undoDelete() }
            }
        } catch {
            banner.show(error.description, isError: true)
        }
    }

    private func undoDelete() {
        guard let undo else { return }
        self.undo = nil
        do {
            let saved = try store.edit { menu throws(MenuError) in
                try menu.restore(undo.pizza, at: undo.index)
            }
            view.rowsChanged(at: saved.value, removed: 0, added: 1)
            view.highlight(saved.value)
            view.list.focusSelectedRow()
            banner.hide()
            report(saved.saveError)
        } catch {
            banner.show("Could not undo: \(error.description)", isError: true)
        }
    }

    private func setPrice(_ text: String) -> MenuError? {
        guard let index = view.selected else { return nil }
        do throws(MenuError) {
            let price = try Menu.parsePrice(text)
            let saved = try store.edit { menu throws(MenuError) in try menu.setPrice(at: index, to: price) }
            undo = nil
            view.rowsChanged(at: index, removed: 1, added: 1)
            view.highlight(index)
            detail.refreshPriceEntry()
            report(saved.saveError)
            return nil
        } catch {
            return error
        }
    }

    private func report(_ saveError: StorageError?) {
        guard let saveError else {
            if banner.text?.hasPrefix("Could not save") == true { banner.hide() }
            return
        }
        banner.show("Could not save your menu: \(saveError.reason). Your changes are kept in this window.",
                    isError: true, actionLabel: "_Try Again") { [weak self] in
            guard let self else { return }
            self.report(self.store.save())
        }
    }

    // MARK: Other windows

    private func chooseMenuFile() {
        let chooser = FileChooserNative(title: "Open Menu File", parent: window, acceptLabel: "_Open")
        chooser.addFilter(name: "Menu files", patterns: ["*.json"])
        chooser.addFilter(name: "All files", patterns: ["*"])
        chooser.show { [weak self] path in
            guard let self, let path else { return }
            self.open(MenuStore(path: path))
        }
    }

    /// Switches to another menu file; one that cannot be loaded is reported and the current menu stays.
    func open(_ newStore: MenuStore) {
        if let error = newStore.loadError {
            banner.show("Could not open that menu. \(error).", isError: true)
            return
        }
        store = newStore
        undo = nil
        banner.hide()
        detail.setSizes(store.menu.sizes, chosen: detail.chosenSize?.label)
        view.reload(count: store.menu.pizzas.count)
        view.highlight(nil)
        view.list.focusSelectedRow()
    }

    private func presentShortcuts() {
        guard let shortcuts = ShortcutsWindow.make(parent: window) else { return }
        auxiliaryWindow = shortcuts
        shortcuts.present()
    }

    // MARK: Persistence

    func saveWindowState() {
        let size = window.defaultSize
        windowState.isMaximized = window.isMaximized
        if !windowState.isMaximized && size.width > 0 && size.height > 0 {
            windowState.width = size.width
            windowState.height = size.height
        }
        windowState.pizzaName = view.selected.flatMap { pizza(at: $0)?.name }
        windowState.sizeLabel = detail.chosenSize?.label ?? windowState.sizeLabel
        try? windowState.save(to: statePath)
    }
}
