/// A one-pass reader for the menu format. Every error carries the line and column where it was found.
struct MenuReader {
    let bytes: [UInt8]
    private let path: String
    private var index = 0
    /// Where the last string read lies in `bytes`, when it was plain ASCII without escapes.
    private var lastPlainString: Range<Int>?

    private static let maximumDepth = 256

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func readMenu() throws(MenuFileError) -> Menu {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw MenuFileError(path: path, reason: "the file is empty") }
        guard bytes[index] == UInt8(ascii: "{") else {
            throw failure("the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with \(describeHere())")
        }
        var pizzas: [Pizza]?
        var sizes: [PizzaSize]?
        try readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(MenuFileError) in
            switch key {
            case .pizzas:
                guard pizzas == nil else { throw reader.failure("\"pizzas\" appears twice", at: keyOffset) }
                pizzas = try reader.readPizzas()
            case .sizes:
                guard sizes == nil else { throw reader.failure("\"sizes\" appears twice", at: keyOffset) }
                sizes = try reader.readSizes()
            default:
                try reader.skipValue()
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected \(describeHere()) after the end of the menu") }
        guard let pizzas else { throw MenuFileError(path: path, reason: "the menu has no \"pizzas\" list") }
        return Menu(validatedPizzas: pizzas, sizes: sizes ?? PizzaSize.standard)
    }

    // MARK: The menu's own shapes

    private mutating func readPizzas() throws(MenuFileError) -> [Pizza] {
        var pizzas: [Pizza] = []
        // Every pizza is an object: counting '{' bounds the row count, so nothing regrows while reading.
        let expected = Self.count(of: UInt8(ascii: "{"), in: bytes.span.extracting(index...))
        var names = DuplicateNameFinder(capacity: expected)
        pizzas.reserveCapacity(expected)
        // A name repeated before a later error is reported first, as it comes first in the file.
        do {
            try readArray(of: "pizzas") { (reader: inout MenuReader, number: Int) throws(MenuFileError) in
                let start = reader.index
                let (pizza, hash) = try reader.readPizza(number: number)
                pizzas.append(pizza)
                if let duplicate = names.add(hash: hash, row: number - 1, position: start, among: pizzas) {
                    throw reader.failure(duplicate, among: pizzas)
                }
            }
        } catch {
            if let duplicate = names.finish(among: pizzas) { throw failure(duplicate, among: pizzas) }
            throw error
        }
        if let duplicate = names.finish(among: pizzas) { throw failure(duplicate, among: pizzas) }
        return pizzas
    }

    /// One pizza object, with its trimmed name's `DuplicateNameFinder.foldedHash`.
    private mutating func readPizza(number: Int) throws(MenuFileError) -> (Pizza, hash: UInt64) {
        let start = index
        var name: String?
        var nameBytes: Range<Int>?
        var price: Double?
        try readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(MenuFileError) in
            switch key {
            case .name:
                guard name == nil else { throw reader.failure("pizza \(number) has \"name\" twice", at: keyOffset) }
                name = try reader.readString(for: "\"name\" of pizza \(number)")
                nameBytes = reader.lastPlainString
            case .pricePerSquareInch:
                guard price == nil else {
                    throw reader.failure("pizza \(number) has \"pricePerSquareInch\" twice", at: keyOffset)
                }
                let valueOffset = reader.index
                let value = try reader.readNumber(for: "\"pricePerSquareInch\" of pizza \(number)")
                do throws(MenuError) { try Menu.validate(price: value) } catch {
                    throw reader.failure("pizza \(number): \(error.description) (found \(MenuFile.number(value)))", at: valueOffset)
                }
                price = value
            default:
                try reader.skipValue()
            }
        }
        guard let name else { throw failure("pizza \(number) has no \"name\"", at: start) }
        guard let price else { throw failure("pizza \(number) has no \"pricePerSquareInch\"", at: start) }
        // A plain ASCII name with no space at either end needs no trimming, and is hashed on its bytes.
        let plain = nameBytes.flatMap { range in
            range.isEmpty || bytes[range.lowerBound] <= 0x20 || bytes[range.upperBound - 1] <= 0x20 ? nil : range
        }
        let trimmed = plain == nil ? Menu.trim(name) : name
        guard !trimmed.isEmpty else { throw failure("pizza \(number) has an empty name", at: start) }
        let hash = plain.map { DuplicateNameFinder.foldedHash(asciiBytes: bytes.span.extracting($0)) } ?? DuplicateNameFinder.foldedHash(trimmed)
        return (Pizza(name: trimmed, pricePerSquareInch: price), hash)
    }

    private mutating func readSizes() throws(MenuFileError) -> [PizzaSize] {
        var sizes: [PizzaSize] = []
        let listStart = index
        try readArray(of: "sizes") { (reader: inout MenuReader, number: Int) throws(MenuFileError) in
            let start = reader.index
            var label: String?
            var diameter: Double?
            try reader.readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(MenuFileError) in
                switch key {
                case .label: label = try reader.readString(for: "\"label\" of size \(number)")
                case .diameter: diameter = try reader.readNumber(for: "\"diameter\" of size \(number)")
                default: try reader.skipValue()
                }
            }
            guard let label else { throw reader.failure("size \(number) has no \"label\"", at: start) }
            guard let diameter else { throw reader.failure("size \(number) has no \"diameter\"", at: start) }
            sizes.append(PizzaSize(label: Menu.trim(label), diameter: diameter))
            do throws(MenuError) { try Menu.validate(sizes: sizes) } catch {
                throw reader.failure("size \(number): \(error.description)", at: start)
            }
        }
        guard !sizes.isEmpty else { throw failure(MenuError.noSizes.description, at: listStart) }
        return sizes
    }

    // MARK: JSON structure

    private mutating func readObject(
        _ member: (inout MenuReader, Key, Int) throws(MenuFileError) -> Void
    ) throws(MenuFileError) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"), "an object")
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(describeHere())") }
            let key = try readKey()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key \"\(key.text)\"")
            skipWhitespace()
            try member(&self, key, keyOffset)
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == UInt8(ascii: "}") { index += 1; return }
            throw failure("expected ',' or '}' after the value of \"\(key.text)\", found \(describeHere())")
        }
    }

    private mutating func readArray(
        of name: String, _ element: (inout MenuReader, Int) throws(MenuFileError) -> Void
    ) throws(MenuFileError) {
        guard peek == UInt8(ascii: "[") else { throw failure("\"\(name)\" must be a list [...], found \(describeHere())") }
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return }
        var number = 1
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "{") else {
                throw failure("item \(number) of \"\(name)\" must be an object {...}, found \(describeHere())")
            }
            try element(&self, number)
            skipWhitespace()
            if peek == UInt8(ascii: ",") { index += 1; number += 1; continue }
            if peek == UInt8(ascii: "]") { index += 1; return }
            throw failure("expected ',' or ']' after item \(number) of \"\(name)\", found \(describeHere())")
        }
    }

    /// Skips any JSON value, iteratively, so deep nesting cannot overflow the stack.
    private mutating func skipValue() throws(MenuFileError) {
        var closers: [UInt8] = []
        repeat {
            skipWhitespace()
            switch peek {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count < Self.maximumDepth else { throw failure("the file is nested too deeply") }
                closers.append(peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                index += 1
                skipWhitespace()
                if peek == closers.last { index += 1; closers.removeLast(); break }
                if closers.last == UInt8(ascii: "}") { try skipKey() }
                continue
            case UInt8(ascii: "\""): _ = try readString(for: "a value")
            case UInt8(ascii: "t"): try expectWord("true")
            case UInt8(ascii: "f"): try expectWord("false")
            case UInt8(ascii: "n"): try expectWord("null")
            default: _ = try readNumber(for: "a value")
            }
            // After a complete value: a separator, or closing brackets.
            while let closer = closers.last {
                skipWhitespace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    if closer == UInt8(ascii: "}") { try skipKey() }
                    break
                }
                guard peek == closer else {
                    throw failure("expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(describeHere())")
                }
                index += 1
                closers.removeLast()
            }
        } while !closers.isEmpty
    }

    private mutating func skipKey() throws(MenuFileError) {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(describeHere())") }
        _ = try readString(for: "a key")
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after a key")
    }

    // MARK: Scalars

    /// A key of an object: the menu's own keys as cases, anything else by name.
    enum Key: Equatable {
        case name, pricePerSquareInch, label, diameter, pizzas, sizes
        case other(String)

        var text: String {
            switch self {
            case .name: "name"
            case .pricePerSquareInch: "pricePerSquareInch"
            case .label: "label"
            case .diameter: "diameter"
            case .pizzas: "pizzas"
            case .sizes: "sizes"
            case .other(let text): text
            }
        }
    }

    private static let nameBytes = Array("name".utf8), priceBytes = Array("pricePerSquareInch".utf8),
        labelBytes = Array("label".utf8), diameterBytes = Array("diameter".utf8),
        pizzasBytes = Array("pizzas".utf8), sizesBytes = Array("sizes".utf8)

    /// Reads a key, matching the menu's own keys on their bytes (by length first) without making a string.
    private mutating func readKey() throws(MenuFileError) -> Key {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let key: Key?
            switch end - start {
            case 4: key = matches(start, Self.nameBytes) ? .name : nil
            case 5: key = matches(start, Self.labelBytes) ? .label : matches(start, Self.sizesBytes) ? .sizes : nil
            case 6: key = matches(start, Self.pizzasBytes) ? .pizzas : nil
            case 8: key = matches(start, Self.diameterBytes) ? .diameter : nil
            case 18: key = matches(start, Self.priceBytes) ? .pricePerSquareInch : nil
            default: key = nil
            }
            if let key {
                index = end + 1
                return key
            }
        }
        return .other(try readString(for: "a key"))
    }

    private func matches(_ start: Int, _ expected: [UInt8]) -> Bool {
        for offset in expected.indices where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    private mutating func readString(for what: @autoclosure () -> String) throws(MenuFileError) -> String {
        guard peek == UInt8(ascii: "\"") else { throw failure("expected a string for \(what()), found \(describeHere())") }
        let start = index
        index += 1
        let contentStart = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                lastPlainString = ascii ? contentStart..<index : nil
                let text = try? String(copying: UTF8Span(validating: bytes.span.extracting(contentStart..<index)))
                guard let text else { throw failure("\(what()) is not valid UTF-8 text", at: start) }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                index = contentStart
                lastPlainString = nil
                return try readEscapedString(for: what, start: start)
            }
            if byte < 0x20 { throw failure("\(what()) has a control character or line break inside the quotes") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw failure("\(what()) is missing its closing quote", at: start)
    }

    private mutating func readEscapedString(for what: () -> String, start: Int) throws(MenuFileError) -> String {
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw failure("\(what()) is not valid UTF-8 text", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard bytes[safe: index] == UInt8(ascii: "\\"), bytes[safe: index + 1] == UInt8(ascii: "u") else {
                            throw failure("\(what()) has an unpaired \\u surrogate")
                        }
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("\(what()) has an unpaired \\u surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure("\(what()) has an invalid \\u escape") }
                    utf8.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw failure("\(what()) has an unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
                }
            default:
                if byte < 0x20 { throw failure("\(what()) has a control character or line break inside the quotes") }
                utf8.append(byte)
                index += 1
            }
        }
        throw failure("\(what()) is missing its closing quote", at: start)
    }

    private mutating func readHex4() throws(MenuFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = bytes[safe: index] else { throw failure("a \\u escape needs four hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A JSON number. Up to 15 significant digits with a small exponent, the result is exact by one
    /// correctly rounded multiplication or division (Clinger's fast path); anything else goes to
    /// Swift's correctly rounded `Double(String)`.
    private mutating func readNumber(for what: @autoclosure () -> String) throws(MenuFileError) -> Double {
        let start = index
        var negative = false
        if peek == UInt8(ascii: "-") { negative = true; index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        let integerStart = index
        while let digit = digitHere {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(digit); digits += mantissa == 0 ? 0 : 1 } else { exponent += 1 }
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0 else {
            index = start
            throw failure("expected a number for \(what()), found \(describeHere())")
        }
        guard !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw failure("the number for \(what()) has a leading zero", at: start)
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while let digit = digitHere {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    digits += mantissa == 0 ? 0 : 1
                    exponent -= 1
                }
                index += 1
            }
            guard index > fractionStart else { throw failure("the number for \(what()) needs digits after '.'", at: start) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { exponentNegative = peek == UInt8(ascii: "-"); index += 1 }
            var written = 0
            let exponentStart = index
            while let digit = digitHere { if written < 100_000 { written = written * 10 + digit }; index += 1 }
            guard index > exponentStart else { throw failure("the number for \(what()) has an empty exponent", at: start) }
            exponent += exponentNegative ? -written : written
        }
        if digits <= 15, abs(exponent) <= 22 {
            let magnitude = Double(mantissa)
            let value = exponent >= 0 ? magnitude * Self.exactPowersOfTen[exponent] : magnitude / Self.exactPowersOfTen[-exponent]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw failure("the number for \(what()) cannot be read", at: start)
        }
        guard value.isFinite else { throw failure("the number for \(what()) is too large", at: start) }
        return value
    }

    // MARK: Bytes

    /// How many times `byte` occurs; a branch-free loop over a span, which the compiler vectorizes.
    private static func count(of byte: UInt8, in span: Span<UInt8>) -> Int {
        var count = 0
        for offset in span.indices { count &+= span[offset] == byte ? 1 : 0 }
        return count
    }

    private var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private var digitHere: Int? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(MenuFileError) {
        guard peek == byte else { throw failure("expected \(what()), found \(describeHere())") }
        index += 1
    }

    private mutating func expectWord(_ word: String) throws(MenuFileError) {
        let start = index
        for byte in word.utf8 {
            guard peek == byte else { index = start; throw failure("expected a value, found \(describeHere())") }
            index += 1
        }
    }

    /// What stands at the current position, for messages: "'x'", "the end of the file".
    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { return "a string" }
        if byte == UInt8(ascii: "{") { return "an object" }
        if byte == UInt8(ascii: "[") { return "a list" }
        if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return "a number" }
        if byte >= 0x21 && byte < 0x7F {
            var end = index
            while end < bytes.count, end - index < 12, bytes[end] >= 0x21, bytes[end] < 0x7F,
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end]) || end == index {
                end += 1
            }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        }
        return byte >= 0x80 ? "a byte that is not text (0x\(String(byte, radix: 16, uppercase: true)))" : "a control character"
    }

    private func failure(_ duplicate: DuplicateNameFinder.Duplicate, among pizzas: [Pizza]) -> MenuFileError {
        failure("pizza \(duplicate.row + 1): there is already a pizza called “\(pizzas[duplicate.row].name)”", at: duplicate.position)
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> MenuFileError {
        let position = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for (offset, byte) in bytes[..<position].enumerated() where byte == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        let column = bytes[lineStart..<position].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return MenuFileError(path: path, line: line, column: column, reason: reason)
    }
}

extension Array where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8? { indices.contains(index) ? self[index] : nil }
}
