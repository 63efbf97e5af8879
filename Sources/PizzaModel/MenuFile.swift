/// The menu file format (documented in the README):
///
///     {"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03}],
///      "sizes":  [{"label": "Personal", "diameter": 8}]}
///
/// `sizes` may be left out (then the six standard sizes). Order in the file is the order on screen.
/// Other keys are kept as written. The reader is one pass over the bytes, read a chunk at a time
/// (`ByteWindow`), through a JSON scanner (`JSONScanner`) driven by the format's fields (`MenuSchema`),
/// with no intermediate JSON tree and no object per row beyond the name's string.
public enum MenuFile {
    /// Files larger than this are refused before reading: four times a million-pizza menu (~54 MB), and a
    /// bound on the memory a hostile file can make the app use.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads a menu from JSON bytes. `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(MenuFileError) -> Menu {
        try decode(reading: MemoryByteSource(bytes), path: path)
    }

    /// What a reader is given as it goes: the menu read so far, its pizzas a first part of the file's. It is only
    /// for showing: the rest of the file may still be found bad (a duplicate name, a syntax error at the end), and
    /// the sizes and measures written after the pizzas are the standard ones until then.
    public typealias Progress = (Menu) -> Void

    /// Reads a menu a chunk at a time from `source`, which is read again from its start to place an error.
    /// `progress` gets the menu read so far from time to time (`MenuSchema.read`).
    public static func decode(reading source: any ByteSource, path: String,
                              progress: Progress = { _ in }) throws(MenuFileError) -> Menu {
        var scanner = JSONScanner(source: source)
        let failure: JSONFailure
        do throws(JSONFailure) {
            let menu = try MenuSchema.read(&scanner, progress: progress)
            if let sourceError = scanner.sourceError { throw JSONFailure(offset: nil, problem: .unreadable(sourceError.reason)) }
            return menu
        } catch {
            failure = error
        }
        // A read error of the file itself comes first, since it is what made the rest look wrong.
        if let sourceError = scanner.sourceError { throw MenuFileError(path: path, problem: .unreadable(sourceError.reason)) }
        guard let offset = failure.offset else { throw MenuFileError(path: path, problem: failure.problem) }
        var rereading = source
        guard let place = try? ErrorLocation.find(offset, in: &rereading) else {
            throw MenuFileError(path: path, problem: failure.problem)
        }
        throw MenuFileError(path: path, line: place.line, column: place.column, problem: failure.problem)
    }

    /// The first `count` rows of a large menu (at most `PizzaList.chunkCapacity`, 4,096), for a first screen shown before the
    /// rest is read, read from the first `limit` bytes alone; nil when those bytes hold fewer pizzas or are bad
    /// before them. Only for showing, as `Progress` is.
    public static func firstRows(reading source: any ByteSource, limit: Int, count: Int = 4096) -> Menu? {
        var scanner = JSONScanner(source: PrefixByteSource(source, limit: limit))
        var first: Menu?
        _ = try? MenuSchema.read(&scanner, firstReport: count) { partial in if first == nil { first = partial } }
        return first
    }

    /// The menu as pretty JSON, one pizza per line, ending in a newline, with every member the app
    /// did not know where it was; or, when the pretty form would be larger than `limit` (the most the reader
    /// reads), the same with no space at all, which `checkFits` makes sure is not.
    public static func encode(_ menu: Menu, limit: Int = maximumFileSize) -> [UInt8] {
        var out: [UInt8] = []
        let pretty = menu.writtenSizeBound <= limit || MenuSchema.writtenCount(menu, style: .pretty) <= limit
        out.reserveCapacity(pretty ? menu.writtenSizeBound : limit)
        MenuSchema.write(menu, style: pretty ? .pretty : .compact, to: &out)
        return out
    }

    /// Throws `.menuTooLarge` when `encode` would write `menu` larger than `limit` (the most the reader
    /// reads), so that nothing is ever written that cannot be read back. Cheap unless the menu is near it.
    public static func checkFits(_ menu: Menu, limit: Int = maximumFileSize) throws(MenuError) {
        if menu.writtenSizeBound <= limit || MenuSchema.writtenCount(menu, style: .compact) <= limit { return }
        throw .menuTooLarge
    }

    /// The shortest text that reads back as the same Double ("0.05", "8"), as the file writes it.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
