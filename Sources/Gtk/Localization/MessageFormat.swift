/// The part of C's printf that translated messages use: `%s` and `%d` take the next argument, `%N$s` and `%N$d`
/// take argument N (from 1), and `%%` is a percent sign. msgfmt --check holds translations to the same
/// directives as the English. Anything else, or a directive with no argument, is left as written: a bad
/// catalogue shows a wrong word, never crashes.
public enum MessageFormat {
    /// `format` with its directives replaced by `arguments`' descriptions, as above.
    public static func fill(_ format: String, _ arguments: [any CustomStringConvertible]) -> String {
        guard format.contains("%") else { return format }
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
                continue
            }
            var position: Int?
            var afterPosition = rest
            let digits = afterPosition.prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, afterPosition.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                afterPosition = afterPosition.dropFirst(digits.count + 1)
            }
            guard let conversion = afterPosition.first, conversion == "s" || conversion == "d" else {
                result += "%"
                continue
            }
            let index = position ?? next
            guard arguments.indices.contains(index) else {
                result += "%"
                continue
            }
            result += arguments[index].description
            if position == nil { next += 1 }
            rest = afterPosition.dropFirst()
        }
        return result + rest
    }
}
