/// The menu's price list as CSV, by RFC 4180: a header row ("Pizza", then each size's label), then one row per
/// pizza in menu order with the price of each size as the detail's price line writes it (`5.65`, with the currency's decimals: a point, no
/// currency sign, no thousands separator, whatever the locale). UTF-8, each row ending in CRLF as the RFC says;
/// a field is quoted when it holds a comma, a double quote, CR or LF, and a double quote inside is doubled.
public enum PriceListCSV {
    /// The first header cell, over the names. Not translated: the file's columns read the same in every language.
    public static let nameHeader = "Pizza"

    /// The whole file for `menu`.
    public static func encode(_ menu: Menu) -> [UInt8] { encode(menu, goOn: { _ in true }) ?? [] }

    /// How many rows are written between two calls of `goOn`.
    static let rowsBetweenProgress = 8192

    /// The whole file for `menu`, or nil when `goOn`, asked now and then with the fraction done, says to stop.
    public static func encode(_ menu: Menu, goOn: (Double) -> Bool) -> [UInt8]? {
        var out: [UInt8] = []
        // About a name and six short prices a row; a first guess that saves most regrowing.
        out.reserveCapacity(64 + menu.pizzas.count * (24 + 8 * menu.sizes.count))
        appendRow([nameHeader] + menu.sizes.map(\.label), to: &out)
        let count = Double(menu.pizzas.count)
        for (index, pizza) in menu.pizzas.enumerated() {
            if index % rowsBetweenProgress == 0 && !goOn(Double(index) / count) { return nil }
            appendField(pizza.name, to: &out)
            for size in menu.sizes {
                out.append(comma)
                appendField(PriceTable.priceDigits(pizza, size, menu.measures), to: &out)
            }
            out.append(contentsOf: lineEnd)
        }
        return out
    }

    /// Writes the price list of `menu` to `path` as `PriceListFile.write` writes any price list.
    /// Returns false, having written nothing, when `goOn` said to stop.
    @discardableResult
    public static func write(
        _ menu: Menu, to path: FilePath, sparing menuFile: FilePath? = nil, storage: any MenuStorage = PosixStorage(),
        goOn: (Double) -> Bool = { _ in true }
    ) throws(StorageError) -> Bool {
        guard let bytes = encode(menu, goOn: goOn) else { return false }
        try PriceListFile.write(bytes, to: path, sparing: menuFile, storage: storage)
        return true
    }

    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let lineEnd: [UInt8] = [0x0D, 0x0A]

    static func appendRow(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(comma) }
            appendField(field, to: &out)
        }
        out.append(contentsOf: lineEnd)
    }

    /// `text` as one field: as it is, or quoted with its quotes doubled when it holds a comma, a quote, CR or LF.
    static func appendField(_ text: String, to out: inout [UInt8]) {
        let bytes = text.utf8
        guard bytes.contains(where: { $0 == comma || $0 == quote || $0 == 0x0D || $0 == 0x0A }) else {
            out.append(contentsOf: bytes)
            return
        }
        out.append(quote)
        for byte in bytes {
            if byte == quote { out.append(quote) }
            out.append(byte)
        }
        out.append(quote)
    }
}

/// An exported price list file (CSV or PDF).
public enum PriceListFile {
    /// Writes `bytes` to `path` as `storage` saves a file: all of it or nothing, never through a link and never
    /// over anything but a regular file (`FileRole.priceList`); nor over `menuFile`, the menu's own file, under
    /// any name.
    public static func write(
        _ bytes: [UInt8], to path: FilePath, sparing menuFile: FilePath? = nil, storage: any MenuStorage = PosixStorage()
    ) throws(StorageError) {
        if let menuFile, case .version(let target) = storage.status(of: path).expected,
           case .version(let own) = storage.status(of: menuFile).expected,
           target.device == own.device && target.inode == own.inode {
            throw StorageError(path: path, reason: .menuOwnFile)
        }
        try storage.writeAtomically(bytes, to: path, role: .priceList, expecting: .anything)
    }
}
