/// Why a menu file could not be read: where (line and column, 1-based, when known) and what is wrong.
public struct MenuFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var problem: MenuFileProblem

    public init(path: String, line: Int? = nil, column: Int? = nil, problem: MenuFileProblem) {
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// What is wrong, in English.
    public var reason: String { problem.description }

    /// One line in English: `FILE: line L, column C: REASON`.
    public var description: String {
        var text = path
        if let line {
            text += ": line \(line)"
            if let column { text += ", column \(column)" }
        }
        return text + ": " + reason
    }
}

/// What is wrong in a menu file, with the values a message needs. The app words each case in the user's
/// language (`Messages.menuFileProblem`); `description` is the English, for logs and tests.
public enum MenuFileProblem: Equatable, Sendable, CustomStringConvertible {
    /// Reading the file failed part way.
    case unreadable(StorageProblem)
    case empty
    /// The file does not start with an object.
    case notAnObject(found: JSONToken)
    case noPizzasList
    case nestedTooDeeply
    /// Something follows the menu's closing brace.
    case afterEnd(found: JSONToken)
    /// The JSON has something else where this was expected.
    case expected(JSONExpectation, found: JSONToken)
    /// The member `key` is not a list.
    case notAList(key: String, found: JSONToken)
    /// Item `item` (from 1) of the list `key` is not an object.
    case itemNotAnObject(item: Int, key: String, found: JSONToken)
    case badString(JSONSubject, StringFlaw)
    /// A `\u` escape without four hex digits.
    case shortUnicodeEscape
    case badNumber(JSONSubject, NumberFlaw)
    /// The menu has the member `key` twice.
    case menuKeyTwice(String)
    /// Record `number` (from 1) has the member `key` twice.
    case recordKeyTwice(MenuRecordKind, number: Int, key: String)
    /// Record `number` (from 1) lacks the required member `key`.
    case recordKeyMissing(MenuRecordKind, number: Int, key: String)
    /// A value of the menu itself (its unit, currency or sizes) is refused.
    case invalid(MenuError)
    /// A value of record `number` (from 1) is refused; `found` is the number read, for a refused number.
    case invalidRecord(MenuRecordKind, number: Int, MenuError, found: String?)
    /// Pizza `row` (from 1) has the name of an earlier one.
    case duplicateName(row: Int, name: String)

    public var description: String {
        switch self {
        case .unreadable(let problem): problem.description
        case .empty: "the file is empty"
        case .notAnObject(let found): "the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with \(found)"
        case .noPizzasList: "the menu has no \"pizzas\" list"
        case .nestedTooDeeply: "the file is nested too deeply"
        case .afterEnd(let found): "unexpected \(found) after the end of the menu"
        case .expected(let expectation, let found): "expected \(expectation), found \(found)"
        case .notAList(let key, let found): "\"\(key)\" must be a list [...], found \(found)"
        case .itemNotAnObject(let item, let key, let found): "item \(item) of \"\(key)\" must be an object {...}, found \(found)"
        case .badString(let subject, let flaw): "\(subject) \(flaw.english)"
        case .shortUnicodeEscape: "a \\u escape needs four hex digits"
        case .badNumber(let subject, let flaw): flaw.english(subject)
        case .menuKeyTwice(let key): "the menu has \"\(key)\" twice"
        case .recordKeyTwice(let record, let number, let key): "\(record) \(number) has \"\(key)\" twice"
        case .recordKeyMissing(let record, let number, let key): "\(record) \(number) has no \"\(key)\""
        case .invalid(let error): error.description
        case .invalidRecord(let record, let number, let error, let found):
            "\(record) \(number): \(error.description)" + (found.map { " (found \($0))" } ?? "")
        case .duplicateName(let row, let name): "pizza \(row): there is already a pizza called “\(name)”"
        }
    }
}

/// A kind of object in a menu's lists.
public enum MenuRecordKind: String, Equatable, Sendable, CustomStringConvertible {
    case pizza, size

    public var description: String { rawValue }
}

/// What stands where a menu file went wrong.
public enum JSONToken: Equatable, Sendable, CustomStringConvertible {
    case endOfFile, string, object, list, number, controlCharacter
    /// Printable ASCII, as written (up to a dozen characters).
    case text(String)
    /// A byte that is not part of any text.
    case nonTextByte(UInt8)

    public var description: String {
        switch self {
        case .endOfFile: "the end of the file"
        case .string: "a string"
        case .object: "an object"
        case .list: "a list"
        case .number: "a number"
        case .controlCharacter: "a control character"
        case .text(let text): "'\(text)'"
        case .nonTextByte(let byte): "a byte that is not text (0x\(JSONToken.hex(byte)))"
        }
    }

    /// `0xE9` as "E9".
    public static func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true) }
}

/// What a menu file's JSON should have had where it went wrong.
public enum JSONExpectation: Equatable, Sendable, CustomStringConvertible {
    case quotedKey, object, value
    /// `':'` after the key named, or after a key (nil).
    case colonAfterKey(String?)
    /// `','` or `'}'` after the value of the key named.
    case commaOrBraceAfterValue(of: String)
    /// `','` or `']'` after item `item` (from 1) of the list `key`.
    case commaOrBracketAfterItem(Int, key: String)
    /// `','` or the closing `'}'` (`brace`) or `']'` of a value that is skipped.
    case commaOrClosing(brace: Bool)
    case string(for: JSONSubject)
    case number(for: JSONSubject)

    public var description: String {
        switch self {
        case .quotedKey: "a quoted key"
        case .object: "an object"
        case .value: "a value"
        case .colonAfterKey(let key): key.map { "':' after the key \"\($0)\"" } ?? "':' after a key"
        case .commaOrBraceAfterValue(let key): "',' or '}' after the value of \"\(key)\""
        case .commaOrBracketAfterItem(let item, let key): "',' or ']' after item \(item) of \"\(key)\""
        case .commaOrClosing(let brace): brace ? "',' or '}'" : "',' or ']'"
        case .string(let subject): "a string for \(subject)"
        case .number(let subject): "a number for \(subject)"
        }
    }
}

/// Which value of a menu file a message is about.
public enum JSONSubject: Equatable, Sendable, CustomStringConvertible {
    /// A value that is skipped (kept as written).
    case value
    case key
    /// The menu's own member `key`, such as "currency".
    case menuMember(String)
    /// The member `key` of record `number` (from 1).
    case field(key: String, MenuRecordKind, number: Int)

    public var description: String {
        switch self {
        case .value: "a value"
        case .key: "a key"
        case .menuMember(let key): "the menu's \"\(key)\""
        case .field(let key, let record, let number): "\"\(key)\" of \(record) \(number)"
        }
    }
}

/// What is wrong with a string in a menu file.
public enum StringFlaw: Equatable, Sendable {
    case notUTF8, missingClosingQuote, controlCharacter, unpairedSurrogate, invalidUnicodeEscape
    /// A backslash before this character, which is no JSON escape.
    case unknownEscape(Character)

    var english: String {
        switch self {
        case .notUTF8: "is not valid UTF-8 text"
        case .missingClosingQuote: "is missing its closing quote"
        case .controlCharacter: "has a control character or line break inside the quotes"
        case .unpairedSurrogate: "has an unpaired \\u surrogate"
        case .invalidUnicodeEscape: "has an invalid \\u escape"
        case .unknownEscape(let character): "has an unknown escape '\\\(character)'"
        }
    }
}

/// What is wrong with a number in a menu file.
public enum NumberFlaw: Equatable, Sendable {
    case leadingZero, noFractionDigits, emptyExponent, unreadable, tooLarge

    func english(_ subject: JSONSubject) -> String {
        switch self {
        case .leadingZero: "the number for \(subject) has a leading zero"
        case .noFractionDigits: "the number for \(subject) needs digits after '.'"
        case .emptyExponent: "the number for \(subject) has an empty exponent"
        case .unreadable: "the number for \(subject) cannot be read"
        case .tooLarge: "the number for \(subject) is too large"
        }
    }
}
