import PizzaModel

/// The menu files opened last, for Open Recent: the user's own menu first, then the others, newest first.
/// Kept between runs as `encoded`: one path a line, any byte a path may hold written `%HH`.
public struct RecentFiles: Equatable, Sendable {
    /// How many files besides the user's own menu are kept.
    public static let limit = 5

    public let ownMenuPath: FilePath
    /// The other files, newest first.
    public private(set) var others: [FilePath]

    /// `others` as they were kept, newest first; the own menu, repeats and any beyond the limit are dropped.
    public init(ownMenuPath: FilePath, others: [FilePath] = []) {
        self.ownMenuPath = ownMenuPath
        self.others = []
        for path in others.reversed() { opened(path) }
    }

    /// Every file, in the order Open Recent lists them.
    public var all: [FilePath] { [ownMenuPath] + others }

    /// What Open Recent offers while `openPath` is open: every other file, the user's own menu first.
    public func offered(whileOpen openPath: FilePath) -> [FilePath] { all.filter { $0 != openPath } }

    /// `path` was opened: it comes first among the others.
    public mutating func opened(_ path: FilePath) {
        guard path != ownMenuPath else { return }
        others.removeAll { $0 == path }
        others.insert(path, at: 0)
        if others.count > Self.limit { others.removeLast(others.count - Self.limit) }
    }

    /// The folder that tells `path` apart, when another recent file has the same file name; nil otherwise.
    public func distinguishingFolder(of path: FilePath) -> FilePath? {
        let sameName = (all + [path]).filter { $0.fileName == path.fileName && $0 != path }
        return sameName.isEmpty ? nil : path.folder
    }

    // MARK: Kept between runs

    /// The other files as kept between runs: one absolute path a line, newest first. A byte that is not printable
    /// ASCII, and `%` itself, is written `%HH`, so a name with a line break or in another encoding comes back whole.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        for path in others {
            for byte in path.bytes {
                if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
                    bytes.append(byte)
                } else {
                    bytes += [UInt8(ascii: "%"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The files kept as `encoded`; lines that are not an absolute path written that way are left out.
    public init(ownMenuPath: FilePath, encoded: [UInt8]) {
        let paths = encoded.split(separator: UInt8(ascii: "\n")).compactMap(Self.decodedPath)
        self.init(ownMenuPath: ownMenuPath, others: paths)
    }

    private static func decodedPath(_ line: ArraySlice<UInt8>) -> FilePath? {
        var bytes: [UInt8] = []
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < line.endIndex, let high = hexValue(line[index + 1]), let low = hexValue(line[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                guard byte > 0x20 && byte < 0x7F else { return nil }
                bytes.append(byte)
                index += 1
            }
        }
        let path = FilePath(bytes: bytes)
        return path.isAbsolute && !bytes.contains(0) ? path : nil
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
