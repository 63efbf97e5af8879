/// Pango markup for labels, written out by hand: the standard library's `replacing` and `Regex` would link
/// `_StringProcessing` and `_RegexParser` (1 MB of code, and data the loader relocates at every start).
enum Markup {
    /// `text` with `&`, `<` and `>` escaped.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `line` as markup in which a narrow window wraps only between amounts, never inside one (`113.10 sq in`,
    /// `$  0.05`): each amount in a span that does not break. The label's text stays `line`.
    static func keepingAmountsTogether(_ line: String) -> String {
        var markup = ""
        var rest = Substring(line)
        while let amount = firstAmount(in: rest) {
            markup += escaped(rest[..<amount.lowerBound])
            markup += "<span allow_breaks=\"false\">\(escaped(rest[amount]))</span>"
            rest = rest[amount.upperBound...]
        }
        return markup + escaped(rest)
    }

    /// The leftmost amount in `text`: a `$`, any spaces and digits, or digits followed by ` sq in` (digits
    /// include the decimal point).
    private static func firstAmount(in text: Substring) -> Range<String.Index>? {
        let bytes = text.utf8
        let unit = " sq in".utf8
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") }
        func skip(from index: String.Index, while condition: (UInt8) -> Bool) -> String.Index {
            var index = index
            while index != bytes.endIndex, condition(bytes[index]) { index = bytes.index(after: index) }
            return index
        }
        var start = bytes.startIndex
        while start != bytes.endIndex {
            if bytes[start] == UInt8(ascii: "$") {
                let digits = skip(from: bytes.index(after: start)) { $0 == UInt8(ascii: " ") }
                let end = skip(from: digits, while: isDigit)
                if end != digits { return start..<end }
            } else if isDigit(bytes[start]) {
                let end = skip(from: start, while: isDigit)
                if bytes[end...].starts(with: unit) { return start..<bytes.index(end, offsetBy: unit.count) }
            }
            start = bytes.index(after: start)
        }
        return nil
    }
}
