import Gtk
import MenuSession
import PizzaModel
import SplitView

/// The main window: a banner for errors that need an answer, and the pizza list and detail in the adaptive split
/// view, each under its own header bar (`MainHeaderBar`), with toasts for confirmations over it.
///
/// It decides nothing. What the user does goes to the `AppRunner` as an event; `render` shows the state's
/// view, applying only what changed since the last one, and `perform` runs the effects that touch the screen.
@MainActor
final class PizzaWindow: AppScreen {
    let window: ApplicationWindow
    private let runner: AppRunner
    private let files: MenuFiles
    private let detail = PizzaDetailController()
    private let notices: WindowNotices
    private let search = PizzaSearchController()
    private let emptyList = StatusPage(title: "")
    private let view: ListDetailView<PizzaID>
    private let list: PizzaListController
    private let header: MainHeaderBar
    private let recentFiles: RecentFilesMenu
    private var split: SplitView<PizzaID> { view.split }
    private var windowState: WindowState
    private var addDialog: AddPizzaDialog?
    private var auxiliaryWindow: Window?
    private var priceList: PriceListWindow?
    /// The view last rendered; nil before the first render.
    private var shown: AppSession.ViewState?
    /// The window's actions, by name.
    private var actions: [String: SimpleAction] = [:]
    private var menu: MenuSession { runner.state.menu }

    init(application: Application, menuPath: FilePath, files: MenuFiles) {
        self.files = files
        windowState = WindowState.load(from: files.statePath(forMenu: menuPath))
        let (reading, firstRows) = MenuFiles.readAtStart(menuPath)
        recentFiles = RecentFilesMenu(files: files)
        runner = AppRunner(state: AppSession(path: menuPath, ownMenuPath: files.ownMenuPath, reading: reading, firstRows: firstRows,
                                             selectedName: windowState.pizzaName, numberFormat: Messages.numberFormat,
                                             recentFiles: recentFiles.kept()))
        window = ApplicationWindow(application: application)
        window.defaultSize = (windowState.width, windowState.height)

        view = ListDetailView(
            title: String(translating: "Pizza Split"), listName: String(translating: "Pizzas"), detail: detail.widget,
            strings: Messages.splitView, layout: .pizzaSplit, width: windowState.width, selection: runner.state.menu.selection,
            prefersDetail: windowState.prefersDetail, isPrimaryHidden: windowState.isListHidden, primaryFraction: windowState.primaryFraction,
            idOfRow: { _ in nil }, rowOfID: { _ in nil }, rowTitle: { _ in "" })
        list = PizzaListController(list: view.list)
        notices = WindowNotices(over: view.widget, parent: window) { [weak runner] in runner?.send($0) }
        header = MainHeaderBar(listBar: view.split.primaryHeader!, detailBar: view.split.secondaryHeader!, searchToggle: search.toggle, recentFiles: recentFiles.submenu)
        view.placeholder = emptyList
        window.hideTitlebar()
        view.primaryPane.prepend(search.bar)
        window.child = notices.widget
        installActions()
        recentFiles.install(in: window) { [weak self] in self?.open($0) }
        connectControllers()

        detail.setSizes(menu.menu.sizes, unit: menu.menu.measures.unit, chosen: windowState.sizeLabel)
        runner.screen = self
        render(.everything, runner.state)
        split.track(window)
        notices.banner.isStacked = split.state.isCollapsed
        if windowState.isMaximized { window.isMaximized = true }
        window.onNextFrame { [weak self] in self?.window.onNextFrame { self?.runner.start() } } // once the first frame is drawn
        window.onCloseRequest { [weak self] _ in
            guard let self else { return false }
            self.runner.send(.closeRequested)
            return !self.runner.state.mayClose
        }
    }

    func present() {
        window.present()
        if split.state.focusedPane == .primary { focusListOrWhatReplacesIt() } else { detail.focusFirstControl() }
    }

    /// Opens the menu file at `path` once the current one may be left; a file that cannot be read is
    /// reported and the current menu stays.
    func open(_ path: FilePath) {
        let selectedName = WindowState.load(from: files.statePath(forMenu: path)).pizzaName
        runner.send(.openRequested(path: path, reading: MenuFiles.read(path), selectedName: selectedName))
    }

    // MARK: Wiring: every control reports to the runner

    private func installActions() {
        actions = window.addActions([
            ("add-pizza", { [weak self] in self?.presentAddDialog() }),
            ("delete-pizza", { [weak self] in if let self, let id = self.menu.selection { self.runner.send(.menu(.delete(id))) } }),
            ("undo", { [weak self] in self?.runner.send(.menu(.undo)) }),
            ("redo", { [weak self] in self?.runner.send(.menu(.redo)) }),
            ("move-up", { [weak self] in self?.runner.send(.moveSelected(by: -1)) }),
            ("move-down", { [weak self] in self?.runner.send(.moveSelected(by: 1)) }),
            ("open-menu", { [weak self] in
                if let self { FileChooserNative.chooseMenuFile(parent: self.window) { [weak self] in self?.open($0) } }
            }),
            ("price-list", { [weak self] in self?.runner.send(.priceListOpened) }),
            ("show-shortcuts", { [weak self] in self?.presentShortcuts() }),
            ("search", { [weak self] in self?.startSearch() }),
        ])
        actions.merge(window.addActions(PriceListExport.actions(over: window, runner: runner))) { $1 }
    }

    private func connectControllers() {
        view.idOfRow = { [weak self] row in self?.list.rows.id(atRow: row) }
        view.rowOfID = { [weak self] id in self?.list.rows.row(of: id) }
        view.rowTitle = { [weak self] id in self?.list.rows.pizza(id)?.name ?? self?.view.title ?? "" }
        // A click, Enter or an arrow key is an event first: a typed value that must be fixed keeps the
        // selection where it is.
        view.shouldSelect = { [weak self] id in self?.runner.send(.menu(.select(id)))?.refused != true }
        list.onContextMenuRequested = { [weak self] row in
            if let self, let id = self.menu.id(atRow: row) { self.runner.send(.menu(.select(id))) }
        }
        list.onMoveRequested = { [weak self] source, destination in
            guard let self, let id = self.menu.id(atRow: source), let target = self.menu.menuIndex(atRow: destination),
                  self.runner.send(.menu(.select(id)))?.refused != true else { return }
            self.runner.send(.menu(.move(id, to: target)))
        }
        list.onDeleteRequested = { [weak self] row in
            if let self, let id = self.menu.id(atRow: row) { self.runner.send(.menu(.delete(id))) }
        }
        detail.onSizeChosen = { [weak self] size in self?.windowState.sizeLabel = size.label }
        detail.onTyped = { [weak self] field, text in self?.runner.send(.menu(field.typed(text))) }
        detail.onCommit = { [weak self] field in self?.runner.send(.menu(field.commit)) }
        detail.onRevert = { [weak self] field in
            // Escape goes on (back, narrow) when nothing was typed.
            guard let self, field.draft(in: self.menu) != nil else { return false }
            self.runner.send(.menu(field.revert))
            return true
        }
        detail.onFieldLeft = { [weak self] in self?.runner.send(.fieldLeft) }
        split.focusPrimary = { [weak self] in self?.focusListOrWhatReplacesIt() }
        split.focusSecondary = { [weak self] in self?.detail.focusFirstControl() }
        view.onChange = { [weak self] state in self?.splitChanged(state) }
        search.captureTyping(in: view.list.listView)
        search.closeOnEscape(in: view.list.listView)
        search.onQueryChanged = { [weak self] query in self?.runner.send(.searchTyped(query)) }
        search.onClosed = { [weak self] in
            guard let self else { return }
            let searchHadFocus = self.search.hasFocus
            self.runner.send(.searchClosed)
            if searchHadFocus { self.list.focusSelectedRow() }
        }
        search.onActivate = { [weak self] in self?.chooseFromSearch() }
        search.onDown = { [weak self] in if self?.view.isEmpty == false { self?.list.focusSelectedRow(orFirst: true) } }
        search.onOpenRequested = { [weak self] in self?.startSearch() }
    }

    private func splitChanged(_ state: SplitNavigationState<PizzaID>) {
        windowState.record(state)
        header.listShown(state.visiblePanes.contains(.primary))
        notices.banner.isStacked = state.isCollapsed
        // What was typed in a detail that is no longer shown is applied, or shown again with its reason.
        if state.isCollapsed && state.topPane == .primary && menu.hasDraft { runner.send(.menu(.commitTyped)) }
    }

    // MARK: Rendering

    func render(_ update: AppSession.Update, _ state: AppSession) {
        let view = state.view
        let listHadFocus = list.hasFocus
        list.rows = PizzaRows(state.menu)
        switch update.rows {
        case .unchanged: break
        case .reload: self.view.list.reload(count: state.menu.rowCount)
        case .replaced(let at, let removed, let added): self.view.rowsChanged(at: at, removed: removed, added: added)
        }
        if view.searchQuery != shown?.searchQuery || view.canSearch != shown?.canSearch { search.render(view.searchQuery, isOffered: view.canSearch) }
        if view.emptyList != shown?.emptyList { emptyList.show(view.emptyList) }
        if update.rows != .unchanged || update.selectionChanged {
            self.view.highlight(view.selection)
            scrollSelectionIntoView(orTopAfter: update.rows)
        }
        detail.render(view.detail, sizes: state.menu.menu.sizes, sizeLabel: windowState.sizeLabel)
        if shown != nil && view.selection != shown?.selection { detail.widget.scrollToTop() }
        notices.render(view)
        recentFiles.render(view.recentFiles)
        if listHadFocus && update.rows != .unchanged { focusListOrWhatReplacesIt() }
        for (name, isEnabled) in [("undo", view.canUndo), ("redo", view.canRedo), ("add-pizza", view.canAdd)] { actions[name]?.isEnabled = isEnabled }
        for name in PriceListExport.actionNames { actions[name]?.isEnabled = view.canExport }
        if view.fileName != shown?.fileName || view.fileFolder != shown?.fileFolder || shown == nil {
            window.title = Messages.title(fileName: view.fileName, folder: view.fileFolder)
            self.view.title = window.title ?? ""
        }
        self.view.updateTitle()
        priceList = PriceListWindow.rendered(priceList, state, rowsChanged: update.rows != .unchanged, parent: window, runner: runner)
        shown = view
    }

    /// The selected pizza's row, when the list shows it, is scrolled into view (`list.scroll-to-item`).
    /// The focus stays on the list, or goes where the user can act when the list has no rows (never to the
    /// hidden list): the search field while searching, otherwise the Add button.
    private func focusListOrWhatReplacesIt() {
        if !view.isEmpty {
            list.focusSelectedRow()
        } else if menu.search != nil {
            search.focusEntry()
        } else {
            header.addButton.grabFocus()
        }
    }

    /// Scrolls to the chosen row; rows shown anew without it (a search that hides it) start at the top.
    private func scrollSelectionIntoView(orTopAfter rows: SessionChange.Rows) {
        if let row = menu.selection.flatMap(menu.row(of:)) {
            view.list.listView.scrollTo(row)
        } else if rows == .reload && menu.rowCount > 0 {
            view.list.listView.scrollTo(0)
        }
    }

    // MARK: Effects on the screen

    func perform(_ effect: AppSession.Effect, _ state: AppSession) {
        switch effect {
        case .ask(let question):
            notices.ask(question, measures: state.menu.menu.measures)
        case .toast(let toast):
            notices.show(toast)
        case .dismissToast:
            notices.toasts.dismiss()
        case .focus(.list): focusListOrWhatReplacesIt()
        case .focus(.listUnlessMoved):
            if split.state.focusedPane == .primary && list.widget.focusInRoot == nil { list.focusSelectedRow() }
        case .focus(let target):
            let field: PizzaDetailController.Field = switch target {
            case .priceField: .price
            case .textField(let key): .text(key)
            default: .text(Menu.nameKey)
            }
            // After the split view has settled its own focus (it may have just brought the detail back).
            MainContext.idle { [weak detail] in detail?.focus(field) }
        case .showDetailPage:
            if split.state.isCollapsed && split.state.topPane == .primary { split.showDetail() }
            _ = split.dismissOverlay()
        case .saveWindowState(let path, let pizzaName):
            windowState.record(window, pizzaName: pizzaName)
            windowState.save(to: files.statePath(forMenu: path))
        case .switchedMenu(let path):
            windowState = WindowState.load(from: files.statePath(forMenu: path))
            detail.setSizes(state.menu.menu.sizes, unit: state.menu.menu.measures.unit, chosen: windowState.sizeLabel ?? detail.chosenSize?.label)
            windowState.sizeLabel = detail.chosenSize?.label
        case .keepRecentFiles(let files): recentFiles.keep(files)
        case .closeWindow: window.close()
        case .presentWindow: window.present()
        case .presentNewPizza: addDialog?.window.present()
        case .closeNewPizza: addDialog?.close()
        case .presentPriceList: priceList?.window.present()
        case .chooseSaveAsFile(let original):
            FileChooserNative.chooseSaveAsFile(parent: window, from: original) { [weak runner] in runner?.send(.saveAsChosen($0)) }
        case .save, .saveAs, .read, .readChangedFile, .foldNames, .watchFile, .exportPriceList, .exportPDF, .cancelExport: break
        }
    }

    // MARK: What the user did that the window carries out itself

    /// Ctrl+F: the list comes into view (narrow, back from the detail) and the search field takes the focus.
    private func startSearch() {
        let state = split.state
        if state.isCollapsed && state.topPane == .secondary { _ = split.goBack() }
        if !state.isCollapsed && !state.visiblePanes.contains(.primary) { _ = split.togglePrimary() }
        search.open()
    }

    /// Enter in the search field: the chosen pizza when the list shows it, or else the first match, is
    /// chosen, and the focus goes to its row.
    private func chooseFromSearch() {
        let shownPizza = menu.selection.flatMap(menu.row(of:)) != nil ? menu.selection : menu.id(atRow: 0)
        guard let shownPizza, runner.send(.menu(.select(shownPizza)))?.refused != true else { return }
        view.highlight(shownPizza)
        list.focusSelectedRow()
    }

    private func presentAddDialog() {
        if let addDialog { return addDialog.present() }
        guard runner.send(.menu(.commitTyped))?.refused != true else { return }
        let dialog = AddPizzaDialog(parent: window, runner: runner) { [weak self] in self?.view.choose($0) }
        dialog.onClosed = { [weak self, weak dialog] in
            self?.addDialog = nil
            self?.runner.send(.newPizzaClosed)
            if dialog?.addedWithKeyboard == true { self?.window.isFocusVisible = true }
        }
        dialog.onQuitRequested = { [weak self] in self?.window.close() }
        addDialog = dialog
        runner.send(.newPizzaOpened)
        dialog.present()
    }

    private func presentShortcuts() {
        guard let shortcuts = ShortcutsWindow.make(parent: window) else { return }
        auxiliaryWindow = shortcuts
        shortcuts.givesFocusBack(to: window)
        shortcuts.present()
    }
}
