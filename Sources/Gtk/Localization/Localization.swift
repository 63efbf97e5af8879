internal import CGtk

/// Messages in the user's language, through glibc's gettext (libintl), the catalogues GNOME apps use.
///
/// A program calls `start` once, first thing; from then on `String(translating:)` looks each message up in its
/// text domain. The lookups are thread-safe (libintl's own locking) and need no main actor.
public enum Localization {
    /// Sets the locale from the environment (`setlocale(LC_ALL, "")`), binds `domain` to its catalogues
    /// (`bindtextdomain`), asks for UTF-8 whatever the locale's charset (`bind_textdomain_codeset`), and makes it
    /// the default domain (`textdomain`). The catalogues are looked for in `$directoryVariable` when it is set,
    /// else in `share/locale` beside the executable's `bin` (where `make install` puts them).
    public static func start(domain: String, directoryVariable: String) {
        setlocale(LC_ALL, "")
        let directory = g_getenv(directoryVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        bindtextdomain(domain, directory ?? installedDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// The locale's decimal mark and the mark between groups of digits (empty when it does not group), from
    /// `localeconv` (LC_NUMERIC, set by `start`). The C locale's are "." and "".
    public static var numberMarks: (decimal: String, grouping: String) {
        guard let conventions = localeconv() else { return (".", "") }
        let decimal = conventions.pointee.decimal_point.map { String(cString: $0) } ?? "."
        let grouping = conventions.pointee.thousands_sep.map { String(cString: $0) } ?? ""
        return (decimal.isEmpty ? "." : decimal, grouping)
    }

    /// How the locale writes money (LC_MONETARY, from `localeconv`): its own currency's ISO 4217 code and
    /// sign, and whether the sign comes before a positive amount and with a space between (nil where the
    /// locale does not say, as the C locale does not).
    public static var moneyMarks: (currency: String, symbol: String, symbolFirst: Bool?, spaced: Bool?) {
        guard let conventions = localeconv()?.pointee else { return ("", "", nil, nil) }
        let code = conventions.int_curr_symbol.map { String(cString: $0) } ?? ""
        let symbol = conventions.currency_symbol.map { String(cString: $0) } ?? ""
        func flag(_ value: CChar) -> Bool? { value == CChar(CHAR_MAX) || value < 0 ? nil : value != 0 }
        return (String(code.prefix(3)), symbol, flag(conventions.p_cs_precedes), flag(conventions.p_sep_by_space))
    }

    /// `<prefix>/share/locale` for an executable in `<prefix>/bin`, read from `/proc/self/exe` (`g_file_read_link`).
    static var installedDirectory: String {
        guard let link = g_file_read_link("/proc/self/exe", nil) else { return "/usr/share/locale" }
        defer { g_free(link) }
        let executable = String(cString: link)
        let bin = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
        let prefix = bin[..<(bin.lastIndex(of: "/") ?? bin.startIndex)]
        return prefix + "/share/locale"
    }

    // Untranslated, gettext returns the very pointer it was given: a String's bridged C string, which lives only
    // for the call. So each result is copied into a String inside the closure that keeps its arguments alive.

    /// `gettext`: the translation of `message`, or `message` itself.
    static func lookUp(_ message: String) -> String {
        message.withCString { String(cString: gettext($0)) }
    }

    /// `ngettext`: the translation of the form for `count` (the language's plural rule), or English's.
    static func lookUp(_ singular: String, plural: String, count: Int) -> String {
        singular.withCString { singular in
            plural.withCString { plural in String(cString: ngettext(singular, plural, UInt(count.magnitude))) }
        }
    }

    /// `pgettext`, which libintl.h leaves to a macro: `context` and `message` are joined by EOT (`\u{4}`), the key
    /// msgfmt writes for a `msgctxt`. Untranslated, the key comes back, and `message` is what is shown.
    static func lookUp(_ message: String, context: String) -> String {
        let key = context + "\u{4}" + message
        let found = lookUp(key)
        return found == key ? message : found
    }
}

extension String {
    /// `message` in the user's language (`gettext`), its `%s` and `%d` filled from `arguments` in order, or by
    /// position (`%2$s`) where a translation needs another order. `message` must be a literal, so that
    /// `make pot` finds it: `String(translating: "Deleted “%s”", name)`.
    public init(translating message: StaticString, _ arguments: any CustomStringConvertible...) {
        self = MessageFormat.fill(Localization.lookUp(message.description), arguments)
    }

    /// The form of `singular` or `plural` that the user's language uses for `count` (`ngettext`), filled from
    /// `arguments`: `String(translating: "%d pizza", plural: "%d pizzas", count: n, n)`.
    public init(translating singular: StaticString, plural: StaticString, count: Int,
                _ arguments: any CustomStringConvertible...) {
        self = MessageFormat.fill(Localization.lookUp(singular.description, plural: plural.description, count: count),
                                  arguments)
    }

    /// `message` as translated for `context` (`pgettext`), for a short word whose translation depends on where it
    /// is shown: `String(translating: "Open", context: "menu file")`.
    public init(translating message: StaticString, context: StaticString, _ arguments: any CustomStringConvertible...) {
        self = MessageFormat.fill(Localization.lookUp(message.description, context: context.description), arguments)
    }
}
