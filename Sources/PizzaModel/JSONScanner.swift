import Glibc

/// Something wrong at `offset` in the text, or with the text as a whole when `offset` is nil.
struct JSONFailure: Error {
    var offset: Int?
    var problem: MenuFileProblem
}

/// The keys an object is expected to have, numbered from 0.
protocol JSONKeyMatcher {
    var count: Int { get }
    /// The key's text, for messages and for keys written with escapes.
    func name(_ key: Int) -> String
    /// Which key `candidate` is, by its bytes.
    func key(matching candidate: Span<UInt8>) -> Int?
    /// Which key `text` starts with, followed by its closing quote, and the key's length in bytes.
    func key(startingWith text: Span<UInt8>) -> (key: Int, length: Int)?
}

extension JSONKeyMatcher {
    func key(startingWith text: Span<UInt8>) -> (key: Int, length: Int)? {
        var quote = 0
        while quote < text.count && text[quote] != UInt8(ascii: "\"") { quote += 1 }
        guard quote < text.count else { return nil }
        return key(matching: text.extracting(..<quote)).map { ($0, quote) }
    }

    /// Which key `text` is, comparing code points.
    func key(named text: String) -> Int? {
        (0..<count).first { text.utf8.elementsEqual(name($0).utf8) }
    }
}

/// A few keys given as text.
struct JSONKeys: JSONKeyMatcher, Sendable {
    private let names: [String]

    init(_ names: [String]) { self.names = names }

    var count: Int { names.count }
    func name(_ key: Int) -> String { names[key] }
    func key(matching candidate: Span<UInt8>) -> Int? {
        names.indices.first { key in
            let name = names[key].utf8
            guard name.count == candidate.count else { return false }
            var offset = 0
            for byte in name {
                if byte != candidate[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}

/// A key as read: one of the expected keys by index, or any other key as text (escapes undone).
enum JSONKey {
    case known(Int)
    case other(String)
}

/// A string (with whether it is plain, as `readString` says) or a number, as `readPlainObject` hands it over.
enum JSONScalar {
    case string(String, plain: Bool)
    case number(Double)
}

/// A one-pass JSON reader over a `ByteWindow`. It knows JSON's grammar and nothing of what the
/// values mean: a caller walks objects and lists and asks for strings and numbers where it expects them.
struct JSONScanner {
    var bytes: ByteWindow

    static let maximumDepth = 256

    init(source: any ByteSource) { bytes = ByteWindow(source: source) }

    var index: Int { bytes.index }
    var sourceError: StorageError? { bytes.sourceError }

    /// Skips a UTF-8 byte order mark at the start.
    mutating func skipByteOrderMark() {
        if bytes.byte(at: 0) == 0xEF && bytes.byte(at: 1) == 0xBB && bytes.byte(at: 2) == 0xBF { bytes.index = 3 }
    }

    /// Whether only white space is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return bytes.byte(at: bytes.index) == nil
    }

    /// Whether the next value is an object.
    mutating func isAtObject() -> Bool {
        skipWhitespace()
        return bytes.peek == UInt8(ascii: "{")
    }

    // MARK: Structure

    /// Reads an object, calling `member` with each key (and where it starts) when the scanner stands at its value.
    mutating func readObject<Keys: JSONKeyMatcher>(
        keys: Keys, _ member: (inout JSONScanner, JSONKey, Int) throws(JSONFailure) -> Void
    ) throws(JSONFailure) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"), .object)
        skipWhitespace()
        if bytes.peek == UInt8(ascii: "}") { bytes.index += 1; return }
        while true {
            skipWhitespace()
            let keyOffset = bytes.index
            guard bytes.peek == UInt8(ascii: "\"") else { throw failure(.expected(.quotedKey, found: describeHere())) }
            let key = try readKey(keys)
            skipWhitespace()
            try expect(UInt8(ascii: ":"), .colonAfterKey(Self.shown(key, keys)))
            skipWhitespace()
            try member(&self, key, keyOffset)
            skipWhitespace()
            if bytes.peek == UInt8(ascii: ",") { bytes.index += 1; continue }
            if bytes.peek == UInt8(ascii: "}") { bytes.index += 1; return }
            throw failure(.expected(.commaOrBraceAfterValue(of: Self.shown(key, keys)), found: describeHere()))
        }
    }

    /// Reads an object whose members all have expected keys and plain string or number values, when the
    /// whole object is inside the window, in one pass: `member` is called with each key's number and
    /// value, and `whole` at the closing brace. Returns false, having moved nothing, for any other object,
    /// or when `member` or `whole` says no; then the caller reads it the general way, which also finds
    /// every error. The scanner must stand at the `{`.
    mutating func readPlainObject<Keys: JSONKeyMatcher>(
        keys: Keys, _ member: (Int, JSONScalar) -> Bool, whole: () -> Bool
    ) -> Bool {
        guard let length = bytes.withUnread({ Self.plainObject($0, keys, member) }), whole() else { return false }
        bytes.index += length
        return true
    }

    private static func plainObject<Keys: JSONKeyMatcher>(_ bytes: Span<UInt8>, _ keys: Keys, _ member: (Int, JSONScalar) -> Bool) -> Int? {
        var offset = 1
        func skipWhitespace() {
            while offset < bytes.count, case let byte = bytes[offset], byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                offset += 1
            }
        }
        guard !bytes.isEmpty, bytes[0] == UInt8(ascii: "{") else { return nil }
        skipWhitespace()
        while true {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\""),
                  let (key, length) = keys.key(startingWith: bytes.extracting((offset + 1)...)) else { return nil }
            offset += length + 2
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
            offset += 1
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: "\"") {
                guard let string = plainString(bytes.extracting(offset...)), member(key, .string(string.text, plain: string.plain)) else { return nil }
                offset += string.length
            } else {
                guard let number = plainNumber(bytes.extracting(offset...)), member(key, .number(number.value)) else { return nil }
                offset += number.length
            }
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: "}") { return offset + 1 }
            guard bytes[offset] == UInt8(ascii: ",") else { return nil }
            offset += 1
            skipWhitespace()
        }
    }

    /// Reads a list of objects called `name` in messages, calling `element` with each one's number (from 1).
    mutating func readListOfObjects(
        named name: String, _ element: (inout JSONScanner, Int) throws(JSONFailure) -> Void
    ) throws(JSONFailure) {
        guard bytes.peek == UInt8(ascii: "[") else { throw failure(.notAList(key: name, found: describeHere())) }
        bytes.index += 1
        skipWhitespace()
        if bytes.peek == UInt8(ascii: "]") { bytes.index += 1; return }
        var number = 1
        var atObject = false
        while true {
            if !atObject {
                skipWhitespace()
                guard bytes.peek == UInt8(ascii: "{") else {
                    throw failure(.itemNotAnObject(item: number, key: name, found: describeHere()))
                }
            }
            try element(&self, number)
            if let (length, more) = bytes.withUnread(Self.listSeparator) {
                bytes.index += length
                if !more { return }
                number += 1
                atObject = true
                continue
            }
            atObject = false
            skipWhitespace()
            if bytes.peek == UInt8(ascii: ",") { bytes.index += 1; number += 1; continue }
            if bytes.peek == UInt8(ascii: "]") { bytes.index += 1; return }
            throw failure(.expected(.commaOrBracketAfterItem(number, key: name), found: describeHere()))
        }
    }

    /// What follows an item of a list, when it is inside `bytes`: `]` (its length, false), or `,` and the
    /// next item's `{` (the length up to it, true). Nil for anything else.
    private static func listSeparator(_ bytes: Span<UInt8>) -> (length: Int, more: Bool)? {
        var offset = 0
        func skipWhitespace() {
            while offset < bytes.count, case let byte = bytes[offset], byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                offset += 1
            }
        }
        skipWhitespace()
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: "]") { return (offset + 1, false) }
        guard bytes[offset] == UInt8(ascii: ",") else { return nil }
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { return nil }
        return (offset, true)
    }

    /// About how many objects the rest of the text holds, none shorter than `minimumLength` bytes.
    func estimatedObjectCount(minimumLength: Int) -> Int {
        bytes.estimatedCount(of: UInt8(ascii: "{"), minimumStride: minimumLength)
    }

    /// The next value exactly as written, after checking that it is valid JSON.
    mutating func captureValue() throws(JSONFailure) -> [UInt8] {
        skipWhitespace()
        let start = bytes.index
        bytes.pinned = start
        defer { bytes.pinned = nil }
        try skipValue()
        return Array(bytes.bytes(from: start, to: bytes.index))
    }

    /// The next value, which must be a string: its text, and its bytes exactly as written.
    mutating func captureString(for what: @autoclosure () -> JSONSubject) throws(JSONFailure) -> (text: String, written: [UInt8]) {
        skipWhitespace()
        let start = bytes.index
        bytes.pinned = start
        defer { bytes.pinned = nil }
        let text = try readString(for: what())
        return (text, Array(bytes.bytes(from: start, to: bytes.index)))
    }

    /// Skips any JSON value, iteratively, so deep nesting cannot overflow the stack.
    mutating func skipValue() throws(JSONFailure) {
        var closers: [UInt8] = []
        repeat {
            skipWhitespace()
            switch bytes.peek {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count < Self.maximumDepth else { throw failure(.nestedTooDeeply) }
                closers.append(bytes.peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                bytes.index += 1
                skipWhitespace()
                if bytes.peek == closers.last { bytes.index += 1; closers.removeLast(); break }
                if closers.last == UInt8(ascii: "}") { try skipKey() }
                continue
            case UInt8(ascii: "\""): _ = try readString(for: .value)
            case UInt8(ascii: "t"): try expectWord("true")
            case UInt8(ascii: "f"): try expectWord("false")
            case UInt8(ascii: "n"): try expectWord("null")
            default: _ = try readNumber(for: .value)
            }
            // After a complete value: a separator, or closing brackets.
            while let closer = closers.last {
                skipWhitespace()
                if bytes.peek == UInt8(ascii: ",") {
                    bytes.index += 1
                    if closer == UInt8(ascii: "}") { try skipKey() }
                    break
                }
                guard bytes.peek == closer else {
                    throw failure(.expected(.commaOrClosing(brace: closer == UInt8(ascii: "}")), found: describeHere()))
                }
                bytes.index += 1
                closers.removeLast()
            }
        } while !closers.isEmpty
    }

    private mutating func skipKey() throws(JSONFailure) {
        skipWhitespace()
        guard bytes.peek == UInt8(ascii: "\"") else { throw failure(.expected(.quotedKey, found: describeHere())) }
        _ = try readString(for: .key)
        skipWhitespace()
        try expect(UInt8(ascii: ":"), .colonAfterKey(nil))
    }

    // MARK: Scalars

    /// Reads a key. An expected key written plainly is matched on its bytes (by length first) without
    /// making a string; a key with escapes is compared once they are undone.
    private mutating func readKey<Keys: JSONKeyMatcher>(_ keys: Keys) throws(JSONFailure) -> JSONKey {
        bytes.tokenStart = bytes.index
        let start = bytes.index + 1
        // An expected key and its closing quote, already in the window: matched where it stands.
        if let (key, length) = bytes.withUnread({ $0.count > 1 ? keys.key(startingWith: $0.extracting(1...)) : nil }) {
            bytes.index = start + length + 1
            return .known(key)
        }
        bytes.index = start
        bytes.skip { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let end = bytes.index
        bytes.index = bytes.tokenStart
        if bytes.byte(at: end) == UInt8(ascii: "\"") {
            if let key = bytes.withBytes(from: start, to: end, { keys.key(matching: $0) }) {
                bytes.index = end + 1
                return .known(key)
            }
        }
        let text = try readString(for: .key)
        if let key = keys.key(named: text) { return .known(key) }
        return .other(text)
    }

    private static func shown<Keys: JSONKeyMatcher>(_ key: JSONKey, _ keys: Keys) -> String {
        switch key {
        case .known(let number): keys.name(number)
        case .other(let text): Quoted.shortened(text)
        }
    }

    mutating func readString(for what: @autoclosure () -> JSONSubject) throws(JSONFailure) -> String {
        var plain = false
        return try readString(for: what(), plain: &plain)
    }

    /// A string; `plain` tells whether every byte of it is printable ASCII (0x20 to 0x7E) and neither the
    /// first nor the last is a space (false tells nothing).
    mutating func readString(for what: @autoclosure () -> JSONSubject, plain: inout Bool) throws(JSONFailure) -> String {
        guard bytes.peek == UInt8(ascii: "\"") else { throw failure(.expected(.string(for: what()), found: describeHere())) }
        bytes.tokenStart = bytes.index
        if let plainText = bytes.withUnread(Self.plainString) {
            bytes.index += plainText.length
            plain = plainText.plain
            return plainText.text
        }
        plain = false
        let start = bytes.index
        bytes.index += 1
        var seen: UInt8 = 0
        bytes.skip { byte in
            seen |= byte
            return byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte >= 0x20
        }
        switch bytes.byte(at: bytes.index) {
        case UInt8(ascii: "\""):
            guard let text = bytes.utf8String(from: start + 1, to: bytes.index, isASCII: seen < 0x80) else {
                throw failure(.badString(what(), .notUTF8), at: start)
            }
            bytes.index += 1
            return text
        case UInt8(ascii: "\\"):
            bytes.index = start + 1
            return try readEscapedString(for: what, start: start)
        case nil:
            throw failure(.badString(what(), .missingClosingQuote), at: start)
        default:
            throw failure(.badString(what(), .controlCharacter))
        }
    }

    /// A string at the start of `bytes` without escapes, whose closing quote is there too: its text, whether
    /// it is plain (as `readString` says), and its length with the quotes. Nil for anything else (an escape, a
    /// control byte, text that is not UTF-8, a string running past the window), which the byte-at-a-time
    /// path reads and reports. Eight bytes at a time, each word's first quote, backslash or control byte
    /// found exactly: in `(x - 0x01…) & ~x & 0x80…` only bytes above a zero byte can be false hits.
    private static func plainString(_ bytes: Span<UInt8>) -> (text: String, plain: Bool, length: Int)? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = 0x80 &* ones
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        let raw = bytes.bytes
        var offset = 1
        var seen: UInt64 = 0, deletes: UInt64 = 0
        var end = -1
        while offset + 8 <= bytes.count {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let stops = zeroBytes(word ^ (0x22 &* ones)) | zeroBytes(word ^ (0x5C &* ones)) | ((word &- 0x20 &* ones) & ~word & highs)
            let before = stops == 0 ? UInt64.max : (UInt64(1) << UInt64(stops.trailingZeroBitCount & ~7)) &- 1
            seen |= word & before
            deletes |= zeroBytes(word ^ (0x7F &* ones)) & before
            if stops != 0 { end = offset + stops.trailingZeroBitCount >> 3; break }
            offset += 8
        }
        if end < 0 {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { end = offset; break }
                seen |= UInt64(byte)
                deletes |= byte == 0x7F ? 0x80 : 0
                offset += 1
            }
        }
        guard end > 0, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let content = bytes.extracting(1..<end)
        if seen & highs == 0 {
            let plain = deletes == 0 && end > 1 && bytes[1] != 0x20 && bytes[end - 1] != 0x20
            return (unsafe String(copying: UTF8Span(unchecked: content, isKnownASCII: true)), plain, end + 1)
        }
        guard let text = try? UTF8Span(validating: content) else { return nil }
        return (String(copying: text), false, end + 1)
    }

    private mutating func readEscapedString(for what: () -> JSONSubject, start: Int) throws(JSONFailure) -> String {
        var utf8: [UInt8] = []
        while let byte = bytes.byte(at: bytes.index) {
            switch byte {
            case UInt8(ascii: "\""):
                bytes.index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw failure(.badString(what(), .notUTF8), at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                bytes.index += 1
                guard let escape = bytes.byte(at: bytes.index) else { break }
                bytes.index += 1
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
                        guard bytes.byte(at: bytes.index) == UInt8(ascii: "\\"), bytes.byte(at: bytes.index + 1) == UInt8(ascii: "u") else {
                            throw failure(.badString(what(), .unpairedSurrogate))
                        }
                        bytes.index += 2
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure(.badString(what(), .unpairedSurrogate)) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure(.badString(what(), .invalidUnicodeEscape)) }
                    utf8.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw failure(.badString(what(), .unknownEscape(Character(Unicode.Scalar(escape)))), at: bytes.index - 2)
                }
            default:
                if byte < 0x20 { throw failure(.badString(what(), .controlCharacter)) }
                utf8.append(byte)
                bytes.index += 1
            }
        }
        throw failure(.badString(what(), .missingClosingQuote), at: start)
    }

    private mutating func readHex4() throws(JSONFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = bytes.byte(at: bytes.index) else { throw failure(.shortUnicodeEscape) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure(.shortUnicodeEscape)
            }
            value = value << 4 | digit
            bytes.index += 1
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
    mutating func readNumber(for what: @autoclosure () -> JSONSubject) throws(JSONFailure) -> Double {
        bytes.tokenStart = bytes.index
        if let plain = bytes.withUnread(Self.plainNumber) {
            bytes.index += plain.length
            return plain.value
        }
        let start = bytes.index
        var negative = false
        if bytes.peek == UInt8(ascii: "-") { negative = true; bytes.index += 1 }
        // The digits are added up as they are skipped: each byte is looked at once.
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var integerCount = 0
        var firstDigit: UInt8 = 0
        bytes.skip { byte in
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            if integerCount == 0 { firstDigit = byte }
            integerCount += 1
            if digits < 19 { mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0")); digits += mantissa == 0 ? 0 : 1 } else { exponent += 1 }
            return true
        }
        guard integerCount > 0 else {
            bytes.index = start
            throw failure(.expected(.number(for: what()), found: describeHere()))
        }
        guard !(integerCount > 1 && firstDigit == UInt8(ascii: "0")) else {
            throw failure(.badNumber(what(), .leadingZero), at: start)
        }
        if bytes.peek == UInt8(ascii: ".") {
            bytes.index += 1
            var fractionCount = 0
            bytes.skip { byte in
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
                fractionCount += 1
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                    digits += mantissa == 0 ? 0 : 1
                    exponent -= 1
                }
                return true
            }
            guard fractionCount > 0 else { throw failure(.badNumber(what(), .noFractionDigits), at: start) }
        }
        if bytes.peek == UInt8(ascii: "e") || bytes.peek == UInt8(ascii: "E") {
            bytes.index += 1
            var exponentNegative = false
            if bytes.peek == UInt8(ascii: "+") || bytes.peek == UInt8(ascii: "-") {
                exponentNegative = bytes.peek == UInt8(ascii: "-")
                bytes.index += 1
            }
            let exponentDigits = skipDigits()
            guard !exponentDigits.isEmpty else { throw failure(.badNumber(what(), .emptyExponent), at: start) }
            var written = 0
            for position in exponentDigits where written < 100_000 {
                written = written * 10 + Int(bytes.windowByte(position) &- UInt8(ascii: "0"))
            }
            exponent += exponentNegative ? -written : written
        }
        if digits <= 15, abs(exponent) <= 22 {
            let magnitude = Double(mantissa)
            let value = exponent >= 0 ? magnitude * Self.exactPowersOfTen[exponent] : magnitude / Self.exactPowersOfTen[-exponent]
            return negative ? -value : value
        }
        let text = String(decoding: bytes.bytes(from: start, to: bytes.index), as: UTF8.self)
        guard let value = Double(text) else { throw failure(.badNumber(what(), .unreadable), at: start) }
        guard value.isFinite else { throw failure(.badNumber(what(), .tooLarge), at: start) }
        return value
    }

    /// A number at the start of `bytes` written plainly (a minus, digits, a fraction, no exponent, at most
    /// 15 digits in all) that ends there: its value and length. It is what `readNumber`'s own way gives:
    /// the same digits (leading zeros add none), one exact division. Nil for anything else, which that
    /// way reads and reports.
    private static func plainNumber(_ bytes: Span<UInt8>) -> (value: Double, length: Int)? {
        var offset = 0
        let negative = !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
        if negative { offset = 1 }
        var mantissa: UInt64 = 0
        let integerStart = offset
        while offset < bytes.count, case let digit = bytes[offset] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            offset += 1
        }
        let integerDigits = offset - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fractionStart = offset
            while offset < bytes.count, case let digit = bytes[offset] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                offset += 1
            }
            fractionDigits = offset - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        guard offset < bytes.count, bytes[offset] | 0x20 != UInt8(ascii: "e"), integerDigits + fractionDigits <= 15 else { return nil }
        let magnitude = Double(mantissa)
        let value = fractionDigits == 0 ? magnitude : magnitude / exactPowersOfTen[fractionDigits]
        return (negative ? -value : value, offset)
    }

    /// Skips a run of decimal digits inside the token being read; returns their file offsets.
    private mutating func skipDigits() -> Range<Int> {
        let first = bytes.index
        bytes.skip { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return first..<bytes.index
    }

    /// Skips spaces and line breaks; the bytes before them are not needed again.
    @inline(__always)
    mutating func skipWhitespace() {
        bytes.tokenStart = bytes.index
        if bytes.peek > 0x20 { return }
        bytes.skip { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> JSONExpectation) throws(JSONFailure) {
        guard bytes.peek == byte else { throw failure(.expected(what(), found: describeHere())) }
        bytes.index += 1
    }

    private mutating func expectWord(_ word: String) throws(JSONFailure) {
        let start = bytes.index
        for byte in word.utf8 {
            guard bytes.peek == byte else { bytes.index = start; throw failure(.expected(.value, found: describeHere())) }
            bytes.index += 1
        }
    }

    /// What stands at the current position, for messages: "'x'", "the end of the file".
    mutating func describeHere() -> JSONToken {
        let index = bytes.index
        guard let byte = bytes.byte(at: index) else { return .endOfFile }
        if byte == UInt8(ascii: "\"") { return .string }
        if byte == UInt8(ascii: "{") { return .object }
        if byte == UInt8(ascii: "[") { return .list }
        if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return .number }
        if byte >= 0x21 && byte < 0x7F {
            bytes.tokenStart = index
            var end = index
            while end - index < 12, let next = bytes.byte(at: end), next >= 0x21, next < 0x7F,
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(next) || end == index {
                end += 1
            }
            return .text(String(decoding: bytes.bytes(from: index, to: end), as: UTF8.self))
        }
        return byte >= 0x80 ? .nonTextByte(byte) : .controlCharacter
    }

    func failure(_ problem: MenuFileProblem, at offset: Int? = nil) -> JSONFailure {
        JSONFailure(offset: offset ?? bytes.index, problem: problem)
    }
}
