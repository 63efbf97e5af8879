import Gtk
import MenuSession
import PizzaModel
import SplitView

extension SplitLayout {
    /// The pizza app's widths: the detail needs 460 px for six size buttons in a row, the list 240 px,
    /// so side by side fits from 720 px (700 px plus room to spare); a collapsed window expands at 760 px.
    static let pizzaSplit = SplitLayout(
        collapseBelow: 720, hysteresis: 40, primaryMinimumWidth: 240, secondaryMinimumWidth: 460)
}

/// The main window: header bar, a banner for errors that need an answer, and the pizza list and detail in the
/// adaptive split view, with toasts for confirmations over it.
///
/// The open file's state lives in a `MenuSession`. Every user action becomes one session event, and
/// `render` is the one place that shows what the event changed. The pane controllers only report.
@MainActor
final class PizzaWindow {
    let window: ApplicationWindow
    private let application: Application
    private var session: MenuSession
    private var saver: MenuSaver
    private let files: MenuFiles
    private let detail = PizzaDetailController()
    private let banner = Banner()
    private let toasts: ToastOverlay
    private let search = PizzaSearchController()
    private let emptyList = StatusPage(title: "")
    private let view: ListDetailView<PizzaID>
    private let list: PizzaListController
    private var split: SplitView<PizzaID> { view.split }
    private var windowState: WindowState
    private var addDialog: AddPizzaDialog?
    private var questionDialog: UnsavedChangesDialog?
    private var auxiliaryWindow: Window?
    /// The user chose to close without the changes that could not be saved.
    private var mayCloseWithUnsavedChanges = false
    private var isClosing = false
    /// The file is being read off the main thread: the window shows no pizzas and takes no edits until it is read.
    private var isReading = false {
        didSet { detail.isReading = isReading }
    }
    private var isFoldingNames = false
    /// The search bar's text while the names it needs are folded (`searchChanged`).
    private var queryAwaitingNames: String?
    /// The undo or redo being shown came from a toast's own button.
    private var isAnsweringToast = false

    init(application: Application, menuPath: FilePath, files: MenuFiles) {
        self.application = application
        self.files = files
        windowState = WindowState.load(from: files.statePath(forMenu: menuPath))
        let readsLater = MenuFiles.readsInBackground(menuPath)
        session = readsLater ? MenuFiles.readingSession(at: menuPath)
            : files.openSession(at: menuPath, selectedName: windowState.pizzaName)
        saver = MenuSaver(write: MenuSaver.fileWriter(path: menuPath))
        window = ApplicationWindow(application: application)
        window.defaultSize = (windowState.width, windowState.height)

        // How rows map to pizzas is read from the session, by closures set in `connectControllers`.
        view = ListDetailView(
            title: "Pizza Split", listName: "Pizzas", detail: detail.widget, layout: .pizzaSplit,
            width: windowState.width, selection: session.selection,
            isPrimaryHidden: windowState.isListHidden, primaryFraction: windowState.primaryFraction,
            idOfRow: { _ in nil }, rowOfID: { _ in nil }, rowTitle: { _ in "" })
        list = PizzaListController(list: view.list)
        toasts = ToastOverlay(content: view.widget)
        renderEmptyList()
        view.placeholder = emptyList

        buildHeaderBar()
        let content = Box(.vertical)
        content.append(banner.widget)
        view.primaryPane.prepend(search.bar)
        content.append(toasts.widget)
        window.child = content
        installActions()
        connectControllers()
        connectSaver()

        list.menu = { [weak self] in self?.session.menu ?? .standard }
        list.menuIndex = { [weak self] row in self?.session.menuIndex(atRow: row) }
        detail.setSizes(session.menu.sizes, chosen: windowState.sizeLabel)
        render(SessionChange(rows: .reload, selectionChanged: true, selectedPizzaChanged: true))
        split.track(window)
        if windowState.isMaximized { window.isMaximized = true }
        reportLoadProblem()
        if readsLater { read(menuPath, selectedName: windowState.pizzaName) }

        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            return !self.mayCloseNow()
        }
    }

    func present() {
        window.present()
        if split.state.focusedPane == .primary { list.focusSelectedRow() } else { detail.focusFirstControl() }
    }

    // MARK: Building

    private let addButton = Button(iconName: "list-add-symbolic")
    /// The window's actions, by name.
    private var actions: [String: SimpleAction] = [:]

    private func buildHeaderBar() {
        let header = HeaderBar()
        header.packStart(split.backButton)
        header.packStart(split.primaryToggle)
        addButton.tooltip = "Add a Pizza (Ctrl+N)"
        addButton.setAccessibleLabel("Add Pizza")
        addButton.setActionName("win.add-pizza")
        header.packStart(addButton)

        let menu = MenuModel()
        let editSection = MenuModel()
        editSection.append("_Undo", action: "win.undo")
        editSection.append("_Redo", action: "win.redo")
        let fileSection = MenuModel()
        fileSection.append("_Open Menu File…", action: "win.open-menu")
        let appSection = MenuModel()
        appSection.append("_Keyboard Shortcuts", action: "win.show-shortcuts")
        appSection.append("_About Pizza Split", action: "app.about")
        appSection.append("_Quit", action: "app.quit")
        menu.appendSection(editSection)
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
        let handlers: [(String, @MainActor () -> Void)] = [
            ("add-pizza", { [weak self] in self?.presentAddDialog() }),
            ("delete-pizza", { [weak self] in if let id = self?.session.selection { self?.delete(id) } }),
            ("undo", { [weak self] in self?.undoOrRedo(.undo) }),
            ("redo", { [weak self] in self?.undoOrRedo(.redo) }),
            ("move-up", { [weak self] in self?.moveSelected(by: -1) }),
            ("move-down", { [weak self] in self?.moveSelected(by: 1) }),
            ("open-menu", { [weak self] in self?.chooseMenuFile() }),
            ("show-shortcuts", { [weak self] in self?.presentShortcuts() }),
            ("search", { [weak self] in self?.startSearch() }),
        ]
        for (name, body) in handlers {
            let action = SimpleAction(name: name)
            action.onActivate { _ in body() }
            window.addAction(action)
            self.actions[name] = action
        }
    }

    private func connectControllers() {
        view.idOfRow = { [weak self] row in self?.session.id(atRow: row) }
        view.rowOfID = { [weak self] id in self?.session.row(of: id) }
        view.rowTitle = { [weak self] id in
            guard let self, let index = self.session.index(of: id) else { return self?.view.title ?? "" }
            return self.session.menu.pizzas[index].name
        }
        // A click, Enter or an arrow key is a session event first: a typed price that is not valid keeps
        // the selection where it is. The adapter then pushes the detail when the choice stands.
        view.shouldSelect = { [weak self] id in
            guard let self else { return false }
            return !self.send(.select(id)).draftRefused
        }
        view.showDetail = { [weak self] _ in self?.showSelectedPizza() }
        detail.isMenuEmpty = session.menu.pizzas.isEmpty
        list.onContextMenuRequested = { [weak self] position in
            guard let self, let id = self.session.id(atRow: position) else { return }
            self.send(.select(id))
        }
        list.onMoveRequested = { [weak self] source, destination in
            guard let self, let id = self.session.id(atRow: source),
                  let target = self.session.menuIndex(atRow: destination) else { return }
            guard !self.send(.select(id)).draftRefused else { return }
            self.send(.move(id, to: target))
            self.list.focusSelectedRow()
        }
        list.onDeleteRequested = { [weak self] position in
            guard let self, let id = self.session.id(atRow: position) else { return }
            self.delete(id)
        }
        detail.onSizeChosen = { [weak self] size in self?.windowState.sizeLabel = size.label }
        detail.onPriceTyped = { [weak self] text in self?.send(.typePrice(text)) }
        detail.onPriceCommit = { [weak self] in self?.send(.commitPrice) }
        detail.onPriceRevert = { [weak self] in
            guard let self, self.session.priceDraft != nil else { return false }
            self.send(.revertPrice)
            return true
        }
        detail.onRename = { [weak self] name in
            guard let self, let id = self.session.selection else { return }
            if let error = self.send(.rename(id, to: name)).error { self.detail.showNameError(error) }
        }
        split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        split.focusSecondary = { [weak self] in self?.detail.focusFirstControl() }
        view.onChange = { [weak self] state in self?.splitChanged(state) }
        search.captureTyping(in: view.list.listView)
        search.onQueryChanged = { [weak self] query in self?.searchChanged(to: query) }
        search.onClosed = { [weak self] in
            self?.queryAwaitingNames = nil
            guard let self, self.session.search != nil else { return }
            let searchHadFocus = self.search.hasFocus
            self.send(.endSearch)
            if searchHadFocus { self.list.focusSelectedRow() }
        }
        search.onActivate = { [weak self] in self?.chooseFromSearch() }
        // Escape in the list ends a search too, as it does in the search field.
        let escape = KeyController()
        escape.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self, keyval == Key.escape, modifiers & (Key.controlMask | Key.altMask | Key.shiftMask) == 0,
                  self.session.search != nil else { return false }
            self.send(.endSearch)
            self.list.focusSelectedRow()
            return true
        }
        view.list.listView.addController(escape)
    }

    private func connectSaver() {
        saver.onFinished = { [weak self] revision, outcome in
            guard let self else { return }
            if let error = outcome.error {
                self.send(.saveFailed(revision: revision, reason: error.reason))
            } else {
                self.send(.saveFinished(revision: revision, keptBrokenFileAt: outcome.keptBrokenFileAt))
            }
        }
    }

    // MARK: Reading a large file while the window maps

    /// Reads the file on another thread, so that GTK starts up and the window maps meanwhile. Until it is
    /// read the list is empty and adding is refused, so no edit can be made to a menu not yet read or be
    /// saved over its file; a file found bad at its end shows its error then, and is left as it is.
    private func read(_ path: FilePath, selectedName: String?) {
        isReading = true
        actions["add-pizza"]?.isEnabled = false
        renderEmptyList()
        Task.detached {
            let reading = MenuFiles.read(path)
            await self.finishReading(path, reading, selectedName: selectedName)
        }
    }

    private func finishReading(_ path: FilePath, _ reading: MenuFiles.Reading, selectedName: String?) {
        // Another file opened meanwhile replaced this one.
        guard isReading, session.path == path else { return }
        isReading = false
        actions["add-pizza"]?.isEnabled = true
        renderEmptyList()
        // Focus goes to the chosen row as at any start, unless the user has moved it meanwhile.
        let focusList = list.hasFocus || split.state.focusedPane == .primary && list.widget.focusInRoot == nil
        detail.setSizes(reading.menu.sizes, chosen: windowState.sizeLabel ?? detail.chosenSize?.label)
        send(.open(path: path, menu: reading.menu, loadProblem: reading.problem, selectedName: selectedName))
        reportLoadProblem()
        if focusList { list.focusSelectedRow() }
    }

    // MARK: Events and the one place that renders them

    @discardableResult
    private func send(_ event: MenuSession.Event) -> SessionChange {
        if isReading, case .add = event { return SessionChange() }
        let change = session.handle(event)
        render(change)
        return change
    }

    private func render(_ change: SessionChange) {
        let listHadFocus = list.hasFocus
        switch change.rows {
        case .unchanged: break
        case .reload: view.list.reload(count: session.rowCount)
        case .replaced(let at, let removed, let added): view.rowsChanged(at: at, removed: removed, added: added)
        }
        if change.searchChanged {
            search.render(session.search)
            renderEmptyList()
        }
        if change.rows != .unchanged || change.selectionChanged {
            view.highlight(session.selection)
            scrollSelectionIntoView(orTopAfter: change.rows)
        } else if change.selectedPizzaChanged {
            showSelectedPizza()
        }
        if change.draftRefused, let error = change.error {
            if split.state.isCollapsed && split.state.topPane == .primary { split.showDetail() }
            detail.showPriceError(error)
        }
        if let notice = change.notice {
            show(notice)
        } else if change.needsSave || change.rows == .reload && change.saveStatusChanged {
            // A toast's Undo undoes the newest edit: once another edit is made (or another menu opened),
            // it would undo something other than what it says.
            toasts.dismiss()
        }
        if change.needsSave {
            saver.save(session.menu, revision: session.revision, keepBrokenFile: session.mustKeepBrokenFile)
        }
        // The menu's emptiness, not the list's: a search that matches nothing still offers the sizes.
        detail.isMenuEmpty = session.menu.pizzas.isEmpty
        if listHadFocus && change.rows != .unchanged { focusListOrWhatReplacesIt() }
        actions["undo"]?.isEnabled = session.canUndo
        actions["redo"]?.isEnabled = session.canRedo
        updateTitle()
    }

    /// What the list pane says when it has no rows: the file is still being read, the search matches
    /// nothing, or the menu has no pizzas.
    private func renderEmptyList() {
        if isReading {
            emptyList.iconName = "document-open-symbolic"
            emptyList.title = "Reading the Menu…"
            emptyList.description = MenuFiles.fileName(of: session.path)
        } else if session.search != nil {
            emptyList.iconName = "system-search-symbolic"
            emptyList.title = "No pizzas match"
            emptyList.description = "Try another name, or press Escape to see every pizza."
        } else {
            emptyList.iconName = "emoji-food-symbolic"
            emptyList.title = "No Pizzas"
            emptyList.description = "Add one with +  (Ctrl+N)"
        }
    }

    /// The selected pizza's row, when the list shows it, is scrolled into view (`list.scroll-to-item`).
    /// The focus stays on the list, or goes where the user can act when the list has no rows (never to the
    /// hidden list): the search field while searching, otherwise the Add button.
    private func focusListOrWhatReplacesIt() {
        if !view.isEmpty {
            list.focusSelectedRow()
        } else if session.search != nil {
            search.focusEntry()
        } else {
            addButton.grabFocus()
        }
    }

    /// Scrolls to the chosen row; rows shown anew without it (a search that hides it) start at the top.
    private func scrollSelectionIntoView(orTopAfter rows: SessionChange.Rows = .unchanged) {
        if let row = session.selection.flatMap(session.row(of:)) {
            view.list.listView.scrollTo(row)
        } else if rows == .reload && session.rowCount > 0 {
            view.list.listView.scrollTo(0)
        }
    }

    private func showSelectedPizza() {
        detail.show(session.selectedPizza, priceText: session.priceDraft)
    }

    private func show(_ notice: SessionChange.Notice) {
        switch notice {
        case .deleted(let name):
            toasts.show("Deleted “\(name)”", actionLabel: "_Undo") { [weak self] in self?.undoOrRedoFromToast(.undo) }
        case .undid(let summary) where isAnsweringToast:
            // No button where the one just pressed was: a second click would take the edit back again.
            toasts.show("Undid: \(summary)")
        case .redid(let summary) where isAnsweringToast:
            toasts.show("Redid: \(summary)")
        case .undid(let summary):
            toasts.show("Undid: \(summary)", actionLabel: "_Redo") { [weak self] in self?.undoOrRedoFromToast(.redo) }
        case .redid(let summary):
            toasts.show("Redid: \(summary)", actionLabel: "_Undo") { [weak self] in self?.undoOrRedoFromToast(.undo) }
        case .nothingToUndo:
            toasts.show("Nothing to undo")
        case .nothingToRedo:
            toasts.show("Nothing to redo")
        case .revertedPrice:
            break
        case .saveFailed(let reason):
            banner.show("Could not save your menu: \(Self.sentence(reason)) Your changes are kept in this window.",
                        isError: true, actionLabel: "_Try Again") { [weak self] in self?.saveAgain() }
        case .saveRecovered:
            if banner.text?.hasPrefix("Could not save") == true { banner.hide() }
        case .keptBrokenFile(let path):
            banner.show("Your old menu could not be read and was kept as \(MenuFiles.fileName(of: path)), beside the new one.")
        }
    }

    /// The toast's button goes away when pressed; focus goes back to the pizza it concerned.
    /// Ctrl+Z and Ctrl+Shift+Z: a name typed and not yet applied is put back first, as a typed price is.
    private func undoOrRedo(_ event: MenuSession.Event) {
        if detail.revertTypedName() { return }
        send(event)
    }

    private func undoOrRedoFromToast(_ event: MenuSession.Event) {
        isAnsweringToast = true
        send(event)
        isAnsweringToast = false
        focusListOrWhatReplacesIt()
    }

    private func splitChanged(_ state: SplitNavigationState<PizzaID>) {
        windowState.isListHidden = state.isPrimaryHidden
        windowState.primaryFraction = state.primaryFraction
        // A price typed in a detail that is no longer shown is committed, or shown again with its error.
        if state.isCollapsed && state.topPane == .primary && session.priceDraft != nil {
            send(.commitPrice)
        }
    }

    /// The window's title names the file; the header names the pizza while its detail is pushed.
    private func updateTitle() {
        let fileTitle = files.isOwnMenu(session.path) ? "Pizza Split" : "\(MenuFiles.fileName(of: session.path)) — Pizza Split"
        window.title = fileTitle
        view.title = fileTitle
    }

    private func reportLoadProblem() {
        guard let problem = session.loadProblem else { return }
        // A copy is promised only where the first save will really make one.
        let keeping = MenuSaver.hasBrokenFileToKeep(at: session.path)
            ? " Your file is left as it is; at your first change it is kept beside the new one as \(MenuFiles.fileName(of: session.path)).broken."
            : ""
        banner.show("Could not open your menu. \(Self.sentence(problem)) Showing the default menu.\(keeping)", isError: true)
    }

    // MARK: What the user did

    /// The search bar opened or its text changed. The names are folded for search on another thread as
    /// the bar opens; a query typed before they come waits for them (a million names take about 50 ms).
    private func searchChanged(to query: String) {
        if session.needsFoldedNames && !isFoldingNames { foldNamesElsewhere() }
        if isFoldingNames && session.foldsNames(toSearchFor: query) {
            queryAwaitingNames = query
            return
        }
        queryAwaitingNames = nil
        send(.search(query))
    }

    private func foldNamesElsewhere() {
        isFoldingNames = true
        let pizzas = session.menu.pizzas
        Task.detached {
            let names = FoldedNames(pizzas)
            await self.namesFolded(names, from: pizzas)
        }
    }

    private func namesFolded(_ names: FoldedNames, from pizzas: PizzaList) {
        isFoldingNames = false
        // Refused if the menu was edited meanwhile: the waiting query then folds the names itself.
        send(.namesFolded(names, from: pizzas))
        guard let query = queryAwaitingNames else { return }
        queryAwaitingNames = nil
        send(.search(query))
    }

    /// Ctrl+F: the list comes into view (narrow, back from the detail) and the search field takes the focus.
    private func startSearch() {
        let state = split.state
        if state.isCollapsed && state.topPane == .secondary { _ = split.goBack() }
        if !state.isCollapsed && state.isPrimaryHidden { _ = split.togglePrimary() }
        search.open()
    }

    /// Enter in the search field: the chosen pizza when the list shows it, or else the first match, is
    /// chosen, and the focus goes to its row.
    private func chooseFromSearch() {
        let shown = session.selection.flatMap(session.row(of:)) != nil ? session.selection : session.id(atRow: 0)
        guard let shown else { return }
        guard !send(.select(shown)).draftRefused else { return }
        view.choose(shown)
        list.focusSelectedRow()
    }

    private func delete(_ id: PizzaID) {
        send(.delete(id))
        focusListOrWhatReplacesIt()
    }

    private func moveSelected(by offset: Int) {
        guard let id = session.selection, let index = session.selectedIndex else { return }
        let change = send(.move(id, to: index + offset))
        if change.rows != .unchanged { list.focusSelectedRow() }
    }

    private func presentAddDialog() {
        if let addDialog {
            addDialog.present()
            return
        }
        guard !send(.commitPrice).draftRefused else { return }
        let dialog = AddPizzaDialog(parent: window)
        dialog.onSubmit = { [weak self] name, priceText in
            guard let self else { return [] }
            let change = self.send(.add(name: name, priceText: priceText))
            guard !change.draftRefused else { return [] }
            guard let error = change.error else {
                self.view.choose(self.session.selection)
                return []
            }
            // A refused price is found before the name is looked at: both are told at once.
            if !error.isAboutName, let nameProblem = self.session.menu.problem(withNewName: name) {
                return [nameProblem, error]
            }
            return [error]
        }
        dialog.nameProblem = { [weak self] name in self?.session.menu.problem(withNewName: name) }
        dialog.onClosed = { [weak self] in self?.addDialog = nil }
        addDialog = dialog
        dialog.present()
    }

    private func saveAgain() {
        saver.save(session.menu, revision: session.revision, keepBrokenFile: session.mustKeepBrokenFile)
    }

    // MARK: Leaving the menu: closing, or opening another file

    /// Whether the window may close now. When it may not, it has started what has to come first
    /// (waiting for a save, or asking about changes that could not be saved) and closes afterwards.
    /// GTK ignores `close()` from inside `close-request`, so a decision made at once is returned instead.
    private func mayCloseNow() -> Bool {
        final class Decision { var isPending = true; var closeAtOnce = false }
        let decision = Decision()
        decision.closeAtOnce = mayCloseWithUnsavedChanges
        if !decision.closeAtOnce {
            leaveMenu(question: "Save changes to the menu before closing?") { [weak self] in
                if decision.isPending {
                    decision.closeAtOnce = true
                } else if let self {
                    self.mayCloseWithUnsavedChanges = true
                    self.window.close()
                }
            }
        }
        decision.isPending = false
        if decision.closeAtOnce { saveWindowState() }
        return decision.closeAtOnce
    }

    /// Runs `proceed` once the menu may be left: a typed name and price committed, the running save finished,
    /// and any change that could not be saved either saved by Try Again or discarded by the user. A typed name
    /// or price that the menu cannot take is discarded only when the user says so.
    private func leaveMenu(question: String, then proceed: @escaping @MainActor () -> Void) {
        guard !isClosing else { return }
        if let name = detail.typedName, let id = session.selection,
           let error = send(.rename(id, to: name)).error {
            detail.showNameError(error)
            askAboutTypedName(name, error, then: { [weak self] in self?.leaveMenu(question: question, then: proceed) })
            return
        }
        let commit = send(.commitPrice)
        if commit.draftRefused {
            askAboutTypedPrice(commit.error, then: { [weak self] in self?.leaveMenu(question: question, then: proceed) })
            return
        }
        if saver.isBusy {
            isClosing = true
            banner.show("Saving your menu…")
            saver.whenIdle { [weak self] in
                self?.isClosing = false
                self?.leaveMenu(question: question, then: proceed)
            }
            return
        }
        guard session.hasUnsavedChanges else {
            proceed()
            return
        }
        askAboutUnsavedChanges(question: question, then: proceed)
    }

    /// A typed name the menu cannot take is never dropped without a word: the user discards it, or goes
    /// back to the field to fix it.
    private func askAboutTypedName(_ name: String, _ error: MenuError, then proceed: @escaping @MainActor () -> Void) {
        askAboutTypedValue(
            question: "Discard the name you typed?",
            detail: "“\(Quoted.shortened(name))” is not a name this menu can keep. \(Self.sentence("\(error)"))",
            discardLabel: "_Discard Name",
            onDiscard: { [weak self] in self?.detail.revertTypedName() },
            onKeepEditing: { [weak self] in self?.detail.showNameError(error) },
            then: proceed)
    }

    /// A typed price that is not valid is never dropped without a word either.
    private func askAboutTypedPrice(_ error: MenuError?, then proceed: @escaping @MainActor () -> Void) {
        let typed = session.priceDraft.map { "“\(Quoted.shortened($0))”" } ?? "The price you typed"
        let why = error.map { " \(Self.sentence("\($0)"))" } ?? ""
        askAboutTypedValue(
            question: "Discard the price you typed?",
            detail: "\(typed) is not a price this menu can keep.\(why)",
            discardLabel: "_Discard Price",
            onDiscard: { [weak self] in self?.send(.revertPrice) },
            onKeepEditing: { [weak self] in self?.detail.focusPriceField() },
            then: proceed)
    }

    /// Asks whether to discard a typed value: Discard runs `onDiscard` and then `proceed`; Keep Editing
    /// runs `onKeepEditing`, which takes the user back to the field.
    private func askAboutTypedValue(question: String, detail: String, discardLabel: String,
                                    onDiscard: @escaping @MainActor () -> Void,
                                    onKeepEditing: @escaping @MainActor () -> Void,
                                    then proceed: @escaping @MainActor () -> Void) {
        ask(UnsavedChangesDialog(parent: window, question: question, detail: detail, cancelLabel: "_Keep Editing",
                                 discardLabel: discardLabel, tryAgainLabel: nil)) { answer in
            switch answer {
            case .discard:
                onDiscard()
                proceed()
            case .tryAgain, .cancel:
                onKeepEditing()
            }
        }
    }

    private func askAboutUnsavedChanges(question: String, then proceed: @escaping @MainActor () -> Void) {
        var reason = "Your last change could not be saved."
        if case .failed(let why) = session.saveStatus { reason = "Your changes could not be saved: \(Self.sentence(why))" }
        ask(UnsavedChangesDialog(parent: window, question: question,
                                 detail: "\(reason) If you go on without them, they are lost.")) { [weak self] answer in
            guard let self else { return }
            switch answer {
            case .tryAgain:
                self.saveAgain()
                self.leaveMenu(question: question, then: proceed)
            case .discard:
                proceed()
            case .cancel:
                break
            }
        }
    }

    /// Shows the window's one question; while a question is open, that one is raised instead and the new
    /// one is not asked.
    private func ask(_ dialog: @autoclosure () -> UnsavedChangesDialog,
                     onAnswer: @escaping @MainActor (UnsavedChangesDialog.Answer) -> Void) {
        if let questionDialog {
            questionDialog.present()
            return
        }
        let dialog = dialog()
        dialog.onAnswer = onAnswer
        dialog.onClosed = { [weak self] in self?.questionDialog = nil }
        questionDialog = dialog
        dialog.present()
    }

    private func chooseMenuFile() {
        let chooser = FileChooserNative(title: "Open Menu File", parent: window, acceptLabel: "_Open")
        chooser.addFilter(name: "Menu files", patterns: ["*.json"])
        chooser.addFilter(name: "All files", patterns: ["*"])
        chooser.show { [weak self] path in
            guard let self, let path else { return }
            self.open(FilePath(bytes: path))
        }
    }

    /// Switches to the menu file at `path` once the current one may be left; a file that cannot be
    /// loaded is reported and the current menu stays.
    func open(_ path: FilePath) {
        guard path != session.path else {
            window.present()
            return
        }
        let store = MenuStore(file: path)
        if let error = store.loadError {
            banner.show("Could not open \(MenuFiles.fileName(of: path)). \(Self.sentence("\(error)")) The menu you had open stays open.", isError: true)
            window.present()
            return
        }
        leaveMenu(question: "Save changes to the menu before opening another?") { [weak self] in
            guard let self else { return }
            self.saveWindowState()
            self.isReading = false
            self.renderEmptyList()
            self.actions["add-pizza"]?.isEnabled = true
            self.windowState = WindowState.load(from: self.files.statePath(forMenu: path))
            self.saver = MenuSaver(write: MenuSaver.fileWriter(path: path))
            self.connectSaver()
            self.banner.hide()
            self.detail.setSizes(store.menu.sizes, chosen: self.windowState.sizeLabel ?? self.detail.chosenSize?.label)
            self.send(.open(path: path, menu: store.menu, loadProblem: nil, selectedName: self.windowState.pizzaName))
            self.list.focusSelectedRow()
            self.window.present()
        }
    }

    private func presentShortcuts() {
        guard let shortcuts = ShortcutsWindow.make(parent: window) else { return }
        auxiliaryWindow = shortcuts
        shortcuts.givesFocusBack(to: window)
        shortcuts.present()
    }

    // MARK: Persistence

    /// `text` as a sentence: a full stop added unless it already ends in one (messages quote model errors
    /// that are sentences of their own).
    static func sentence(_ text: some StringProtocol) -> String {
        text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? String(text) : text + "."
    }

    func saveWindowState() {
        let size = window.defaultSize
        windowState.isMaximized = window.isMaximized
        if !windowState.isMaximized && size.width > 0 && size.height > 0 {
            windowState.width = size.width
            windowState.height = size.height
        }
        if !isReading { windowState.pizzaName = session.selectedPizza?.name }
        windowState.sizeLabel = detail.chosenSize?.label ?? windowState.sizeLabel
        try? windowState.save(to: files.statePath(forMenu: session.path))
    }
}
