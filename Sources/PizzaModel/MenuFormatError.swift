/// Why a menu file could not be read: where (line and column, 1-based, when known) and what is wrong.
public struct MenuFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// One line: `FILE: line L, column C: REASON`.
    public var description: String {
        var text = path
        if let line {
            text += ": line \(line)"
            if let column { text += ", column \(column)" }
        }
        return text + ": " + reason
    }
}
