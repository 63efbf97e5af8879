import Gtk
import PizzaModel
import SplitNavigation
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
    private let list = PizzaListController()
    private let detail = PizzaDetailController()
    private let banner = Banner()
    private let split: SplitView<Int>
    private let title = Label("Pizza Split")
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
        split = SplitView(
            primary: list.widget, secondary: detail.widget, primaryTitle: "Pizzas", layout: .pizzaSplit,
            width: windowState.width, selection: restoredSelection,
            isPrimaryHidden: windowState.isListHidden, primaryFraction: windowState.primaryFraction)

        buildHeaderBar()
        let content = Box(.vertical)
        content.append(banner.widget)
        content.append(split.widget)
        window.child = content
        installActions()
        connectControllers()

        list.menu = { [weak self] in self?.store.menu ?? .standard }
        list.reload(count: store.menu.pizzas.count)
        detail.setSizes(store.menu.sizes, chosen: windowState.sizeLabel)
        list.select(restoredSelection)
        showDetail(for: restoredSelection)
        split.track(window)
        if windowState.isMaximized { window.isMaximized = true }
        reportLoadProblem()

        window.onCloseRequest { [weak self] in
            self?.saveWindowState()
            return false
        }
    }

    func present() {
        window.present()
        if split.state.focusedPane == .primary { list.focusSelectedRow() } else { detail.focusFirstControl() }
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

        title.addCSSClass("title")
        title.ellipsizeAtEnd()
        header.setTitleWidget(title)
        window.setTitlebar(header)
    }

    private func installActions() {
        let actions: [(String, @MainActor () -> Void)] = [
            ("add-pizza", { [weak self] in self?.presentAddDialog() }),
            ("delete-pizza", { [weak self] in if let index = self?.list.selected { self?.deletePizza(at: index) } }),
            ("undo-delete", { [weak self] in self?.undoDelete() }),
            ("open-menu", { [weak self] in self?.chooseMenuFile() }),
            ("show-shortcuts", { [weak self] in self?.presentShortcuts() }),
            ("back", { [weak self] in self?.split.goBack() }),
            ("toggle-list", { [weak self] in self?.split.togglePrimary() }),
        ]
        for (name, body) in actions {
            let action = SimpleAction(name: name)
            action.onActivate { _ in body() }
            window.addAction(action)
        }
    }

    private func connectControllers() {
        list.onSelectionChanged = { [weak self] position in
            guard let self else { return }
            self.split.highlight(position)
            self.showDetail(for: position)
        }
        list.onRowClicked = { [weak self] position in
            guard let self else { return }
            self.list.select(position)
            self.showDetail(for: position)
            self.split.select(position)
        }
        list.onRowActivated = { [weak self] position in
            guard let self else { return }
            self.list.select(position)
            self.showDetail(for: position)
            self.split.select(position)
            self.split.showDetail()
        }
        list.onDeleteRequested = { [weak self] position in self?.deletePizza(at: position) }
        detail.onSizeChosen = { [weak self] size in self?.windowState.sizeLabel = size.label }
        detail.onPriceEntered = { [weak self] text in self?.setPrice(text) }
        split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        split.focusSecondary = { [weak self] in self?.detail.focusFirstControl() }
        split.onChange = { [weak self] state in self?.splitChanged(state) }
    }

    // MARK: Showing

    private func showDetail(for position: Int?) {
        let pizzas = store.menu.pizzas
        detail.show(position.flatMap { pizzas.indices.contains($0) ? pizzas[$0] : nil })
        updateTitle()
    }

    private func splitChanged(_ state: SplitNavigationState<Int>) {
        windowState.isListHidden = state.isPrimaryHidden
        windowState.primaryFraction = state.primaryFraction
        updateTitle()
    }

    private func updateTitle() {
        let state = split.state
        if state.isCollapsed && state.topPane == .secondary, let index = state.selection,
           store.menu.pizzas.indices.contains(index) {
            title.text = store.menu.pizzas[index].name
        } else {
            title.text = "Pizza Split"
        }
    }

    private func reportLoadProblem() {
        guard let error = store.loadError else { return }
        banner.show("Could not open your menu. \(error). Showing the default menu; the file is left as it is until you make a change.",
                    isError: true)
    }

    // MARK: Editing

    private func presentAddDialog() {
        if let addDialog {
            addDialog.present()
            return
        }
        let dialog = AddPizzaDialog(parent: window)
        dialog.onSubmit = { [weak self] name, priceText in
            guard let self else { return nil }
            do throws(MenuError) {
                let price = try Menu.parsePrice(priceText)
                let saved = try self.store.edit { menu throws(MenuError) in try menu.add(name: name, pricePerSquareInch: price) }
                self.undo = nil
                self.list.rowsChanged(at: saved.value, removed: 0, added: 1)
                self.list.select(saved.value)
                self.showDetail(for: saved.value)
                self.split.select(saved.value)
                self.report(saved.saveError)
                return nil
            } catch {
                return error
            }
        }
        dialog.onClosed = { [weak self] in self?.addDialog = nil }
        addDialog = dialog
        dialog.present()
    }

    private func deletePizza(at index: Int) {
        guard store.menu.pizzas.indices.contains(index) else { return }
        do {
            let saved = try store.edit { menu throws(MenuError) in try menu.remove(at: index) }
            undo = (saved.value, index)
            list.rowsChanged(at: index, removed: 1, added: 0)
            list.select(nil)
            split.highlight(nil)
            showDetail(for: nil)
            list.focusSelectedRow()
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
                try menu.add(name: undo.pizza.name, pricePerSquareInch: undo.pizza.pricePerSquareInch, at: undo.index)
            }
            list.rowsChanged(at: saved.value, removed: 0, added: 1)
            list.select(saved.value)
            showDetail(for: saved.value)
            split.highlight(saved.value)
            list.focusSelectedRow()
            banner.hide()
            report(saved.saveError)
        } catch {
            banner.show("Could not undo: \(error.description)", isError: true)
        }
    }

    private func setPrice(_ text: String) -> MenuError? {
        guard let index = list.selected else { return nil }
        do throws(MenuError) {
            let price = try Menu.parsePrice(text)
            let saved = try store.edit { menu throws(MenuError) in try menu.setPrice(at: index, to: price) }
            undo = nil
            list.rowsChanged(at: index, removed: 1, added: 1)
            list.select(index)
            showDetail(for: index)
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
        list.reload(count: store.menu.pizzas.count)
        detail.setSizes(store.menu.sizes, chosen: detail.chosenSize?.label)
        list.select(nil)
        split.highlight(nil)
        showDetail(for: nil)
        list.focusSelectedRow()
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
        windowState.pizzaName = list.selected.flatMap { store.menu.pizzas.indices.contains($0) ? store.menu.pizzas[$0].name : nil }
        windowState.sizeLabel = detail.chosenSize?.label ?? windowState.sizeLabel
        try? windowState.save(to: statePath)
    }
}
