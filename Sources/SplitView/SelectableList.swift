import Gtk

/// A scrolled `GtkListView` over an `IndexListModel` with a `GtkSingleSelection`: the primary pane of a
/// split view. Rows are built by the caller's `setUpRow` and `bindRow` and addressed by position; selection
/// changes made by code are not reported back as the user's.
///
/// The keyboard works as in GNOME's lists: the whole list is one Tab stop (the arrow keys move inside it),
/// Space chooses the focused row and never clears the choice, and Shift+F10 or the Menu key asks for the
/// focused row's context menu.
@MainActor
public final class SelectableList {
    /// The list's root, the scrolled window to put in a pane.
    public let widget = ScrolledWindow()
    /// The `GtkListView` inside, for what the list does not wrap (its CSS classes, signals).
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
    /// Rows were reloaded, inserted or removed (by code), with the number of rows now.
    public var onRowsChanged: (@MainActor (Int) -> Void)?
    /// The user chose a row: one click with the primary button, or Space. Without it, the row is selected.
    public var onRowChosen: (@MainActor (Int) -> Void)?
    /// The user asked for the focused row's context menu from the keyboard (Shift+F10, the Menu key), with
    /// the row's position and widget (the one `setUpRow` made). Without it, the keys do nothing.
    public var onContextMenuKey: (@MainActor (Int, Widget) -> Void)?
    /// Tab and Shift+Tab leave the list in one press, as in GNOME's lists (GTK 4.8's list view makes every
    /// row a Tab stop). False gives GTK's row-by-row Tab.
    public var tabLeavesList = true

    /// More rows than a list view makes widgets for (GTK 4.8 makes at most 200).
    private static let rowsToldWithReplacement = 256

    /// A row's list item and widget, and the position it shows now (GTK recycles rows). GTK hands back the
    /// same `ListItem` wrapper for as long as the row exists, so a row is found by it.
    private final class RowPosition {
        let item: ListItem
        let child: Widget
        var position: Int?
        init(item: ListItem, child: Widget) {
            self.item = item
            self.child = child
        }
    }
    /// The rows that exist now (made and not torn down): about as many as fit on screen.
    private var rows: [RowPosition] = []

    /// An empty list; `accessibleName` is what a screen reader calls it ("Pizzas").
    public init(accessibleName: String) {
        selection = SingleSelection(model: model)
        listView = ListView(selection: selection, factory: factory)
        listView.addCSSClass("navigation-sidebar")
        listView.setAccessibleLabel(accessibleName)
        widget.scrollVerticallyOnly()
        widget.child = listView
        widget.expandsVertically = true
        factory.onSetup { [weak self] _, item in self?.setUp(item) }
        factory.onTeardown { [weak self] _, item in self?.rows.removeAll { $0.item === item } }
        factory.onBind { [weak self] _, item in
            self?.rows.first { $0.item === item }?.position = item.position
            self?.bindRow?(item)
        }
        selection.onSelectedChanged { [weak self] _, position in
            guard let self, !self.isUpdating else { return }
            self.onSelectionChanged?(position)
        }
        listView.onActivate { [weak self] _, position in self?.onActivate?(position) }
        // Before the rows' own bindings, in which Space (and Ctrl+Space) toggles the selection.
        let rowKeys = KeyController()
        rowKeys.setPhase(.capture)
        rowKeys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            self?.rowKeyPressed(keyval, modifiers: modifiers) ?? false
        }
        listView.addController(rowKeys)
        TabStop.make(listView) { [weak self] in self?.tabLeavesList ?? false }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard let self, keyval == Key.delete, modifiers & (Key.controlMask | Key.altMask) == 0,
                  let position = self.selection.selected, let onDeleteKey = self.onDeleteKey else { return false }
            onDeleteKey(position)
            return true
        }
        listView.addController(keys)
    }

    private func setUp(_ item: ListItem) {
        setUpRow?(item)
        guard let child = item.child else { return }
        let position = RowPosition(item: item, child: child)
        rows.append(position)
        let click = ClickGesture()
        click.setButton(1)
        click.onReleased { [weak self, weak position] _, count, _, _ in
            guard count == 1, let row = position?.position else { return }
            self?.choose(row)
        }
        child.addController(click)
    }

    private func choose(_ row: Int) {
        if let onRowChosen {
            onRowChosen(row)
        } else if selection.selected != row {
            selection.selected = row
        }
    }

    /// The row that has keyboard focus (its list item, or a widget inside it), if any.
    public var focusedRow: Int? { focusedRowView?.position }

    private var focusedRowView: RowPosition? {
        guard let focus = listView.focusInRoot, focus.isDescendant(of: listView) else { return nil }
        return rows.first { row in
            guard row.position != nil, let item = row.child.parent else { return false }
            return item.isFocus || focus.isDescendant(of: item)
        }
    }

    func rowKeyPressed(_ keyval: UInt32, modifiers: UInt32) -> Bool {
        let relevant = modifiers & (Key.altMask | Key.controlMask | Key.shiftMask)
        switch (keyval, relevant) {
        case (Key.space, 0), (Key.space, Key.controlMask), (Key.space, Key.shiftMask), (Key.keypadSpace, 0):
            guard let row = focusedRow else { return false }
            choose(row)
            return true
        case (Key.f10, Key.shiftMask), (Key.menu, 0):
            guard let onContextMenuKey, let row = focusedRowView, let position = row.position else { return false }
            onContextMenuKey(position, row.child)
            return true
        default:
            return false
        }
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
        onRowsChanged?(model.count)
    }

    /// Shows `count` rows from scratch. The row widgets are kept for the first rows (see
    /// `IndexListModel.handLiveItemsToFirstRows`).
    public func reload(count: Int) {
        model.handLiveItemsToFirstRows()
        rowsChanged(at: 0, removed: model.count, added: count)
    }

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
    ///
    /// A list just shown (narrow, back from the detail, or moved to the other container) has no rows laid
    /// out, and GTK 4.8 then focuses its first row while another is selected. So for the next two frames,
    /// once a layout has made the rows and before the frame is painted, the selected row's own widget takes
    /// the focus if it does not have it. No frame is asked for: the frames that lay the rows out do it.
    ///
    /// - Parameter orFirst: with nothing selected (a search hides the selected item), the first row takes the
    ///   focus and is scrolled to, rather than the row GTK last focused, which may be far out of view.
    public func focusSelectedRow(orFirst: Bool = false) {
        placeFocusOnSelectedRow(orFirst: orFirst)
        watchRowFocus(frames: 2)
    }

    /// The frame clock's handlers of the focus watch, while it runs.
    private var rowFocusWatch: [SignalConnection] = []

    private func watchRowFocus(frames: Int) {
        endRowFocusWatch()
        guard let clock = widget.window?.surface?.frameClock else { return }
        var framesLeft = frames
        rowFocusWatch = [
            clock.onLayout { [weak self] _ in self?.correctRowFocus() },
            clock.onAfterPaint { [weak self] _ in
                framesLeft -= 1
                if framesLeft == 0 { self?.endRowFocusWatch() }
            },
        ]
    }

    private func endRowFocusWatch() {
        rowFocusWatch.forEach { $0.disconnect() }
        rowFocusWatch = []
    }

    /// While focus is in the list: onto the selected row's widget once it is laid out, or onto a row when
    /// nothing is selected and the list itself has it. Focus that is already there is left alone, so that a
    /// frame that needs no change gets none.
    private func correctRowFocus() {
        guard hasFocus else { return endRowFocusWatch() }
        if let selected = selection.selected {
            guard focusedRow != selected, let row = mappedRow(at: selected) else { return }
            row.child.parent?.grabFocus()
        } else if listView.isFocus {
            listView.grabFocus()
        }
    }

    private func mappedRow(at position: Int) -> RowPosition? {
        rows.first { $0.position == position && $0.child.isMapped }
    }

    /// Whether keyboard focus is in the list.
    public var hasFocus: Bool {
        guard let focus = widget.focusInRoot else { return false }
        return focus.isDescendant(of: widget)
    }

    private func placeFocusOnSelectedRow(orFirst: Bool = false) {
        let target = selection.selected ?? (orFirst && count > 0 ? 0 : nil)
        if let target { listView.scrollTo(target) }
        listView.grabFocus()
        guard let target, let row = mappedRow(at: target) else { return }
        row.child.parent?.grabFocus()
    }
}
