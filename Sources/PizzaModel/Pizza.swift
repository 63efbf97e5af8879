/// A pizza type on the menu: its name, its price per square inch in dollars, and what else the menu says.
///
/// Its fields are in two parts, which a `PizzaList` stores apart: `core`, what every pizza has, kept in
/// every row; and `details`, what most pizzas leave out, kept only for the pizzas that have any.
/// `pizza.name` or `pizza.description` reaches a field in either. A new optional field is a property of
/// `Details` (and its line in the schema, `MenuSchema`).
@dynamicMemberLookup
public struct Pizza: Hashable, Sendable {
    public struct Core: Hashable, Sendable {
        public var name: String
        public var pricePerSquareInch: Double
    }

    public struct Details: Hashable, Sendable {
        /// What is on it, as the menu says ("Tomato, mozzarella, basil"); nil when the menu says nothing.
        public var description: String?
        /// What the file had in this pizza's object that the app does not know (`"notes"`), kept for saving.
        public var unknownMembers = UnknownMembers()

        public init() {}

        /// Whether every field is left out.
        public var isEmpty: Bool { self == Self.empty }

        private static let empty = Details()
    }

    public var core: Core
    public var details: Details

    public init(name: String, pricePerSquareInch: Double, description: String? = nil, unknownMembers: UnknownMembers = UnknownMembers()) {
        core = Core(name: name, pricePerSquareInch: pricePerSquareInch)
        details = Details()
        details.description = description
        details.unknownMembers = unknownMembers
    }

    public init(core: Core, details: Details) {
        self.core = core
        self.details = details
    }

    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<Core, Value>) -> Value {
        get { core[keyPath: field] }
        set { core[keyPath: field] = newValue }
    }

    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<Details, Value>) -> Value {
        get { details[keyPath: field] }
        set { details[keyPath: field] = newValue }
    }
}

/// A pizza size: the label on its button and the diameter in inches it stands for.
public struct PizzaSize: Hashable, Sendable {
    public var label: String
    public var diameter: Double
    /// What the file had in this size's object that the app does not know (`"id"`), kept for saving.
    public var unknownMembers: UnknownMembers

    public init(label: String, diameter: Double, unknownMembers: UnknownMembers = UnknownMembers()) {
        self.label = label
        self.diameter = diameter
        self.unknownMembers = unknownMembers
    }

    /// The six sizes of the reference demo, in button order.
    public static let standard: [PizzaSize] = [
        PizzaSize(label: "Personal", diameter: 8),
        PizzaSize(label: "10\"", diameter: 10),
        PizzaSize(label: "12\"", diameter: 12),
        PizzaSize(label: "16\"", diameter: 16),
        PizzaSize(label: "18\"", diameter: 18),
        PizzaSize(label: "24\"", diameter: 24),
    ]

    /// Labels that name another size: the demo priced a "15\"" pizza as a 16-inch one.
    public static let aliases: [String: String] = ["15\"": "16\""]
}

/// The demo's arithmetic: the area of a round pizza and what it costs.
public enum PizzaPricing {
    /// pi * r^2 with r = diameter / 2, in square inches.
    public static func area(diameter: Double) -> Double {
        let radius = diameter / 2
        return Double.pi * radius * radius
    }

    /// area * price per square inch, in dollars.
    public static func price(diameter: Double, pricePerSquareInch: Double) -> Double {
        area(diameter: diameter) * pricePerSquareInch
    }
}

/// What one pizza of one size costs, with the demo's display strings.
public struct PriceQuote: Equatable, Sendable {
    public let pizza: Pizza
    public let size: PizzaSize
    /// The menu's currency (the price's decimals) and unit.
    public let measures: MenuMeasures

    public init(pizza: Pizza, size: PizzaSize, measures: MenuMeasures = .standard) {
        self.pizza = pizza
        self.size = size
        self.measures = measures
    }

    public var area: Double { PizzaPricing.area(diameter: size.diameter) }
    public var unitPrice: Double { pizza.pricePerSquareInch }
    public var total: Double { PizzaPricing.price(diameter: size.diameter, pricePerSquareInch: unitPrice) }

    /// `%6.1fin Pizza`, e.g. `  12.0in Pizza`.
    public var sizeLine: String { Self.sizeLine(diameter: size.diameter) }

    /// `%6.2f sq in at $%6.2f is $%6.2f`, e.g. `113.10 sq in at $  0.05 is $  5.65`. A price with more
    /// decimals shows them all (up to four), so the line adds up: `201.06 sq in at $ 0.045 is $  9.05`.
    public var priceLine: String {
        let figures = figures
        return "\(figures.area) sq in at $\(figures.unitPrice) is $\(figures.total)"
    }

    /// The price line's three numbers as it writes them (`113.10`, `  0.05`, `  5.65`), for wording it another way.
    /// The price has the currency's decimals (none for yen).
    public var figures: (area: String, unitPrice: String, total: String) {
        let decimals = DecimalFormat.decimalsNeeded(unitPrice, minimum: 2, maximum: Self.maximumPriceDecimals)
        return (DecimalFormat.fixed(area, width: 6, decimals: 2), DecimalFormat.fixed(unitPrice, width: 6, decimals: decimals),
                DecimalFormat.fixed(total, width: 6, decimals: totalDecimals))
    }

    /// The price of the pizza as the price line writes it, without the padding: `5.65`.
    public var totalDigits: String { DecimalFormat.fixed(total, decimals: totalDecimals) }

    /// The decimals of the price of a pizza, in the price line and wherever else it is written: the currency's.
    public var totalDecimals: Int { measures.currency.decimals }

    /// The most decimals a price per square inch is shown with.
    public static let maximumPriceDecimals = 4

    /// The size line for a diameter alone, shown before a pizza is chosen.
    public static func sizeLine(diameter: Double) -> String {
        "\(diameterFigure(diameter))in Pizza"
    }

    /// The size line's number, `  12.0`.
    public static func diameterFigure(_ diameter: Double) -> String {
        DecimalFormat.fixed(diameter, width: 6, decimals: 1)
    }

    /// The price per square inch with at least three decimals and as many more as it has (up to four),
    /// e.g. `0.050`, `0.0001`.
    public static func unitPriceDigits(_ pricePerSquareInch: Double) -> String {
        let decimals = DecimalFormat.decimalsNeeded(pricePerSquareInch, minimum: 3, maximum: maximumPriceDecimals)
        return DecimalFormat.fixed(pricePerSquareInch, decimals: decimals)
    }

    /// The list row's price with its unit, e.g. `$0.050 / sq in`.
    public static func unitPriceText(_ pricePerSquareInch: Double) -> String {
        "$\(unitPriceDigits(pricePerSquareInch)) / sq in"
    }

    /// The price in words, for a screen reader, e.g. `0.050 dollars per square inch`.
    public static func spokenUnitPrice(_ pricePerSquareInch: Double) -> String {
        "\(unitPriceDigits(pricePerSquareInch)) dollars per square inch"
    }
}
