import Gtk
import SplitNavigation

/// The common case of a split view: a list of rows beside the detail of the chosen row.
///
/// It wires the list to the split view (a click, Space or Enter shows the row, pushing its detail when narrow;
/// arrow keys only move the selection), keeps the header bars' titles (with per-pane bars, `title` over the list
/// and the shown row's title over the detail), and draws plain text rows unless the client sets `list.setUpRow`
/// and `list.bindRow` itself.
/// The client fills the detail in `showDetail`. Like `SplitView`, the view is the box at its root (holding
/// `split`), so it lives as long as GTK holds it.
///
/// Rows are chosen by identity (`ID`): the selection stays on the same item when rows are inserted,
/// removed or moved above it. `ListDetailView<Int>` identifies a row by its position.
@MainActor
public final class ListDetailView<ID: Hashable & Sendable>: Box {
    /// The split view inside, with the list's pane as its primary and the detail as its secondary.
    public let split: SplitView<ID>
    /// The list of rows in the primary pane.
    public let list: SelectableList
    /// The detail's title. With per-pane header bars, the detail's bar shows it: the shown row's title, or `title`
    /// while no row is shown. Without them (`makeHeaderBar`), it is the window's title: `title`, or the shown row's
    /// title while its detail is pushed.
    public let titleLabel = Label()
    /// The list's title, `title`, in the list's header bar (with per-pane header bars).
    public let listTitleLabel = Label()
    /// The view itself, the box to put in a window.
    public var widget: Box { self }
    /// The primary pane: the list, or `placeholder` in its place while the list has no rows. A client may
    /// add widgets above or below them (a search bar).
    public let primaryPane = Box(.vertical)
    /// Shown in place of the list while it has no rows: what is missing and how to add it. Nil shows the
    /// empty list. Changing the page's fields updates it in place (a search that finds nothing).
    public var placeholder: StatusPage? {
        didSet {
            if let oldValue { primaryPane.remove(oldValue.widget) }
            if let placeholder { primaryPane.append(placeholder.widget) }
            updatePlaceholder()
        }
    }
    /// Whether the list has no rows (and `placeholder`, if any, is shown).
    public var isEmpty: Bool { list.count == 0 }
    /// Called when the list becomes empty or gets its first row.
    public var onEmptyChanged: (@MainActor (Bool) -> Void)?

    /// Fills the detail for the shown item, or for none. Called once per change of the shown item (and by
    /// `reload`): choosing or highlighting the item already shown, or moving its row, does not call it again, so
    /// a field in the detail keeps its caret.
    public var showDetail: (@MainActor (ID?) -> Void)?
    /// Called after every change the split view rendered.
    public var onChange: (@MainActor (SplitNavigationState<ID>) -> Void)?
    /// Asked before the user's choice (a click, Space, Enter, arrow keys) is shown. Returning false refuses it:
    /// the list goes back to the shown row and nothing is pushed (e.g. while the detail holds an edit
    /// that has to be fixed first). By default every choice is shown.
    public var shouldSelect: (@MainActor (ID?) -> Bool)?

    /// An item's text, for plain text rows and the title while its detail is pushed.
    public var rowTitle: @MainActor (ID) -> String
    /// The item shown at a row position, if any.
    public var idOfRow: @MainActor (Int) -> ID?
    /// The row position an item is shown at, if it is in the list.
    public var rowOfID: @MainActor (ID) -> Int?
    /// The app's or the page's title, shown when no detail is pushed.
    public var title: String {
        didSet { updateTitle() }
    }

    /// The item `showDetail` was last called for (nil inside: none), or nil before the first call.
    private var shownItem: ID??

    /// - Parameters:
    ///   - title: the app's or the page's title, shown when no detail is pushed.
    ///   - listName: what the list is called, for the list's accessible name and the default strings.
    ///   - detail: the detail pane: any widget without a parent.
    ///   - strings: what the back button and the list toggle say; by default, English ones naming `listName`.
    ///   - layout: the widths at which the view changes layout.
    ///   - width: the width to start with, until the view is allocated its own; by default, side by side.
    ///   - selection: the item shown at first (a restored selection), or none.
    ///   - prefersDetail: whether the selection's detail comes first when narrow; false when the user had gone back
    ///     to the list (restored).
    ///   - isPrimaryHidden: whether the user hid the list side by side (restored).
    ///   - primaryFraction: the list's share of the width side by side (restored); nil for the layout's.
    ///   - preferredDisplayMode: the layout asked for above the collapse (UIKit's `preferredDisplayMode`).
    ///   - headerBars: a header bar above each pane (the default), or none: the client's own, from `makeHeaderBar`.
    ///   - idOfRow: the item shown at a row position, if any (`idOfRow`).
    ///   - rowOfID: the row position an item is shown at, if it is in the list (`rowOfID`).
    ///   - rowTitle: an item's text, for plain text rows and the title while its detail is pushed (`rowTitle`).
    public init(title: String, listName: String, detail: Widget, strings: SplitViewStrings? = nil,
                layout: SplitLayout = .standard, width: Int? = nil, selection: ID? = nil, prefersDetail: Bool = true,
                isPrimaryHidden: Bool = false, primaryFraction: Double? = nil, preferredDisplayMode: PreferredDisplayMode = .automatic,
                headerBars: SplitViewHeaderBars = .perPane, idOfRow: @escaping @MainActor (Int) -> ID?,
                rowOfID: @escaping @MainActor (ID) -> Int?, rowTitle: @escaping @MainActor (ID) -> String) {
        self.title = title
        self.rowTitle = rowTitle
        self.idOfRow = idOfRow
        self.rowOfID = rowOfID
        list = SelectableList(accessibleName: listName)
        split = SplitView(primary: primaryPane, secondary: detail, strings: strings ?? .english(primaryTitle: listName),
                          layout: layout, width: width, selection: selection, prefersDetail: prefersDetail,
                          isPrimaryHidden: isPrimaryHidden, primaryFraction: primaryFraction,
                          preferredDisplayMode: preferredDisplayMode, headerBars: headerBars)
        super.init(.vertical)
        expandsHorizontally = true
        expandsVertically = true
        append(split)
        primaryPane.append(list.widget)
        for label in [titleLabel, listTitleLabel] {
            label.text = title
            label.addCSSClass("title")
            label.ellipsizeAtEnd()
        }
        split.primaryHeader?.setTitleWidget(listTitleLabel)
        split.secondaryHeader?.setTitleWidget(titleLabel)
        list.setUpRow = { item in
            let label = Label()
            label.xAlign = 0
            label.setMargins(top: 6, bottom: 6, start: 6, end: 6)
            item.child = label
        }
        list.bindRow = { [weak self] item in
            guard let self, let label = item.child as? Label,
                  let id = item.position.flatMap(self.idOfRow) else { return }
            label.text = self.rowTitle(id)
            label.parent?.setAccessibleLabel(label.text)
        }
        list.onSelectionChanged = { [weak self] row in self?.userChose(row, choose: false, push: false) }
        list.onRowChosen = { [weak self] row in self?.userChose(row, choose: true, push: false) }
        list.onActivate = { [weak self] row in self?.userChose(row, choose: true, push: true) }
        list.onRowsChanged = { [weak self] _ in self?.updatePlaceholder() }
        split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        split.onChange = { [weak self] state in
            self?.updateTitle()
            self?.onChange?(state)
        }
    }

    /// A list-detail view is made by its own initializer, never from a pointer: GTK hands back this very object.
    public required init(handle: GObjectHandle) {
        preconditionFailure("a ListDetailView is made with init(title:listName:detail:…)")
    }

    /// A header bar for the window, with the back button and the list toggle at the start and `titleLabel` as its
    /// title: for a view made with `headerBars: .none` (its own bars hold these widgets otherwise).
    public func makeHeaderBar() -> HeaderBar {
        precondition(split.headerBars == .none,
                     "ListDetailView.makeHeaderBar: the view has a header bar per pane; make it with headerBars: .none for one bar")
        let header = HeaderBar()
        header.packStart(split.backButton)
        header.packStart(split.primaryToggle)
        header.setTitleWidget(titleLabel)
        return header
    }

    /// The selected item, if any.
    public var selected: ID? { list.selected.flatMap(idOfRow) }

    /// Shows `count` rows from scratch, with the split view's selection (a restored one) if it is among them.
    public func reload(count: Int) {
        list.reload(count: count)
        let row = split.state.selection.flatMap(rowOfID).flatMap { $0 < count ? $0 : nil }
        list.select(row)
        let item = row == nil ? nil : split.state.selection
        shownItem = .some(item)
        showDetail?(item)
        if row == nil && split.state.selection != nil { split.highlight(nil) }
        updateTitle()
    }

    /// Rows changed in place: `removed` rows at `position` became `added` rows (an insertion, a deletion, a
    /// move or a whole re-sort). The one call a re-sort needs: the selection follows the shown item to its new
    /// row through `rowOfID`, without calling `showDetail` again, so a field in the detail keeps its text and
    /// caret. If the item is gone, call `choose` or `highlight` to say what is shown now.
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        list.rowsChanged(at: position, removed: removed, added: added)
        let row = split.state.selection.flatMap(rowOfID)
        if let row, list.selected != row { list.select(row) }
    }

    /// Shows `item` as the user's choice: narrow, its detail is pushed.
    public func choose(_ item: ID?) { show(item, choose: true) }

    /// Selects and shows `item` without pushing its detail (nil clears it, and brings the list back).
    public func highlight(_ item: ID?) { show(item, choose: false) }

    /// Redraws the title, e.g. after the shown item's title changed.
    public func updateTitle() {
        let state = split.state
        listTitleLabel.text = title
        if split.headerBars == .perPane {
            // With nothing chosen beside the list, the list's bar has the title already: the detail's is empty.
            titleLabel.text = state.selection.map(rowTitle) ?? (state.visiblePanes.contains(.primary) ? "" : title)
            return
        }
        let pushed = state.isCollapsed && state.topPane == .secondary
        titleLabel.text = pushed ? state.selection.map(rowTitle) ?? title : title
    }

    private var wasEmpty: Bool?

    private func updatePlaceholder() {
        let empty = isEmpty
        list.widget.isVisible = !empty || placeholder == nil
        placeholder?.widget.isVisible = empty
        guard empty != wasEmpty else { return }
        wasEmpty = empty
        onEmptyChanged?(empty)
    }

    private func userChose(_ row: Int?, choose: Bool, push: Bool) {
        let item = row.flatMap(idOfRow)
        if let shouldSelect, !shouldSelect(item) {
            let shown = split.state.selection.flatMap(rowOfID)
            if list.selected != shown { list.select(shown) }
            return
        }
        show(item, choose: choose)
        if push { split.showDetail() }
    }

    private func show(_ item: ID?, choose: Bool) {
        let row = item.flatMap(rowOfID)
        if list.selected != row { list.select(row) }
        if shownItem != .some(item) {
            shownItem = .some(item)
            showDetail?(item)
        }
        if choose { split.select(item) } else { split.highlight(item) }
        updateTitle()
    }
}

extension ListDetailView where ID == Int {
    /// Rows identified by their position: for a list whose rows do not move under the selection.
    public convenience init(title: String, listName: String, detail: Widget, strings: SplitViewStrings? = nil,
                            layout: SplitLayout = .standard, width: Int? = nil, selection: Int? = nil,
                            isPrimaryHidden: Bool = false, primaryFraction: Double? = nil,
                            headerBars: SplitViewHeaderBars = .perPane, rowTitle: @escaping @MainActor (Int) -> String) {
        self.init(title: title, listName: listName, detail: detail, strings: strings, layout: layout, width: width,
                  selection: selection, isPrimaryHidden: isPrimaryHidden, primaryFraction: primaryFraction,
                  headerBars: headerBars, idOfRow: { $0 }, rowOfID: { $0 }, rowTitle: rowTitle)
    }
}
