import PizzaModel

/// One undoable change to the menu, with what it needs to be undone and redone exactly.
public struct MenuEdit: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case add(Pizza, at: Int)
        case delete(Pizza, at: Int)
        case rename(from: String, to: String)
        /// A text field other than the name (`key` as the file names it: "description") of the pizza called
        /// `name`, nil when it has none.
        case setText(key: String, name: String, from: String?, to: String?)
        case setPrice(name: String, from: Double, to: Double)
        case move(name: String, from: Int, to: Int)
    }

    public let pizza: PizzaID
    public var kind: Kind

    /// The edit that takes the menu back to how it was before this one.
    public var inverse: MenuEdit {
        switch kind {
        case .add(let pizza, let index): MenuEdit(pizza: self.pizza, kind: .delete(pizza, at: index))
        case .delete(let pizza, let index): MenuEdit(pizza: self.pizza, kind: .add(pizza, at: index))
        case .rename(let old, let new): MenuEdit(pizza: pizza, kind: .rename(from: new, to: old))
        case .setPrice(let name, let old, let new): MenuEdit(pizza: pizza, kind: .setPrice(name: name, from: new, to: old))
        case .setText(let key, let name, let old, let new): MenuEdit(pizza: pizza, kind: .setText(key: key, name: name, from: new, to: old))
        case .move(let name, let source, let destination):
            MenuEdit(pizza: pizza, kind: .move(name: name, from: destination, to: source))
        }
    }

    /// What the edit did, in English, as the window's "Undid: …" says it; names are quoted, as in "Deleted “Cheese”",
    /// and shortened, so that a toast stays one line.
    public var summary: String {
        switch kind {
        case .add(let pizza, _): "adding “\(Quoted.shortened(pizza.name))”"
        case .delete(let pizza, _): "deleting “\(Quoted.shortened(pizza.name))”"
        case .rename(let old, let new): "renaming “\(Quoted.shortened(old))” to “\(Quoted.shortened(new))”"
        case .setText(let key, let name, _, _): "changing the \(key) of “\(Quoted.shortened(name))”"
        case .setPrice(let name, let old, let new):
            "changing the price of “\(Quoted.shortened(name))” from \(MenuFile.number(old)) to \(MenuFile.number(new))"
        case .move(let name, let source, let destination):
            "moving “\(Quoted.shortened(name))” \(destination < source ? "up" : "down") to place \(destination + 1)"
        }
    }
}

/// What the window must show again after an event. The window reads the new state from the session.
public struct SessionChange: Equatable, Sendable {
    public enum Rows: Equatable, Sendable {
        case unchanged
        /// Every row is new (another file).
        case reload
        /// `removed` rows at `at` became `added` rows.
        case replaced(at: Int, removed: Int, added: Int)

        /// These rows, then `later` ones: either alone, or every row anew when both changed.
        func merged(with later: Rows) -> Rows {
            switch (self, later) {
            case (_, .unchanged): self
            case (.unchanged, _): later
            default: .reload
            }
        }
    }

    /// Something to tell the user.
    public enum Notice: Equatable, Sendable {
        case deleted(name: String)
        /// The edit that was undone or redone; the app words it (in the user's language).
        case undid(MenuEdit)
        case redid(MenuEdit)
        case nothingToUndo
        case nothingToRedo
        case revertedPrice
        case saveFailed(reason: String)
        case saveRecovered
        case keptBrokenFile(path: FilePath)
    }

    public var rows: Rows = .unchanged
    /// The selection moved, or the selected row moved: the list's highlight must follow.
    public var selectionChanged = false
    /// The selected pizza's name or price changed, or its typed price was committed or reverted.
    public var selectedPizzaChanged = false
    public var notice: Notice?
    /// Why the event was refused; the menu is as it was.
    public var error: MenuError?
    /// The refusal is the typed price's: it stays in the field with this error.
    public var draftRefused = false
    /// The menu changed and must be written.
    public var needsSave = false
    public var saveStatusChanged = false
    public var historyChanged = false
    /// The search bar opened, closed, or its query changed.
    public var searchChanged = false

    public init(rows: Rows = .unchanged, selectionChanged: Bool = false, selectedPizzaChanged: Bool = false,
                notice: Notice? = nil, error: MenuError? = nil, saveStatusChanged: Bool = false,
                searchChanged: Bool = false) {
        self.rows = rows
        self.selectionChanged = selectionChanged
        self.selectedPizzaChanged = selectedPizzaChanged
        self.notice = notice
        self.error = error
        self.saveStatusChanged = saveStatusChanged
        self.searchChanged = searchChanged
    }

    /// Folds a later change into this one. Two row changes become one reload.
    mutating func merge(_ later: SessionChange) {
        rows = rows.merged(with: later.rows)
        selectionChanged = selectionChanged || later.selectionChanged
        selectedPizzaChanged = selectedPizzaChanged || later.selectedPizzaChanged
        notice = later.notice ?? notice
        error = later.error ?? error
        draftRefused = draftRefused || later.draftRefused
        needsSave = needsSave || later.needsSave
        saveStatusChanged = saveStatusChanged || later.saveStatusChanged
        historyChanged = historyChanged || later.historyChanged
        searchChanged = searchChanged || later.searchChanged
    }
}
