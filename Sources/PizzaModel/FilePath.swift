import Glibc

/// A file name as the system has it: bytes, which need not be UTF-8 (`caf\xE9.json`). It goes to
/// `open` unchanged; `description` is the escaped form for showing it to people.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    public init(_ string: String) { bytes = Array(string.utf8) }

    public init(stringLiteral string: String) { self.init(string) }

    /// The name as text: valid UTF-8 as it is, every other byte and every control character as `\xHH`,
    /// shortened in the middle when long (the file's own name at the end stays readable).
    public var description: String { Quoted.shortened(escaped, limit: Self.shownLength, keepingEnd: true) }

    /// Every byte kept, none shortened: `\xHH` for bytes that are not UTF-8 text or are control characters.
    public var escaped: String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            var run = rest.startIndex
            while run < rest.endIndex, rest[run] >= 0x20, rest[run] < 0x7F { run += 1 }
            text += String(decoding: rest[rest.startIndex..<run], as: UTF8.self)
            rest = rest[run...]
            guard let first = rest.first else { break }
            if first >= 0x80, let (scalar, length) = Self.decodeScalar(rest), scalar.value >= 0xA0 {
                text.unicodeScalars.append(scalar)
                rest = rest.dropFirst(length)
            } else {
                text += "\\x" + String(first, radix: 16, uppercase: true).leftPadded(to: 2)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    static let shownLength = 160

    /// The folder holding this file: `.` for a bare name, `/` for a file at the root.
    public var folder: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return FilePath(".") }
        return slash == 0 ? FilePath("/") : FilePath(bytes: bytes[..<slash])
    }

    /// The last part of the path.
    public var fileName: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// `self/name`.
    public func appending(_ name: [UInt8]) -> FilePath {
        FilePath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    public func appending(_ name: String) -> FilePath { appending(Array(name.utf8)) }

    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// Calls `body` with the path as a C string; a path with a NUL byte in it names no file.
    func withCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        if bytes.contains(0) { return body(nil) }
        return (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    private static func decodeScalar(_ bytes: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
        var iterator = bytes.prefix(4).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        let length = String(scalar).utf8.count
        // The decoder reads ahead only within the scalar, so a valid result is exactly these bytes.
        guard Array(bytes.prefix(length)) == Array(String(scalar).utf8) else { return nil }
        return (scalar, length)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// User text quoted in a message: shortened, so that no file or name can make a message huge.
public enum Quoted {
    /// Names, labels and keys are quoted at most this many characters long.
    public static let shownLength = 40

    /// `text` cut to `limit` characters with "…" where it was cut (at the end, or in the middle when
    /// `keepingEnd`). Cheap for long text: it looks at no more than `limit + 1` characters.
    public static func shortened(_ text: String, limit: Int = shownLength, keepingEnd: Bool = false) -> String {
        if text.utf8.count <= limit { return text }
        var index = text.startIndex
        var count = 0
        while index < text.endIndex && count <= limit {
            text.formIndex(after: &index)
            count += 1
        }
        guard count > limit else { return text }
        if !keepingEnd { return String(text.prefix(limit - 1)) + "…" }
        let tail = limit / 3
        return String(text.prefix(limit - tail - 1)) + "…" + String(text.suffix(tail))
    }
}

extension FilePath {
    /// The process's arguments after the program name, as the bytes the system passed (`argv`), none decoded.
    public static func commandLineArguments() -> [[UInt8]] {
        (1..<Int(max(CommandLine.argc, 1))).map { index in
            guard let value = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
        }
    }
}
