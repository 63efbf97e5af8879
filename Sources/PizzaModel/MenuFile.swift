/// The menu file format (documented in the README):
///
///     {"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03}],
///      "sizes":  [{"label": "Personal", "diameter": 8}]}
///
/// `sizes` may be left out (then the six standard sizes). Order in the file is the order on screen.
/// The reader is written for this format: one pass over the bytes, read a chunk at a time, no
/// intermediate JSON tree, no object per row beyond the name's string (short names live inline in
/// the `String`).
public enum MenuFile {
    /// Files larger than this are refused before reading: four times a million-pizza menu (~54 MB), and a
    /// bound on the memory a hostile file can make the app use.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads a menu from JSON bytes. `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(MenuFileError) -> Menu {
        try decode(reading: MemoryByteSource(bytes), path: path)
    }

    /// Reads a menu a chunk at a time from `source`, which is read again from its start to place an error.
    public static func decode(reading source: any ByteSource, path: String) throws(MenuFileError) -> Menu {
        var reader = MenuReader(source: source, path: path)
        return try reader.readMenu()
    }

    /// The menu as pretty JSON, one pizza per line, ending in a newline.
    public static func encode(_ menu: Menu) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + menu.pizzas.count * 56)
        out.append(contentsOf: "{\n  \"pizzas\": [".utf8)
        appendRows(menu.pizzas.map { ($0.name, $0.pricePerSquareInch) }, keys: ("name", "pricePerSquareInch"), to: &out)
        out.append(contentsOf: "\n  ],\n  \"sizes\": [".utf8)
        appendRows(menu.sizes.map { ($0.label, $0.diameter) }, keys: ("label", "diameter"), to: &out)
        out.append(contentsOf: "\n  ]\n}\n".utf8)
        return out
    }

    /// One `{"text": "...", "number": n}` object per line, comma-separated.
    private static func appendRows(_ rows: [(String, Double)], keys: (text: String, number: String), to out: inout [UInt8]) {
        for (index, row) in rows.enumerated() {
            out.append(contentsOf: (index == 0 ? "\n    {\"" : ",\n    {\"").utf8)
            out.append(contentsOf: keys.text.utf8)
            out.append(contentsOf: "\": ".utf8)
            appendString(row.0, to: &out)
            out.append(contentsOf: ", \"\(keys.number)\": ".utf8)
            out.append(contentsOf: number(row.1).utf8)
            out.append(UInt8(ascii: "}"))
        }
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
