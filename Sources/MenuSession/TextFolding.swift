/// How search compares text: case and accents do not count ("CAFÉ", "Cafe\u{301}" and "cafe" are the
/// same), and the rest must match as written. Text is folded scalar by scalar into UTF-8 bytes, so a
/// folded query is found in a folded name by a plain byte search.
///
/// Latin letters with accents (U+00C0–U+024F, U+1E00–U+1EFF) become their base letters, some of them two
/// ("ß" is "ss", "æ" is "ae"); combining marks (U+0300–U+036F) are dropped; every other scalar is lowercased.
public enum TextFolding {
    /// `text` folded, as UTF-8 bytes.
    public static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return bytes
    }

    /// Appends `text` folded to `bytes`.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars { append(scalar, to: &bytes) }
    }

    /// Writes `text` folded, then a 0 byte, at the start of `buffer`, and returns how many bytes that took;
    /// nil if they do not fit. Plain ASCII, the common case, is copied and lowercased in place.
    static func write(_ text: String, terminatedBy terminator: UInt8, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        // String.UTF8View traps, rather than stopping, when it is copied into a buffer too small for it.
        guard text.utf8.count < buffer.count else { return writeFolded(text, terminatedBy: terminator, into: buffer) }
        let (_, count) = buffer.initialize(from: text.utf8)
        var high: UInt8 = 0
        for index in 0..<count {
            let byte = buffer[index]
            high |= byte
            buffer[index] = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
        }
        guard high < 0x80 else { return writeFolded(text, terminatedBy: terminator, into: buffer) }
        buffer[count] = terminator
        return count + 1
    }

    /// The general case of `write`: folded scalar by scalar, which may make the text longer or shorter.
    private static func writeFolded(_ text: String, terminatedBy terminator: UInt8,
                                    into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var folded: [UInt8] = []
        append(text, to: &folded)
        folded.append(terminator)
        guard folded.count <= buffer.count else { return nil }
        _ = buffer.initialize(from: folded)
        return folded.count
    }

    private static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            return
        }
        if (0x300...0x36F).contains(value) { return }
        if let base = latinBase(of: value), !base.isEmpty {
            bytes.append(contentsOf: base.utf8)
            return
        }
        bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
    }

    private static func latinBase(of value: UInt32) -> String? {
        switch value {
        case 0xC0..<0x250: latin[Int(value - 0xC0)]
        case 0x1E00..<0x1F00: latinAdditional[Int(value - 0x1E00)]
        default: nil
        }
    }

    /// U+00C0–U+024F: each letter's lowercase base letters, "" where the letter has none.
    private static let latin: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
        "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
        "b", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
        "", "", "", "", "", "", "", "", "", "", "l", "", "", "", "", "",
        "o", "o", "", "", "", "", "", "", "", "", "", "", "", "", "", "u",
        "u", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
        "", "", "", "", "", "", "", "", "", "", "", "", "", "a", "a", "i",
        "i", "o", "o", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "", "a", "a",
        "a", "a", "ae", "ae", "g", "g", "g", "g", "k", "k", "o", "o", "o", "o", "", "",
        "j", "", "", "", "g", "g", "", "", "n", "n", "a", "a", "ae", "ae", "o", "o",
        "a", "a", "a", "a", "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",
        "r", "r", "r", "r", "u", "u", "u", "u", "s", "s", "t", "t", "", "", "h", "h",
        "", "", "", "", "", "", "a", "a", "e", "e", "o", "o", "o", "o", "o", "o",
        "o", "o", "y", "y", "", "", "", "", "", "", "", "", "", "", "", "",
        "", "", "", "", "", "", "", "", "", "j", "", "", "", "", "", "",
    ]

    /// U+1E00–U+1EFF, as `latin`.
    private static let latinAdditional: [String] = [
        "a", "a", "b", "b", "b", "b", "b", "b", "c", "c", "d", "d", "d", "d", "d", "d",
        "d", "d", "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "f", "f",
        "g", "g", "h", "h", "h", "h", "h", "h", "h", "h", "h", "h", "i", "i", "i", "i",
        "k", "k", "k", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l", "l", "m", "m",
        "m", "m", "m", "m", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "o", "o", "p", "p", "p", "p", "r", "r", "r", "r", "r", "r", "r", "r",
        "s", "s", "s", "s", "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t",
        "t", "t", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "v", "v", "v", "v",
        "w", "w", "w", "w", "w", "w", "w", "w", "w", "w", "x", "x", "x", "x", "y", "y",
        "z", "z", "z", "z", "z", "z", "h", "t", "w", "y", "", "", "", "", "ss", "",
        "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a",
        "a", "a", "a", "a", "a", "a", "a", "a", "e", "e", "e", "e", "e", "e", "e", "e",
        "e", "e", "e", "e", "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",
        "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o",
        "o", "o", "o", "o", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "y", "y", "y", "y", "y", "y", "y", "y", "", "", "", "", "", "",
    ]
}
