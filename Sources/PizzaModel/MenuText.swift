/// The limits of a text field other than the name and the size label, for the schema to name.
public struct TextRule: Equatable, Sendable {
    /// The field as a message starts with it: "A description". Static, so that a rule costs nothing to copy.
    public let noun: StaticString
    /// In characters.
    public let maximumLength: Int

    public init(noun: StaticString, maximumLength: Int) {
        self.noun = noun
        self.maximumLength = maximumLength
    }

    public static func == (lhs: TextRule, rhs: TextRule) -> Bool {
        lhs.maximumLength == rhs.maximumLength && lhs.noun.description == rhs.noun.description
    }
}

/// The rules for the text on a menu, in one place for the reader, the editor and undo.
///
/// - Names and labels are trimmed of surrounding white space.
/// - They may not contain control characters, invisible format characters (zero-width spaces, BOMs)
///   or text-direction controls, so that two rows never look alike while differing; the zero-width
///   joiners that emoji and some scripts need are allowed. A name needs at least one visible character.
/// - Two names are the same pizza when they are equal ignoring case, under Unicode canonical
///   equivalence ("Café" precomposed or decomposed): `nameKey` and `foldedHash` agree on that.
enum MenuText {
    /// A name a person would never reach, and short enough for any label or message.
    static let maximumNameLength = 200
    static let maximumLabelLength = 24

    /// Text of a field with `rule` as kept: trimmed and checked like a name, and empty allowed.
    static func checked(_ text: String, _ rule: TextRule) throws(MenuError) -> String {
        let trimmed = trim(text)
        if isPlainASCII(trimmed) {
            guard trimmed.utf8.count <= rule.maximumLength else { throw .textTooLong(rule, characters: trimmed.utf8.count) }
            return trimmed
        }
        guard !exceeds(trimmed, characters: rule.maximumLength) else { throw .textTooLong(rule, characters: trimmed.count) }
        if let hidden = firstHiddenScalar(in: trimmed) { throw .hiddenCharacter(hidden.value) }
        return trimmed
    }

    /// The name as kept: trimmed and checked.
    static func checkedName(_ name: String) throws(MenuError) -> String {
        if isPlainASCII(name, trimmed: true) {
            guard name.utf8.count <= maximumNameLength else { throw .nameTooLong(characters: name.utf8.count) }
            return name
        }
        let trimmed = trim(name)
        guard !trimmed.isEmpty else { throw .emptyName }
        if isPlainASCII(trimmed) {
            guard trimmed.utf8.count <= maximumNameLength else { throw .nameTooLong(characters: trimmed.utf8.count) }
            return trimmed
        }
        guard !exceeds(trimmed, characters: maximumNameLength) else { throw .nameTooLong(characters: trimmed.count) }
        if let hidden = firstHiddenScalar(in: trimmed) { throw .hiddenCharacter(hidden.value) }
        guard hasVisibleCharacter(trimmed) else { throw .emptyName }
        return trimmed
    }

    /// `checkedName` for a name the reader saw to be printable ASCII (0x20 to 0x7E) with no space at
    /// either end, when `plain` says so: then only its length is left to check.
    @inline(__always)
    static func checkedName(_ name: String, plain: Bool) throws(MenuError) -> String {
        guard plain else { return try checkedName(name) }
        guard name.utf8.count <= maximumNameLength else { throw .nameTooLong(characters: name.utf8.count) }
        return name
    }

    /// The size label as kept: trimmed and checked like a name, and shorter.
    static func checkedLabel(_ label: String) throws(MenuError) -> String {
        let trimmed = trim(label)
        guard !trimmed.isEmpty else { throw .emptySizeLabel }
        if isPlainASCII(trimmed) {
            guard trimmed.utf8.count <= maximumLabelLength else { throw .sizeLabelTooLong }
            return trimmed
        }
        guard !exceeds(trimmed, characters: maximumLabelLength) else { throw .sizeLabelTooLong }
        if let hidden = firstHiddenScalar(in: trimmed) { throw .hiddenCharacter(hidden.value) }
        guard hasVisibleCharacter(trimmed) else { throw .emptySizeLabel }
        return trimmed
    }

    /// What two names are compared by: equal keys are the same pizza. `String`'s `==` is canonical
    /// equivalence, so the lower-cased trimmed name is the whole key.
    static func nameKey(_ name: String) -> String {
        let trimmed = trim(name)
        return trimmed.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? trimmed.lowercased() : trimmed
    }

    /// Tells which names are the same pizza as one name (equal `nameKey`s) without building a key for
    /// each: an ASCII name is compared byte by byte, ignoring ASCII case, with the NFC form of the key
    /// (an ASCII name is its own NFC form, so it can only match a key whose NFC form is ASCII too).
    /// Only the other names get a key of their own. Names must be trimmed, as a `Menu` keeps them.
    struct NameMatcher {
        private let key: String
        private let asciiKey: [UInt8]?

        init(_ name: String) {
            key = nameKey(name)
            var bytes: [UInt8] = []
            key._withNFCCodeUnits { bytes.append($0) }
            asciiKey = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
        }

        /// `matches` for a name known to be all ASCII.
        @inline(__always)
        func matches(asciiName name: String) -> Bool {
            guard let asciiKey, name.utf8.count == asciiKey.count else { return false }
            var offset = 0
            for byte in name.utf8 {
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != asciiKey[offset] { return false }
                offset += 1
            }
            return true
        }

        func matches(_ name: String) -> Bool {
            guard name.utf8Span.isKnownASCII else { return nameKey(name) == key }
            guard let asciiKey else { return false }
            let bytes = name.utf8.span
            guard bytes.count == asciiKey.count else { return false }
            for offset in bytes.indices {
                let byte = bytes[offset]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != asciiKey[offset] { return false }
            }
            return true
        }
    }

    /// A 64-bit hash of a trimmed name's key, equal for names with equal `nameKey`s: over an ASCII name's
    /// bytes with its letters folded to lower case, else over the NFC form of the lower-cased name (which
    /// for an ASCII name is those same bytes). Eight bytes at a time.
    static func foldedHash(_ name: String) -> UInt64 {
        var nonASCII = 0
        return foldedHash(name, countingNonASCII: &nonASCII)
    }

    /// `foldedHash`, adding 1 to `nonASCII` when the name is not all ASCII (its hash tells it anyway).
    static func foldedHash(_ name: String, countingNonASCII nonASCII: inout Int) -> UInt64 {
        let (hash, allBits) = wordHash(name.utf8.span)
        guard allBits & 0x8080_8080_8080_8080 == 0 else {
            nonASCII += 1
            return canonicalHash(name)
        }
        return hash
    }

    private static func canonicalHash(_ name: String) -> UInt64 {
        var bytes: [UInt8] = []
        name.lowercased()._withNFCCodeUnits { bytes.append($0) }
        return wordHash(bytes.span).hash
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of `bytes` with ASCII capitals folded, and every bit that was set in any of them.
    @inline(__always)
    private static func wordHash(_ bytes: Span<UInt8>) -> (hash: UInt64, allBits: UInt64) {
        let raw = bytes.bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var allBits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            allBits |= word
            hash = (hash ^ foldCapitals(word)) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        // The bytes after the last whole word, in at most three loads, each inside one word of the text: a
        // small string's bytes were just stored a word at a time, and a load across two of those stores
        // waits for both (measured: a load of the last eight bytes made this function twice as slow).
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if bytes.count - offset >= 4 {
            tail = UInt64(raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self))
            shift = 32
            offset += 4
        }
        if bytes.count - offset >= 2 {
            tail |= UInt64(raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
            shift += 16
            offset += 2
        }
        if offset < bytes.count { tail |= UInt64(bytes[offset]) << shift }
        allBits |= tail
        hash = (hash ^ foldCapitals(tail) ^ UInt64(bytes.count) << 56) &* multiplier
        return (hash ^ hash >> 29, allBits)
    }

    /// Sets the 0x20 bit of every byte from "A" to "Z" (looking at each byte's low seven bits).
    @inline(__always)
    private static func foldCapitals(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (0x7F &* ones)
        let fromA = low &+ ((0x80 - 0x41) &* ones)
        let pastZ = low &+ ((0x80 - 0x5B) &* ones)
        return word | ((fromA & ~pastZ & (0x80 &* ones)) >> 2)
    }

    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    static func trim(_ text: String) -> String {
        let bytes = text.utf8.span
        if !bytes.isEmpty, case let (first, last) = (bytes[0], bytes[bytes.count - 1]),
           first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 {
            return text
        }
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    /// Printable ASCII only: no check beyond the length is needed. Eight bytes at a time: a byte is
    /// outside 0x20...0x7E when its top bit is set, when subtracting 0x20 borrows, or when it is 0x7F.
    /// With `trimmed`, also that it neither starts nor ends with a space (then `trim` leaves it as it is).
    private static func isPlainASCII(_ text: String, trimmed: Bool = false) -> Bool {
        let bytes = text.utf8.span
        if trimmed {
            guard !bytes.isEmpty, bytes[0] != 0x20, bytes[bytes.count - 1] != 0x20 else { return false }
        }
        let raw = bytes.bytes
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var outside: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let del = word ^ (0x7F &* ones)
            outside |= word | ((word &- 0x20 &* ones) & ~word) | ((del &- ones) & ~del)
            offset += 8
        }
        var tail: UInt8 = 0
        while offset < bytes.count {
            tail |= bytes[offset] &- 0x20 >= 0x5F ? 0x80 : 0
            offset += 1
        }
        return outside & highs == 0 && tail == 0
    }

    /// Whether `text` has more than `limit` characters, looking at no more than `limit + 1` of them.
    static func exceeds(_ text: String, characters limit: Int) -> Bool {
        if text.utf8.count <= limit { return false }
        var index = text.startIndex
        for _ in 0..<limit {
            guard index < text.endIndex else { return false }
            text.formIndex(after: &index)
        }
        return index < text.endIndex
    }

    /// The first control, format or direction character, other than the joiners.
    private static func firstHiddenScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            if scalar == "\u{200C}" || scalar == "\u{200D}" { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
            default: return false
            }
        }
    }

    private static func hasVisibleCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            if scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spaceSeparator: return false
            default: return true
            }
        }
    }
}
