import Glibc

/// Writes to standard error without Foundation (the app links FoundationEssentials at most).
enum Console {
    /// `write(2)` to standard error, for messages a person runs into before any window exists.
    static func printError(_ message: String) {
        let line = message.hasSuffix("\n") ? message : message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
