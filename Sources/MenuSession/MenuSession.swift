import PizzaModel

/// Where the open menu stands against its file.
public enum SaveStatus: Equatable, Sendable {
    /// The file holds what the window shows.
    case saved
    /// A change is being written.
    case saving
    /// The last save failed; the change is kept in memory.
    case failed(reason: String)
}

/// The open menu file as the user edits it: the menu, the chosen pizza (by identity, never by position),
/// the undo and redo history, a price typed but not yet committed, and the save status. Events go in;
/// each returns a `SessionChange` that says what the window must show again. Nothing here knows GTK.
public struct MenuSession: Sendable {
    public private(set) var path: FilePath
    public private(set) var menu: Menu
    /// Choosing another pizza puts away what was typed for the one before (it was committed first).
    public private(set) var selection: PizzaID? {
        didSet {
            guard selection != oldValue else { return }
            priceDraft = nil
            textDrafts = [:]
            priceError = nil
            textErrors = [:]
        }
    }
    /// A price typed into the selected pizza's field and not yet committed.
    public private(set) var priceDraft: String?
    /// Text typed over the selected pizza's text fields and not yet applied, by the field's key in the file
    /// ("name", "description").
    public private(set) var textDrafts: [String: String] = [:]
    /// Why a typed text was refused, by the field's key, shown beside it until it is typed again or put back.
    public private(set) var textErrors: [String: MenuError] = [:]
    /// A name typed over the selected pizza's and not yet applied.
    public var nameDraft: String? { textDrafts[Menu.nameKey] }
    /// Why the typed price was refused, shown beside it until it is typed again or put back.
    public private(set) var priceError: MenuError?
    /// Why the typed name was refused, shown beside it until it is typed again or put back.
    public var nameError: MenuError? { textErrors[Menu.nameKey] }
    public private(set) var undoHistory: [MenuEdit] = []
    public private(set) var redoHistory: [MenuEdit] = []
    /// Counts changes to the menu; each save is of one revision.
    public private(set) var revision = 0
    /// The newest revision known to be in the file.
    public private(set) var savedRevision = 0
    private var saveFailure: String?
    /// Why the file could not be read when it was opened (the default menu is shown instead).
    public private(set) var loadProblem: String?
    /// Where the unreadable file was moved once a change replaced it.
    public private(set) var keptBrokenFilePath: FilePath?
    private var identities: PizzaIdentities
    /// The search bar's query and the rows it shows, while the bar is open.
    public private(set) var search: MenuSearch?
    /// The names folded for search, made at the first search and kept in step with every edit after it.
    private var foldedNames: FoldedNames?
    /// The largest file the menu may be written as: what the reader reads. An edit that would make it
    /// larger is refused.
    public let sizeLimit: Int
    /// How the user's locale writes the price field's number; the file always uses a point.
    public let numberFormat: NumberFormat

    public init(path: FilePath, menu: Menu, loadProblem: String? = nil, selectedName: String? = nil,
                sizeLimit: Int = MenuFile.maximumFileSize, numberFormat: NumberFormat = .c) {
        self.path = path
        self.numberFormat = numberFormat
        self.menu = menu
        self.sizeLimit = sizeLimit
        self.loadProblem = loadProblem
        identities = PizzaIdentities(count: menu.pizzas.count)
        selection = selectedName.flatMap { menu.index(ofPizzaNamed: $0) }.flatMap { identities.id(at: $0) }
    }

    // MARK: Reading

    /// A price as the price field shows it: the file's digits, written the locale's way (`0,05`).
    public func priceFieldText(_ price: Double) -> String {
        numberFormat.localized(MenuFile.number(price))
    }

    public var saveStatus: SaveStatus {
        if let saveFailure { return .failed(reason: saveFailure) }
        return savedRevision == revision ? .saved : .saving
    }

    /// Whether the window shows changes that are not (yet) in the file.
    public var hasUnsavedChanges: Bool { savedRevision != revision }

    /// Whether the next save must first move the unreadable file aside.
    public var mustKeepBrokenFile: Bool { loadProblem != nil && keptBrokenFilePath == nil }

    public var selectedIndex: Int? { selection.flatMap { identities.index(of: $0) } }

    public var selectedPizza: Pizza? { selectedIndex.map { menu.pizzas[$0] } }

    public func id(at index: Int) -> PizzaID? { identities.id(at: index) }

    public func index(of id: PizzaID) -> Int? { identities.index(of: id) }

    // MARK: Rows: the whole menu, or the pizzas a search leaves

    /// How many rows the list shows.
    public var rowCount: Int { search?.shown?.count ?? menu.pizzas.count }

    /// The menu index of the pizza shown at `row`.
    public func menuIndex(atRow row: Int) -> Int? {
        guard row >= 0 && row < rowCount else { return nil }
        return search?.menuIndex(atRow: row) ?? row
    }

    /// The row that shows the pizza at menu index `index`, if the search shows it.
    public func row(ofMenuIndex index: Int) -> Int? {
        guard menu.pizzas.indices.contains(index) else { return nil }
        return search.map { $0.row(ofMenuIndex: index) } ?? index
    }

    public func id(atRow row: Int) -> PizzaID? { menuIndex(atRow: row).flatMap(identities.id(at:)) }

    public func row(of id: PizzaID) -> Int? { identities.index(of: id).flatMap(row(ofMenuIndex:)) }

    /// Whether no names are folded for search yet (see `Event.namesFolded`).
    public var needsFoldedNames: Bool { foldedNames == nil }

    /// Whether searching for `query` now would fold every name first.
    public func foldsNames(toSearchFor query: String) -> Bool {
        foldedNames == nil && !MenuSearch.fold(query).isEmpty
    }

    /// A search is typed and no pizza matches it.
    public var hasNoMatches: Bool { search?.isFiltering == true && rowCount == 0 }

    public var canUndo: Bool { hasDraft || !undoHistory.isEmpty }

    /// A name or price is typed and not yet applied.
    public var hasDraft: Bool { priceDraft != nil || !textDrafts.isEmpty }

    public var canRedo: Bool { !redoHistory.isEmpty }

    // MARK: Events

    public enum Event: Sendable {
        /// Add a pizza at the end, from what was typed in the New Pizza dialog.
        case add(name: String, priceText: String)
        case delete(PizzaID)
        case rename(PizzaID, to: String)
        /// A text field of a pizza (`key` as the file names it: "description") now reads `text`; nothing but
        /// spaces leaves an optional field out. The name's key renames.
        case editText(PizzaID, key: String, to: String)
        /// Move a pizza so that it ends up at `index`.
        case move(PizzaID, to: Int)
        case undo
        case redo
        /// Choose a pizza, or none. A price typed for the pizza being left is committed first.
        case select(PizzaID?)
        /// The selected pizza's price field now reads `text`.
        case typePrice(String)
        /// Enter, leaving the field, or leaving the pizza: the typed price becomes the pizza's price.
        case commitPrice
        /// Escape in the price field: back to the pizza's price.
        case revertPrice
        /// The selected pizza's name field now reads `text`.
        case typeName(String)
        /// The selected pizza's text field `key` ("description"; "name" is `typeName`) now reads `text`.
        case typeText(key: String, String)
        /// Enter, or leaving the field or the pizza: the typed text becomes the pizza's.
        case commitText(key: String)
        /// Escape in the field: back to the pizza's text.
        case revertText(key: String)
        /// Enter, Rename, leaving the field, or leaving the pizza: the typed name becomes the pizza's name.
        case commitName
        /// Escape in the name field: back to the pizza's name.
        case revertName
        /// Leaving the pizza's detail or the menu: the typed name, then the typed price, are applied.
        case commitTyped
        case saveFinished(revision: Int, keptBrokenFileAt: FilePath?)
        case saveFailed(revision: Int, reason: String)
        /// The menu as of `revision` was written to `path`, which is the open file from now on (Save As).
        case savedAs(path: FilePath, revision: Int)
        /// The search bar reads `query`: the list shows the pizzas whose names contain it. The selection
        /// stays, shown in the detail, even when its pizza does not match.
        case search(String)
        /// The search bar closed: every pizza is shown again, the selection as it was.
        case endSearch
        /// Names folded for search from `pizzas`, elsewhere (on another thread, so that the first letter
        /// typed does not wait for a million names): kept when `pizzas` is still the menu's list, unedited.
        case namesFolded(FoldedNames, from: PizzaList)
        /// Another menu file is open now; its history starts empty.
        case open(path: FilePath, menu: Menu, loadProblem: String?, selectedName: String?)
        /// The file being read gave `menu`, its rows so far or all of them, which begin with the rows shown, unedited:
        /// the rows after them are added, the pizza chosen stays chosen, and with none chosen the one called
        /// `selectedName` (chosen last time) is chosen once it is among them.
        case readMore(Menu, selectedName: String?)
    }

    public mutating func handle(_ event: Event) -> SessionChange {
        switch event {
        case .add(let name, let priceText):
            let price: Double
            do throws(MenuError) { price = try Menu.parsePrice(priceText, format: numberFormat) } catch { return SessionChange(error: error) }
            var change = SessionChange()
            guard settleDraft(&change) else { return change }
            let id = identities.makeID()
            let pizza = Pizza(name: name, pricePerSquareInch: price)
            change.merge(record(MenuEdit(pizza: id, kind: .add(pizza, at: menu.pizzas.count))))
            if change.error == nil {
                selection = id
                change.selectionChanged = true
                endSearchIfSelectionHidden(&change)
            }
            return change
        case .delete(let id):
            guard let index = identities.index(of: id) else { return SessionChange() }
            if id == selection { clearDrafts() }
            let pizza = menu.pizzas[index]
            var change = record(MenuEdit(pizza: id, kind: .delete(pizza, at: index)))
            if change.error == nil { change.notice = .deleted(name: pizza.name) }
            return change
        case .rename(let id, let name):
            guard let index = identities.index(of: id) else { return SessionChange() }
            let old = menu.pizzas[index].name
            guard old != name else { return SessionChange() }
            return record(MenuEdit(pizza: id, kind: .rename(from: old, to: name)))
        case .editText(let id, let key, let text):
            if key == Menu.nameKey { return handle(.rename(id, to: text)) }
            guard let index = identities.index(of: id) else { return SessionChange() }
            var edited = menu
            do throws(MenuError) { try edited.setText(key, at: index, to: text) } catch { return SessionChange(error: error) }
            guard edited.pizzas[index] != menu.pizzas[index] else { return SessionChange() }
            let name = menu.pizzas[index].name
            return record(MenuEdit(pizza: id, kind: .setText(key: key, name: name, from: menu.text(key, at: index), to: text)))
        case .move(let id, let destination):
            guard let index = identities.index(of: id), index != destination,
                  menu.pizzas.indices.contains(destination) else { return SessionChange() }
            // A name typed and not yet applied is applied first, so that Undo takes the move back before it.
            var change = SessionChange()
            guard settleDraft(&change) else { return change }
            change.merge(record(MenuEdit(pizza: id, kind: .move(name: menu.pizzas[index].name, from: index, to: destination))))
            return change
        case .undo:
            if hasDraft { return revertDrafts() }
            return step(undoing: true)
        case .redo:
            if hasDraft { return revertDrafts() }
            return step(undoing: false)
        case .select(let id):
            let target = id.flatMap { identities.index(of: $0) != nil ? $0 : nil }
            var change = SessionChange()
            guard target != selection else { return change }
            guard settleDraft(&change) else { return change }
            selection = target
            change.selectionChanged = true
            return change
        case .typePrice(let text):
            return type(text, over: selectedPizza.map { priceFieldText($0.pricePerSquareInch) }, \.priceDraft, \.priceError)
        case .commitPrice:
            var change = SessionChange()
            _ = settlePrice(&change)
            return change
        case .revertPrice:
            return revertPrice()
        case .typeName(let text):
            return handle(.typeText(key: Menu.nameKey, text))
        case .typeText(let key, let text):
            return type(text, over: selectedIndex.map { menu.text(key, at: $0) ?? "" }, \.textDrafts[key], \.textErrors[key])
        case .commitName:
            return handle(.commitText(key: Menu.nameKey))
        case .commitText(let key):
            var change = SessionChange()
            _ = settleText(key, &change)
            return change
        case .commitTyped:
            var change = SessionChange()
            _ = settleDraft(&change)
            return change
        case .revertName:
            return handle(.revertText(key: Menu.nameKey))
        case .revertText(let key):
            guard textDrafts[key] != nil || textErrors[key] != nil else { return SessionChange() }
            textDrafts[key] = nil
            textErrors[key] = nil
            return SessionChange(selectedPizzaChanged: true)
        case .saveFinished(let saved, let kept):
            savedRevision = max(savedRevision, saved)
            var change = SessionChange(saveStatusChanged: true)
            if saveFailure != nil {
                saveFailure = nil
                change.notice = .saveRecovered
            }
            if let kept, keptBrokenFilePath == nil {
                keptBrokenFilePath = kept
                change.notice = .keptBrokenFile(path: kept)
            }
            return change
        case .saveFailed(_, let reason):
            saveFailure = reason
            return SessionChange(notice: .saveFailed(reason: reason), saveStatusChanged: true)
        case .savedAs(let path, let saved):
            self.path = path
            savedRevision = max(savedRevision, saved)
            saveFailure = nil
            // The new file holds a good menu: nothing of the old one's is kept aside.
            loadProblem = nil
            keptBrokenFilePath = nil
            return SessionChange(saveStatusChanged: true)
        case .search(let query):
            var change = SessionChange(searchChanged: true)
            var search = self.search ?? MenuSearch()
            // The names are folded once, for the first query that needs them (unless handed in before).
            if foldsNames(toSearchFor: query) { foldedNames = FoldedNames(menu.pizzas) }
            if search.change(to: query, names: foldedNames) {
                change.rows = .reload
                change.selectionChanged = true
            }
            self.search = search
            return change
        case .endSearch:
            guard let search else { return SessionChange() }
            self.search = nil
            return SessionChange(rows: search.isFiltering ? .reload : .unchanged,
                                 selectionChanged: search.isFiltering, searchChanged: true)
        case .namesFolded(let names, let pizzas):
            if foldedNames == nil && menu.pizzas.isUnedited(since: pizzas) { foldedNames = names }
            return SessionChange()
        case .open(let path, let menu, let loadProblem, let selectedName):
            let wasSearching = search != nil
            self = MenuSession(path: path, menu: menu, loadProblem: loadProblem, selectedName: selectedName, sizeLimit: sizeLimit,
                               numberFormat: numberFormat)
            return SessionChange(rows: .reload, selectionChanged: true, selectedPizzaChanged: true, saveStatusChanged: true,
                                 searchChanged: wasSearching)
        case .readMore(let more, let selectedName):
            let shown = menu.pizzas.count, chosen = selection
            self = MenuSession(path: path, menu: more, sizeLimit: sizeLimit, numberFormat: numberFormat)
            // A fresh session numbers its rows by position, so the rows shown keep their identities.
            selection = chosen ?? selectedName.flatMap { more.index(ofPizzaNamed: $0, from: shown) }.flatMap { identities.id(at: $0) }
            let added = more.pizzas.count - shown
            return SessionChange(rows: added > 0 ? .replaced(at: shown, removed: 0, added: added) : .unchanged,
                                 selectionChanged: selection != chosen, selectedPizzaChanged: true)
        }
    }

    // MARK: Applying edits

    /// Applies a new edit, clears the redo history and asks for a save.
    private mutating func record(_ edit: MenuEdit) -> SessionChange {
        var change = SessionChange()
        do throws(MenuError) {
            change = try apply(edit)
        } catch {
            return SessionChange(error: error)
        }
        undoHistory.append(normalized(edit))
        redoHistory.removeAll()
        change.historyChanged = true
        return change
    }

    /// The edit with names as the menu stored them (trimmed), so that its summary reads right.
    private func normalized(_ edit: MenuEdit) -> MenuEdit {
        guard let index = identities.index(of: edit.pizza) else { return edit }
        var result = edit
        switch edit.kind {
        case .add(_, let at): result.kind = .add(menu.pizzas[index], at: at)
        case .rename(let old, _): result.kind = .rename(from: old, to: menu.pizzas[index].name)
        case .setText(let key, let name, let old, _): result.kind = .setText(key: key, name: name, from: old, to: menu.text(key, at: index))
        default: break
        }
        return result
    }

    /// Undoes the newest edit, or redoes the newest undone one, and selects the pizza it concerned.
    private mutating func step(undoing: Bool) -> SessionChange {
        guard let edit = undoing ? undoHistory.last : redoHistory.last else {
            return SessionChange(notice: undoing ? .nothingToUndo : .nothingToRedo)
        }
        var change: SessionChange
        do throws(MenuError) {
            change = try apply(undoing ? edit.inverse : edit)
        } catch {
            return SessionChange(error: error)
        }
        if undoing {
            undoHistory.removeLast()
            redoHistory.append(edit)
        } else {
            redoHistory.removeLast()
            undoHistory.append(edit)
        }
        change.historyChanged = true
        change.notice = undoing ? .undid(edit) : .redid(edit)
        // A pizza the step took away (a redone delete, an undone add) leaves the choice `apply` made.
        let pizza = identities.index(of: edit.pizza) != nil ? edit.pizza : selection
        if selection != pizza {
            selection = pizza
            change.selectionChanged = true
        }
        endSearchIfSelectionHidden(&change)
        return change
    }

    /// Changes the menu as `edit` says and names the rows that changed.
    private mutating func apply(_ edit: MenuEdit) throws(MenuError) -> SessionChange {
        var change = SessionChange()
        switch edit.kind {
        case .add(let pizza, let index):
            let position = try changeMenu { menu throws(MenuError) in try menu.restore(pizza, at: index) }
            identities.insert(edit.pizza, at: position)
            foldedNames?.insert(pizza.name, at: position)
            change.rows = rowsInserted(at: position)
        case .delete(_, let index):
            let deletedRow = selection == edit.pizza ? row(ofMenuIndex: index) : nil
            try changeMenu { menu throws(MenuError) in _ = try menu.remove(at: index) }
            identities.remove(at: index)
            foldedNames?.remove(at: index)
            change.rows = search?.removed(at: index) ?? .replaced(at: index, removed: 1, added: 0)
            if selection == edit.pizza {
                // The row that takes the deleted one's place is chosen (the one above it at the end), so the
                // detail never goes blank while there are pizzas to show.
                selection = deletedRow.flatMap { row in rowCount > 0 ? id(atRow: min(row, rowCount - 1)) : nil }
                change.selectionChanged = true
            }
        case .rename(_, let name):
            guard let index = identities.index(of: edit.pizza) else { throw .noPizza(at: -1) }
            try changeMenu { menu throws(MenuError) in try menu.rename(at: index, to: name) }
            foldedNames?.rename(at: index, to: menu.pizzas[index].name)
            change.rows = rowsChanged(at: index)
        case .setText(let key, _, _, let text):
            guard let index = identities.index(of: edit.pizza) else { throw .noPizza(at: -1) }
            try changeMenu { menu throws(MenuError) in try menu.setText(key, at: index, to: text) }
            change.rows = rowsChanged(at: index)
        case .setPrice(_, _, let price):
            guard let index = identities.index(of: edit.pizza) else { throw .noPizza(at: -1) }
            try changeMenu { menu throws(MenuError) in try menu.setPrice(at: index, to: price) }
            change.rows = rowsChanged(at: index)
        case .move(_, let source, let destination):
            try changeMenu { menu throws(MenuError) in try menu.move(from: source, to: destination) }
            identities.move(from: source, to: destination)
            foldedNames?.move(from: source, to: destination)
            let low = min(source, destination)
            let count = abs(source - destination) + 1
            change.rows = search?.moved(from: source, to: destination) ?? .replaced(at: low, removed: count, added: count)
            change.selectionChanged = selection != nil
        }
        if edit.pizza == selection { change.selectedPizzaChanged = true }
        revision += 1
        change.needsSave = true
        change.saveStatusChanged = true
        return change
    }

    /// Changes the menu by `body`, and takes the change back when the file it would be written as is larger
    /// than the reader reads: every edit, since the writer's form can differ from the file's.
    private mutating func changeMenu<Result>(_ body: (inout Menu) throws(MenuError) -> Result) throws(MenuError) -> Result {
        let before = menu
        let result = try body(&menu)
        do throws(MenuError) { try MenuFile.checkFits(menu, limit: sizeLimit) } catch {
            menu = before
            throw error
        }
        return result
    }

    // MARK: Edits while searching

    private mutating func rowsInserted(at index: Int) -> SessionChange.Rows {
        guard var search else { return .replaced(at: index, removed: 0, added: 1) }
        let rows = search.inserted(at: index, matches: foldedNames.map { search.matches(index, in: $0) } ?? true)
        self.search = search
        return rows
    }

    private mutating func rowsChanged(at index: Int) -> SessionChange.Rows {
        guard var search else { return .replaced(at: index, removed: 1, added: 1) }
        let rows = search.changed(at: index, matches: foldedNames.map { search.matches(index, in: $0) } ?? true)
        self.search = search
        return rows
    }

    /// An edit that selects a pizza the search hides (added, or brought back by undo) ends the search,
    /// so that the pizza is in the list to be seen.
    private mutating func endSearchIfSelectionHidden(_ change: inout SessionChange) {
        guard let search, search.isFiltering, let selection, row(of: selection) == nil else { return }
        self.search = nil
        change.rows = .reload
        change.selectionChanged = true
        change.searchChanged = true
    }

    // MARK: The typed name and price

    /// Applies the typed name, then the typed price, before the selection moves on or the menu is left.
    /// Returns false, with the error in `change`, when one cannot be applied: it then stays as it was typed,
    /// with its reason, and the selection stays put.
    private mutating func settleDraft(_ change: inout SessionChange) -> Bool {
        settleText(Menu.nameKey, &change) && textDrafts.keys.sorted().allSatisfy { settleText($0, &change) } && settlePrice(&change)
    }

    /// A field now reads `text`: a draft unless it reads what the pizza has (`saved`); typing clears its error.
    private mutating func type(_ text: String, over saved: String?, _ draft: WritableKeyPath<MenuSession, String?>,
                               _ error: WritableKeyPath<MenuSession, MenuError?>) -> SessionChange {
        guard let saved else { return SessionChange() }
        let typed = text == saved ? nil : text
        guard typed != self[keyPath: draft] else { return SessionChange() }
        self[keyPath: draft] = typed
        self[keyPath: error] = nil
        return SessionChange(selectedPizzaChanged: true)
    }

    /// Applies the text typed in the field `key` (the name renames).
    private mutating func settleText(_ key: String, _ change: inout SessionChange) -> Bool {
        guard let draft = textDrafts[key], let id = selection else {
            textDrafts[key] = nil
            return true
        }
        let applied = handle(.editText(id, key: key, to: draft))
        if let error = applied.error { return refuse(error, \.textErrors[key], &change) }
        textDrafts[key] = nil
        textErrors[key] = nil
        change.merge(applied)
        change.selectedPizzaChanged = true
        return true
    }

    /// A typed value was refused: it stays as typed, with `error` beside it, and the selection stays put.
    private mutating func refuse(_ error: MenuError, _ field: WritableKeyPath<MenuSession, MenuError?>,
                                 _ change: inout SessionChange) -> Bool {
        self[keyPath: field] = error
        change.error = error
        change.draftRefused = true
        change.selectionChanged = true
        change.selectedPizzaChanged = true
        return false
    }

    private mutating func settlePrice(_ change: inout SessionChange) -> Bool {
        guard let draft = priceDraft, let id = selection, let index = identities.index(of: id) else {
            priceDraft = nil
            return true
        }
        let price: Double
        do throws(MenuError) {
            price = try Menu.parsePrice(draft, format: numberFormat)
        } catch {
            return refuse(error, \.priceError, &change)
        }
        priceDraft = nil
        priceError = nil
        change.selectedPizzaChanged = true
        let old = menu.pizzas[index].pricePerSquareInch
        guard old != price else { return true }
        change.merge(record(MenuEdit(pizza: id, kind: .setPrice(name: menu.pizzas[index].name, from: old, to: price))))
        return true
    }

    private mutating func revertPrice() -> SessionChange {
        guard priceDraft != nil || priceError != nil else { return SessionChange() }
        priceDraft = nil
        priceError = nil
        return SessionChange(selectedPizzaChanged: true, notice: .revertedPrice)
    }

    /// Undo or Redo with a name or price typed: the fields are put back first, and nothing else is undone.
    private mutating func revertDrafts() -> SessionChange {
        clearDrafts()
        return SessionChange(selectedPizzaChanged: true, notice: .revertedPrice)
    }

    private mutating func clearDrafts() {
        priceDraft = nil
        textDrafts = [:]
        priceError = nil
        textErrors = [:]
    }
}
