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
}
