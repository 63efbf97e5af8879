import Glibc

/// Writes to standard error without Foundation.
enum Console {
    /// `write(2)` to standard error.
    static func printError(_ message: String) {
        let line = message.hasSuffix("\n") ? message : message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
