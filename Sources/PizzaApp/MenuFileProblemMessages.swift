import Gtk
import PizzaModel

/// The words for what is wrong in a menu file (`MenuFileProblem`) in the user's language. Untranslated, each says
/// what the model's `description` says. Keys and JSON punctuation are quoted as written in the file.
extension Messages {
    static func menuFileProblem(_ problem: MenuFileProblem) -> String {
        switch problem {
        case .unreadable(let problem): return storageProblem(problem)
        case .empty: return String(translating: "the file is empty")
        case .notAnObject(let found):
            // Translators: %s is what the file starts with instead, "a list"; keep {"pizzas": [...]} as it is.
            return String(translating: "the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with %s", token(found))
        case .noPizzasList: return String(translating: "the menu has no \"pizzas\" list")
        case .nestedTooDeeply: return String(translating: "the file is nested too deeply")
        // Translators: %s is what follows the menu, "'x'", "a number".
        case .afterEnd(let found): return String(translating: "unexpected %s after the end of the menu", token(found))
        case .expected(let expectation, let found): return expected(expectation, found: token(found))
        case .notAList(let key, let found):
            // Translators: %1$s is a key of the menu file, %2$s what its value is instead, "a number".
            return String(translating: "\"%1$s\" must be a list [...], found %2$s", key, token(found))
        case .itemNotAnObject(let item, let key, let found):
            // Translators: %1$d is the item's number, %2$s the list's key, %3$s what the item is instead, "a number".
            return String(translating: "item %1$d of \"%2$s\" must be an object {...}, found %3$s", item, key, token(found))
        case .badString(let subject, let flaw): return badString(subject: self.subject(subject), flaw)
        case .shortUnicodeEscape: return String(translating: "a \\u escape needs four hex digits")
        case .badNumber(let subject, let flaw): return badNumber(subject: self.subject(subject), flaw)
        // Translators: %s is a key written twice in the menu file.
        case .menuKeyTwice(let key): return String(translating: "the menu has \"%s\" twice", key)
        case .recordKeyTwice(let record, let number, let key):
            // Translators: %1$d is the pizza's number in the file, %2$s a key it has twice.
            return record == .pizza ? String(translating: "pizza %1$d has \"%2$s\" twice", number, key)
                // Translators: %1$d is the size's number in the file, %2$s a key it has twice.
                : String(translating: "size %1$d has \"%2$s\" twice", number, key)
        case .recordKeyMissing(let record, let number, let key):
            // Translators: %1$d is the pizza's number in the file, %2$s a key it must have.
            return record == .pizza ? String(translating: "pizza %1$d has no \"%2$s\"", number, key)
                // Translators: %1$d is the size's number in the file, %2$s a key it must have.
                : String(translating: "size %1$d has no \"%2$s\"", number, key)
        case .invalid(let error): return fileFieldError(error)
        case .invalidRecord(let record, let number, let error, let found):
            let reason = fileFieldError(error)
            switch (record, found) {
            // Translators: %1$d is the pizza's number in the file, %2$s what is wrong with it, a sentence.
            case (.pizza, nil): return String(translating: "pizza %1$d: %2$s", number, reason)
            // Translators: %1$d is the size's number in the file, %2$s what is wrong with it, a sentence.
            case (.size, nil): return String(translating: "size %1$d: %2$s", number, reason)
            case (.pizza, let found?):
                // Translators: %1$d is the pizza's number in the file, %2$s what is wrong, %3$s the number found.
                return String(translating: "pizza %1$d: %2$s (found %3$s)", number, reason, found)
            case (.size, let found?):
                // Translators: %1$d is the size's number in the file, %2$s what is wrong, %3$s the number found.
                return String(translating: "size %1$d: %2$s (found %3$s)", number, reason, found)
            }
        case .duplicateName(let row, let name):
            // Translators: %1$d is the pizza's number in the file, %2$s the name an earlier pizza has too.
            return String(translating: "pizza %1$d: there is already a pizza called “%2$s”", row, name)
        }
    }

    /// What stands in the file where it went wrong.
    static func token(_ token: JSONToken) -> String {
        switch token {
        case .endOfFile: String(translating: "the end of the file")
        case .string: String(translating: "a string")
        case .object: String(translating: "an object")
        case .list: String(translating: "a list")
        case .number: String(translating: "a number")
        case .controlCharacter: String(translating: "a control character")
        // Translators: characters found in a menu file, quoted as they are written there.
        case .text(let text): String(translating: "'%s'", text)
        // Translators: %s is the byte in hexadecimal, "E9".
        case .nonTextByte(let byte): String(translating: "a byte that is not text (0x%s)", JSONToken.hex(byte))
        }
    }

    /// Which value of the file a message is about.
    static func subject(_ subject: JSONSubject) -> String {
        switch subject {
        case .value: String(translating: "a value")
        case .key: String(translating: "a key")
        // Translators: a member of the menu file itself, %s is its key, "currency".
        case .menuMember(let key): String(translating: "the menu's \"%s\"", key)
        case .field(let key, let record, let number):
            // Translators: %1$s is a key, %2$d the number of the pizza in the file.
            record == .pizza ? String(translating: "\"%1$s\" of pizza %2$d", key, number)
                // Translators: %1$s is a key, %2$d the number of the size in the file.
                : String(translating: "\"%1$s\" of size %2$d", key, number)
        }
    }

    private static func expected(_ expectation: JSONExpectation, found: String) -> String {
        // Translators (all "expected … found …"): the last %s is what the file has instead, "a number", "'x'".
        switch expectation {
        case .quotedKey: return String(translating: "expected a quoted key, found %s", found)
        case .object: return String(translating: "expected an object, found %s", found)
        case .value: return String(translating: "expected a value, found %s", found)
        case .colonAfterKey(let key?): return String(translating: "expected ':' after the key \"%1$s\", found %2$s", key, found)
        case .colonAfterKey(nil): return String(translating: "expected ':' after a key, found %s", found)
        case .commaOrBraceAfterValue(let key):
            return String(translating: "expected ',' or '}' after the value of \"%1$s\", found %2$s", key, found)
        case .commaOrBracketAfterItem(let item, let key):
            // Translators: %1$d is an item's number in the list whose key is %2$s.
            return String(translating: "expected ',' or ']' after item %1$d of \"%2$s\", found %3$s", item, key, found)
        case .commaOrClosing(let brace):
            return brace ? String(translating: "expected ',' or '}', found %s", found) : String(translating: "expected ',' or ']', found %s", found)
        case .string(let what):
            // Translators: %1$s is the value the string is for, "\"name\" of pizza 3".
            return String(translating: "expected a string for %1$s, found %2$s", subject(what), found)
        case .number(let what):
            // Translators: %1$s is the value the number is for, "\"pricePerSquareInch\" of pizza 3".
            return String(translating: "expected a number for %1$s, found %2$s", subject(what), found)
        }
    }

    // Translators (bad strings and numbers): %s is the value, "\"name\" of pizza 3".
    private static func badString(subject: String, _ flaw: StringFlaw) -> String {
        switch flaw {
        case .notUTF8: String(translating: "%s is not valid UTF-8 text", subject)
        case .missingClosingQuote: String(translating: "%s is missing its closing quote", subject)
        case .controlCharacter: String(translating: "%s has a control character or line break inside the quotes", subject)
        case .unpairedSurrogate: String(translating: "%s has an unpaired \\u surrogate", subject)
        case .invalidUnicodeEscape: String(translating: "%s has an invalid \\u escape", subject)
        // Translators: %1$s is the value, %2$s the character after the backslash.
        case .unknownEscape(let character): String(translating: "%1$s has an unknown escape '\\%2$s'", subject, String(character))
        }
    }

    private static func badNumber(subject: String, _ flaw: NumberFlaw) -> String {
        switch flaw {
        case .leadingZero: String(translating: "the number for %s has a leading zero", subject)
        case .noFractionDigits: String(translating: "the number for %s needs digits after '.'", subject)
        case .emptyExponent: String(translating: "the number for %s has an empty exponent", subject)
        case .unreadable: String(translating: "the number for %s cannot be read", subject)
        case .tooLarge: String(translating: "the number for %s is too large", subject)
        }
    }
}
