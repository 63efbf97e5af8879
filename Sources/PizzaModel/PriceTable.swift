/// The menu's price list as a table: a row per pizza; a column for its name, one for its price in each size of the
/// menu and one for its price per square unit. Each figure is the one `PriceQuote` gives the detail, and the CSV
/// export (`PriceListCSV`) writes the same price cells, so the three never disagree.
///
/// Figures are in the C form (`5.65`, `0.050`); whoever shows them adds the locale's marks and the currency.
public struct PriceTable: Sendable {
    /// A column of the table.
    public enum Column: Hashable, Sendable {
        case name
        /// The price of each pizza in the menu's size at this index.
        case size(Int)
        /// The price per square inch (or centimetre), as the main list shows it.
        case unitPrice
    }

    /// Rows in the order of a column's values, ascending or descending; rows with equal values stay in menu order.
    public struct Sort: Hashable, Sendable {
        public var column: Column
        public var ascending: Bool

        public init(_ column: Column, ascending: Bool = true) {
            self.column = column
            self.ascending = ascending
        }
    }

    public let menu: Menu

    public init(_ menu: Menu) { self.menu = menu }

    /// The name, each size's price, then the price per square unit.
    public var columns: [Column] { [.name] + menu.sizes.indices.map(Column.size) + [.unitPrice] }

    /// Whether `column` is one of this menu's (a size column of another menu may not be).
    public func has(_ column: Column) -> Bool {
        if case .size(let index) = column { return menu.sizes.indices.contains(index) }
        return true
    }

    /// The quote of the pizza at `pizzaIndex` in the size at `sizeIndex`: what the detail shows for that choice.
    public func quote(pizzaAt pizzaIndex: Int, sizeAt sizeIndex: Int) -> PriceQuote {
        PriceQuote(pizza: menu.pizzas[pizzaIndex], size: menu.sizes[sizeIndex], measures: menu.measures)
    }

    /// The cell of the pizza at `pizzaIndex` in `column`: its name, the figure of its price as the detail's price
    /// line ends (`5.65`, the currency's decimals, unpadded), or its price per square unit as the list writes it (`0.050`).
    public func cell(pizzaAt pizzaIndex: Int, _ column: Column) -> String {
        switch column {
        case .name: menu.pizzas[pizzaIndex].name
        case .size(let sizeIndex): Self.priceDigits(menu.pizzas[pizzaIndex], menu.sizes[sizeIndex], menu.measures)
        case .unitPrice: PriceQuote.unitPriceDigits(menu.pizzas[pizzaIndex].pricePerSquareInch)
        }
    }

    /// What one pizza of one size costs, as the detail's price line writes it without its padding.
    public static func priceDigits(_ pizza: Pizza, _ size: PizzaSize, _ measures: MenuMeasures) -> String {
        PriceQuote(pizza: pizza, size: size, measures: measures).totalDigits
    }

    /// `menuIndices` (pizzas of this menu) in the order of `sort`. Names are compared ignoring case; every price
    /// column orders as the price per square unit does (a size's price is that times the size's area).
    public func sorted(_ menuIndices: [Int], by sort: Sort) -> [Int] {
        let pizzas = menu.pizzas
        var order = menuIndices
        switch sort.column {
        case .name:
            let keys = menuIndices.map { pizzas[$0].name.lowercased() }
            var positions = Array(keys.indices)
            positions.sort { keys[$0] != keys[$1] ? (keys[$0] < keys[$1]) == sort.ascending : menuIndices[$0] < menuIndices[$1] }
            order = positions.map { menuIndices[$0] }
        case .size, .unitPrice:
            order.sort { first, second in
                let a = pizzas[first].pricePerSquareInch, b = pizzas[second].pricePerSquareInch
                return a != b ? (a < b) == sort.ascending : first < second
            }
        }
        return order
    }
}
