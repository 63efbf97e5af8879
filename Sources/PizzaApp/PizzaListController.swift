import Gtk
import MenuSession
import PizzaModel
import SplitView

/// The primary pane's rows: every pizza type and its price per square inch, with a context menu and drag
/// to reorder. The list itself, and its wiring to the detail, is the list-detail view's.
@MainActor
final class PizzaListController {
    private let list: SelectableList
    private let rowMenu = MenuModel()

    /// The rows to show, handed over by the window with each change; rows are bound from it.
    var rows = PizzaRows(MenuSession(path: FilePath(""), menu: .standard))
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
        // Translators: the item of a pizza row's context menu (right click, Shift+F10).
        rowMenu.append(String(translating: "_Delete"), action: "win.delete-pizza")
        list.onContextMenuKey = { [weak self] position, row in
            guard let self else { return }
            self.onContextMenuRequested?(position)
            self.showContextMenu(on: row, at: Double(row.width) / 2)
        }
    }

    var widget: ScrolledWindow { list.widget }

    /// Puts keyboard focus on the selected row, or on the list when nothing is selected.
    func focusSelectedRow(orFirst: Bool = false) { list.focusSelectedRow(orFirst: orFirst) }

    /// Whether keyboard focus is in the list.
    var hasFocus: Bool { list.hasFocus }

    // MARK: Rows

    /// One on-screen row: the box GTK holds as its list item's child, so `item.child as? RowView` finds it
    /// with its fields.
    @MainActor private final class RowView: Box {
        let nameLabel = Label()
        let price = Label()
        let drag = DragSource()
        var position: Int?
    }

    /// What a dragged row carries: this prefix and its position.
    private static let dragPrefix = "pizza-split-row:"

    private func setUpRow(_ item: ListItem) {
        let row = RowView(.horizontal, spacing: 12)
        row.addCSSClass("pizza-row")
        row.nameLabel.xAlign = 0
        row.nameLabel.expandsHorizontally = true
        row.nameLabel.ellipsizeAtEnd()
        row.price.xAlign = 1
        row.price.addCSSClass("pizza-price")
        row.append(row.nameLabel)
        row.append(row.price)

        let secondaryClick = ClickGesture()
        secondaryClick.setButton(3)
        secondaryClick.onPressed { [weak self, weak row] _, _, x, y in
            guard let self, let row, let position = row.position else { return }
            self.onContextMenuRequested?(position)
            self.showContextMenu(on: row, at: x)
        }
        row.addController(secondaryClick)

        row.addController(row.drag)
        let drop = DropTarget()
        drop.onDrop { [weak self, weak row] _, text in
            guard let self, let target = row?.position, text.hasPrefix(Self.dragPrefix),
                  let source = Int(text.dropFirst(Self.dragPrefix.count)) else { return false }
            self.onMoveRequested?(source, target)
            return true
        }
        row.addController(drop)

        item.child = row
    }

    /// The row's context menu, made when asked for and unparented once closed, so that recycled rows
    /// carry no popover of their own. It points at the row from below (above, when there is no room
    /// below), at `x` across it, so the row's name stays in sight.
    private func showContextMenu(on row: Widget, at x: Double) {
        let popover = PopoverMenu(menu: rowMenu)
        popover.attach(to: row)
        popover.onClosed { popover in
            MainContext.idle { [weak popover] in popover?.detach() }
        }
        // The list item around the row pads it; the arrow points at the padded row's lower edge.
        let padding = max((row.parent?.height ?? row.height) - row.height, 0) / 2
        popover.popup(below: x, 0, width: 1, height: Double(row.height + padding))
    }

    private func bindRow(_ item: ListItem) {
        guard let row = item.child as? RowView, let position = item.position else { return }
        guard let pizza = rows.pizza(atRow: position) else { return }
        let price = Messages.unitPrice(pizza.pricePerSquareInch, rows.measures)
        row.position = position
        row.drag.setText(Self.dragPrefix + String(position))
        row.nameLabel.text = pizza.name
        row.price.text = price
        // The list item (the row's parent) is what a screen reader announces; the box carries it too.
        let spoken = Messages.spokenRow(pizza, rows.measures)
        row.setAccessibleLabel(spoken)
        row.parent?.setAccessibleLabel(spoken)
    }
}

/// The list's rows as the session shows them: the whole menu, or the pizzas a search leaves.
struct PizzaRows {
    private let session: MenuSession

    init(_ session: MenuSession) { self.session = session }

    /// The menu's currency and unit, which each row's price says.
    var measures: MenuMeasures { session.menu.measures }

    func pizza(atRow row: Int) -> Pizza? { session.menuIndex(atRow: row).map { session.menu.pizzas[$0] } }

    func pizza(_ id: PizzaID) -> Pizza? { session.index(of: id).map { session.menu.pizzas[$0] } }

    func id(atRow row: Int) -> PizzaID? { session.id(atRow: row) }

    func row(of id: PizzaID) -> Int? { session.row(of: id) }
}
