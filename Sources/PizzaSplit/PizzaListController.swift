import Gtk
import PizzaModel
import SplitView

/// The primary pane's rows: every pizza type and its price per square inch, with a context menu and drag
/// to reorder. The list itself, and its wiring to the detail, is the list-detail view's.
@MainActor
final class PizzaListController {
    private let list: SelectableList
    private let rowMenu = MenuModel()

    /// The menu the rows show, read at bind time. Rows are addressed by position: the window turns
    /// positions into pizzas.
    var menu: () -> Menu = { .standard }
    /// The menu index of the pizza a row shows (a search shows some of them).
    var menuIndex: (Int) -> Int? = { $0 }
    /// Delete was asked for (Delete key, or the row's context menu).
    var onDeleteRequested: (@MainActor (Int) -> Void)? {
        get { list.onDeleteKey }
        set { list.onDeleteKey = newValue }
    }
    /// The row at this position is about to show its context menu: it should be the selected one.
    var onContextMenuRequested: (@MainActor (Int) -> Void)?
    /// A row was dragged onto another: move the pizza at `from` to `to`.
    var onMoveRequested: (@MainActor (_ from: Int, _ to: Int) -> Void)?

    init(list: SelectableList) {
        self.list = list
        list.setUpRow = { [weak self] item in self?.setUpRow(item) }
        list.bindRow = { [weak self] item in self?.bindRow(item) }
        rowMenu.append("_Delete", action: "win.delete-pizza")
    }

    var widget: ScrolledWindow { list.widget }

    /// Puts keyboard focus on the selected row, or on the list when nothing is selected.
    ///
    /// A list just shown (narrow, back from the detail) has no rows laid out, and GTK 4.8 then focuses
    /// its first row while another is selected. So two frame ticks later, once the rows exist, the
    /// selected row's own widget takes the focus.
    func focusSelectedRow() {
        placeFocusOnSelectedRow()
        widget.onNextFrame { [weak self] in
            self?.widget.onNextFrame { [weak self] in
                guard let self, self.hasFocus else { return }
                self.placeFocusOnSelectedRow()
            }
        }
    }

    private func placeFocusOnSelectedRow() {
        list.focusSelectedRow()
        guard let selected = list.selected,
              let row = rowViews.first(where: { $0.position == selected && $0.box.isMapped }) else { return }
        row.box.parent?.grabFocus()
    }

    /// Whether keyboard focus is in the list.
    var hasFocus: Bool {
        guard let focus = widget.focusInRoot else { return false }
        return focus.isDescendant(of: widget)
    }

    // MARK: Rows

    /// The widgets of one on-screen row, kept with its list item.
    @MainActor private final class RowView {
        let box = Box(.horizontal, spacing: 12)
        let name = Label()
        let price = Label()
        let drag = DragSource()
        var position: Int?
    }

    private static let rowKey = "pizza-split-row"
    /// What a dragged row carries: this prefix and its position.
    private static let dragPrefix = "pizza-split-row:"
    /// The row widgets GTK holds (it recycles them; there are about as many as fit on screen).
    private var rowViews: [RowView] = []

    private func setUpRow(_ item: ListItem) {
        let row = RowView()
        row.box.addCSSClass("pizza-row")
        row.name.xAlign = 0
        row.name.expandsHorizontally = true
        row.name.ellipsizeAtEnd()
        row.price.xAlign = 1
        row.price.addCSSClass("pizza-price")
        row.box.append(row.name)
        row.box.append(row.price)

        let secondaryClick = ClickGesture()
        secondaryClick.setButton(3)
        secondaryClick.onPressed { [weak self, weak row] _, x, y in
            guard let self, let row, let position = row.position else { return }
            self.onContextMenuRequested?(position)
            self.showContextMenu(on: row.box, at: x, y)
        }
        row.box.addController(secondaryClick)

        row.box.addController(row.drag)
        let drop = DropTarget()
        drop.onDrop { [weak self, weak row] text in
            guard let self, let target = row?.position, text.hasPrefix(Self.dragPrefix),
                  let source = Int(text.dropFirst(Self.dragPrefix.count)) else { return false }
            self.onMoveRequested?(source, target)
            return true
        }
        row.box.addController(drop)

        item.child = row.box
        item.setAssociated(row, key: Self.rowKey)
        // Rows GTK has let go of (a search replaces them at every keystroke) have no parent any more.
        rowViews.removeAll { $0.box.parent == nil }
        rowViews.append(row)
    }

    /// The row's context menu, made when asked for and unparented once closed, so that recycled rows
    /// carry no popover of their own.
    private func showContextMenu(on row: Box, at x: Double, _ y: Double) {
        let popover = PopoverMenu(menu: rowMenu)
        popover.setHasArrow(false)
        popover.attach(to: row)
        popover.onClosed { [weak popover] in
            MainContext.idle { popover?.detach() }
        }
        popover.popup(at: x, y)
    }

    private func bindRow(_ item: ListItem) {
        guard let row = item.associated(key: Self.rowKey) as? RowView, let position = item.position else { return }
        let pizzas = menu().pizzas
        guard let index = menuIndex(position), pizzas.indices.contains(index) else { return }
        let pizza = pizzas[index]
        let price = PriceQuote.unitPriceText(pizza.pricePerSquareInch)
        row.position = position
        row.drag.setText(Self.dragPrefix + String(position))
        row.name.text = pizza.name
        row.price.text = price
        // The list item (the row's parent) is what a screen reader announces; the box carries it too.
        let spoken = "\(pizza.name), \(PriceQuote.spokenUnitPrice(pizza.pricePerSquareInch))"
        row.box.setAccessibleLabel(spoken)
        row.box.parent?.setAccessibleLabel(spoken)
    }
}
