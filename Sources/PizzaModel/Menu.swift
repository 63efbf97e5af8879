/// Why a menu edit, or a menu read from a file, is not valid. The descriptions are for people.
public enum MenuError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyName
    case duplicateName(String)
    case priceNotANumber
    case priceNotPositive(Double)
    case priceTooHigh(Double)
    case emptySizeLabel
    case duplicateSizeLabel(String)
    case diameterOutOfRange(label: String, diameter: Double)
    case noSizes
    case unknownSize(String)
    case noPizza(at: Int)

    public static let maximumPricePerSquareInch = 100.0
    public static let diameterRange = 1.0...100.0

    public var description: String {
        switch self {
        case .emptyName: "Enter a name for the pizza."
        case .duplicateName(let name): "There is already a pizza called “\(name)”."
        case .priceNotANumber: "Enter the price per square inch as a number, like 0.05."
        case .priceNotPositive: "The price per square inch must be more than 0."
        case .priceTooHigh: "The price per square inch can be at most $\(Int(Self.maximumPricePerSquareInch))."
        case .emptySizeLabel: "Every size needs a label."
        case .duplicateSizeLabel(let label): "There are two sizes labelled “\(label)”."
        case .diameterOutOfRange(let label, _):
            "The size “\(label)” must be between \(Int(Self.diameterRange.lowerBound)) and \(Int(Self.diameterRange.upperBound)) inches across."
        case .noSizes: "The menu needs at least one size."
        case .unknownSize(let label): "There is no size “\(label)” on this menu."
        case .noPizza(let index): "There is no pizza number \(index + 1) on this menu."
        }
    }
}

/// The menu: pizza types in screen order, and the sizes they come in. Every mutation validates first,
/// so a `Menu` value always holds unique, non-empty names and finite prices in (0, 100].
public struct Menu: Equatable, Sendable {
    public private(set) var pizzas: [Pizza]
    public private(set) var sizes: [PizzaSize]

    /// A validated menu. Throws the first problem found.
    public init(pizzas: [Pizza], sizes: [PizzaSize] = PizzaSize.standard) throws(MenuError) {
        let checked = try Self.checkedPizzas(pizzas)
        try Self.validate(sizes: sizes)
        self.pizzas = checked
        self.sizes = sizes
    }

    /// Cheese, Sausage, Pepperoni and Veggie in the six standard sizes: the reference demo's menu.
    public static let demo: Menu = try! Menu(pizzas: [
        Pizza(name: "Cheese", pricePerSquareInch: 0.03),
        Pizza(name: "Sausage", pricePerSquareInch: 0.06),
        Pizza(name: "Pepperoni", pricePerSquareInch: 0.05),
        Pizza(name: "Veggie", pricePerSquareInch: 0.04),
    ])

    // MARK: Reading

    /// The size with `label`, following aliases ("15\"" is the 16-inch size).
    public func size(labelled label: String) throws(MenuError) -> PizzaSize {
        if let size = sizes.first(where: { $0.label == label }) { return size }
        if let target = PizzaSize.aliases[label], let size = sizes.first(where: { $0.label == target }) { return size }
        throw .unknownSize(label)
    }

    /// The price of the pizza at `index` in the size labelled `sizeLabel`.
    public func quote(pizzaAt index: Int, sizeLabelled sizeLabel: String) throws(MenuError) -> PriceQuote {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        return PriceQuote(pizza: pizzas[index], size: try size(labelled: sizeLabel))
    }

    /// The index of the pizza called `name` (ignoring case and surrounding spaces), if any.
    public func index(ofPizzaNamed name: String) -> Int? {
        let key = Self.nameKey(name)
        return pizzas.firstIndex { Self.nameKey($0.name) == key }
    }

    // MARK: Editing

    /// Adds a pizza at the end (or at `index`) and returns where it went.
    @discardableResult
    public mutating func add(name: String, pricePerSquareInch: Double, at index: Int? = nil) throws(MenuError) -> Int {
        let name = try checkedNewName(name, replacing: nil)
        try Self.validate(price: pricePerSquareInch)
        let position = min(max(index ?? pizzas.count, 0), pizzas.count)
        pizzas.insert(Pizza(name: name, pricePerSquareInch: pricePerSquareInch), at: position)
        return position
    }

    /// Renames the pizza at `index`. Changing only the case of its own name is allowed.
    public mutating func rename(at index: Int, to name: String) throws(MenuError) {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        pizzas[index].name = try checkedNewName(name, replacing: index)
    }

    /// Sets the price per square inch of the pizza at `index`.
    public mutating func setPrice(at index: Int, to price: Double) throws(MenuError) {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        try Self.validate(price: price)
        pizzas[index].pricePerSquareInch = price
    }

    /// Removes and returns the pizza at `index`.
    @discardableResult
    public mutating func remove(at index: Int) throws(MenuError) -> Pizza {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        return pizzas.remove(at: index)
    }

    /// Moves the pizza at `source` so that it ends up at `destination`.
    public mutating func move(from source: Int, to destination: Int) throws(MenuError) {
        guard pizzas.indices.contains(source) else { throw .noPizza(at: source) }
        guard pizzas.indices.contains(destination) else { throw .noPizza(at: destination) }
        let pizza = pizzas.remove(at: source)
        pizzas.insert(pizza, at: destination)
    }

    // MARK: Validation

    /// Parses a price typed by a person ("0.05", " 1,5 " is rejected, "$0.05" accepted).
    public static func parsePrice(_ text: String) throws(MenuError) -> Double {
        var trimmed = trim(text)
        if trimmed.hasPrefix("$") { trimmed = trim(String(trimmed.dropFirst())) }
        guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { throw .priceNotANumber }
        try validate(price: value)
        return value
    }

    static func validate(price: Double) throws(MenuError) {
        guard price.isFinite else { throw .priceNotANumber }
        guard price > 0 else { throw .priceNotPositive(price) }
        guard price <= MenuError.maximumPricePerSquareInch else { throw .priceTooHigh(price) }
    }

    static func validate(sizes: [PizzaSize]) throws(MenuError) {
        guard !sizes.isEmpty else { throw .noSizes }
        var seen = Set<String>()
        for size in sizes {
            let label = trim(size.label)
            guard !label.isEmpty else { throw .emptySizeLabel }
            guard seen.insert(label).inserted else { throw .duplicateSizeLabel(label) }
            guard size.diameter.isFinite, MenuError.diameterRange.contains(size.diameter) else {
                throw .diameterOutOfRange(label: label, diameter: size.diameter)
            }
        }
    }

    private static func checkedPizzas(_ pizzas: [Pizza]) throws(MenuError) -> [Pizza] {
        var seen = Set<String>(minimumCapacity: pizzas.count)
        var result = pizzas
        for index in result.indices {
            let name = trim(result[index].name)
            guard !name.isEmpty else { throw .emptyName }
            guard seen.insert(nameKey(name)).inserted else { throw .duplicateName(name) }
            try validate(price: result[index].pricePerSquareInch)
            if name.utf8.count != result[index].name.utf8.count { result[index].name = name }
        }
        return result
    }

    private func checkedNewName(_ name: String, replacing index: Int?) throws(MenuError) -> String {
        let trimmed = Self.trim(name)
        guard !trimmed.isEmpty else { throw .emptyName }
        if let existing = self.index(ofPizzaNamed: trimmed), existing != index { throw .duplicateName(pizzas[existing].name) }
        return trimmed
    }

    /// Names compare ignoring case and surrounding spaces.
    static func nameKey(_ name: String) -> String {
        let trimmed = trim(name)
        return trimmed.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? trimmed.lowercased() : trimmed
    }

    static func trim(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last,
           first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 {
            return text
        }
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

extension Menu {
    /// A menu whose pizzas and sizes the reader has already validated row by row.
    init(validatedPizzas pizzas: [Pizza], sizes: [PizzaSize]) {
        self.pizzas = pizzas
        self.sizes = sizes
    }
}
