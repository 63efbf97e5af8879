import Gtk
import PizzaModel

/// `pizza-split [--menu FILE] [--help] [--version]`; a lone `FILE` means `--menu FILE`. Arguments are bytes:
/// a file name need not be UTF-8.
struct CommandLineOptions: Equatable {
    var menuPath: FilePath?

    static let version = "1.0.0"

    /// The usage text, naming where the user's own menu really is.
    static func usage(ownMenu: String) -> String {
        // Translators: %s is where the user's own menu file is. Keep the options (--menu, --help, --version)
        // as they are; FILE may be translated, the same word everywhere.
        String(translating: """
        Usage: pizza-split [--menu FILE] [--help] [--version]

        Pizza prices by the square inch, in an adaptive list and detail window.

          --menu FILE   open FILE instead of your menu (%s);
                        `pizza-split FILE` does the same. While Pizza Split runs, it opens FILE there
          --help        show this help and exit
          --version     show the version and exit
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
        func failure(_ message: String) -> Outcome {
            .exit(output: "\(message)\n\n\(usage)\n", status: 2)
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .exit(output: usage + "\n", status: 0)
            case "--version":
                return .exit(output: "pizza-split \(version)\n", status: 0)
            case "--menu":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    return failure(String(translating: "pizza-split: --menu needs a file name"))
                }
                guard options.menuPath == nil else { return failure(String(translating: "pizza-split: --menu was given twice")) }
                options.menuPath = FilePath(bytes: rawArguments[index + 1])
                index += 1
            default:
                if argument.hasPrefix("--menu=") {
                    let value = rawArguments[index].dropFirst("--menu=".utf8.count)
                    guard !value.isEmpty else { return failure(String(translating: "pizza-split: --menu needs a file name")) }
                    guard options.menuPath == nil else { return failure(String(translating: "pizza-split: --menu was given twice")) }
                    options.menuPath = FilePath(bytes: value)
                } else if argument.hasPrefix("-") {
                    return failure(String(translating: "pizza-split: unknown option %s", argument))
                } else if options.menuPath == nil {
                    options.menuPath = FilePath(bytes: rawArguments[index])
                } else {
                    return failure(String(translating: "pizza-split: unexpected argument %s (one menu file at a time)", argument))
                }
            }
            index += 1
        }
        return .run(options)
    }
}
