import Gtk
import PizzaModel

/// The primary pane: every pizza type and its price per square inch, in a list view that creates row
/// widgets only for the rows on screen.
@MainActor
final class PizzaListController {
    let widget = ScrolledWindow()
    let listView: ListView
    private let model = IndexListModel(count: 0)
    private let selection: SingleSelection
    private let factory = SignalListItemFactory()
    private let rowMenu = MenuModel()

    /// The menu the rows show, read at bind time.
    var menu: () -> Menu = { .standard }
    /// The selection moved (click, keyboard, or code), or was cleared.
    var onSelectionChanged: (@MainActor (Int?) -> Void)?
    /// A row was clicked.
    var onRowClicked: (@MainActor (Int) -> Void)?
    /// A row was activated: Enter, or a double click.
    var onRowActivated: (@MainActor (Int) -> Void)?
    /// Delete was asked for (Delete key, or the row's context menu).
    var onDeleteRequested: (@MainActor (Int) -> Void)?

    private var isUpdatingSelection = false

    init() {
        selection = SingleSelection(model: model)
        listView = ListView(selection: selection, factory: factory)
        listView.addCSSClass("navigation-sidebar")
        listView.setAccessibleLabel("Pizzas")
        widget.scrollVerticallyOnly()
        widget.child = listView
        widget.expandsVertically = true
        rowMenu.append("_Delete", action: "win.delete-pizza")

        factory.onSetup { [weak self] item in self?.setUpRow(item) }
        factory.onBind { [weak self] item in self?.bindRow(item) }

        selection.onSelectedChanged { [weak self] position in
            guard let self, !self.isUpdatingSelection else { return }
            self.onSelectionChanged?(position)
        }
        listView.onActivate { [weak self] position in self?.onRowActivated?(position) }

        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self, keyval == Key.delete, modifiers & (Key.controlMask | Key.altMask) == 0,
                  let position = self.selection.selected else { return false }
            self.onDeleteRequested?(position)
            return true
        }
        listView.addController(keys)
    }

    var selected: Int? { selection.selected }

    /// Shows `count` rows from scratch (a new menu).
    func reload(count: Int) {
        isUpdatingSelection = true
        model.replace(at: 0, removed: model.count, added: count)
        isUpdatingSelection = false
    }

    /// Rows changed in place: `removed` rows at `position` became `added` rows.
    func rowsChanged(at position: Int, removed: Int, added: Int) {
        isUpdatingSelection = true
        model.replace(at: position, removed: removed, added: added)
        isUpdatingSelection = false
    }

    /// Selects `position` (or nothing) without reporting it back as a user's choice.
    func select(_ position: Int?) {
        isUpdatingSelection = true
        selection.selected = position
        isUpdatingSelection = false
    }

    /// Puts keyboard focus on the selected row, or on the list when nothing is selected.
    func focusSelectedRow() {
        if let position = selection.selected { listView.scrollTo(position) }
        listView.grabFocus()
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
            self.selection.selected = position
            self.showContextMenu(on: row.box, at: x, y)
        }
        row.box.addController(secondaryClick)
        let primaryClick = ClickGesture()
        primaryClick.setButton(1)
        primaryClick.onReleased { [weak self, weak row] count, _, _ in
            guard let self, count == 1, let position = row?.position else { return }
            self.onRowClicked?(position)
        }
        row.box.addController(primaryClick)

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
