/// The menu format, as fields: what each object holds, how each value is read, checked and written.
/// It knows no bytes: the scanner hands it keys, strings and numbers.
///
/// A record (a pizza, a size) is a list of field descriptions in `visitFields`, one line each: the key, the
/// kind of value and its limits, and whether it may be left out. A kind is a codec (`FieldKind`), one per
/// type of value and written once: how a value is read, checked, typed, written and bounded. Reading,
/// writing, counting, matching keys and bounding the written size all walk that list through one generic
/// `visit`, so a new field of a known kind is one more line there (and the property it fills). Every object
/// follows one rule: a key may appear once (compared after escapes are undone); keys the app does not know
/// are kept with their values as written, and written back in the same place.
protocol MenuRecord: Sendable {
    /// What the row is called in messages: "pizza", "size".
    static var record: MenuRecordKind { get }
    /// A row before its fields are read: the required ones get their values from the file.
    static var blank: Self { get }
    /// Calls the visitor once per field, in the order they are written, with what it works on.
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure)
    /// Checks the row once all its fields are read; its error is reported at the object.
    static func check(_ row: Self) throws(MenuError)
    var unknownMembers: UnknownMembers { get set }
}

extension MenuRecord {
    static func check(_ row: Self) throws(MenuError) {}

    /// Walks the fields of a blank row (for what does not depend on a row's values: keys, which are required).
    @inline(__always)
    static func walkFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) {
        var row = blank
        try? row.visitFields(&visitor, &work)
    }

    /// One bit per field, set for the fields every row must have (a constant once inlined).
    @inline(__always)
    static var requiredFields: UInt64 {
        var mask: UInt64 = 0
        var counter = RequiredFields()
        walkFields(&counter, &mask)
        return mask
    }
}

/// One field of a record: its key, and the kind of value it holds with that kind's limits.
struct Field<Kind: FieldKind> {
    let key: StaticString
    let kind: Kind

    @inline(__always)
    init(_ key: StaticString, _ kind: Kind) {
        self.key = key
        self.kind = kind
    }
}

/// Why a field's value could not be read: bad JSON, or a value its kind refuses (with what was found, when it helps).
enum FieldFailure: Error {
    case syntax(JSONFailure)
    case refused(MenuError, found: String?)
}

/// A codec for one type of value: how it is read from the file, checked, typed by a person, written and bounded.
protocol FieldKind {
    associatedtype Value
    /// Whether every row must have the field.
    var isRequired: Bool { get }
    /// Whether `value` is written at all (an optional field's absent value is not).
    func isPresent(_ value: Value) -> Bool
    /// Reads and checks the value the scanner stands at; `what` names it in a message about the JSON.
    func read(_ scanner: inout JSONScanner, for what: @autoclosure () -> JSONSubject) throws(FieldFailure) -> Value
    /// The value a plain scalar stands for, when it is of this kind and passes the check (the fast path).
    func value(of scalar: JSONScalar) -> Value?
    /// The value for what a person typed (nil: nothing), checked as one read from the file; nil when the kind
    /// is not edited as text.
    func value(typed text: String?) throws(MenuError) -> Value?
    /// The value as `value(typed:)` takes it: nil when it is absent, or not text.
    func typedText(_ value: Value) -> String?
    func write(_ value: Value, to out: inout [UInt8])
    /// The most bytes `write` writes for `value`.
    func writtenBound(_ value: Value) -> Int
}

extension FieldKind {
    var isRequired: Bool { true }
    func isPresent(_ value: Value) -> Bool { true }
    func value(typed text: String?) throws(MenuError) -> Value? { nil }
    func typedText(_ value: Value) -> String? { nil }
}

/// Text, trimmed and checked as `check` says: a name, a size label, or text under a `TextRule`. Every check
/// refuses control characters, so escaping at most doubles the text (`"` and `\`).
struct TextKind: FieldKind {
    /// Plain data, not a closure: a field's kind is made afresh for every field visited, and costs nothing so.
    enum Check {
        case name, label
        case rule(TextRule)
    }

    let check: Check

    @inline(__always)
    init(_ check: Check) { self.check = check }

    /// `plain` tells that the scanner found the text printable ASCII with no space at either end.
    @inline(__always)
    private func checked(_ text: String, plain: Bool) throws(MenuError) -> String {
        switch check {
        case .name: try MenuText.checkedName(text, plain: plain)
        case .label: try MenuText.checkedLabel(text)
        case .rule(let rule): try MenuText.checked(text, rule)
        }
    }

    @inline(__always)
    func read(_ scanner: inout JSONScanner, for what: @autoclosure () -> JSONSubject) throws(FieldFailure) -> String {
        var plain = false
        let text: String
        do throws(JSONFailure) { text = try scanner.readString(for: what(), plain: &plain) } catch { throw .syntax(error) }
        do throws(MenuError) { return try checked(text, plain: plain) } catch { throw .refused(error, found: nil) }
    }

    @inline(__always)
    func value(of scalar: JSONScalar) -> String? {
        guard case .string(let text, let plain) = scalar else { return nil }
        return try? checked(text, plain: plain)
    }

    func value(typed text: String?) throws(MenuError) -> String? { try checked(text ?? "", plain: false) }
    func typedText(_ value: String) -> String? { value }
    func write(_ value: String, to out: inout [UInt8]) { MenuFile.appendString(value, to: &out) }
    func writtenBound(_ value: String) -> Int { 2 + 2 * value.utf8.count }
}

/// A number, checked as `check` says; a refused one is reported with the number found.
struct NumberKind: FieldKind {
    enum Check {
        /// `Menu.validate(price:)`.
        case price
        /// Any finite number: the row checks it (a size's diameter, with its label).
        case any
    }

    let check: Check

    @inline(__always)
    init(_ check: Check) { self.check = check }

    @inline(__always)
    private func validate(_ number: Double) throws(MenuError) {
        if check == .price { try Menu.validate(price: number) }
    }

    @inline(__always)
    func read(_ scanner: inout JSONScanner, for what: @autoclosure () -> JSONSubject) throws(FieldFailure) -> Double {
        let number: Double
        do throws(JSONFailure) { number = try scanner.readNumber(for: what()) } catch { throw .syntax(error) }
        do throws(MenuError) { try validate(number) } catch { throw .refused(error, found: MenuFile.number(number)) }
        return number
    }

    @inline(__always)
    func value(of scalar: JSONScalar) -> Double? {
        guard case .number(let number) = scalar, (try? validate(number)) != nil else { return nil }
        return number
    }

    func write(_ value: Double, to out: inout [UInt8]) { out.append(contentsOf: MenuFile.number(value).utf8) }
    /// `MenuFile.number` writes at most 24 bytes (`-1.2345678901234567e-308`).
    func writtenBound(_ value: Double) -> Int { 24 }
}

/// A field that may be left out: absent is nil, and nothing is written for it. Typing nothing (or only
/// spaces) leaves it out.
struct OptionalKind<Base: FieldKind>: FieldKind {
    let base: Base

    @inline(__always)
    init(_ base: Base) { self.base = base }

    var isRequired: Bool { false }
    func isPresent(_ value: Base.Value?) -> Bool { value != nil }

    @inline(__always)
    func read(_ scanner: inout JSONScanner, for what: @autoclosure () -> JSONSubject) throws(FieldFailure) -> Base.Value? {
        try base.read(&scanner, for: what())
    }

    @inline(__always)
    func value(of scalar: JSONScalar) -> Base.Value?? { base.value(of: scalar).map { .some($0) } }

    func value(typed text: String?) throws(MenuError) -> Base.Value?? {
        guard let text, !MenuText.trim(text).isEmpty else { return .some(nil) }
        return try base.value(typed: text).map { .some($0) }
    }

    func typedText(_ value: Base.Value?) -> String? { value.flatMap(base.typedText) }
    func write(_ value: Base.Value?, to out: inout [UInt8]) { if let value { base.write(value, to: &out) } }
    func writtenBound(_ value: Base.Value?) -> Int { value.map(base.writtenBound) ?? 0 }
}

/// Something done to each field of a row: reading one, writing all, listing the keys.
protocol FieldVisitor {
    /// What the visitor reads from or writes to (the scanner, the output bytes), passed along beside it.
    associatedtype Work
    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ work: inout Work) throws(JSONFailure)
}

extension Pizza: MenuRecord {
    static let record = MenuRecordKind.pizza
    static var blank: Pizza { Pizza(core: Pizza.Core(name: "", pricePerSquareInch: 1), details: Pizza.Details()) }

    @inline(__always)
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure) {
        try visitor.visit(Field("name", TextKind(.name)), &core.name, &work)
        try visitor.visit(Field("pricePerSquareInch", NumberKind(.price)), &core.pricePerSquareInch, &work)
        try visitor.visit(Field("description", OptionalKind(TextKind(.rule(TextRule(noun: "A description", maximumLength: 500))))), &details.description, &work)
    }

    var unknownMembers: UnknownMembers {
        get { details.unknownMembers }
        set { details.unknownMembers = newValue }
    }
}

extension Pizza {
    /// The text of the field called `key` in the file ("name", "description"), as it would be typed; nil
    /// when the pizza has none, or the field is not text.
    public func text(_ key: String) -> String? { MenuSchema.text(key, of: self) }
}

extension PizzaSize: MenuRecord {
    static let record = MenuRecordKind.size
    static var blank: PizzaSize { PizzaSize(label: "", diameter: 1) }

    @inline(__always)
    mutating func visitFields<Visitor: FieldVisitor>(_ visitor: inout Visitor, _ work: inout Visitor.Work) throws(JSONFailure) {
        try visitor.visit(Field("label", TextKind(.label)), &label, &work)
        try visitor.visit(Field("diameter", NumberKind(.any)), &diameter, &work)
    }

    static func check(_ size: PizzaSize) throws(MenuError) { try Menu.validate(diameter: size.diameter, label: size.label) }
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

/// Sets a bit per required field.
private struct RequiredFields: FieldVisitor {
    typealias Work = UInt64
    var position = 0

    @inline(__always)
    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ mask: inout UInt64) {
        if field.kind.isRequired { mask |= 1 << position }
        position += 1
    }
}

/// Lists a record's keys, in order.
private struct KeyLister: FieldVisitor {
    typealias Work = [String]
    func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ keys: inout [String]) {
        keys.append(field.key.description)
    }
}

/// Reads the value the scanner stands at into the field `field` points at.
private struct FieldReader<Row: MenuRecord>: FieldVisitor {
    typealias Work = JSONScanner
    var field: FieldCursor
    let index: Int

    @inline(__always)
    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ scanner: inout JSONScanner) throws(JSONFailure) {
        guard self.field.isTarget() else { return }
        let offset = scanner.index, index = self.index
        do throws(FieldFailure) {
            value = try field.kind.read(&scanner, for: .field(key: field.key.description, Row.record, number: index))
        } catch {
            switch error {
            case .syntax(let failure): throw failure
            case .refused(let error, let found):
                throw scanner.failure(.invalidRecord(Row.record, number: index, error, found: found), at: offset)
            }
        }
    }
}

/// Sets the field `field` points at to a value read the fast way, when it is of the field's kind and passes its check.
private struct FieldSetter: FieldVisitor {
    typealias Work = Bool
    var field: FieldCursor
    let scalar: JSONScalar

    @inline(__always)
    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ valid: inout Bool) {
        guard self.field.isTarget(), let read = field.kind.value(of: scalar) else { return }
        value = read
        valid = true
    }
}

/// Sets the field called `key` to what a person typed, as its kind checks it.
private struct TextSetter: FieldVisitor {
    typealias Work = Result<Bool, MenuError>
    let key: String
    let text: String?

    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ outcome: inout Result<Bool, MenuError>) {
        guard case .success(false) = outcome, field.key.withUTF8Buffer({ key.utf8.elementsEqual($0) }) else { return }
        do throws(MenuError) {
            guard let typed = try field.kind.value(typed: text) else { return }
            value = typed
            outcome = .success(true)
        } catch {
            outcome = .failure(error)
        }
    }
}

/// The text of the field called `key`, as it would be typed.
private struct TextGetter: FieldVisitor {
    typealias Work = String?
    let key: String

    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ text: inout String?) {
        if field.key.withUTF8Buffer({ key.utf8.elementsEqual($0) }) { text = field.kind.typedText(value) }
    }
}

/// How many bytes a row's fields take at most when written: `, "key": value` each, as the pretty form writes it.
private struct FieldBound: FieldVisitor {
    typealias Work = Int
    @inline(__always)
    func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ total: inout Int) {
        guard field.kind.isPresent(value) else { return }
        total += 6 + field.key.utf8CodeUnitCount + field.kind.writtenBound(value)
    }
}

/// Writes every field as `"key": value`, each followed by the unknown members that followed it in the file.
private struct FieldWriter: FieldVisitor {
    typealias Work = [UInt8]
    let unknown: [UnknownMembers.Member]
    let style: MenuSchema.Style
    var position = 0

    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ out: inout [UInt8]) {
        if field.kind.isPresent(value) {
            if out.last != UInt8(ascii: "{") { out.append(contentsOf: style.memberSeparator.utf8) }
            out.append(UInt8(ascii: "\""))
            field.key.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: style.colon.utf8)
            field.kind.write(value, to: &out)
        }
        writeUnknownMembers(to: &out)
    }

    /// The unknown members that followed this field in the file.
    private mutating func writeUnknownMembers(to out: inout [UInt8]) {
        defer { position += 1 }
        if unknown.isEmpty { return }
        for member in unknown where member.afterField == position {
            if out.last != UInt8(ascii: "{") { out.append(contentsOf: style.memberSeparator.utf8) }
            MenuSchema.appendMember(member, style: style, to: &out)
        }
    }
}

/// Finds which field a key is, comparing its bytes with each field's key in turn: the whole candidate, or
/// with `prefix`, its start when a closing quote follows there. A field's key is a `StaticString`, whose
/// bytes only a pointer reaches; the candidate is a span's, lent for the match, and every read of either
/// is below the key's length, which `candidate.count` is checked against first.
private struct KeyMatcher: FieldVisitor {
    typealias Work = (key: Int, length: Int)?
    let candidate: UnsafeBufferPointer<UInt8>
    var prefix = false
    var position = 0

    @inline(__always)
    mutating func visit<Kind: FieldKind>(_ field: Field<Kind>, _ value: inout Kind.Value, _ found: inout (key: Int, length: Int)?) {
        defer { position += 1 }
        let count = field.key.utf8CodeUnitCount
        guard found == nil else { return }
        if prefix {
            guard candidate.count > count, candidate[count] == UInt8(ascii: "\"") else { return }
        } else {
            guard count == candidate.count else { return }
        }
        let expected = field.key.utf8Start
        var index = 0
        while index < count && expected[index] == candidate[index] { index += 1 }
        if index == count { found = (position, count) }
    }
}

/// A record's keys, straight from its fields: nothing to store, and matched with the keys as constants.
private struct RecordKeys<Row: MenuRecord>: JSONKeyMatcher {
    /// `Row.requiredFields`, worked out once for a list rather than once a row.
    let required = Row.requiredFields

    private static var names: [String] {
        var keys: [String] = []
        var lister = KeyLister()
        Row.walkFields(&lister, &keys)
        return keys
    }

    var count: Int { Self.names.count }
    func name(_ key: Int) -> String { Self.names[key] }

    @inline(__always)
    func key(matching candidate: Span<UInt8>) -> Int? {
        var found: (key: Int, length: Int)?
        candidate.withUnsafeBufferPointer { candidate in
            var matcher = KeyMatcher(candidate: candidate)
            Row.walkFields(&matcher, &found)
        }
        return found?.key
    }

    @inline(__always)
    func key(startingWith text: Span<UInt8>) -> (key: Int, length: Int)? {
        var found: (key: Int, length: Int)?
        text.withUnsafeBufferPointer { text in
            var matcher = KeyMatcher(candidate: text, prefix: true)
            Row.walkFields(&matcher, &found)
        }
        return found
    }
}

/// The whole menu: `{"currency": "EUR", "unit": "cm", "pizzas": [...], "sizes": [...]}`, all but `pizzas` optional,
/// other keys kept. `currency` and `unit` are kept as written, with the keys the app does not know.
enum MenuSchema {
    private static let keys = JSONKeys(["pizzas", "sizes", "currency", "unit"])
    private static let pizzasField = 0, sizesField = 1, currencyField = 2

    /// The shortest pizza object with its comma, `{"name":"x","pricePerSquareInch":1},`, for sizing lists.
    private static let shortestPizza = 36

    /// `progress` is given the menu read so far (its pizzas so far, the sizes and measures read before them or the
    /// standard ones) each time the pizzas read reach a power of two of `PizzaList.chunkCapacity`, and first at
    /// `firstReport` pizzas when that is fewer.
    static func read(_ scanner: inout JSONScanner, firstReport: Int = PizzaList.chunkCapacity,
                     progress: MenuFile.Progress = { _ in }) throws(JSONFailure) -> Menu {
        scanner.skipByteOrderMark()
        guard !scanner.isAtEnd() else { throw JSONFailure(offset: nil, problem: .empty) }
        guard scanner.isAtObject() else {
            throw scanner.failure(.notAnObject(found: scanner.describeHere()))
        }
        var pizzas: PizzaList?
        var pizzasBound = 0, nonASCIINames = 0
        var sizes: [PizzaSize]?
        var unknown = UnknownMembers()
        var measures = MenuMeasures.standard
        var lastField = -1
        try scanner.readObject(keys: keys) { (scanner: inout JSONScanner, key: JSONKey, keyOffset: Int) throws(JSONFailure) in
            switch key {
            case .known(pizzasField):
                guard pizzas == nil else { throw scanner.failure(.menuKeyTwice("pizzas"), at: keyOffset) }
                pizzas = try readPizzas(&scanner, bound: &pizzasBound, nonASCIINames: &nonASCIINames,
                                        firstReport: firstReport) { soFar, bound, nonASCII in
                    progress(Menu(validatedPizzas: soFar, sizes: sizes ?? PizzaSize.standard, unknownMembers: UnknownMembers(),
                                  measures: measures, pizzasBound: bound, nonASCIINames: nonASCII))
                }
                lastField = pizzasField
            case .known(sizesField):
                guard sizes == nil else { throw scanner.failure(.menuKeyTwice("sizes"), at: keyOffset) }
                sizes = try readSizes(&scanner)
                lastField = sizesField
            case .known(let field):
                let key = keys.name(field)
                guard !unknown.contains(key) else { throw scanner.failure(.menuKeyTwice(key), at: keyOffset) }
                scanner.skipWhitespace()
                let start = scanner.index
                let value = try scanner.captureString(for: .menuMember(key))
                do throws(MenuError) {
                    if field == currencyField {
                        measures.currency = try Currency.named(value.text)
                    } else {
                        measures.unit = try LengthUnit.named(value.text)
                    }
                } catch {
                    throw scanner.failure(.invalid(error), at: start)
                }
                unknown.append(key: key, value: value.written, afterField: lastField)
            case .other(let key):
                guard !unknown.contains(key) else {
                    throw scanner.failure(.menuKeyTwice(Quoted.shortened(key)), at: keyOffset)
                }
                unknown.append(key: key, value: try scanner.captureValue(), afterField: lastField)
            }
        }
        guard scanner.isAtEnd() else { throw scanner.failure(.afterEnd(found: scanner.describeHere())) }
        guard let pizzas else { throw JSONFailure(offset: nil, problem: .noPizzasList) }
        return Menu(validatedPizzas: pizzas, sizes: sizes ?? PizzaSize.standard, unknownMembers: unknown, measures: measures,
                    pizzasBound: pizzasBound, nonASCIINames: nonASCIINames)
    }

    /// The pizzas, the sum of their `writtenBound`s in `bound`, and how many names are not all ASCII; `soFar` is
    /// given the pizzas read so far (with those two figures) each time their count is a chunk's capacity times a
    /// power of two, when the chunk being filled has just been stored and the copy shares every row; and first at
    /// `firstReport` pizzas when that is fewer (the chunk being filled is copied then).
    private static func readPizzas(
        _ scanner: inout JSONScanner, bound: inout Int, nonASCIINames: inout Int, firstReport: Int,
        soFar: (PizzaList, Int, Int) -> Void
    ) throws(JSONFailure) -> PizzaList {
        var pizzas = PizzaList.Builder()
        let expected = scanner.estimatedObjectCount(minimumLength: shortestPizza)
        var names = DuplicateNameFinder(capacity: expected)
        let keys = RecordKeys<Pizza>()
        var laterFailure: JSONFailure?
        var nextReport = min(firstReport, PizzaList.chunkCapacity)
        do {
            try scanner.readListOfObjects(named: "pizzas") { (scanner: inout JSONScanner, number: Int) throws(JSONFailure) in
                let start = scanner.index
                var pizza = try readRecord(Pizza.self, keys, number: number, from: &scanner)
                let hash = MenuText.foldedHash(pizza.core.name, countingNonASCII: &nonASCIINames)
                bound += writtenBound(&pizza)
                pizzas.append(pizza)
                if names.add(hash: hash, row: number - 1, position: start),
                   let duplicate = names.finish(among: pizzas) {
                    throw failure(duplicate, among: pizzas, scanner)
                }
                if number == nextReport {
                    nextReport = nextReport < PizzaList.chunkCapacity ? PizzaList.chunkCapacity : nextReport * 2
                    soFar(pizzas.snapshot(), bound, nonASCIINames)
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
        scanner.failure(.duplicateName(row: duplicate.row + 1, name: Quoted.shortened(pizzas.name(ofRow: duplicate.row))),
                        at: duplicate.position)
    }

    private static func readSizes(_ scanner: inout JSONScanner) throws(JSONFailure) -> [PizzaSize] {
        var sizes: [PizzaSize] = []
        let listStart = scanner.index
        try scanner.readListOfObjects(named: "sizes") { (scanner: inout JSONScanner, number: Int) throws(JSONFailure) in
            let start = scanner.index
            sizes.append(try readRecord(PizzaSize.self, RecordKeys<PizzaSize>(), number: number, from: &scanner))
            do throws(MenuError) { _ = try Menu.checkedSizes(sizes) } catch {
                throw scanner.failure(.invalidRecord(.size, number: number, error, found: nil), at: start)
            }
        }
        guard !sizes.isEmpty else { throw scanner.failure(.invalid(.noSizes), at: listStart) }
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
                    throw scanner.failure(.recordKeyTwice(Row.record, number: number, key: keys.name(field)), at: keyOffset)
                }
                seen |= 1 << field
                var reader = FieldReader<Row>(field: FieldCursor(target: field), index: number)
                try row.visitFields(&reader, &scanner)
                lastField = field
            case .other(let key):
                guard !row.unknownMembers.contains(key) else {
                    throw scanner.failure(.recordKeyTwice(Row.record, number: number, key: Quoted.shortened(key)), at: keyOffset)
                }
                row.unknownMembers.append(key: key, value: try scanner.captureValue(), afterField: lastField)
            }
        }
        let required = keys.required
        if seen & required != required, let missing = (0..<keys.count).first(where: { required & ~seen & (1 << $0) != 0 }) {
            throw scanner.failure(.recordKeyMissing(Row.record, number: number, key: keys.name(missing)), at: start)
        }
        do throws(MenuError) { try Row.check(row) } catch {
            throw scanner.failure(.invalidRecord(Row.record, number: number, error, found: nil), at: start)
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
            seen & keys.required == keys.required && (try? Row.check(row)) != nil
        })
        return read ? row : nil
    }

    // MARK: Editing

    /// Sets the field of `pizza` called `key` to `text` as a person typed it, checked as its kind checks a value read.
    static func setText(_ key: String, of pizza: inout Pizza, to text: String?) throws(MenuError) {
        var setter = TextSetter(key: key, text: text)
        var outcome: Result<Bool, MenuError> = .success(false)
        try? pizza.visitFields(&setter, &outcome)
        guard try outcome.get() else { throw .noTextField(key) }
    }

    /// The text of `pizza`'s field called `key`, as it would be typed; nil when it has none.
    static func text(_ key: String, of pizza: Pizza) -> String? {
        var getter = TextGetter(key: key)
        var text: String?
        var copy = pizza
        try? copy.visitFields(&getter, &text)
        return text
    }

    // MARK: Writing

    /// How the writer lays out the menu: `pretty`, one row per line, or `compact`, with no space at all.
    enum Style {
        case pretty, compact

        var memberSeparator: String { self == .pretty ? ", " : "," }
        var colon: String { self == .pretty ? ": " : ":" }
        fileprivate var menuMemberSeparator: String { self == .pretty ? ",\n  " : "," }
        fileprivate var firstMenuMember: String { self == .pretty ? "\n  " : "" }
        fileprivate var firstRow: String { self == .pretty ? "\n    " : "" }
        fileprivate var rowSeparator: String { self == .pretty ? ",\n    " : "," }
        fileprivate var listEnd: String { self == .pretty ? "\n  ]" : "]" }
        fileprivate var menuEnd: String { self == .pretty ? "\n}\n" : "}\n" }
    }

    /// The menu as JSON ending in a newline (pretty: one pizza per line); unknown members where they were.
    static func write(_ menu: Menu, style: Style = .pretty, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        func separate(_ out: inout [UInt8]) {
            out.append(contentsOf: (first ? style.firstMenuMember : style.menuMemberSeparator).utf8)
            first = false
        }
        let unknown = menu.unknownMembers.members
        for member in unknown where member.afterField == -1 {
            separate(&out)
            appendMember(member, style: style, to: &out)
        }
        for field in [pizzasField, sizesField] {
            separate(&out)
            if field == pizzasField {
                out.append(contentsOf: "\"pizzas\"\(style.colon)[".utf8)
                writeRows(menu.pizzas, style: style, to: &out)
            } else {
                out.append(contentsOf: "\"sizes\"\(style.colon)[".utf8)
                writeRows(menu.sizes, style: style, to: &out)
            }
            for member in unknown where member.afterField == field {
                separate(&out)
                appendMember(member, style: style, to: &out)
            }
        }
        out.append(contentsOf: style.menuEnd.utf8)
    }

    /// Exactly how many bytes `write` writes for `menu` in `style`, holding one row at a time.
    static func writtenCount(_ menu: Menu, style: Style = .pretty) -> Int {
        var frame: [UInt8] = []
        write(Menu(validatedPizzas: [], sizes: [], unknownMembers: menu.unknownMembers), style: style, to: &frame)
        var total = frame.count
        var scratch: [UInt8] = []
        func addRows<Rows: Collection>(_ rows: Rows) where Rows.Element: MenuRecord {
            guard !rows.isEmpty else { return }
            total += style.firstRow.utf8.count + (rows.count - 1) * style.rowSeparator.utf8.count
            for row in rows {
                scratch.removeAll(keepingCapacity: true)
                writeRecord(row, style: style, to: &scratch)
                total += scratch.count
            }
        }
        addRows(menu.pizzas)
        addRows(menu.sizes)
        return total
    }

    /// At least as many bytes as the pretty form of `row` takes, with the separator before it.
    static func writtenBound<Row: MenuRecord>(_ row: Row) -> Int {
        var copy = row
        return writtenBound(&copy)
    }

    /// `writtenBound` of a row the caller owns, so that it is not copied.
    @inline(__always)
    static func writtenBound<Row: MenuRecord>(_ row: inout Row) -> Int {
        var total = "{}".utf8.count + Style.pretty.rowSeparator.utf8.count
        var bound = FieldBound()
        try? row.visitFields(&bound, &total)
        return total + (row.unknownMembers.isEmpty ? 0 : row.unknownMembers.writtenSizeBound)
    }

    private static func writeRows<Rows: Collection>(_ rows: Rows, style: Style, to out: inout [UInt8]) where Rows.Element: MenuRecord {
        for (index, row) in rows.enumerated() {
            out.append(contentsOf: (index == 0 ? style.firstRow : style.rowSeparator).utf8)
            writeRecord(row, style: style, to: &out)
        }
        out.append(contentsOf: style.listEnd.utf8)
    }

    private static func writeRecord<Row: MenuRecord>(_ row: Row, style: Style, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        let unknown = row.unknownMembers.members
        for member in unknown where member.afterField == -1 {
            if out.last != UInt8(ascii: "{") { out.append(contentsOf: style.memberSeparator.utf8) }
            appendMember(member, style: style, to: &out)
        }
        var writer = FieldWriter(unknown: unknown, style: style)
        var copy = row
        try? copy.visitFields(&writer, &out)
        out.append(UInt8(ascii: "}"))
    }

    static func appendMember(_ member: UnknownMembers.Member, style: Style, to out: inout [UInt8]) {
        MenuFile.appendString(member.key, to: &out)
        out.append(contentsOf: style.colon.utf8)
        out.append(contentsOf: member.value)
    }
}
