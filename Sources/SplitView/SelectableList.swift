import Gtk

/// A scrolled `GtkListView` over an `IndexListModel` with a `GtkSingleSelection`: the primary pane of a
/// split view. Rows are built by the caller's `setUpRow` and `bindRow` and addressed by position; selection
/// changes made by code are not reported back as the user's.
@MainActor
public final class SelectableList {
    public let widget = ScrolledWindow()
    public let listView: ListView
    private let model = IndexListModel(count: 0)
    private let selection: SingleSelection
    private let factory = SignalListItemFactory()
    private var isUpdating = false

    /// Builds a row's widgets (GtkSignalListItemFactory::setup).
    public var setUpRow: (@MainActor (ListItem) -> Void)?
    /// Fills a row for `item.position` (GtkSignalListItemFactory::bind).
    public var bindRow: (@MainActor (ListItem) -> Void)?
    /// The user moved the selection (click or keys), or cleared it.
    public var onSelectionChanged: (@MainActor (Int?) -> Void)?
    /// The user activated a row: Enter, or a double click.
    public var onActivate: (@MainActor (Int) -> Void)?
    /// The user pressed Delete on the selected row.
    public var onDeleteKey: (@MainActor (Int) -> Void)?
    /// The user clicked a row once with the primary button. Set it before rows are made.
    public var onRowClicked: (@MainActor (Int) -> Void)?

    /// More rows than a list view makes widgets for (GTK 4.8 makes at most 200).
    private static let rowsToldWithReplacement = 256

    /// The position a recycled row shows now, kept with its list item.
    private final class RowPosition { var position: Int? }
    private static let rowKey = "selectable-list-row"

    public init(accessibleName: String) {
        selection = SingleSelection(model: model)
        listView = ListView(selection: selection, factory: factory)
        listView.addCSSClass("navigation-sidebar")
        listView.setAccessibleLabel(accessibleName)
        widget.scrollVerticallyOnly()
        widget.child = listView
        widget.expandsVertically = true
        factory.onSetup { [weak self] item in self?.setUp(item) }
        factory.onBind { [weak self] item in
            (item.associated(key: Self.rowKey) as? RowPosition)?.position = item.position
            self?.bindRow?(item)
        }
        selection.onSelectedChanged { [weak self] position in
            guard let self, !self.isUpdating else { return }
            self.onSelectionChanged?(position)
        }
        listView.onActivate { [weak self] position in self?.onActivate?(position) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self, keyval == Key.delete, modifiers & (Key.controlMask | Key.altMask) == 0,
                  let position = self.selection.selected, let onDeleteKey = self.onDeleteKey else { return false }
            onDeleteKey(position)
            return true
        }
        listView.addController(keys)
    }

    private func setUp(_ item: ListItem) {
        setUpRow?(item)
        guard onRowClicked != nil, let row = item.child else { return }
        let position = RowPosition()
        item.setAssociated(position, key: Self.rowKey)
        let click = ClickGesture()
        click.setButton(1)
        click.onReleased { [weak self, weak position] count, _, _ in
            guard count == 1, let row = position?.position else { return }
            self?.onRowClicked?(row)
        }
        row.addController(click)
    }

    /// The selected row, if any.
    public var selected: Int? { selection.selected }

    /// The number of rows.
    public var count: Int { model.count }

    /// Rows changed: `removed` rows at `position` became `added` rows.
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        isUpdating = true
        // For each row added in a signal that removes the selected or the top row, GTK 4.8 asks the model
        // for the row (GtkSingleSelection and the list view look for the removed one again), which is a new
        // object here each time: 100 ms per 100,000 rows. So a large insertion is told in two signals: the
        // replacement with the first rows, where the row widgets are reused, and then the rest, inserted.
        let firstPart = min(added, Self.rowsToldWithReplacement)
        model.replace(at: position, removed: removed, added: firstPart)
        if added > firstPart { model.replace(at: position + firstPart, removed: 0, added: added - firstPart) }
        isUpdating = false
    }

    /// Shows `count` rows from scratch.
    public func reload(count: Int) { rowsChanged(at: 0, removed: model.count, added: count) }

    /// Selects `position` (or nothing) without reporting it as the user's choice.
    public func select(_ position: Int?) {
        isUpdating = true
        selection.selected = position
        isUpdating = false
    }

    /// Rebinds every row in place (after a change that affects how all rows look).
    public func rebindAll() {
        let selected = selection.selected
        rowsChanged(at: 0, removed: model.count, added: model.count)
        select(selected)
    }

    /// Puts keyboard focus on the selected row, or on the list when nothing is selected.
    public func focusSelectedRow() {
        if let position = selection.selected { listView.scrollTo(position) }
        listView.grabFocus()
    }
}
