/// How the user's locale writes a decimal number: its decimal mark and the mark between groups of three
/// digits (none in the C locale). Figures are made in the C form and then written this way; typed prices
/// are read this way back into the C form. The menu file always uses the C form.
public struct NumberFormat: Equatable, Sendable {
    public let decimalMark: String
    /// Empty when the locale does not group digits.
    public let groupingMark: String

    public init(decimalMark: String, groupingMark: String) {
        self.decimalMark = decimalMark.isEmpty ? "." : decimalMark
        self.groupingMark = groupingMark
    }

    /// The C locale's form, `1234.5`.
    public static let c = NumberFormat(decimalMark: ".", groupingMark: "")

    /// `text`, a figure in the C form (digits, at most one point, maybe padded with spaces or signed), written
    /// this way: `  1234.50` becomes `  1.234,50` with a comma and a point.
    public func localized(_ text: String) -> String {
        guard let start = text.firstIndex(where: \.isNumber) else { return text }
        let digitsEnd = text[start...].firstIndex { !$0.isNumber } ?? text.endIndex
        var whole = String(text[start..<digitsEnd])
        if !groupingMark.isEmpty {
            var grouped = ""
            for (offset, digit) in whole.enumerated() {
                if offset > 0 && (whole.count - offset) % 3 == 0 { grouped += groupingMark }
                grouped.append(digit)
            }
            whole = grouped
        }
        var rest = String(text[digitsEnd...])
        if rest.hasPrefix(".") { rest = decimalMark + rest.dropFirst() }
        return String(text[..<start]) + whole + rest
    }

    /// `text` as typed in this form, rewritten in the C form for reading, or nil when it is written in
    /// neither form. The decimal mark is read as the point; grouping marks are dropped where they sit
    /// between groups of three digits; a point is read as the decimal point where it cannot be a grouping mark.
    public func delocalized(_ text: String) -> String? {
        guard decimalMark != "." else { return text }
        let parts = text.split(separator: decimalMark, omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { return nil }
        var whole = parts[0]
        if !groupingMark.isEmpty && whole.contains(groupingMark) {
            let groups = whole.split(separator: groupingMark, omittingEmptySubsequences: false).map(String.init)
            // A leading zero is never followed by a group: "0.005" is a decimal point's.
            let isGrouped = !groups[0].isEmpty && groups[0].count <= 3 && !groups[0].hasPrefix("0")
                && groups.dropFirst().allSatisfy { $0.count == 3 }
                && groups.allSatisfy { $0.allSatisfy(\.isNumber) }
            if isGrouped {
                whole = groups.joined()
            } else if parts.count == 2 || groupingMark != "." {
                return nil
            }
        }
        if parts.count == 2 {
            guard !whole.contains(".") && !parts[1].contains(".") else { return nil }
            return whole + "." + parts[1]
        }
        return whole
    }
}

/// How the user's locale writes an amount of money: which side the currency's sign goes and whether a space
/// parts them, and its own currency's sign. The C locale says nothing, and is written as English does: `$4.52`.
public struct MoneyFormat: Equatable, Sendable {
    /// The ISO 4217 code of the locale's own currency (`EUR` in Germany), empty in the C locale.
    public let localCurrency: String
    /// The locale's sign for its own currency (`€`), which wins over `Currency.symbol` for it.
    public let localSymbol: String
    public let symbolFirst: Bool
    public let spaced: Bool

    public init(localCurrency: String, localSymbol: String, symbolFirst: Bool?, spaced: Bool?) {
        self.localCurrency = localCurrency
        self.localSymbol = localSymbol
        self.symbolFirst = symbolFirst ?? true
        self.spaced = spaced ?? false
    }

    public static let c = MoneyFormat(localCurrency: "", localSymbol: "", symbolFirst: nil, spaced: nil)

    /// `figure`, an amount already written the locale's way (`  3,39`), with `currency`'s sign where the
    /// locale puts it: `$  3.39` in the C locale, `  3,39 €` in German, `€   3,39` in Italian.
    public func amount(_ figure: String, in currency: Currency) -> String {
        let symbol = symbol(of: currency)
        let space = spaced ? " " : ""
        return symbolFirst ? symbol + space + figure : figure + space + symbol
    }

    /// The sign written for `currency`: the locale's own for its own currency, `Currency.symbol` for any other.
    public func symbol(of currency: Currency) -> String {
        currency.code == localCurrency && !localSymbol.isEmpty ? localSymbol : currency.symbol
    }
}
