/// A one-pass reader for the menu format.
///
/// The file is read a chunk at a time into `window`, which keeps only what the token being read still
/// needs, so a large menu is never held whole. Offsets are positions in the file. An error carries
/// the offset where it was found, and `readMenu` turns that into a line and column by reading the
/// start of the file again.
struct MenuReader {
    private var source: any ByteSource
    private let path: String
    /// Bytes `windowStart ..< windowStart + window.count` of the file.
    private var window: [UInt8] = []
    private var windowStart = 0
    /// The offset of the next byte to read.
    private var index = 0
    /// Where the token being read starts: the window keeps every byte from here on.
    private var tokenStart = 0
    private var sourceEnded = false
    private var sourceError: StorageError?

    private static let maximumDepth = 256
    static let chunkSize = 1 << 20

    /// Something wrong at `offset` in the file, or with the file as a whole when `offset` is nil.
    struct Failure: Error {
        var offset: Int?
        var reason: String
    }

    init(source: any ByteSource, path: String) {
        self.source = source
        self.path = path
    }

    /// Reads the whole menu. An error names the line and column where it was found.
    mutating func readMenu() throws(MenuFileError) -> Menu {
        let menu: Menu
        do { menu = try readTopLevel() } catch { throw located(error) }
        if let sourceError { throw MenuFileError(path: path, reason: sourceError.reason) }
        return menu
    }

    private mutating func readTopLevel() throws(Failure) -> Menu {
        if byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF { index = 3 }
        skipWhitespace()
        guard let first = byte(at: index) else { throw Failure(offset: nil, reason: "the file is empty") }
        guard first == UInt8(ascii: "{") else {
            throw failure("the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with \(describeHere())")
        }
        var pizzas: [Pizza]?
        var sizes: [PizzaSize]?
        try readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(Failure) in
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
        guard byte(at: index) == nil else { throw failure("unexpected \(describeHere()) after the end of the menu") }
        guard let pizzas else { throw Failure(offset: nil, reason: "the menu has no \"pizzas\" list") }
        return Menu(validatedPizzas: pizzas, sizes: sizes ?? PizzaSize.standard)
    }

    /// The error for `failure`, with the line and column of its offset (counted in characters, from 1).
    /// A read error of the file itself comes first, since it is what made the rest look wrong.
    private mutating func located(_ failure: Failure) -> MenuFileError {
        if let sourceError { return MenuFileError(path: path, reason: sourceError.reason) }
        guard let offset = failure.offset else { return MenuFileError(path: path, reason: failure.reason) }
        var line = 1
        var column = 1
        var position = 0
        var chunk: [UInt8] = []
        do {
            try source.rewind()
            while position < offset {
                chunk.removeAll(keepingCapacity: true)
                try source.read(appendingTo: &chunk, maximum: min(Self.chunkSize, offset - position))
                if chunk.isEmpty { break }
                for byte in chunk {
                    if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
                }
                position += chunk.count
            }
        } catch {
            return MenuFileError(path: path, reason: failure.reason)
        }
        return MenuFileError(path: path, line: line, column: column, reason: failure.reason)
    }

    // MARK: The menu's own shapes

    private mutating func readPizzas() throws(Failure) -> [Pizza] {
        var pizzas: [Pizza] = []
        let expected = estimatedObjectCount()
        var names = DuplicateNameFinder(capacity: expected)
        // Reserved pages are not touched until used, so the list can take some slack against regrowing.
        pizzas.reserveCapacity(expected + expected / 8)
        var laterFailure: Failure?
        do {
            try readArray(of: "pizzas") { (reader: inout MenuReader, number: Int) throws(Failure) in
                let start = reader.index
                let (pizza, hash) = try reader.readPizza(number: number)
                pizzas.append(pizza)
                if names.add(hash: hash, row: number - 1, position: start), let duplicate = names.finish(among: pizzas) {
                    throw reader.failure(duplicate, among: pizzas)
                }
            }
        } catch {
            laterFailure = error
        }
        // The rows still queued come before whatever stopped the reading, so their duplicate is reported first.
        if let duplicate = names.finish(among: pizzas) { throw failure(duplicate, among: pizzas) }
        if let laterFailure { throw laterFailure }
        return pizzas
    }

    /// About how many pizzas the rest of the file holds: the share of '{' in the bytes already read,
    /// over the bytes still to come, and never more than fit (the shortest pizza object with its comma,
    /// `{"name":"x","pricePerSquareInch":1},`, is 36 bytes). A first guess for reserving space; the
    /// lists grow past it if needed.
    private func estimatedObjectCount() -> Int {
        let sample = window.span.extracting((index - windowStart)...)
        guard !sample.isEmpty else { return 0 }
        let remaining = max(source.expectedCount - index, sample.count)
        let objects = Self.count(of: UInt8(ascii: "{"), in: sample)
        return min(objects * remaining / sample.count, remaining / 36 + 1)
    }

    /// One pizza object, with its trimmed name's `DuplicateNameFinder.foldedHash`.
    private mutating func readPizza(number: Int) throws(Failure) -> (Pizza, hash: UInt64) {
        let start = index
        var name: String?
        var price: Double?
        try readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(Failure) in
            switch key {
            case .name:
                guard name == nil else { throw reader.failure("pizza \(number) has \"name\" twice", at: keyOffset) }
                name = try reader.readString(for: "\"name\" of pizza \(number)")
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
        let trimmed = Menu.trim(name)
        guard !trimmed.isEmpty else { throw failure("pizza \(number) has an empty name", at: start) }
        let hash = DuplicateNameFinder.foldedHash(trimmed)
        return (Pizza(name: trimmed, pricePerSquareInch: price), hash)
    }

    private mutating func readSizes() throws(Failure) -> [PizzaSize] {
        var sizes: [PizzaSize] = []
        let listStart = index
        try readArray(of: "sizes") { (reader: inout MenuReader, number: Int) throws(Failure) in
            let start = reader.index
            var label: String?
            var diameter: Double?
            try reader.readObject { (reader: inout MenuReader, key: Key, keyOffset: Int) throws(Failure) in
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
        _ member: (inout MenuReader, Key, Int) throws(Failure) -> Void
    ) throws(Failure) {
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
        of name: String, _ element: (inout MenuReader, Int) throws(Failure) -> Void
    ) throws(Failure) {
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
    private mutating func skipValue() throws(Failure) {
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

    private mutating func skipKey() throws(Failure) {
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
    private mutating func readKey() throws(Failure) -> Key {
        tokenStart = index
        let start = index + 1
        index = start
        skip { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let end = index
        index = tokenStart
        if byte(at: end) == UInt8(ascii: "\"") {
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

    /// Whether the bytes from `start`, already in the window, are `expected`.
    private func matches(_ start: Int, _ expected: [UInt8]) -> Bool {
        let first = start - windowStart
        for offset in expected.indices where window[first + offset] != expected[offset] { return false }
        return true
    }

    private mutating func readString(for what: @autoclosure () -> String) throws(Failure) -> String {
        guard peek == UInt8(ascii: "\"") else { throw failure("expected a string for \(what()), found \(describeHere())") }
        tokenStart = index
        let start = index
        index += 1
        skip { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 >= 0x20 }
        switch byte(at: index) {
        case UInt8(ascii: "\""):
            let content = (start + 1 - windowStart)..<(index - windowStart)
            let text = try? String(copying: UTF8Span(validating: window.span.extracting(content)))
            guard let text else { throw failure("\(what()) is not valid UTF-8 text", at: start) }
            index += 1
            return text
        case UInt8(ascii: "\\"):
            index = start + 1
            return try readEscapedString(for: what, start: start)
        case nil:
            throw failure("\(what()) is missing its closing quote", at: start)
        default:
            throw failure("\(what()) has a control character or line break inside the quotes")
        }
    }

    private mutating func readEscapedString(for what: () -> String, start: Int) throws(Failure) -> String {
        var utf8: [UInt8] = []
        while let byte = byte(at: index) {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw failure("\(what()) is not valid UTF-8 text", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = self.byte(at: index) else { break }
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
                        guard self.byte(at: index) == UInt8(ascii: "\\"), self.byte(at: index + 1) == UInt8(ascii: "u") else {
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

    private mutating func readHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = byte(at: index) else { throw failure("a \\u escape needs four hex digits") }
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
    private mutating func readNumber(for what: @autoclosure () -> String) throws(Failure) -> Double {
        tokenStart = index
        let start = index
        var negative = false
        if peek == UInt8(ascii: "-") { negative = true; index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        let integer = skipDigits()
        guard !integer.isEmpty else {
            index = start
            throw failure("expected a number for \(what()), found \(describeHere())")
        }
        guard !(integer.count > 1 && window[integer.lowerBound] == UInt8(ascii: "0")) else {
            throw failure("the number for \(what()) has a leading zero", at: start)
        }
        for position in integer {
            let digit = UInt64(window[position] &- UInt8(ascii: "0"))
            if digits < 19 { mantissa = mantissa * 10 + digit; digits += mantissa == 0 ? 0 : 1 } else { exponent += 1 }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            let fraction = skipDigits()
            guard !fraction.isEmpty else { throw failure("the number for \(what()) needs digits after '.'", at: start) }
            for position in fraction where digits < 19 {
                mantissa = mantissa * 10 + UInt64(window[position] &- UInt8(ascii: "0"))
                digits += mantissa == 0 ? 0 : 1
                exponent -= 1
            }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { exponentNegative = peek == UInt8(ascii: "-"); index += 1 }
            let exponentDigits = skipDigits()
            guard !exponentDigits.isEmpty else { throw failure("the number for \(what()) has an empty exponent", at: start) }
            var written = 0
            for position in exponentDigits where written < 100_000 { written = written * 10 + Int(window[position] &- UInt8(ascii: "0")) }
            exponent += exponentNegative ? -written : written
        }
        if digits <= 15, abs(exponent) <= 22 {
            let magnitude = Double(mantissa)
            let value = exponent >= 0 ? magnitude * Self.exactPowersOfTen[exponent] : magnitude / Self.exactPowersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: window[(start - windowStart)..<(index - windowStart)], as: UTF8.self)
        guard let value = Double(text) else { throw failure("the number for \(what()) cannot be read", at: start) }
        guard value.isFinite else { throw failure("the number for \(what()) is too large", at: start) }
        return value
    }

    // MARK: Bytes

    /// The byte at `offset` in the file, reading on when the window ends before it; nil past the end.
    @inline(__always)
    private mutating func byte(at offset: Int) -> UInt8? {
        let position = offset - windowStart
        if position < window.count { return window[position] }
        return readOn(toInclude: offset) ? window[offset - windowStart] : nil
    }

    /// Drops the bytes before the token being read, then appends chunks until `offset` is in the window.
    /// False at the end of the file, or when reading fails (kept in `sourceError`).
    @inline(never)
    private mutating func readOn(toInclude offset: Int) -> Bool {
        let done = min(tokenStart, index) - windowStart
        if done > 0 {
            window.removeSubrange(..<done)
            windowStart += done
        }
        while offset - windowStart >= window.count {
            guard !sourceEnded else { return false }
            let before = window.count
            do throws(StorageError) {
                try source.read(appendingTo: &window, maximum: Self.chunkSize)
            } catch {
                sourceError = error
            }
            sourceEnded = window.count == before
        }
        return true
    }

    private var peek: UInt8 {
        @inline(__always) mutating get { byte(at: index) ?? 0 }
    }

    /// Skips a run of decimal digits inside the token being read; returns where they lie in `window`.
    private mutating func skipDigits() -> Range<Int> {
        let first = index
        skip { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return (first - windowStart)..<(index - windowStart)
    }

    /// How many times `byte` occurs; a branch-free loop over a span, which the compiler vectorizes.
    private static func count(of byte: UInt8, in span: Span<UInt8>) -> Int {
        var count = 0
        for offset in span.indices { count &+= span[offset] == byte ? 1 : 0 }
        return count
    }

    /// Moves `index` past the bytes for which `include` holds, reading on as needed.
    @inline(__always)
    private mutating func skip(while include: (UInt8) -> Bool) {
        while true {
            var position = index - windowStart
            let count = window.count
            while position < count, include(window[position]) { position += 1 }
            index = windowStart + position
            if position < count || !readOn(toInclude: index) { return }
        }
    }

    /// Skips spaces and line breaks; the bytes before them are not needed again.
    @inline(__always)
    private mutating func skipWhitespace() {
        tokenStart = index
        skip { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(Failure) {
        guard peek == byte else { throw failure("expected \(what()), found \(describeHere())") }
        index += 1
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let start = index
        for byte in word.utf8 {
            guard peek == byte else { index = start; throw failure("expected a value, found \(describeHere())") }
            index += 1
        }
    }

    /// What stands at the current position, for messages: "'x'", "the end of the file".
    private mutating func describeHere() -> String {
        guard let byte = byte(at: index) else { return "the end of the file" }
        if byte == UInt8(ascii: "\"") { return "a string" }
        if byte == UInt8(ascii: "{") { return "an object" }
        if byte == UInt8(ascii: "[") { return "a list" }
        if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return "a number" }
        if byte >= 0x21 && byte < 0x7F {
            tokenStart = index
            var end = index
            while end - index < 12, let next = self.byte(at: end), next >= 0x21, next < 0x7F,
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(next) || end == index {
                end += 1
            }
            return "'\(String(decoding: window[(index - windowStart)..<(end - windowStart)], as: UTF8.self))'"
        }
        return byte >= 0x80 ? "a byte that is not text (0x\(String(byte, radix: 16, uppercase: true)))" : "a control character"
    }

    private func failure(_ duplicate: DuplicateNameFinder.Duplicate, among pizzas: [Pizza]) -> Failure {
        failure("pizza \(duplicate.row + 1): there is already a pizza called “\(pizzas[duplicate.row].name)”", at: duplicate.position)
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason)
    }
}
