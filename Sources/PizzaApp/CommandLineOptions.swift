import Gtk
import PizzaModel

/// `pizza-split [--menu FILE] [--export-csv CSV] [--export-pdf PDF] [--help] [--version] [--] [FILE]`; a lone `FILE` means
/// `--menu FILE`, and after `--` an argument is a file even if it starts with `-`. A `file://` URI names its
/// file; a URI of any other kind is refused. Arguments are bytes: a file name need not be UTF-8.
struct CommandLineOptions: Equatable {
    var menuPath: FilePath?
    /// Where to write the menu's price list as CSV, without opening a window.
    var exportCSVPath: FilePath?
    /// Where to write the menu's price list as PDF pages, without opening a window.
    var exportPDFPath: FilePath?

    static let version = "1.0.0"

    /// The usage text, naming where the user's own menu really is.
    static func usage(ownMenu: String) -> String {
        // Translators: %s is the user's own menu file. Keep --menu, --export-csv, --export-pdf, --help, --version, -- and
        // file:// as they are. FILE, CSV and PDF may be translated, the same words everywhere.
        String(translating: """
        Usage: pizza-split [--menu FILE] [--export-csv CSV] [--export-pdf PDF] [--help] [--version] [--] [FILE]

        Pizza prices by the square inch, in an adaptive list and detail window.

          --menu FILE       open FILE instead of your menu (%s);
                            `pizza-split FILE` does the same. While Pizza Split runs, it opens FILE there.
                            FILE may be a path or a file:// URI
          --export-csv CSV  write the menu's price list to the file CSV (a row per pizza, a column per
                            size) and exit, without opening a window
          --export-pdf PDF  write the menu's price list to the file PDF as pages to print (A4, or Letter
                            where the locale uses it) and exit, without opening a window
          --help            show this help and exit
          --version         show the version and exit
        """, ownMenu)
    }

    enum Outcome: Equatable {
        case run(CommandLineOptions)
        case exit(output: String, status: Int32)
    }

    /// Parses the arguments after the program name. Bad arguments give usage and status 2.
    static func parse(_ rawArguments: [[UInt8]], ownMenu: String) -> Outcome {
        let usage = usage(ownMenu: ownMenu)
        let arguments = rawArguments.map { FilePath(bytes: $0).escaped }
        var options = CommandLineOptions()
        var index = 0
        var optionsEnded = false
        func failure(_ message: String) -> Outcome {
            .exit(output: "\(message)\n\n\(usage)\n", status: 2)
        }
        func unexpected(_ argument: String) -> String {
            String(translating: "pizza-split: unexpected argument %s (one menu file at a time)", argument)
        }
        func menuFile(_ name: some Collection<UInt8>) -> Outcome? {
            guard options.menuPath == nil else { return failure(String(translating: "pizza-split: --menu was given twice")) }
            return namedFile(name) { options.menuPath = $0 }
        }
        func exportFile(_ name: some Collection<UInt8>, option: String, _ target: WritableKeyPath<CommandLineOptions, FilePath?>) -> Outcome? {
            // Translators: a command-line error, %s is the option (--export-csv or --export-pdf).
            guard !name.isEmpty else { return failure(String(translating: "pizza-split: %s needs a file name", option)) }
            // Translators: a command-line error, %s is the option (--export-csv or --export-pdf).
            guard options[keyPath: target] == nil else { return failure(String(translating: "pizza-split: %s was given twice", option)) }
            return namedFile(name) { options[keyPath: target] = $0 }
        }
        func namedFile(_ name: some Collection<UInt8>, _ take: (FilePath) -> Void) -> Outcome? {
            switch file(named: Array(name)) {
            case .file(let path): take(path)
            // Translators: a command-line error, %s is why the file cannot be opened.
            case .refused(let reason): return .exit(output: String(translating: "pizza-split: %s", reason) + "\n", status: 2)
            }
            return nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded {
                if options.menuPath != nil { return failure(unexpected(argument)) }
                if let refusal = menuFile(rawArguments[index]) { return refusal }
                index += 1
                continue
            }
            switch argument {
            case "--":
                optionsEnded = true
            case "--help", "-h":
                return .exit(output: usage + "\n", status: 0)
            case "--version":
                return .exit(output: "pizza-split \(version)\n", status: 0)
            case "--menu":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    return failure(String(translating: "pizza-split: --menu needs a file name"))
                }
                if let refusal = menuFile(rawArguments[index + 1]) { return refusal }
                index += 1
            case "--export-csv", "--export-pdf":
                let target = argument == "--export-csv" ? \CommandLineOptions.exportCSVPath : \.exportPDFPath
                if let refusal = exportFile(index + 1 < arguments.count ? rawArguments[index + 1] : [], option: argument, target) { return refusal }
                index += 1
            default:
                if let (option, target) = [("--export-csv", \CommandLineOptions.exportCSVPath), ("--export-pdf", \.exportPDFPath)]
                    .first(where: { argument.hasPrefix($0.0 + "=") }) {
                    if let refusal = exportFile(rawArguments[index].dropFirst(option.utf8.count + 1), option: option, target) { return refusal }
                } else if argument.hasPrefix("--menu=") {
                    let value = rawArguments[index].dropFirst("--menu=".utf8.count)
                    guard !value.isEmpty else { return failure(String(translating: "pizza-split: --menu needs a file name")) }
                    if let refusal = menuFile(value) { return refusal }
                } else if argument.hasPrefix("-") {
                    return failure(String(translating: "pizza-split: unknown option %s", argument))
                } else if options.menuPath == nil {
                    if let refusal = menuFile(rawArguments[index]) { return refusal }
                } else {
                    return failure(unexpected(argument))
                }
            }
            index += 1
        }
        return .run(options)
    }

    /// What a command-line argument names: a file, or why it cannot be opened.
    enum NamedFile: Equatable {
        case file(FilePath)
        case refused(String)
    }

    /// The file `argument` names: itself, or for a `scheme://` URI the file of a `file://` URI on this
    /// computer (`%XX` escapes decoded). Any other URI is refused: only local files are opened.
    static func file(named argument: [UInt8]) -> NamedFile {
        guard let colon = argument.firstIndex(of: UInt8(ascii: ":")), isScheme(argument[..<colon]),
              argument[colon...].starts(with: Array("://".utf8)) else { return .file(FilePath(bytes: argument)) }
        let shown = FilePath(bytes: argument).description
        guard String(decoding: argument[..<colon], as: UTF8.self).lowercased() == "file" else {
            return .refused(String(translating: "%s is not a file on this computer: give a file name or a file:// URI", shown))
        }
        let rest = argument[(colon + 3)...]
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let host = String(decoding: rest[..<slash], as: UTF8.self)
        guard host.isEmpty || host.lowercased() == "localhost" else {
            return .refused(String(translating: "%1$s is a file on another computer (%2$s): only files on this computer can be opened",
                                   shown, host))
        }
        guard slash < rest.endIndex, let path = percentDecoded(rest[slash...]) else {
            return .refused(String(translating: "%s is not a valid file:// URI", shown))
        }
        return .file(FilePath(bytes: path))
    }

    /// A URI scheme: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// `bytes` with each `%XX` replaced by the byte it stands for; nil when a `%` is not followed by two hex digits.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var decoded: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 3 <= bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
            decoded.append(high << 4 | low)
            index += 3
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
