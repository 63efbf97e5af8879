import PizzaModel

/// What reading a menu file gave: its menu, or the default menu and why the file could not be read.
public struct MenuReading: Sendable {
    public let menu: Menu
    public let problem: String?
    /// What the first save expects on disk: the file as read (see `MenuStore.Loaded`).
    public let expected: ExpectedFile
    /// No file is there yet: the first change creates it.
    public let isNewFile: Bool
    /// The file is read-only: no save replaces it.
    public let isReadOnly: Bool

    public init(menu: Menu, problem: String?, expected: ExpectedFile = .anything, isNewFile: Bool = false, isReadOnly: Bool = false) {
        self.menu = menu
        self.problem = problem
        self.expected = expected
        self.isNewFile = isNewFile
        self.isReadOnly = isReadOnly
    }
}

/// The whole state of the app's window, and its one way in: `handle(_:)` takes every event (what the user did,
/// and every result of work done elsewhere) and returns what the window must show again and the effects to run.
/// It wraps the open file's `MenuSession` with what the app is in the middle of: reading a file, saving, folding
/// names for search, leaving the menu (to close, or to open another file), and the question being asked.
/// Nothing here knows GTK, threads or files: the effects are run by the app, whose results come back as events.
public struct AppSession: Sendable {
    /// The open file as the user edits it.
    public private(set) var menu: MenuSession
    /// The user's own menu, which the title does not name.
    public let ownMenuPath: FilePath
    /// The file being read elsewhere, with the pizza to choose once it is read. Until then the list is empty
    /// and nothing can be added, so no edit is made to a menu not yet read, nor saved over its file.
    public private(set) var reading: Reading?
    /// The save being written, if one is.
    public private(set) var savingRevision: Int?
    /// What the next save expects on disk: the file as read, then as last written. Another file there is a
    /// change made by another program, which the save refuses to overwrite.
    public private(set) var expectedFile: ExpectedFile = .anything
    /// How many of the app's own saves have ended. A read of the file begun before the last of them may have met
    /// that save's write, which is no other program's change.
    public private(set) var savesEnded = 0
    /// Whether names are being folded for search elsewhere, and the query that waits for them.
    public private(set) var folding: Folding = .idle
    /// Where the user is going: the window closes, or another file opens, once the menu may be left.
    public private(set) var leaving: Leaving?
    /// The question on screen, if any.
    public private(set) var question: Question?
    /// The window may close now: the menu was left (or the user chose to close without what could not be saved).
    public private(set) var mayClose = false
    /// The message bar over the content, if one is shown.
    public private(set) var banner: Banner?
    /// What is typed in the New Pizza dialog while it is open. The dialog belongs to this menu: leaving the
    /// menu closes it, asking first when something is typed there.
    public private(set) var newPizza: NewPizza?
    /// The file as another program left it, read while this window had changes of its own: kept until the
    /// user answers whether to reload it (losing those changes) or to overwrite it.
    public private(set) var changedOnDisk: MenuReading?
    /// The files opened last (in this window, and before), for Open Recent and for telling apart two that
    /// share a name.
    public private(set) var recentFiles: RecentFiles
    /// The open file is read-only: edits are kept in this window and never saved over it, until the user
    /// saves a copy elsewhere.
    public private(set) var isReadOnly = false
    /// Save As: a file to write the menu to being chosen, or the menu being written there.
    public private(set) var copying: Copying?
    /// What a price list is exported as: every pizza as CSV, or as PDF pages the pizzas the list shows, in the price
    /// list's order (`pizzasOnPaper`).
    public enum ExportFormat: Equatable, Sendable {
        case csv
        case pdf
    }

    /// Where the price list is being exported, while it is; one export runs at a time.
    public private(set) var exportingTo: FilePath?
    /// How far the export has come, from 0 to 1.
    public private(set) var exportFraction = 0.0
    /// The export has taken longer than half a second: its progress and Cancel are shown.
    public private(set) var exportIsSlow = false
    /// The file the last export in this window wrote; the next export dialog opens in its folder.
    public private(set) var lastExport: FilePath?
    /// Another program deleted, moved or broke the open file since it was last read or saved: the menu shown is
    /// in no file until it is saved again, so leaving asks first.
    public private(set) var isLostOnDisk = false
    /// Another program left the file unreadable: the next save keeps that file beside it, as at start.
    public private(set) var keepsBrokenFileOnSave = false
    /// The price list, while its window is open.
    public private(set) var priceList: PriceList?

    /// The pizzas Print and Export PDF put on paper: those the main list shows (a search limits them), in the price
    /// list's order while it is open and sorted, else in menu order.
    public var pizzasOnPaper: [Pizza] {
        let rows = PriceListRows(menu, sort: priceList?.sort)
        return (0..<rows.count).compactMap { rows.menuIndex(atRow: $0).map { menu.menu.pizzas[$0] } }
    }

    /// The price list's own state: how its rows are sorted, nil for menu order. What it shows is the menu and the
    /// search's rows (`PriceListRows`), so it follows every edit and search made in the main window.
    public struct PriceList: Equatable, Sendable {
        public var sort: PriceTable.Sort?
    }

    public struct NewPizza: Equatable, Sendable {
        public var name = ""
        public var price = ""

        public init(name: String = "", price: String = "") {
            self.name = name
            self.price = price
        }

        var isEmpty: Bool { name.isEmpty && price.isEmpty }
    }

    /// Where Save As stands.
    public enum Copying: Equatable, Sendable {
        /// The user is choosing the file; `question` is asked again when they cancel (what it asked still stands).
        case choosing(reasking: Question?)
        /// The menu as of `revision` is being written to `path`.
        case writing(path: FilePath, revision: Int)
    }

    public struct Reading: Equatable, Sendable {
        public let path: FilePath
        public let selectedName: String?
        /// The file the rows shown at start were read from (`MenuStore.FirstRows`), if any were.
        public var firstRowsFile: ExpectedFile? = nil
    }

    public enum Folding: Equatable, Sendable {
        case idle
        /// Names are being folded; `query` is what the search bar read meanwhile.
        case running(awaitingQuery: String?)
    }

    /// Where leaving the menu leads.
    public enum Leaving: Sendable {
        case close
        /// Open the menu read from `path`, choosing the pizza named `selectedName`.
        case open(path: FilePath, reading: MenuReading, selectedName: String?)

        var isClose: Bool { if case .close = self { true } else { false } }
    }

    /// A question that stops leaving the menu until answered.
    public enum Question: Equatable, Sendable {
        /// A typed name the menu cannot take: discard it, or keep editing.
        case discardTypedName(name: String, error: MenuError)
        /// Text typed in the field `key` ("description") that the menu cannot take: discard it, or keep editing.
        case discardTypedText(key: String, text: String, error: MenuError)
        /// A typed price that is not valid: discard it, or keep editing.
        case discardTypedPrice(text: String, error: MenuError?)
        /// Changes that could not be saved: try again, discard them, or cancel. `isClosing` tells which way.
        case unsavedChanges(isClosing: Bool, failure: String?)
        /// A new pizza typed in its dialog and not added: discard it, or keep editing.
        case discardNewPizza(NewPizza)
        /// Another program changed the file while this window has changes of its own: reload it and lose
        /// them (discard), keep them and overwrite it (try again), save them to another file (save as), or
        /// cancel (they stay unsaved).
        case fileChangedOnDisk
        /// Changes to a read-only file, which are never saved over it: save a copy (save as), discard them, or
        /// cancel. `isClosing` tells which way the user is going.
        case readOnlyChanges(isClosing: Bool)
        /// The menu shown is in no file, another program having deleted, moved or broken `path`: save it there
        /// again (try again), save it elsewhere (save as), go on without it (discard), or cancel.
        case lostOnDisk(path: FilePath, isClosing: Bool)
    }

    public enum Answer: Sendable {
        /// Discard the typed value or the unsaved changes, and go on.
        case discard
        /// Save once more, and go on if it works.
        case tryAgain
        /// Keep editing: stay on this menu.
        case cancel
        /// Save the changes to another file, chosen next, which is the open file from then on.
        case saveAs
    }

    /// The bar above the content: errors that need an answer, and what is happening to the file.
    public enum Banner: Equatable, Sendable {
        /// The file could not be read at start; the default menu is shown.
        case loadProblem(path: FilePath, problem: String)
        /// Another file could not be opened; the menu that was open stays.
        case couldNotOpen(path: FilePath, problem: String)
        /// Leaving waits for the running save.
        case saving
        case saveFailed(reason: String)
        /// The unreadable file was kept at `path` when the first change replaced it.
        case keptBrokenFile(path: FilePath)
        /// The file named to open is not there yet: the first change creates it.
        case newFile(path: FilePath)
        /// The file is read-only: changes are kept in the window, never saved to it; a copy may be saved.
        case readOnly(path: FilePath)
        /// Save As could not write `path`: the changes stay in this window, and another file may be chosen.
        case copyFailed(path: FilePath, reason: String)
        /// Another program deleted or moved the open file; the menu stays in the window, and the next save
        /// (a change, or Save Again) writes it there again. `savedAgain` once it has.
        case deletedOnDisk(path: FilePath, savedAgain: Bool)
        /// Another program left the open file unreadable; the menu stays in the window, and the next save keeps
        /// that file beside it and writes the menu there again.
        case brokenOnDisk(path: FilePath, problem: String)
        /// Another program changed the open file while changes here were not in it yet (or being typed): the
        /// window keeps them, and the button asks what to keep.
        case changedOnDisk(path: FilePath)

        public var isError: Bool {
            switch self {
            case .loadProblem, .couldNotOpen, .saveFailed, .copyFailed, .brokenOnDisk: true
            case .saving, .keptBrokenFile, .newFile, .readOnly, .deletedOnDisk, .changedOnDisk: false
            }
        }

        /// What the bar's button asks for, if it has one.
        public var action: Event? {
            switch self {
            case .saveFailed, .deletedOnDisk(_, savedAgain: false), .brokenOnDisk, .changedOnDisk: .saveAgain
            case .readOnly, .copyFailed: .saveAsRequested
            case .loadProblem, .couldNotOpen, .saving, .keptBrokenFile, .newFile, .deletedOnDisk: nil
            }
        }
    }

    /// A confirmation over the bottom of the window, with at most one button.
    public struct Toast: Equatable, Sendable {
        public enum Message: Equatable, Sendable {
            case deleted(name: String)
            case undid(MenuEdit)
            case redid(MenuEdit)
            case nothingToUndo
            case nothingToRedo
            /// Save As wrote the menu to `path`, which is the open file now.
            case savedAs(path: FilePath)
            /// The price list was written as CSV or PDF to `path`.
            case exported(path: FilePath)
            /// The price list could not be written to `path`; nothing was.
            case exportFailed(path: FilePath, reason: String)
            /// The export to `path` was cancelled; nothing was written.
            case exportCancelled(path: FilePath)
            /// The price list could not be printed, for `reason`.
            case printFailed(reason: String)
        }
        public let message: Message
        /// What its button does, if it has one.
        public let action: ToastAction?

        public init(message: Message, action: ToastAction?) {
            self.message = message
            self.action = action
        }
    }

    public enum ToastAction: Sendable { case undo, redo }

    /// Where the keyboard focus goes.
    public enum FocusTarget: Equatable, Sendable {
        /// The selected row; with no rows, the search field while searching, otherwise the Add button.
        case list
        /// The selected row, unless the user has put the focus somewhere else meanwhile (a file read at start).
        case listUnlessMoved
        case nameField
        case priceField
        /// Another text field of the detail, by its key in the file ("description").
        case textField(String)
    }

    /// Work to be done outside the state: on another thread, on screen, or on the window.
    public enum Effect: Sendable {
        /// Write `menu` as `revision` to `path`, moving the unreadable file aside first if `keepBrokenFile`,
        /// over the file `expecting` describes only.
        case save(menu: Menu, revision: Int, path: FilePath, keepBrokenFile: Bool, expecting: ExpectedFile)
        /// Ask which file to save the menu open from `path` to; `saveAsChosen` brings the answer back.
        case chooseSaveAsFile(from: FilePath)
        /// Write `menu` as `revision` to `path`, a file the user chose (and agreed to replace, if there was one);
        /// `savedAs` or `saveAsFailed` brings the outcome back.
        case saveAs(menu: Menu, revision: Int, path: FilePath)
        /// Read the menu file at `path`; `readFinished` brings it back.
        case read(FilePath)
        /// Read the menu file at `path` again, another program having changed it; `fileChanged` brings it back.
        case readChangedFile(FilePath)
        /// Fold the names of `pizzas` for search; `namesFolded` brings them back.
        case foldNames(PizzaList)
        /// Write the price list of `menu`, the file `menuFile`'s, as CSV to `path` (never over `menuFile`);
        /// `exportFinished` brings the outcome back.
        case exportPriceList(menu: Menu, from: FilePath, to: FilePath)
        /// Write the price list of `shown` (`pizzasOnPaper`: the list's pizzas in the price list's order) in `menu`'s
        /// sizes as PDF pages to `path` (never over `menuFile`); `exportFinished` brings the outcome back.
        case exportPDF(menu: Menu, shown: [Pizza], from: FilePath, to: FilePath)
        /// Stop the export that runs; `exportCancelled` comes back when it has stopped, having written nothing.
        case cancelExport
        case ask(Question)
        case toast(Toast)
        /// The toast on screen no longer fits: its Undo would undo something other than what it names.
        case dismissToast
        case focus(FocusTarget)
        /// Narrow, with the list on top: the detail comes into view (to show a refused value's reason).
        case showDetailPage
        /// Keep the window's size, divider and choices for the file at `path`, with `pizzaName` chosen.
        case saveWindowState(path: FilePath, pizzaName: String?)
        /// Another file is open now: its window state is loaded and its sizes shown.
        case switchedMenu(to: FilePath)
        /// The open file is now `path` (Save As): another program's changes are watched for there.
        case watchFile(FilePath)
        /// Keep the list of files opened last for the next run.
        case keepRecentFiles(RecentFiles)
        case closeWindow
        case presentWindow
        /// The New Pizza dialog: brought to the front, or closed (what it held is discarded).
        case presentNewPizza
        case closeNewPizza
        /// Show the price list's window (made first if it is not open), in front.
        case presentPriceList
    }

    /// What one event changed: the rows of the list (which the state cannot say afterwards), and the effects.
    public struct Update: Sendable {
        public var rows: SessionChange.Rows = .unchanged
        /// The selection moved or the selected row moved: the list must show it again.
        public var selectionChanged = false
        public var effects: [Effect] = []
        /// The user's event was refused (a typed value that must be fixed first).
        public var refused = false
        /// Why the event was refused, if it was; the menu is as it was.
        public var error: MenuError?

        /// Everything shown anew: the window's first render.
        public static var everything: Update { Update(rows: .reload, selectionChanged: true) }
    }

    public enum Event: Sendable {
        /// An edit, a choice or a typed value: the open file's own events.
        case menu(MenuSession.Event)
        /// The file at `path`, still being read, gave `menu`: its first rows (`MenuFile.Progress`).
        case readProgress(path: FilePath, Menu)
        case readFinished(path: FilePath, MenuReading)
        /// A save ended; `next` is what the next save expects on disk (`MenuStore.SaveOutcome.nextExpected`).
        case saveFinished(revision: Int, keptBrokenFileAt: FilePath?, next: ExpectedFile? = nil)
        /// A save failed; `changedOnDisk` when another program changed the file (nothing was overwritten).
        case saveFailed(revision: Int, reason: String, next: ExpectedFile? = nil, changedOnDisk: Bool = false)
        /// The file at `path` as read after a change on disk (a file monitor's event, or a refused save).
        /// `savesEnded` is the count when the read began.
        case fileChanged(path: FilePath, MenuReading, savesEnded: Int)
        /// The search bar opened or reads `query` now.
        case searchTyped(String)
        case searchClosed
        case namesFolded(FoldedNames, from: PizzaList)
        case toastPressed(ToastAction)
        /// Try Again in the bar of a failed save.
        case saveAgain
        /// Save a Copy… (a read-only file) or Save As… again after a copy failed: a file is chosen next.
        case saveAsRequested
        /// The file chosen for Save As, or nil when the user cancelled.
        case saveAsChosen(FilePath?)
        /// Save As wrote `revision` to `path`; `next` is what the next save there expects on disk.
        case savedAs(path: FilePath, revision: Int, next: ExpectedFile?)
        case saveAsFailed(path: FilePath, reason: String)
        /// The user closed the message bar.
        case bannerDismissed
        /// Alt+Up and Alt+Down: the selected pizza moves up or down by `offset` places.
        case moveSelected(by: Int)
        /// The New Pizza dialog opened, its fields now read `NewPizza`, or it closed (the pizza was added).
        case newPizzaOpened
        case newPizzaTyped(NewPizza)
        case newPizzaClosed
        /// Escape, Cancel or the close button in the New Pizza dialog: it closes, asking first if anything is typed.
        case newPizzaCancelled
        /// The focus left the name or price field: what it reads is applied, or its reason shown beside it,
        /// without taking the focus back from where the user put it.
        case fieldLeft
        case closeRequested
        /// Export the price list of the menu as it is now to `path` (chosen in the save dialog), as `format`.
        case exportRequested(to: FilePath, format: ExportFormat = .csv)
        /// Printing the price list failed, for `reason`.
        case printFailed(reason: String)
        /// The export running has taken half a second: its progress is shown from now on.
        case exportTakingLong
        /// The export running has done `fraction` (0 to 1) of its work.
        case exportProgressed(Double)
        /// Cancel, pressed beside the export's progress.
        case exportCancelRequested
        /// The export to `path` stopped when asked, and wrote nothing.
        case exportCancelled(path: FilePath)
        /// The export to `path` ended; `failure` says why it wrote nothing, when it did not.
        case exportFinished(path: FilePath, failure: String?)
        /// Ctrl+L or Price List in the main menu: the price list opens in menu order, or comes to the front as it was.
        case priceListOpened
        /// A column header of the price list was clicked: its rows go in that order (nil: menu order).
        case priceListSorted(PriceTable.Sort?)
        /// The price list's window was closed.
        case priceListClosed
        /// Open another file, already read (`reading`), once the menu may be left; one that could not be read
        /// is only reported, and the menu that is open stays.
        case openRequested(path: FilePath, reading: MenuReading, selectedName: String?)
        case answered(Answer)
    }

    /// A window on `path`: read at once (`reading` given), or elsewhere (`reading` nil: the `read` effect
    /// of `start` fetches it), showing its `firstRows` until then when they were read. `selectedName` is the
    /// pizza chosen last time; `recentFiles` the files opened last before, newest first.
    public init(path: FilePath, ownMenuPath: FilePath, reading: MenuReading?, firstRows: MenuStore.FirstRows? = nil,
                selectedName: String?, numberFormat: NumberFormat = .c, recentFiles: [FilePath] = []) {
        self.ownMenuPath = ownMenuPath
        self.recentFiles = RecentFiles(ownMenuPath: ownMenuPath, others: [path] + recentFiles)
        if let reading {
            menu = MenuSession(path: path, menu: reading.menu, loadProblem: reading.problem, selectedName: selectedName,
                               numberFormat: numberFormat)
            expectedFile = reading.expected
            isReadOnly = reading.isReadOnly
            banner = Self.banner(for: reading, at: path, ownMenuPath: ownMenuPath)
        } else {
            menu = MenuSession(path: path, menu: Self.noPizzas, numberFormat: numberFormat)
            self.reading = Reading(path: path, selectedName: selectedName, firstRowsFile: firstRows?.file)
            // The first frame shows them: the window starts as the first progress of the read leaves it.
            if let firstRows { _ = menu.handle(.readMore(firstRows.menu, selectedName: selectedName)) }
        }
    }

    /// The effects to run as the window opens: the read of a file that is read elsewhere, and the list of
    /// recent files kept when the file opened comes first in it now.
    public var startEffects: [Effect] {
        let keep: [Effect] = recentFiles.others.first == menu.path ? [.keepRecentFiles(recentFiles)] : []
        return (reading.map { [.read($0.path)] } ?? []) + keep
    }

    /// What the bar says about a file just read: why it could not be read, that it is not there yet (a file the
    /// user named, not their own menu, whose first run is no news), or that it is read-only.
    private static func banner(for reading: MenuReading, at path: FilePath, ownMenuPath: FilePath) -> Banner? {
        if let problem = reading.problem { return .loadProblem(path: path, problem: problem) }
        if reading.isNewFile && path != ownMenuPath { return .newFile(path: path) }
        return reading.isReadOnly ? .readOnly(path: path) : nil
    }

    private static let noPizzas: Menu = {
        do { return try Menu(pizzas: []) } catch { preconditionFailure("an empty menu is valid: \(error)") }
    }()

    // MARK: The one way in

    public mutating func handle(_ event: Event) -> Update {
        var update = Update()
        switch event {
        case .menu(let event):
            // While the file is read, its rows so far can be chosen, and edits wait: the rest may still be found bad.
            if reading != nil { guard case .select = event else { return update } }
            let change = menu.handle(event)
            apply(change, to: &update)
            // The list keeps the focus through a delete or a move it shows (or gives it to what replaces it).
            switch event {
            case .delete: update.effects.append(.focus(.list))
            case .move where change.rows != .unchanged: update.effects.append(.focus(.list))
            default: break
            }
        case .readProgress(let path, let partial):
            guard let reading, reading.path == path, partial.pizzas.count > menu.menu.pizzas.count else { return update }
            apply(menu.handle(.readMore(partial, selectedName: reading.selectedName)), to: &update)
        case .readFinished(let path, let result):
            // Another file opened meanwhile replaced this one.
            guard let reading, reading.path == path else { return update }
            self.reading = nil
            // The rows shown so far stay, and the rest follow them; a file found bad late, or changed since its
            // first rows were read, is replaced as a whole.
            if result.problem == nil && !menu.menu.pizzas.isEmpty && (reading.firstRowsFile ?? result.expected) == result.expected {
                apply(menu.handle(.readMore(result.menu, selectedName: reading.selectedName)), to: &update)
            } else {
                apply(menu.handle(.open(path: path, menu: result.menu, loadProblem: result.problem,
                                        selectedName: reading.selectedName)), to: &update)
            }
            expectedFile = result.expected
            isReadOnly = result.isReadOnly
            if let shown = Self.banner(for: result, at: path, ownMenuPath: ownMenuPath) { banner = shown }
            update.effects.append(.focus(.listUnlessMoved))
        case .saveFinished(let revision, let kept, let next):
            savingRevision = nil
            savesEnded += 1
            if let next { expectedFile = next }
            if case .deletedOnDisk(let path, savedAgain: false) = banner { banner = .deletedOnDisk(path: path, savedAgain: true) }
            if case .brokenOnDisk = banner { banner = nil }
            if case .newFile = banner { banner = nil }
            isLostOnDisk = false
            keepsBrokenFileOnSave = false
            apply(menu.handle(.saveFinished(revision: revision, keptBrokenFileAt: kept)), to: &update)
            saveIfNeeded(&update)
            advanceLeaving(&update, fromCloseRequest: false)
        case .saveFailed(let revision, let reason, let next, let changedOnDisk):
            savingRevision = nil
            savesEnded += 1
            if let next { expectedFile = next }
            let shown = banner
            apply(menu.handle(.saveFailed(revision: revision, reason: reason)), to: &update)
            // What the other program wrote is read back first: its bar (or question) says what happened, and
            // no failure is shown before it. Leaving then asks about it.
            if changedOnDisk {
                banner = shown
                update.effects.append(.readChangedFile(menu.path))
            } else {
                advanceLeaving(&update, fromCloseRequest: false)
            }
        case .fileChanged(let path, let result, let savesEndedBefore):
            // A read begun before the app's own last save may have met that save's write half done or just done.
            guard savesEndedBefore == savesEnded else { return update }
            fileChanged(path, result, &update)
        case .searchTyped(let query):
            guard reading == nil else { return update }
            if menu.needsFoldedNames && folding == .idle {
                folding = .running(awaitingQuery: nil)
                update.effects.append(.foldNames(menu.menu.pizzas))
            }
            if case .running = folding, menu.foldsNames(toSearchFor: query) {
                folding = .running(awaitingQuery: query)
                return update
            }
            if case .running = folding { folding = .running(awaitingQuery: nil) }
            apply(menu.handle(.search(query)), to: &update)
        case .searchClosed:
            if case .running = folding { folding = .running(awaitingQuery: nil) }
            apply(menu.handle(.endSearch), to: &update)
        case .namesFolded(let names, let pizzas):
            let waiting: String? = if case .running(let query) = folding { query } else { nil }
            folding = .idle
            // Refused if the menu was edited meanwhile: the waiting query then folds the names itself.
            apply(menu.handle(.namesFolded(names, from: pizzas)), to: &update)
            if let waiting { apply(menu.handle(.search(waiting)), to: &update) }
        case .toastPressed(let action):
            apply(menu.handle(action == .undo ? .undo : .redo), to: &update, fromToast: true)
            update.effects.append(.focus(.list))
        case .saveAgain:
            // Saving again would only meet the other program's file again: its question has the real choices,
            // unless nothing here is missing from the file any more, which is then read.
            if let changedOnDisk, question == nil {
                if hasWorkNotInFile { ask(.fileChangedOnDisk, &update) } else { reload(changedOnDisk, &update) }
                return update
            }
            if case .saveFailed = banner { banner = nil }
            if case .brokenOnDisk = banner { banner = nil }
            if case .deletedOnDisk(let path, _) = banner { banner = .deletedOnDisk(path: path, savedAgain: false) }
            saveNow(&update)
        case .saveAsRequested:
            startSaveAs(reasking: nil, &update)
        case .saveAsChosen(let path):
            saveAsChosen(path, &update)
        case .savedAs(let path, let revision, let next):
            guard copying == .writing(path: path, revision: revision) else { return update }
            copying = nil
            expectedFile = next ?? .anything
            isReadOnly = false
            changedOnDisk = nil
            isLostOnDisk = false
            keepsBrokenFileOnSave = false
            banner = nil
            recentFiles.opened(path)
            apply(menu.handle(.savedAs(path: path, revision: revision)), to: &update)
            update.effects += [.keepRecentFiles(recentFiles), .watchFile(path), .toast(Toast(message: .savedAs(path: path), action: nil))]
            saveIfNeeded(&update)
            advanceLeaving(&update, fromCloseRequest: false)
        case .saveAsFailed(let path, let reason):
            guard case .writing(path, _) = copying else { return update }
            copying = nil
            // Nothing is left with changes that are in no file: the user tries another file, or another way.
            leaving = nil
            banner = .copyFailed(path: path, reason: reason)
        case .bannerDismissed:
            banner = nil
        case .newPizzaOpened:
            newPizza = NewPizza()
        case .newPizzaTyped(let typed):
            if newPizza != nil { newPizza = typed }
        case .newPizzaClosed:
            newPizza = nil
        case .newPizzaCancelled:
            settleNewPizza(&update)
        case .moveSelected(let offset):
            guard let id = menu.selection, let index = menu.selectedIndex else { return update }
            return handle(.menu(.move(id, to: index + offset)))
        case .fieldLeft:
            apply(menu.handle(.commitTyped), to: &update, movesFocus: false)
        case .exportRequested(let path, let format):
            guard reading == nil, exportingTo == nil else { return update }
            exportingTo = path
            switch format {
            case .csv: update.effects.append(.exportPriceList(menu: menu.menu, from: menu.path, to: path))
            case .pdf: update.effects.append(.exportPDF(menu: menu.menu, shown: pizzasOnPaper, from: menu.path, to: path))
            }
        case .printFailed(let reason):
            update.effects.append(.toast(Toast(message: .printFailed(reason: reason), action: nil)))
        case .exportTakingLong:
            exportIsSlow = exportingTo != nil
        case .exportProgressed(let fraction):
            if exportingTo != nil { exportFraction = min(max(fraction, 0), 1) }
        case .exportCancelRequested:
            if exportingTo != nil { update.effects.append(.cancelExport) }
        case .exportCancelled(let path):
            endExport()
            update.effects.append(.toast(Toast(message: .exportCancelled(path: path), action: nil)))
        case .exportFinished(let path, let failure):
            endExport()
            if failure == nil { lastExport = path }
            let message: Toast.Message = failure.map { .exportFailed(path: path, reason: $0) } ?? .exported(path: path)
            update.effects.append(.toast(Toast(message: message, action: nil)))
        case .priceListOpened:
            if priceList == nil { priceList = PriceList() }
            update.effects.append(.presentPriceList)
        case .priceListSorted(let sort):
            if priceList != nil { priceList?.sort = sort }
        case .priceListClosed:
            priceList = nil
        case .closeRequested:
            if !mayClose {
                if leaving == nil { leaving = .close }
                advanceLeaving(&update, fromCloseRequest: true)
            }
        case .openRequested(let path, let result, let selectedName):
            guard path != menu.path else {
                update.effects.append(.presentWindow)
                return update
            }
            if let problem = result.problem {
                banner = .couldNotOpen(path: path, problem: problem)
                update.effects.append(.presentWindow)
                return update
            }
            if leaving == nil || leaving?.isClose == false {
                leaving = .open(path: path, reading: result, selectedName: selectedName)
            }
            advanceLeaving(&update, fromCloseRequest: false)
        case .answered(let answer):
            guard let question else { return update }
            self.question = nil
            answered(question, answer, &update)
        }
        return update
    }

    // MARK: What a session change means for the window

    private mutating func endExport() {
        exportingTo = nil
        exportFraction = 0
        exportIsSlow = false
    }

    private mutating func apply(_ change: SessionChange, to update: inout Update, fromToast: Bool = false,
                                movesFocus: Bool = true) {
        update.rows = update.rows.merged(with: change.rows)
        update.selectionChanged = update.selectionChanged || change.selectionChanged || change.rows != .unchanged
        update.error = change.error ?? update.error
        if change.draftRefused && movesFocus {
            update.refused = true
            update.effects.append(.showDetailPage)
            update.effects.append(.focus(menu.nameError != nil ? .nameField
                : menu.textErrors.keys.sorted().first.map { .textField($0) } ?? .priceField))
        }
        if let notice = change.notice {
            notify(notice, &update, fromToast: fromToast)
        } else if change.needsSave || change.rows == .reload && change.saveStatusChanged {
            update.effects.append(.dismissToast)
        }
        if change.needsSave { saveIfNeeded(&update) }
    }

    private mutating func notify(_ notice: SessionChange.Notice, _ update: inout Update, fromToast: Bool) {
        switch notice {
        case .deleted(let name):
            update.effects.append(.toast(Toast(message: .deleted(name: name), action: .undo)))
        case .undid(let edit):
            // No button where the one just pressed was: a second click would take the edit back again.
            update.effects.append(.toast(Toast(message: .undid(edit), action: fromToast ? nil : .redo)))
        case .redid(let edit):
            update.effects.append(.toast(Toast(message: .redid(edit), action: fromToast ? nil : .undo)))
        case .nothingToUndo:
            update.effects.append(.toast(Toast(message: .nothingToUndo, action: nil)))
        case .nothingToRedo:
            update.effects.append(.toast(Toast(message: .nothingToRedo, action: nil)))
        case .revertedPrice:
            break
        case .saveFailed(let reason):
            banner = .saveFailed(reason: reason)
        case .saveRecovered:
            if case .saveFailed = banner { banner = nil }
        case .keptBrokenFile(let path):
            banner = .keptBrokenFile(path: path)
        }
    }

    // MARK: Saving: one write at a time, the newest menu next

    private mutating func saveIfNeeded(_ update: inout Update) {
        guard savingRevision == nil, menu.revision != menu.savedRevision, !isSaveFailed else { return }
        saveNow(&update)
    }

    private var isWritingCopy: Bool { if case .writing = copying { true } else { false } }

    private var isSaveFailed: Bool { if case .failed = menu.saveStatus { true } else { false } }

    /// Writes the menu to its file, unless the file is read-only (the bar then says so again, and offers a
    /// copy) or Save As is writing it elsewhere (which goes on with the newest menu once done).
    private mutating func saveNow(_ update: inout Update) {
        guard savingRevision == nil, !isWritingCopy else { return }
        guard !isReadOnly else {
            banner = .readOnly(path: menu.path)
            return
        }
        savingRevision = menu.revision
        update.effects.append(.save(menu: menu.menu, revision: menu.revision, path: menu.path,
                                    keepBrokenFile: menu.mustKeepBrokenFile || keepsBrokenFileOnSave, expecting: expectedFile))
    }

    // MARK: Save As: a copy elsewhere, which is the open file from then on

    /// Asks which file to write; `reasking` is the question asked again if the user cancels.
    private mutating func startSaveAs(reasking: Question?, _ update: inout Update) {
        guard copying == nil, reading == nil else { return }
        copying = .choosing(reasking: reasking)
        update.effects.append(.chooseSaveAsFile(from: menu.path))
    }

    private mutating func saveAsChosen(_ path: FilePath?, _ update: inout Update) {
        guard case .choosing(let reasking) = copying else { return }
        copying = nil
        guard let path else {
            // What the question asked still stands.
            if let reasking { ask(reasking, &update) }
            return
        }
        if case .copyFailed = banner { banner = nil }
        copying = .writing(path: path, revision: menu.revision)
        update.effects.append(.saveAs(menu: menu.menu, revision: menu.revision, path: path))
    }

    // MARK: Another program's change to the file

    /// Reloads a file another program changed when nothing here is unsaved (keeping the chosen pizza by name);
    /// otherwise asks. The app's own writes are not changes: the file is then the one it expects. While a save
    /// runs, its outcome tells (it refuses to overwrite a changed file).
    private mutating func fileChanged(_ path: FilePath, _ result: MenuReading, _ update: inout Update) {
        guard path == menu.path, reading == nil, savingRevision == nil else { return }
        guard result.expected != expectedFile else {
            // A save refused as changed on disk waited for this read to say so; with nothing changed after all,
            // the failure is shown with its Try Again.
            if case .failed(let reason) = menu.saveStatus, banner == nil { banner = .saveFailed(reason: reason) }
            if question == nil { advanceLeaving(&update, fromCloseRequest: false) }
            return
        }
        if result.isNewFile, case .version = expectedFile {
            lostOnDisk(banner: .deletedOnDisk(path: menu.path, savedAgain: false), expecting: .nothing, &update)
            return
        }
        if let problem = result.problem {
            keepsBrokenFileOnSave = true
            lostOnDisk(banner: .brokenOnDisk(path: menu.path, problem: problem), expecting: result.expected, &update)
            return
        }
        if hasWorkNotInFile {
            changedOnDisk = result
            banner = .changedOnDisk(path: menu.path)
            // A question over a field being typed in would take its focus: the bar says it, and the question
            // comes when the typing is applied (its save meets the other file), on leaving, or from the bar.
            // While Save As runs the user has answered already: a cancel asks again, with this file.
            if menu.hasUnsavedChanges && question == nil && copying == nil { ask(.fileChangedOnDisk, &update) }
            return
        }
        reload(result, &update)
        if question == nil { advanceLeaving(&update, fromCloseRequest: false) }
    }

    /// Changes not in the file: edits not saved yet, or a field being typed in.
    private var hasWorkNotInFile: Bool { menu.hasUnsavedChanges || menu.nameDraft != nil || menu.hasDraft }

    /// Nothing is left on disk to reload (the file is gone, or unreadable): the menu stays as shown, never
    /// replaced by the default one, and changes not yet saved (a save refused because of that file) are
    /// written there again at once. Leaving asks first until it is saved somewhere.
    private mutating func lostOnDisk(banner: Banner, expecting: ExpectedFile, _ update: inout Update) {
        changedOnDisk = nil
        expectedFile = expecting
        isLostOnDisk = true
        self.banner = banner
        if menu.hasUnsavedChanges { saveNow(&update) }
        if question == nil { advanceLeaving(&update, fromCloseRequest: false) }
    }

    private mutating func reload(_ result: MenuReading, _ update: inout Update) {
        changedOnDisk = nil
        isLostOnDisk = false
        keepsBrokenFileOnSave = false
        expectedFile = result.expected
        isReadOnly = result.isReadOnly
        banner = Self.banner(for: result, at: menu.path, ownMenuPath: ownMenuPath)
        apply(menu.handle(.open(path: menu.path, menu: result.menu, loadProblem: result.problem,
                                selectedName: menu.selectedPizza?.name)), to: &update)
    }

    // MARK: Leaving the menu: closing, or opening another file

    /// Goes as far as it can towards leaving: the typed name and price applied, the running save finished,
    /// and changes that could not be saved saved again or discarded by the user. A typed value that cannot be
    /// applied, or changes that could not be saved, stop it with a question.
    private mutating func advanceLeaving(_ update: inout Update, fromCloseRequest: Bool) {
        guard let leaving else { return }
        if let question {
            update.effects.append(.ask(question))
            return
        }
        guard settleNewPizza(&update) else { return }
        if menu.hasDraft {
            let change = menu.handle(.commitTyped)
            apply(change, to: &update)
            if change.draftRefused {
                let text = menu.textErrors.sorted { $0.key < $1.key }.first
                ask(menu.nameError.map { .discardTypedName(name: menu.nameDraft ?? "", error: $0) }
                        ?? text.map { .discardTypedText(key: $0.key, text: menu.textDrafts[$0.key] ?? "", error: $0.value) }
                        ?? .discardTypedPrice(text: menu.priceDraft ?? "", error: menu.priceError), &update)
                return
            }
        }
        if savingRevision != nil {
            banner = .saving
            return
        }
        if isWritingCopy { return }
        if case .saving = banner { banner = nil }
        // The question about the other program's change, never a general one that only leads to it.
        if changedOnDisk != nil && menu.hasUnsavedChanges {
            ask(.fileChangedOnDisk, &update)
            return
        }
        if menu.hasUnsavedChanges && isReadOnly {
            ask(.readOnlyChanges(isClosing: leaving.isClose), &update)
            return
        }
        if menu.hasUnsavedChanges {
            var failure: String?
            if case .failed(let reason) = menu.saveStatus { failure = reason }
            ask(.unsavedChanges(isClosing: leaving.isClose, failure: failure), &update)
            return
        }
        if isLostOnDisk {
            ask(.lostOnDisk(path: menu.path, isClosing: leaving.isClose), &update)
            return
        }
        self.leaving = nil
        leave(to: leaving, &update, fromCloseRequest: fromCloseRequest)
    }

    /// Closes the New Pizza dialog when nothing is typed there; otherwise asks first. Returns whether it is closed.
    @discardableResult
    private mutating func settleNewPizza(_ update: inout Update) -> Bool {
        guard let newPizza else { return true }
        guard newPizza.isEmpty else {
            ask(.discardNewPizza(newPizza), &update)
            return false
        }
        self.newPizza = nil
        update.effects.append(.closeNewPizza)
        return true
    }

    private mutating func ask(_ question: Question, _ update: inout Update) {
        self.question = question
        update.effects.append(.ask(question))
    }

    private mutating func leave(to leaving: Leaving, _ update: inout Update, fromCloseRequest: Bool) {
        // While the file is still read and no pizza is chosen, the one chosen last time is still the one to choose next time.
        update.effects.append(.saveWindowState(path: menu.path, pizzaName: menu.selectedPizza?.name ?? reading?.selectedName))
        switch leaving {
        case .close:
            mayClose = true
            // GTK ignores a close from inside its own close request: the request is simply not stopped.
            if !fromCloseRequest { update.effects.append(.closeWindow) }
        case .open(let path, let result, let selectedName):
            reading = nil
            folding = .idle
            isLostOnDisk = false
            keepsBrokenFileOnSave = false
            expectedFile = result.expected
            isReadOnly = result.isReadOnly
            recentFiles.opened(path)
            update.effects.append(.keepRecentFiles(recentFiles))
            banner = Self.banner(for: result, at: path, ownMenuPath: ownMenuPath)
            update.effects.append(.switchedMenu(to: path))
            apply(menu.handle(.open(path: path, menu: result.menu, loadProblem: nil, selectedName: selectedName)),
                  to: &update)
            update.effects.append(.focus(.list))
            update.effects.append(.presentWindow)
        }
    }

    private mutating func answered(_ question: Question, _ answer: Answer, _ update: inout Update) {
        switch (question, answer) {
        case (.discardTypedName, .discard):
            apply(menu.handle(.revertName), to: &update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.discardTypedText(let key, _, _), .discard):
            apply(menu.handle(.revertText(key: key)), to: &update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.discardTypedText(let key, _, _), _):
            leaving = nil
            update.effects.append(.showDetailPage)
            update.effects.append(.focus(.textField(key)))
        case (.discardTypedPrice, .discard):
            apply(menu.handle(.revertPrice), to: &update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.discardTypedName, _):
            leaving = nil
            update.effects.append(.showDetailPage)
            update.effects.append(.focus(.nameField))
        case (.discardTypedPrice, _):
            leaving = nil
            update.effects.append(.showDetailPage)
            update.effects.append(.focus(.priceField))
        case (.unsavedChanges, .tryAgain):
            saveNow(&update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.unsavedChanges, .discard), (.readOnlyChanges, .discard):
            if let leaving {
                self.leaving = nil
                leave(to: leaving, &update, fromCloseRequest: false)
            }
        case (.unsavedChanges, .cancel), (.lostOnDisk, .cancel):
            leaving = nil
        case (.unsavedChanges, .saveAs), (.lostOnDisk, .saveAs):
            startSaveAs(reasking: question, &update)
        case (.lostOnDisk, .tryAgain):
            saveNow(&update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.lostOnDisk, .discard):
            isLostOnDisk = false
            advanceLeaving(&update, fromCloseRequest: false)
        case (.discardNewPizza, .discard):
            newPizza = nil
            update.effects.append(.closeNewPizza)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.discardNewPizza, _):
            leaving = nil
            update.effects.append(.presentNewPizza)
        case (.fileChangedOnDisk, .discard):
            if let changedOnDisk { reload(changedOnDisk, &update) }
            advanceLeaving(&update, fromCloseRequest: false)
        case (.fileChangedOnDisk, .tryAgain):
            // Overwrites the file as it was read just now, and no later change.
            if let changedOnDisk { expectedFile = changedOnDisk.expected }
            changedOnDisk = nil
            if case .saveFailed = banner { banner = nil }
            if case .changedOnDisk = banner { banner = nil }
            saveNow(&update)
            advanceLeaving(&update, fromCloseRequest: false)
        case (.fileChangedOnDisk, .saveAs), (.readOnlyChanges, .saveAs):
            startSaveAs(reasking: question, &update)
        case (.fileChangedOnDisk, .cancel):
            leaving = nil
        case (.readOnlyChanges, _):
            leaving = nil
        }
    }

    /// Where an export dialog opens: where the last export went; else beside the open file, unless that is the
    /// user's own menu in its hidden data folder, whose place is no place for a price list: then `documents`
    /// (the user's Documents folder, when there is one), else `home`.
    public func exportFolder(documents: FilePath?, home: FilePath) -> FilePath {
        if let lastExport { return lastExport.folder }
        if menu.path != ownMenuPath { return menu.path.folder }
        return documents ?? home
    }

    // MARK: What the window shows, derived

    /// What the window shows, computed from the state; the window applies what differs from the last one.
    public var view: ViewState {
        ViewState(
            fileName: menu.path == ownMenuPath ? nil : menu.path,
            fileFolder: menu.path == ownMenuPath ? nil : recentFiles.distinguishingFolder(of: menu.path),
            recentFiles: recentFiles.offered(whileOpen: menu.path),
            emptyList: reading != nil ? .reading(menu.path) : menu.search != nil ? .noMatches : .noPizzas,
            canUndo: menu.canUndo, canRedo: menu.canRedo, canAdd: reading == nil, canSearch: reading == nil,
            canExport: reading == nil && exportingTo == nil,
            exportProgress: exportingTo != nil && exportIsSlow ? exportFraction : nil,
            detail: DetailState(
                pizza: menu.selectedPizza, name: menu.nameDraft ?? menu.selectedPizza?.name ?? "",
                price: menu.priceDraft ?? menu.selectedPizza.map { menu.priceFieldText($0.pricePerSquareInch) } ?? "",
                nameError: menu.nameError, priceError: menu.priceError, textDrafts: menu.textDrafts, textErrors: menu.textErrors,
                isMenuEmpty: menu.menu.pizzas.isEmpty, isReading: reading != nil, measures: menu.menu.measures),
            selection: menu.selection, searchQuery: menu.search?.query, banner: banner, priceList: priceList)
    }

    public struct ViewState: Equatable, Sendable {
        /// The open file when it is not the user's own menu (the title names it).
        public var fileName: FilePath?
        /// The open file's folder, when another recent file has the same name (the title names it too).
        public var fileFolder: FilePath?
        /// What Open Recent offers: the files opened last but the open one, the user's own menu first.
        public var recentFiles: [FilePath]
        public var emptyList: EmptyList
        public var canUndo: Bool
        public var canRedo: Bool
        public var canAdd: Bool
        /// Search is offered: the whole menu is read.
        public var canSearch: Bool
        /// Export CSV is offered: the menu is read and no export is running.
        public var canExport: Bool
        /// How far the export has come, shown with Cancel once it has taken half a second; nil shows nothing.
        public var exportProgress: Double?
        public var detail: DetailState
        public var selection: PizzaID?
        /// The search bar's query while it is open.
        public var searchQuery: String?
        public var banner: Banner?
        /// The price list, while it is open.
        public var priceList: PriceList?
    }

    /// What the list pane says when it has no rows.
    public enum EmptyList: Equatable, Sendable {
        case reading(FilePath)
        case noMatches
        case noPizzas
    }

    public struct DetailState: Equatable, Sendable {
        public var pizza: Pizza?
        /// What the name and price fields read: typed text not yet applied, or the pizza's own.
        public var name: String
        public var price: String
        public var nameError: MenuError?
        public var priceError: MenuError?
        /// Text typed in the pizza's other text fields ("description") and why it was refused, by key.
        public var textDrafts: [String: String] = [:]
        public var textErrors: [String: MenuError] = [:]
        /// With no pizzas at all the detail says how to add one (a search that matches nothing still offers sizes).
        public var isMenuEmpty: Bool
        public var isReading: Bool
        /// The menu's currency and unit, which the detail's lines and labels follow.
        public var measures: MenuMeasures = .standard

        /// Nothing chosen and nothing typed.
        public static let empty = DetailState(pizza: nil, name: "", price: "", nameError: nil, priceError: nil,
                                              isMenuEmpty: false, isReading: false)

        /// What the text field `key` reads: typed text not yet applied, or the pizza's own (nothing when it has none).
        public func text(_ key: String) -> String {
            textDrafts[key] ?? pizza?.text(key) ?? ""
        }
    }
}
