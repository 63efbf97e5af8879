import PizzaModel

/// The price list's rows: the pizzas the main list shows (every one, or those its search leaves), in menu order or
/// sorted by a column of the table. In menu order nothing is made per pizza; sorted, one index per row shown.
public struct PriceListRows: Sendable {
    /// The menu's table, which gives each cell.
    public let table: PriceTable
    /// The order shown: the one asked for, or nil (menu order) when its column is not one of this menu's.
    public let sort: PriceTable.Sort?
    private let session: MenuSession
    private let order: [Int]?

    public init(_ session: MenuSession, sort: PriceTable.Sort?) {
        let table = PriceTable(session.menu)
        self.table = table
        self.session = session
        self.sort = sort.flatMap { table.has($0.column) ? $0 : nil }
        order = self.sort.map { sort in
            table.sorted((0..<session.rowCount).compactMap(session.menuIndex(atRow:)), by: sort)
        }
    }

    public var count: Int { order?.count ?? session.rowCount }

    /// The menu index of the pizza at `row`.
    public func menuIndex(atRow row: Int) -> Int? {
        guard let order else { return session.menuIndex(atRow: row) }
        return order.indices.contains(row) ? order[row] : nil
    }

    /// The cell at `row` in `column` (see `PriceTable.cell`).
    public func cell(atRow row: Int, _ column: PriceTable.Column) -> String? {
        guard let index = menuIndex(atRow: row), table.has(column) else { return nil }
        return table.cell(pizzaAt: index, column)
    }
}
