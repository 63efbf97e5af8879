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
    /// The name has this many characters, more than a name can have.
    case nameTooLong(characters: Int)
    case hiddenCharacter(UInt32)
    case sizeLabelTooLong
    case tooManySizes
    case menuTooLarge
    case priceTooPrecise
    /// A price written with a decimal comma, as "0,05": the menu file and the field use a point.
    case priceDecimalComma
    /// A price typed as `typed` where a point groups thousands (`1.005` in German) was read as `read` (`1005`),
    /// more than a price can be: the point was likely meant as the decimal mark, which there is a comma.
    case priceReadAsGrouped(typed: String, read: String)
    /// Text of a field other than the name is longer than its rule allows.
    case textTooLong(TextRule, characters: Int)
    /// The schema has no text field with this key.
    case noTextField(String)
    /// The menu's `"unit"` is not one the app measures in.
    case unknownUnit(String)
    /// The menu's `"currency"` is not an ISO 4217 code of a currency.
    case unknownCurrency(String)

    /// The most characters a pizza's name can have.
    public static let maximumNameLength = MenuText.maximumNameLength
    /// The most characters a size's label can have.
    public static let maximumLabelLength = MenuText.maximumLabelLength
    public static let maximumPricePerSquareInch = 100.0
    /// A typed price has at most this many decimals: the most the list and the detail show.
    public static let maximumPriceDecimals = 4
    public static let diameterRange = 1.0...100.0
    /// Sizes are buttons in one row: more than this would not fit a screen.
    public static let maximumSizeCount = 12

    /// Whether this is about a pizza's name (shown beside the name field) rather than its price or the menu.
    public var isAboutName: Bool {
        switch self {
        case .emptyName, .duplicateName, .nameTooLong, .hiddenCharacter: true
        default: false
        }
    }

    /// `U+200B`: how a message names a character that cannot be shown.
    public static func codePoint(_ scalar: UInt32) -> String {
        "U+" + String(scalar, radix: 16, uppercase: true).paddedHex
    }

    public var description: String {
        switch self {
        case .emptyName: "Enter a name for the pizza."
        case .duplicateName(let name): "There is already a pizza called “\(Quoted.shortened(name))”."
        case .priceNotANumber: "Enter the price per square inch as a number, like 0.05."
        case .priceNotPositive: "The price per square inch must be more than 0."
        case .priceTooHigh: "The price per square inch can be at most $\(Int(Self.maximumPricePerSquareInch))."
        case .priceTooPrecise: "The price per square inch can have at most \(Self.maximumPriceDecimals) decimals, like 0.0125."
        case .priceDecimalComma: "Write the price per square inch with a point for decimals, like 0.05."
        case .priceReadAsGrouped(let typed, let read):
            "“\(Quoted.shortened(typed))” is read as \(read), since a point separates thousands here. Write decimals with a comma, like "
                + "\(Quoted.shortened(typed.replacingPoints()))."
        case .emptySizeLabel: "Every size needs a label."
        case .duplicateSizeLabel(let label): "There are two sizes labelled “\(Quoted.shortened(label))”."
        case .diameterOutOfRange(let label, _):
            "The size “\(Quoted.shortened(label))” must be between \(Int(Self.diameterRange.lowerBound)) and \(Int(Self.diameterRange.upperBound)) across, in the menu's unit."
        case .noSizes: "The menu needs at least one size."
        case .unknownSize(let label): "There is no size “\(Quoted.shortened(label))” on this menu."
        case .noPizza(let index): "There is no pizza number \(index + 1) on this menu."
        case .nameTooLong(let characters):
            "A name can be at most \(MenuText.maximumNameLength) characters long; this one has \(characters)."
        case .textTooLong(let rule, _): "\(rule.noun) can be at most \(rule.maximumLength) characters long."
        case .noTextField(let key): "A pizza has no text field “\(Quoted.shortened(key))”."
        case .hiddenCharacter(let scalar):
            "Text on a menu cannot contain invisible or text-direction characters (it has \(Self.codePoint(scalar)))."
        case .sizeLabelTooLong: "A size label can be at most \(MenuText.maximumLabelLength) characters long."
        case .tooManySizes: "A menu can have at most \(Self.maximumSizeCount) sizes."
        case .unknownUnit(let unit):
            "The unit “\(Quoted.shortened(unit))” is not one a menu can be in: write \"in\" for inches or \"cm\" for centimetres."
        case .unknownCurrency(let code):
            "“\(Quoted.shortened(code))” is not a currency code: write one of ISO 4217, like \"EUR\" or \"USD\"."
        case .menuTooLarge:
            "The menu would be larger than \(MenuFile.maximumFileSize / 1_048_576) MB, more than a menu file can hold. Delete some pizzas first."
        }
    }
}

extension String {
    fileprivate var paddedHex: String { count >= 4 ? self : String(repeating: "0", count: 4 - count) + self }

    /// The text with each point written as a comma: `1.005` as `1,005`.
    public func replacingPoints() -> String { String(map { $0 == "." ? "," : $0 }) }
}

/// The menu: pizza types in screen order, and the sizes they come in. Every mutation validates first,
/// so a `Menu` value always holds unique names and finite prices in (0, 100], by the rules of `MenuText`.
public struct Menu: Equatable, Sendable {
    public private(set) var pizzas: PizzaList
    public private(set) var sizes: [PizzaSize]
    /// The top-level members of the file that the app does not know, written back at every save.
    /// `"currency"` and `"unit"` are among them as written: the app reads them but never changes them.
    public private(set) var unknownMembers: UnknownMembers
    /// The currency and unit the menu names, or dollars and inches.
    public private(set) var measures: MenuMeasures
    /// At least as many bytes as `MenuFile.encode` writes for this menu; kept up to date by each edit.
    private(set) var writtenSizeBound: Int
    /// How many pizza names are not all ASCII; while none are, a name is looked up by its bytes alone.
    private(set) var nonASCIINames: Int

    /// A validated menu. Throws the first problem found.
    public init(pizzas: [Pizza], sizes: [PizzaSize] = PizzaSize.standard) throws(MenuError) {
        self.init(validatedPizzas: PizzaList(try Self.checkedPizzas(pizzas)), sizes: try Self.checkedSizes(sizes), unknownMembers: UnknownMembers())
    }

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
        return PriceQuote(pizza: pizzas[index], size: try size(labelled: sizeLabel), measures: measures)
    }

    /// The index of the pizza called `name` (by `MenuText.nameKey`: ignoring case and surrounding spaces), if any,
    /// looking from the pizza at `start` on.
    public func index(ofPizzaNamed name: String, from start: Int = 0) -> Int? {
        let matcher = MenuText.NameMatcher(name)
        let rows = pizzas[min(start, pizzas.count)...]
        if nonASCIINames == 0 { return rows.firstIndex { matcher.matches(asciiName: $0.name) } }
        return rows.firstIndex { matcher.matches($0.name) }
    }

    // MARK: Editing

    /// Adds a pizza at the end (or at `index`) and returns where it went.
    @discardableResult
    public mutating func add(name: String, pricePerSquareInch: Double, at index: Int? = nil) throws(MenuError) -> Int {
        let name = try checkedNewName(name, replacing: nil)
        try Self.validate(price: pricePerSquareInch)
        let position = min(max(index ?? pizzas.count, 0), pizzas.count)
        pizzas.insert(Pizza(name: name, pricePerSquareInch: pricePerSquareInch), at: position)
        writtenSizeBound += Self.rowBound(pizzas[position])
        nonASCIINames += Self.nonASCIICount(name)
        return position
    }

    /// Renames the pizza at `index`. Changing only the case of its own name is allowed.
    public mutating func rename(at index: Int, to name: String) throws(MenuError) {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        let name = try checkedNewName(name, replacing: index)
        writtenSizeBound -= Self.rowBound(pizzas[index])
        nonASCIINames += Self.nonASCIICount(name) - Self.nonASCIICount(pizzas[index].name)
        pizzas[index].name = name
        writtenSizeBound += Self.rowBound(pizzas[index])
    }

    /// Sets the text field called `key` (as the menu file names it: "description") of the pizza at `index` to
    /// what a person typed, checked as the file's is; nil or nothing but spaces leaves an optional field out.
    public mutating func setText(_ key: String, at index: Int, to text: String?) throws(MenuError) {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        if key == Self.nameKey { return try rename(at: index, to: text ?? "") }
        var pizza = pizzas[index]
        try MenuSchema.setText(key, of: &pizza, to: text)
        writtenSizeBound += Self.rowBound(pizza) - Self.rowBound(pizzas[index])
        pizzas[index] = pizza
    }

    /// The text of the field called `key` of the pizza at `index`, as `setText` takes it; nil when it has none.
    public func text(_ key: String, at index: Int) -> String? {
        pizzas.indices.contains(index) ? MenuSchema.text(key, of: pizzas[index]) : nil
    }

    /// The key of the name, which `setText` checks as a new name (no other pizza may have it).
    public static let nameKey = "name"

    /// Sets the price per square inch of the pizza at `index`.
    public mutating func setPrice(at index: Int, to price: Double) throws(MenuError) {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        try Self.validate(price: price)
        pizzas[index].pricePerSquareInch = price
    }

    /// Puts back a pizza removed earlier, with everything it had (members the app does not know
    /// included), under the same rules as `add`. Returns where it went.
    @discardableResult
    public mutating func restore(_ pizza: Pizza, at index: Int) throws(MenuError) -> Int {
        var pizza = pizza
        pizza.name = try checkedNewName(pizza.name, replacing: nil)
        try Self.validate(price: pizza.pricePerSquareInch)
        let position = min(max(index, 0), pizzas.count)
        pizzas.insert(pizza, at: position)
        writtenSizeBound += Self.rowBound(pizza)
        nonASCIINames += Self.nonASCIICount(pizza.name)
        return position
    }

    /// Removes and returns the pizza at `index`.
    @discardableResult
    public mutating func remove(at index: Int) throws(MenuError) -> Pizza {
        guard pizzas.indices.contains(index) else { throw .noPizza(at: index) }
        writtenSizeBound -= Self.rowBound(pizzas[index])
        nonASCIINames -= Self.nonASCIICount(pizzas[index].name)
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

    /// Parses a price typed by a person in `format` ("0.05" and "$0.05" accepted in the C form; there " 1,5 " is
    /// refused, saying to use a point; in German "0,05" and "1.000,5" are read, and "0.05" too).
    public static func parsePrice(_ text: String, format: NumberFormat = .c) throws(MenuError) -> Double {
        var trimmed = MenuText.trim(text)
        if trimmed.hasPrefix("$") { trimmed = MenuText.trim(String(trimmed.dropFirst())) }
        guard let delocalized = format.delocalized(trimmed) else { throw .priceNotANumber }
        let typed = trimmed
        trimmed = delocalized
        // Plain decimal digits only: no exponent ("1e-5"), no "inf" or "nan". A minus is read, to be refused
        // as not more than 0.
        let digits = trimmed.hasPrefix("-") ? String(trimmed.dropFirst()) : trimmed
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if isDecimal(digits.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)) { throw .priceDecimalComma }
        guard !digits.isEmpty, digits != ".", parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let value = Double(trimmed), value.isFinite else { throw .priceNotANumber }
        do throws(MenuError) { try validate(price: value) } catch {
            if case .priceTooHigh = error, format.groupingMark == ".", format.decimalMark == ",", typed.contains("."), !typed.contains(",") {
                throw .priceReadAsGrouped(typed: typed, read: MenuFile.number(value))
            }
            throw error
        }
        // Zeros at the end are no decimals: "0.05000" is 0.05.
        let decimals = parts.count < 2 ? 0 : parts[1].utf8.reversed().drop { $0 == UInt8(ascii: "0") }.count
        guard decimals <= MenuError.maximumPriceDecimals else { throw .priceTooPrecise }
        return value
    }

    /// Whether `parts` are an integer and fraction of plain digits, at least one of them not empty.
    private static func isDecimal(_ parts: [Substring]) -> Bool {
        parts.count == 2 && parts.contains { !$0.isEmpty } && parts.allSatisfy { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }

    static func validate(price: Double) throws(MenuError) {
        guard price.isFinite else { throw .priceNotANumber }
        guard price > 0 else { throw .priceNotPositive(price) }
        guard price <= MenuError.maximumPricePerSquareInch else { throw .priceTooHigh(price) }
    }

    /// The sizes with trimmed labels; throws the first problem.
    static func checkedSizes(_ sizes: [PizzaSize]) throws(MenuError) -> [PizzaSize] {
        guard !sizes.isEmpty else { throw .noSizes }
        guard sizes.count <= MenuError.maximumSizeCount else { throw .tooManySizes }
        var seen = Set<String>()
        var result = sizes
        for index in result.indices {
            let label = try MenuText.checkedLabel(result[index].label)
            guard seen.insert(label).inserted else { throw .duplicateSizeLabel(label) }
            try validate(diameter: result[index].diameter, label: label)
            result[index].label = label
        }
        return result
    }

    static func validate(diameter: Double, label: String) throws(MenuError) {
        guard diameter.isFinite, MenuError.diameterRange.contains(diameter) else {
            throw .diameterOutOfRange(label: label, diameter: diameter)
        }
    }

    private static func checkedPizzas(_ pizzas: [Pizza]) throws(MenuError) -> [Pizza] {
        var seen = Set<String>(minimumCapacity: pizzas.count)
        var result = pizzas
        for index in result.indices {
            let name = try MenuText.checkedName(result[index].name)
            guard seen.insert(MenuText.nameKey(name)).inserted else { throw .duplicateName(name) }
            try validate(price: result[index].pricePerSquareInch)
            if name.utf8.count != result[index].name.utf8.count { result[index].name = name }
        }
        return result
    }

    /// What `add` would refuse about `name`, or nil when a pizza could be added under it.
    public func problem(withNewName name: String) -> MenuError? {
        do throws(MenuError) {
            _ = try checkedNewName(name, replacing: nil)
            return nil
        } catch {
            return error
        }
    }

    private func checkedNewName(_ name: String, replacing index: Int?) throws(MenuError) -> String {
        let trimmed = try MenuText.checkedName(name)
        if let existing = self.index(ofPizzaNamed: trimmed), existing != index { throw .duplicateName(pizzas[existing].name) }
        return trimmed
    }
}

extension Menu {
    /// A menu whose pizzas and sizes are already validated row by row.
    /// `pizzasBound` is the sum of the pizzas' `rowBound`s, and `nonASCIINames` how many names are not
    /// all ASCII, when the caller has them already (the reader counts as it goes, so a million rows are
    /// not walked again).
    init(validatedPizzas pizzas: PizzaList, sizes: [PizzaSize], unknownMembers: UnknownMembers, measures: MenuMeasures = .standard,
         pizzasBound: Int? = nil, nonASCIINames: Int? = nil) {
        self.pizzas = pizzas
        self.sizes = sizes
        self.unknownMembers = unknownMembers
        self.measures = measures
        self.nonASCIINames = nonASCIINames ?? pizzas.reduce(0) { $0 + Self.nonASCIICount($1.name) }
        var total = 64 + unknownMembers.writtenSizeBound + (pizzasBound ?? pizzas.reduce(0) { $0 + Self.rowBound($1) })
        for size in sizes { total += MenuSchema.writtenBound(size) }
        writtenSizeBound = total
    }

    private static func nonASCIICount(_ name: String) -> Int { MenuText.isASCII(name) ? 0 : 1 }

    /// At most how many bytes the pizza adds to the written menu, from the schema's fields.
    static func rowBound(_ pizza: Pizza) -> Int { MenuSchema.writtenBound(pizza) }
}
