/// The menu format, as fields: what each object holds, how each value is read, checked and written.
/// It knows no bytes: the scanner hands it keys, strings and numbers.
///
/// A pizza's or a size's fields are listed once, in `visitFields`: one line per field, which reading,
/// writing and the list of known keys all go through. A new field is one more line there (and the
/// property it fills). Every object follows one rule: a key may appear once (compared after escapes
/// are undone); keys the app does not know are kept with their values as written, and written back in
/// the same place.
protocol MenuRecord: Sendable {
    /// What the row is called in messages: "pizza", "size".
    static var noun: StaticString { get }
    /// A row before its fields are read (every field is required, so none of its values survive).
    static var blank: Self { get }
    /// Calls the visitor once per field, in the order they are written, with what it works on.
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure)
    /// Checks the row once all its fields are read; its error is reported at the object.
    static func check(_ row: Self) throws(MenuError)
    var unknownMembers: UnknownMembers { get set }
}

extension MenuRecord {
    static func check(_ row: Self) throws(MenuError) {}

    /// How many fields the row has, counted by visiting them (a constant once inlined).
    @inline(__always)
    static var fieldCount: Int {
        var counter = FieldCounter()
        var count = 0
        var row = blank
        try? row.visitFields(&counter, &count)
        return count
    }
}

private struct FieldCounter: FieldVisitor {
    @inline(__always)
    func text(_ key: StaticString, _ value: inout String, _ count: inout Int, check: (String, Bool) throws(MenuError) -> String) { count += 1 }
    @inline(__always)
    func number(_ key: StaticString, _ value: inout Double, _ count: inout Int, check: (Double) throws(MenuError) -> Void) { count += 1 }
}

/// Something done to each field of a row: reading one, writing all, listing the keys.
protocol FieldVisitor {
    /// What the visitor reads from or writes to (the scanner, the output bytes), passed along beside it.
    associatedtype Work
    /// A string, kept as `check` returns it (a trimmed name); `check`'s error is reported at the value.
    /// `check` is also told whether the scanner found it plain: printable ASCII, no space at either end.
    mutating func text(
        _ key: StaticString, _ value: inout String, _ work: inout Work, check: (String, Bool) throws(MenuError) -> String
    ) throws(JSONFailure)
    /// A number, checked by `check`; its error is reported at the value, with the number found.
    mutating func number(
        _ key: StaticString, _ value: inout Double, _ work: inout Work, check: (Double) throws(MenuError) -> Void
    ) throws(JSONFailure)
}

extension Pizza: MenuRecord {
    static let noun: StaticString = "pizza"
    static var blank: Pizza { Pizza(name: "", pricePerSquareInch: 1) }

    @inline(__always)
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure) {
        try visitor.text("name", &name, &work, check: MenuText.checkedName(_:plain:))
        try visitor.number("pricePerSquareInch", &pricePerSquareInch, &work, check: Menu.validate(price:))
    }
}

extension PizzaSize: MenuRecord {
    static let noun: StaticString = "size"
    static var blank: PizzaSize { PizzaSize(label: "", diameter: 1) }

    @inline(__always)
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure) {
        try visitor.text("label", &label, &work, check: { label, _ throws(MenuError) in try MenuText.checkedLabel(label) })
        try visitor.number("diameter", &diameter, &work, check: { _ in })
    }

    static func check(_ size: PizzaSize) throws(MenuError) { try Menu.validate(diameter: size.diameter, label: size.label) }
}

/// Lists a record's keys, in order.
private struct KeyLister: FieldVisitor {
    func text(_ key: StaticString, _ value: inout String, _ keys: inout [String], check: (String, Bool) throws(MenuError) -> String) {
        keys.append(key.description)
    }
    func number(_ key: StaticString, _ value: inout Double, _ keys: inout [String], check: (Double) throws(MenuError) -> Void) {
        keys.append(key.description)
    }
}

/// Counts the fields a visitor is shown, to act on field number `target` only.
private struct FieldCursor {
    let target: Int
    private var position = 0

    init(target: Int) { self.target = target }

    @inline(__always)
    mutating func isTarget() -> Bool {
        defer { position += 1 }
        return position == target
    }
}

/// Reads the value the scanner stands at into the field `field` points at.
private struct FieldReader<Row: MenuRecord>: FieldVisitor {
    var field: FieldCursor
    let index: Int

    @inline(__always)
    mutating func text(
        _ key: StaticString, _ value: inout String, _ scanner: inout JSONScanner, check: (String, Bool) throws(MenuError) -> String
    ) throws(JSONFailure) {
        guard field.isTarget() else { return }
        let offset = scanner.index, index = self.index
        var plain = false
        let text = try scanner.readString(for: "\"\(key)\" of \(Row.noun) \(index)", plain: &plain)
        do throws(MenuError) { value = try check(text, plain) } catch {
            throw scanner.failure("\(Row.noun) \(index): \(error.description)", at: offset)
        }
    }

    @inline(__always)
    mutating func number(
        _ key: StaticString, _ value: inout Double, _ scanner: inout JSONScanner, check: (Double) throws(MenuError) -> Void
    ) throws(JSONFailure) {
        guard field.isTarget() else { return }
        let offset = scanner.index, index = self.index
        let number = try scanner.readNumber(for: "\"\(key)\" of \(Row.noun) \(index)")
        do throws(MenuError) { try check(number) } catch {
            throw scanner.failure("\(Row.noun) \(index): \(error.description) (found \(MenuFile.number(number)))", at: offset)
        }
        value = number
    }
}

/// Sets the field `field` points at to a value read the fast way, when it is of the field's kind and passes its check.
private struct FieldSetter: FieldVisitor {
    var field: FieldCursor
    let scalar: JSONScalar

    @inline(__always)
    mutating func text(_ key: StaticString, _ value: inout String, _ valid: inout Bool, check: (String, Bool) throws(MenuError) -> String) {
        guard field.isTarget(), case .string(let text, let plain) = scalar, let checked = try? check(text, plain) else { return }
        value = checked
        valid = true
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: inout Double, _ valid: inout Bool, check: (Double) throws(MenuError) -> Void) {
        guard field.isTarget(), case .number(let number) = scalar, (try? check(number)) != nil else { return }
        value = number
        valid = true
    }
}

/// Writes every field as `"key": value`, each followed by the unknown members that followed it in the file.
private struct FieldWriter: FieldVisitor {
    let unknown: [UnknownMembers.Member]
    var position = 0

    mutating func text(_ key: StaticString, _ value: inout String, _ out: inout [UInt8], check: (String, Bool) throws(MenuError) -> String) {
        writeKey(key, to: &out)
        MenuFile.appendString(value, to: &out)
        writeUnknownMembers(to: &out)
    }

    mutating func number(_ key: StaticString, _ value: inout Double, _ out: inout [UInt8], check: (Double) throws(MenuError) -> Void) {
        writeKey(key, to: &out)
        out.append(contentsOf: MenuFile.number(value).utf8)
        writeUnknownMembers(to: &out)
    }

    private func writeKey(_ key: StaticString, to out: inout [UInt8]) {
        if out.last != UInt8(ascii: "{") { out.append(contentsOf: ", ".utf8) }
        out.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: "\": ".utf8)
    }

    /// The unknown members that followed this field in the file.
    private mutating func writeUnknownMembers(to out: inout [UInt8]) {
        defer { position += 1 }
        if unknown.isEmpty { return }
        for member in unknown where member.afterField == position {
            out.append(contentsOf: ", ".utf8)
            MenuSchema.appendMember(member, to: &out)
        }
    }
}

/// Finds which field a key is, comparing its bytes with each field's key in turn: the whole candidate, or
/// with `prefix`, its start when a closing quote follows there. A field's key is a `StaticString`, whose
/// bytes only a pointer reaches; the candidate is a span's, lent for the match, and every read of either
/// is below the key's length, which `candidate.count` is checked against first.
private struct KeyMatcher: FieldVisitor {
    let candidate: UnsafeBufferPointer<UInt8>
    var prefix = false
    var position = 0

    @inline(__always)
    private mutating func visit(_ key: StaticString, _ found: inout Int?) {
        defer { position += 1 }
        let count = key.utf8CodeUnitCount
        guard found == nil else { return }
        if prefix {
            guard candidate.count > count, candidate[count] == UInt8(ascii: "\"") else { return }
        } else {
            guard count == candidate.count else { return }
        }
        let expected = key.utf8Start
        var index = 0
        while index < count && expected[index] == candidate[index] { index += 1 }
        if index == count { found = position }
    }

    @inline(__always)
    mutating func text(_ key: StaticString, _ value: inout String, _ found: inout Int?, check: (String, Bool) throws(MenuError) -> String) {
        visit(key, &found)
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: inout Double, _ found: inout Int?, check: (Double) throws(MenuError) -> Void) {
        visit(key, &found)
    }
}

/// The length in bytes of field number `target`'s key.
private struct KeyLengths: FieldVisitor {
    let target: Int
    var position = 0

    @inline(__always)
    private mutating func visit(_ key: StaticString, _ length: inout Int) {
        if position == target { length = key.utf8CodeUnitCount }
        position += 1
    }

    @inline(__always)
    mutating func text(_ key: StaticString, _ value: inout String, _ length: inout Int, check: (String, Bool) throws(MenuError) -> String) {
        visit(key, &length)
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: inout Double, _ length: inout Int, check: (Double) throws(MenuError) -> Void) {
        visit(key, &length)
    }
}

/// A record's keys, straight from its fields: nothing to store, and matched with the keys as constants.
private struct RecordKeys<Row: MenuRecord>: JSONKeyMatcher {
    private static var names: [String] {
        var keys: [String] = []
        var lister = KeyLister()
        var row = Row.blank
        try? row.visitFields(&lister, &keys)
        return keys
    }

    var count: Int { Self.names.count }
    func name(_ key: Int) -> String { Self.names[key] }

    @inline(__always)
    func key(matching candidate: Span<UInt8>) -> Int? {
        var found: Int?
        candidate.withUnsafeBufferPointer { candidate in
            var matcher = KeyMatcher(candidate: candidate)
            var row = Row.blank
            try? row.visitFields(&matcher, &found)
        }
        return found
    }

    @inline(__always)
    func key(startingWith text: Span<UInt8>) -> (key: Int, length: Int)? {
        var found: Int?
        text.withUnsafeBufferPointer { text in
            var matcher = KeyMatcher(candidate: text, prefix: true)
            var row = Row.blank
            try? row.visitFields(&matcher, &found)
        }
        var row = Row.blank
        guard let found else { return nil }
        var lengths = KeyLengths(target: found)
        var length = 0
        try? row.visitFields(&lengths, &length)
        return (found, length)
    }
}

/// The whole menu: `{"pizzas": [...], "sizes": [...]}`, `sizes` optional, other keys kept.
enum MenuSchema {
    private static let keys = JSONKeys(["pizzas", "sizes"])
    private static let pizzasField = 0, sizesField = 1

    /// The shortest pizza object with its comma, `{"name":"x","pricePerSquareInch":1},`, for sizing lists.
    private static let shortestPizza = 36

    static func read(_ scanner: inout JSONScanner) throws(JSONFailure) -> Menu {
        scanner.skipByteOrderMark()
        guard !scanner.isAtEnd() else { throw JSONFailure(offset: nil, reason: "the file is empty") }
        guard scanner.isAtObject() else {
            throw scanner.failure("the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with \(scanner.describeHere())")
        }
        var pizzas: PizzaList?
        var pizzasBound = 0, nonASCIINames = 0
        var sizes: [PizzaSize]?
        var unknown = UnknownMembers()
        var lastField = -1
        try scanner.readObject(keys: keys) { (scanner: inout JSONScanner, key: JSONKey, keyOffset: Int) throws(JSONFailure) in
            switch key {
            case .known(pizzasField):
                guard pizzas == nil else { throw scanner.failure("the menu has \"pizzas\" twice", at: keyOffset) }
                pizzas = try readPizzas(&scanner, bound: &pizzasBound, nonASCIINames: &nonASCIINames)
                lastField = pizzasField
            case .known(_):
                guard sizes == nil else { throw scanner.failure("the menu has \"sizes\" twice", at: keyOffset) }
                sizes = try readSizes(&scanner)
                lastField = sizesField
            case .other(let key):
                guard !unknown.contains(key) else {
                    throw scanner.failure("the menu has \"\(Quoted.shortened(key))\" twice", at: keyOffset)
                }
                unknown.append(key: key, value: try scanner.captureValue(), afterField: lastField)
            }
        }
        guard scanner.isAtEnd() else { throw scanner.failure("unexpected \(scanner.describeHere()) after the end of the menu") }
        guard let pizzas else { throw JSONFailure(offset: nil, reason: "the menu has no \"pizzas\" list") }
        return Menu(validatedPizzas: pizzas, sizes: sizes ?? PizzaSize.standard, unknownMembers: unknown, pizzasBound: pizzasBound,
                    nonASCIINames: nonASCIINames)
    }

    /// The pizzas, the sum of their `Menu.rowBound`s in `bound`, and how many names are not all ASCII.
    private static func readPizzas(
        _ scanner: inout JSONScanner, bound: inout Int, nonASCIINames: inout Int
    ) throws(JSONFailure) -> PizzaList {
        var pizzas = PizzaList.Builder()
        let expected = scanner.estimatedObjectCount(minimumLength: shortestPizza)
        var names = DuplicateNameFinder(capacity: expected)
        let keys = RecordKeys<Pizza>()
        var laterFailure: JSONFailure?
        do {
            try scanner.readListOfObjects(named: "pizzas") { (scanner: inout JSONScanner, number: Int) throws(JSONFailure) in
                let start = scanner.index
                let pizza = try readRecord(Pizza.self, keys, number: number, from: &scanner)
                let hash = MenuText.foldedHash(pizza.name, countingNonASCII: &nonASCIINames)
                bound += Menu.rowBound(pizza)
                pizzas.append(pizza)
                if names.add(hash: hash, row: number - 1, position: start),
                   let duplicate = names.finish(among: pizzas) {
                    throw failure(duplicate, among: pizzas, scanner)
                }
            }
        } catch {
            laterFailure = error
        }
        // The rows still queued come before whatever stopped the reading, so their duplicate is reported first.
        if let duplicate = names.finish(among: pizzas) { throw failure(duplicate, among: pizzas, scanner) }
        if let laterFailure { throw laterFailure }
        return pizzas.finish()
    }

    private static func failure(_ duplicate: DuplicateNameFinder.Duplicate, among pizzas: PizzaList.Builder, _ scanner: JSONScanner) -> JSONFailure {
        scanner.failure("pizza \(duplicate.row + 1): there is already a pizza called “\(Quoted.shortened(pizzas.name(ofRow: duplicate.row)))”",
                        at: duplicate.position)
    }

    private static func readSizes(_ scanner: inout JSONScanner) throws(JSONFailure) -> [PizzaSize] {
        var sizes: [PizzaSize] = []
        let listStart = scanner.index
        try scanner.readListOfObjects(named: "sizes") { (scanner: inout JSONScanner, number: Int) throws(JSONFailure) in
            let start = scanner.index
            sizes.append(try readRecord(PizzaSize.self, RecordKeys<PizzaSize>(), number: number, from: &scanner))
            do throws(MenuError) { _ = try Menu.checkedSizes(sizes) } catch {
                throw scanner.failure("size \(number): \(error.description)", at: start)
            }
        }
        guard !sizes.isEmpty else { throw scanner.failure(MenuError.noSizes.description, at: listStart) }
        return sizes
    }

    /// One object of a list, through its fields.
    @inline(__always)
    private static func readRecord<Row: MenuRecord>(
        _ type: Row.Type, _ keys: RecordKeys<Row>, number: Int, from scanner: inout JSONScanner
    ) throws(JSONFailure) -> Row {
        if let row = readPlainRecord(type, keys, from: &scanner) { return row }
        let start = scanner.index
        var row = Row.blank
        var seen: UInt64 = 0
        var lastField = -1
        try scanner.readObject(keys: keys) { (scanner: inout JSONScanner, key: JSONKey, keyOffset: Int) throws(JSONFailure) in
            switch key {
            case .known(let field):
                guard seen & (1 << field) == 0 else {
                    throw scanner.failure("\(Row.noun) \(number) has \"\(keys.name(field))\" twice", at: keyOffset)
                }
                seen |= 1 << field
                var reader = FieldReader<Row>(field: FieldCursor(target: field), index: number)
                try row.visitFields(&reader, &scanner)
                lastField = field
            case .other(let key):
                guard !row.unknownMembers.contains(key) else {
                    throw scanner.failure("\(Row.noun) \(number) has \"\(Quoted.shortened(key))\" twice", at: keyOffset)
                }
                row.unknownMembers.append(key: key, value: try scanner.captureValue(), afterField: lastField)
            }
        }
        let allFields = (1 << Row.fieldCount) - 1
        if seen != allFields, let missing = (0..<keys.count).first(where: { seen & (1 << $0) == 0 }) {
            throw scanner.failure("\(Row.noun) \(number) has no \"\(keys.name(missing))\"", at: start)
        }
        do throws(MenuError) { try Row.check(row) } catch {
            throw scanner.failure("\(Row.noun) \(number): \(error.description)", at: start)
        }
        return row
    }

    /// The common record, read in one pass: its fields and nothing else, each once, plain and valid.
    /// Nil for any other, having read nothing; `readRecord` then reads it field by field and says what is wrong.
    @inline(__always)
    private static func readPlainRecord<Row: MenuRecord>(
        _ type: Row.Type, _ keys: RecordKeys<Row>, from scanner: inout JSONScanner
    ) -> Row? {
        var row = Row.blank
        var seen: UInt64 = 0
        let read = scanner.readPlainObject(keys: keys, { field, value in
            guard seen & (1 << field) == 0 else { return false }
            seen |= 1 << field
            var setter = FieldSetter(field: FieldCursor(target: field), scalar: value)
            var valid = false
            try? row.visitFields(&setter, &valid)
            return valid
        }, whole: {
            seen == (1 << Row.fieldCount) - 1 && (try? Row.check(row)) != nil
        })
        return read ? row : nil
    }

    // MARK: Writing

    /// The menu as pretty JSON, one pizza per line, ending in a newline; unknown members where they were.
    static func write(_ menu: Menu, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        func separate(_ out: inout [UInt8]) {
            out.append(contentsOf: (first ? "\n  " : ",\n  ").utf8)
            first = false
        }
        let unknown = menu.unknownMembers.members
        for member in unknown where member.afterField == -1 {
            separate(&out)
            appendMember(member, to: &out)
        }
        for field in [pizzasField, sizesField] {
            separate(&out)
            if field == pizzasField {
                out.append(contentsOf: "\"pizzas\": [".utf8)
                writeRows(menu.pizzas, to: &out)
            } else {
                out.append(contentsOf: "\"sizes\": [".utf8)
                writeRows(menu.sizes, to: &out)
            }
            for member in unknown where member.afterField == field {
                separate(&out)
                appendMember(member, to: &out)
            }
        }
        out.append(contentsOf: "\n}\n".utf8)
    }

    /// Exactly how many bytes `write` writes for `menu`, holding one row at a time.
    static func writtenCount(_ menu: Menu) -> Int {
        var frame: [UInt8] = []
        write(Menu(validatedPizzas: [], sizes: [], unknownMembers: menu.unknownMembers), to: &frame)
        var total = frame.count
        var scratch: [UInt8] = []
        func addRows<Rows: Collection>(_ rows: Rows) where Rows.Element: MenuRecord {
            guard !rows.isEmpty else { return }
            total += "\n    ".utf8.count + (rows.count - 1) * ",\n    ".utf8.count
            for row in rows {
                scratch.removeAll(keepingCapacity: true)
                writeRecord(row, to: &scratch)
                total += scratch.count
            }
        }
        addRows(menu.pizzas)
        addRows(menu.sizes)
        return total
    }

    private static func writeRows<Rows: Collection>(_ rows: Rows, to out: inout [UInt8]) where Rows.Element: MenuRecord {
        for (index, row) in rows.enumerated() {
            out.append(contentsOf: (index == 0 ? "\n    " : ",\n    ").utf8)
            writeRecord(row, to: &out)
        }
        out.append(contentsOf: "\n  ]".utf8)
    }

    private static func writeRecord<Row: MenuRecord>(_ row: Row, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        let unknown = row.unknownMembers.members
        for member in unknown where member.afterField == -1 {
            if out.last != UInt8(ascii: "{") { out.append(contentsOf: ", ".utf8) }
            appendMember(member, to: &out)
        }
        var writer = FieldWriter(unknown: unknown)
        var copy = row
        try? copy.visitFields(&writer, &out)
        out.append(UInt8(ascii: "}"))
    }

    static func appendMember(_ member: UnknownMembers.Member, to out: inout [UInt8]) {
        MenuFile.appendString(member.key, to: &out)
        out.append(contentsOf: ": ".utf8)
        out.append(contentsOf: member.value)
    }
}
