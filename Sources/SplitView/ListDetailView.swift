import Gtk
import SplitNavigation

/// The common case of a split view: a list of rows beside the detail of the chosen row.
///
/// It wires the list to the split view (a click or Enter shows the row, pushing its detail when narrow;
/// arrow keys only move the selection), keeps a header title that names the shown row while its detail is
/// pushed, and draws plain text rows unless the client sets `list.setUpRow` and `list.bindRow` itself.
/// The client fills the detail in `showDetail`. Like `SplitView`, it keeps itself alive while its widget has
/// a parent.
@MainActor
public final class ListDetailView {
    public let split: SplitView<Int>
    public let list: SelectableList
    /// The header bar's title: `title`, or the shown row's title while its detail is pushed.
    public let titleLabel = Label()
    /// The root widget, to put in a window.
    public var widget: Box { split.widget }

    /// Fills the detail for the shown row, or for none. Called whenever the shown row changes.
    public var showDetail: (@MainActor (Int?) -> Void)?
    /// Called after every change the split view rendered.
    public var onChange: (@MainActor (SplitNavigationState<Int>) -> Void)?

    /// A row's text, for plain text rows and the title while its detail is pushed.
    public var rowTitle: @MainActor (Int) -> String

    private let title: String
    private static let rowKey = "list-detail-row"
    private var keepAlive: ListDetailView?

    /// - Parameters:
    ///   - title: the app's or the page's title, shown when no detail is pushed.
    ///   - listName: what the list is called, for the list's accessible name and the default strings.
    ///   - rowTitle: a row's text, for plain text rows and the title while its detail is pushed (`rowTitle`).
    ///   - The other parameters are `SplitView`'s: a restored selection, hidden list or divider start there.
    public init(title: String, listName: String, detail: Widget, strings: SplitViewStrings? = nil,
                layout: SplitLayout = .standard, width: Int? = nil, selection: Int? = nil, isPrimaryHidden: Bool = false,
                primaryFraction: Double? = nil, rowTitle: @escaping @MainActor (Int) -> String) {
        self.title = title
        self.rowTitle = rowTitle
        list = SelectableList(accessibleName: listName)
        split = SplitView(primary: list.widget, secondary: detail, strings: strings ?? .english(primaryTitle: listName),
                          layout: layout, width: width, selection: selection, isPrimaryHidden: isPrimaryHidden,
                          primaryFraction: primaryFraction)
        titleLabel.text = title
        titleLabel.addCSSClass("title")
        titleLabel.ellipsizeAtEnd()
        list.setUpRow = { item in
            let label = Label()
            label.xAlign = 0
            label.setMargins(top: 6, bottom: 6, start: 6, end: 6)
            item.child = label
            item.setAssociated(label, key: Self.rowKey)
        }
        list.bindRow = { [weak self] item in
            guard let self, let label = item.associated(key: Self.rowKey) as? Label, let position = item.position
            else { return }
            label.text = self.rowTitle(position)
            label.parent?.setAccessibleLabel(label.text)
        }
        list.onSelectionChanged = { [weak self] row in self?.show(row, choose: false) }
        list.onRowClicked = { [weak self] row in self?.show(row, choose: true) }
        list.onActivate = { [weak self] row in
            self?.show(row, choose: true)
            self?.split.showDetail()
        }
        split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        split.onChange = { [weak self] state in
            self?.updateTitle()
            self?.onChange?(state)
        }
        split.widget.onNotify("parent") { [weak self] in
            guard let self else { return }
            self.keepAlive = self.widget.parent == nil ? nil : self
        }
    }

    /// A header bar with the back button and the list toggle at the start and `titleLabel` as its title.
    public func makeHeaderBar() -> HeaderBar {
        let header = HeaderBar()
        header.packStart(split.backButton)
        header.packStart(split.primaryToggle)
        header.setTitleWidget(titleLabel)
        return header
    }

    /// The selected row, if any.
    public var selected: Int? { list.selected }

    /// Shows `count` rows from scratch, with the split view's selection (a restored one) if it is among them.
    public func reload(count: Int) {
        list.reload(count: count)
        let row = split.state.selection.flatMap { $0 < count ? $0 : nil }
        list.select(row)
        showDetail?(row)
        if row == nil && split.state.selection != nil { split.highlight(nil) }
        updateTitle()
    }

    /// Rows changed in place: `removed` rows at `position` became `added` rows. The selection is kept by GTK
    /// where it can be; call `choose` or `highlight` to say which row is shown now.
    public func rowsChanged(at position: Int, removed: Int, added: Int) {
        list.rowsChanged(at: position, removed: removed, added: added)
    }

    /// Shows `row` as the user's choice: narrow, its detail is pushed.
    public func choose(_ row: Int?) { show(row, choose: true) }

    /// Selects and shows `row` without pushing its detail (nil clears it, and brings the list back).
    public func highlight(_ row: Int?) { show(row, choose: false) }

    /// Redraws the title, e.g. after the shown row's title changed.
    public func updateTitle() {
        let state = split.state
        let pushed = state.isCollapsed && state.topPane == .secondary
        titleLabel.text = pushed ? state.selection.map(rowTitle) ?? title : title
    }

    private func show(_ row: Int?, choose: Bool) {
        if list.selected != row { list.select(row) }
        showDetail?(row)
        if choose { split.select(row) } else { split.highlight(row) }
        updateTitle()
    }
}
