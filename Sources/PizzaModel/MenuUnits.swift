/// The unit a menu measures its pizzas in: sizes are diameters in it, prices are per square unit.
/// A menu without `"unit"` is in inches, as the reference demo is. There is no conversion: a menu is in one unit.
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
    case inch = "in"
    case centimetre = "cm"

    /// The unit named `text` in a menu file (`"in"` or `"cm"`).
    public static func named(_ text: String) throws(MenuError) -> LengthUnit {
        guard let unit = LengthUnit(rawValue: text) else { throw .unknownUnit(text) }
        return unit
    }
}

/// The currency a menu's prices are in, by its ISO 4217 code, and how many decimals its amounts have.
/// A menu without `"currency"` is in US dollars, as the reference demo is.
public struct Currency: Hashable, Sendable {
    /// The ISO 4217 code, `EUR`.
    public let code: String
    /// How many decimals an amount in it is written with: 2 for most, 0 for the yen, 3 for the dinar of Kuwait.
    public let decimals: Int

    public static let usDollar = Currency(code: "USD", decimals: 2)

    private init(code: String, decimals: Int) {
        self.code = code
        self.decimals = decimals
    }

    /// The currency whose ISO 4217 code is `code` (three capital letters, `"EUR"`).
    public static func named(_ code: String) throws(MenuError) -> Currency {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
              codes.contains(code) else { throw .unknownCurrency(code) }
        if noDecimals.contains(code) { return Currency(code: code, decimals: 0) }
        if threeDecimals.contains(code) { return Currency(code: code, decimals: 3) }
        return Currency(code: code, decimals: 2)
    }

    /// The currencies of ISO 4217 that prices are written in (from Debian's iso-codes, without the funds,
    /// metals and testing codes).
    private static let codes = Set("""
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF \
        CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD \
        HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD \
        LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP \
        PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT \
        TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
        """.split(separator: " ").map(String.init))

    /// ISO 4217's minor units where they are not 2.
    private static let noDecimals: Set = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX",
                                          "VND", "VUV", "XAF", "XOF", "XPF"]
    private static let threeDecimals: Set = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    /// The sign written beside an amount where the locale has none of its own for this currency:
    /// `$`, `€`, `£`, or the code itself (`CHF`).
    public var symbol: String { Self.symbols[code] ?? code }

    private static let symbols = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
                                  "VND": "₫", "NGN": "₦", "PHP": "₱", "UAH": "₴", "TRY": "₺", "RUB": "₽", "THB": "฿"]
}

/// What a menu says about itself beside its pizzas and sizes: its currency and its unit.
public struct MenuMeasures: Hashable, Sendable {
    public var currency: Currency
    public var unit: LengthUnit

    public init(currency: Currency = .usDollar, unit: LengthUnit = .inch) {
        self.currency = currency
        self.unit = unit
    }

    /// US dollars and inches: the reference demo's, and a menu's that names neither.
    public static let standard = MenuMeasures()
}
