import Gtk
import PizzaModel
import SplitView

/// The primary pane's rows: every pizza type and its price per square inch, with a context menu. The list
/// itself, and its wiring to the detail, is the list-detail view's.
@MainActor
final class PizzaListController {
    private let view: ListDetailView
    private let rowMenu = MenuModel()

    /// The menu the rows show, read at bind time.
    var menu: () -> Menu = { .standard }
    /// Delete was asked for (Delete key, or the row's context menu).
    var onDeleteRequested: (@MainActor (Int) -> Void)? {
        get { view.list.onDeleteKey }
        set { view.list.onDeleteKey = newValue }
    }

    init(view: ListDetailView) {
        self.view = view
        view.list.setUpRow = { [weak self] item in self?.setUpRow(item) }
        view.list.bindRow = { [weak self] item in self?.bindRow(item) }
        rowMenu.append("_Delete", action: "win.delete-pizza")
    }

    // MARK: Rows

    /// The widgets of one on-screen row, kept with its list item.
    @MainActor private final class RowView {
        let box = Box(.horizontal, spacing: 12)
        let name = Label()
        let price = Label()
        var position: Int?
    }

    private static let rowKey = "pizza-split-row"

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
            self.view.highlight(position)
            self.showContextMenu(on: row.box, at: x, y)
        }
        row.box.addController(secondaryClick)

        item.child = row.box
        item.setAssociated(row, key: Self.rowKey)
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
        guard pizzas.indices.contains(position) else { return }
        let pizza = pizzas[position]
        let price = PriceQuote.unitPriceText(pizza.pricePerSquareInch)
        row.position = position
        row.name.text = pizza.name
        row.price.text = price
        // The list item (the row's parent) is what a screen reader announces; the box carries it too.
        let spoken = "\(pizza.name), \(DecimalFormat.fixed(pizza.pricePerSquareInch, decimals: 3)) dollars per square inch"
        row.box.setAccessibleLabel(spoken)
        row.box.parent?.setAccessibleLabel(spoken)
    }
}
