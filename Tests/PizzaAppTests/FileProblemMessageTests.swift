import Foundation
import Glibc
import Gtk
@testable import PizzaApp
import PizzaModel
import Testing

/// Every file and storage problem the model can report, worded by the app: in English exactly as the model's own
/// description, and in German, French and Italian from the catalogues in `po/`, never left in English.
@Suite(.serialized) struct FileProblemMessageTests {
    static let storageProblems: [StorageProblem] = [
        .system(.diskFull, reading: false), .system(.quotaUsedUp, reading: false), .system(.permissionDenied, reading: true),
        .system(.permissionDenied, reading: false), .system(.readOnlyDisk, reading: false), .system(.isFolder, reading: true),
        .system(.notFolder, reading: true), .system(.linkLoop, reading: true), .system(.pathTooLong, reading: true),
        .system(.inputOutput, reading: true), .system(.nothingBehind, reading: true),
        .danglingLink(target: "/tmp/gone.json"), .folderToRead,
        .notRegularFile(.folder, leftAsItIs: false), .notRegularFile(.symbolicLink, leftAsItIs: false),
        .notRegularFile(.namedPipe, leftAsItIs: false), .notRegularFile(.device, leftAsItIs: false),
        .notRegularFile(.socket, leftAsItIs: false), .notRegularFile(.other, leftAsItIs: false),
        .notRegularFile(.folder, leftAsItIs: true), .notRegularFile(.symbolicLink, leftAsItIs: true),
        .notRegularFile(.namedPipe, leftAsItIs: true), .notRegularFile(.device, leftAsItIs: true),
        .notRegularFile(.socket, leftAsItIs: true), .notRegularFile(.other, leftAsItIs: true),
        .tooLarge(size: 3_000, limit: 1_000, role: .menu), .tooLarge(size: 1, limit: 0, role: .windowState),
        .tooLarge(size: 300 * 1_048_576 + 1, limit: 256 * 1_048_576, role: .recentFiles),
        .tooLarge(size: 70_000, limit: 65_536, role: .priceList), .tooLarge(size: nil, limit: 1_000, role: .menu),
        .tooLarge(size: nil, limit: 1, role: .windowState), .tooLarge(size: nil, limit: 65_536, role: .recentFiles),
        .tooLarge(size: nil, limit: 65_536, role: .priceList),
        .menuTooLargeToWrite(size: 2_100, limit: 2_000),
        .linkNotWrittenThrough(role: .menu), .linkNotWrittenThrough(role: .windowState),
        .linkNotWrittenThrough(role: .recentFiles), .linkNotWrittenThrough(role: .priceList),
        .changedOnDisk(.deletedOrMoved), .changedOnDisk(.created), .changedOnDisk(.changed),
        .readOnly(.modeAllowsNoWriter), .readOnly(.readOnlyDisk), .readOnly(.notYours),
        .extendedAttribute(name: "user.tag", reading: true, .permissionDenied),
        .extendedAttribute(name: "user.tag", reading: false, .diskFull),
        .noTemporaryName, .keepAside(.diskFull), .linkIntoMissingFolder("/mnt/usb"), .missingFolder("/mnt/usb"),
        .fileInsteadOfFolder("/tmp/blocker"), .cannotCreateFolder("/tmp/new", .readOnlyDisk), .menuOwnFile,
        .pdfNotMade,
    ]

    static let menuFileProblems: [MenuFileProblem] = [
        .unreadable(.system(.inputOutput, reading: true)), .empty, .notAnObject(found: .list), .noPizzasList, .nestedTooDeeply,
        .afterEnd(found: .text("x")), .notAList(key: "pizzas", found: .number),
        .itemNotAnObject(item: 2, key: "sizes", found: .string), .shortUnicodeEscape,
        .menuKeyTwice("unit"), .recordKeyTwice(.pizza, number: 3, key: "name"), .recordKeyTwice(.size, number: 1, key: "label"),
        .recordKeyMissing(.pizza, number: 3, key: "name"), .recordKeyMissing(.size, number: 1, key: "diameter"),
        .invalid(.noSizes), .invalid(.unknownUnit("mm")), .invalid(.unknownCurrency("XYZ")),
        .invalidRecord(.pizza, number: 4, .priceNotPositive(0), found: "0"), .invalidRecord(.pizza, number: 4, .emptyName, found: nil),
        .invalidRecord(.size, number: 2, .emptySizeLabel, found: nil),
        .invalidRecord(.size, number: 2, .diameterOutOfRange(label: "Huge", diameter: 500), found: "500"),
        .duplicateName(row: 9, name: "Margherita"),
    ]
        + [JSONToken.endOfFile, .string, .object, .list, .number, .controlCharacter, .text("tru"), .nonTextByte(0xE9)]
            .map { MenuFileProblem.expected(.value, found: $0) }
        + [JSONExpectation.quotedKey, .object, .value, .colonAfterKey("name"), .colonAfterKey(nil), .commaOrBraceAfterValue(of: "name"),
           .commaOrBracketAfterItem(2, key: "pizzas"), .commaOrClosing(brace: true), .commaOrClosing(brace: false),
           .string(for: .field(key: "name", .pizza, number: 1)), .number(for: .field(key: "diameter", .size, number: 2)),
           .string(for: .menuMember("unit")), .number(for: .value), .string(for: .key)]
            .map { MenuFileProblem.expected($0, found: .number) }
        + [StringFlaw.notUTF8, .missingClosingQuote, .controlCharacter, .unpairedSurrogate, .invalidUnicodeEscape, .unknownEscape("q")]
            .map { MenuFileProblem.badString(.field(key: "name", .pizza, number: 1), $0) }
        + [NumberFlaw.leadingZero, .noFractionDigits, .emptyExponent, .unreadable, .tooLarge]
            .map { MenuFileProblem.badNumber(.field(key: "pricePerSquareInch", .pizza, number: 1), $0) }

    /// Each value a menu file may refuse, as `MenuFileProblem.invalidRecord` words it.
    static let menuErrors: [MenuError] = [
        .emptyName, .duplicateName("Funghi"), .priceNotANumber, .priceNotPositive(0), .priceTooHigh(101), .emptySizeLabel,
        .duplicateSizeLabel("Small"), .diameterOutOfRange(label: "Huge", diameter: 500), .noSizes, .unknownSize("Tiny"),
        .noPizza(at: 4), .nameTooLong(characters: 300), .hiddenCharacter(0x200B), .sizeLabelTooLong, .tooManySizes, .menuTooLarge,
        .priceTooPrecise, .priceDecimalComma, .priceReadAsGrouped(typed: "1.005", read: "1005"),
        .textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 501), .noTextField("notes"), .unknownUnit("mm"),
        .unknownCurrency("XYZ"),
    ]

    /// Every message, as the app words it now.
    static func allMessages() -> [(english: String, shown: String)] {
        storageProblems.map { ($0.description, Messages.storageProblem($0)) }
            + menuFileProblems.map { ($0.description, Messages.menuFileProblem($0)) }
            + menuErrors.map { ("pizza 1: " + $0.description, Messages.menuFileProblem(.invalidRecord(.pizza, number: 1, $0, found: nil))) }
    }

    /// The kinds of problem (enum cases) the samples hold: a new case needs a sample above and its count raised here.
    @Test func everyProblemKindHasASample() {
        let storageKinds = Set(Self.storageProblems.map { Mirror(reflecting: $0).children.first?.label ?? "\($0)" })
        #expect(storageKinds.count == 18)
        let fileKinds = Set(Self.menuFileProblems.map { Mirror(reflecting: $0).children.first?.label ?? "\($0)" })
        #expect(fileKinds.count == 18)
    }

    @Test func inEnglishEachMessageIsTheModelsOwnWording() throws {
        try Catalogues.use(language: nil)
        for (english, shown) in Self.allMessages() {
            #expect(shown == english)
        }
        #expect(Messages.fileError(MenuFileError(path: "m.json", line: 3, column: 7, problem: .empty)) == "m.json: line 3, column 7: the file is empty")
        #expect(Messages.fileError(StorageError(path: "m.json", reason: .folderToRead)) == "m.json: this is a folder, not a menu file")
    }

    /// In this suite, which is serialized, since the catalogues' language is the whole process's.
    @Test func aTextTooLongForItsFieldSaysHowLongTheTypedTextIs() throws {
        let error = MenuError.textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 612)
        try Catalogues.use(language: nil)
        #expect(Messages.fieldError(error, .standard) == "Write at most 500 characters here; this text has 612.")
        try Catalogues.use(language: "de")
        defer { try? Catalogues.use(language: nil) }
        #expect(Messages.fieldError(error, .standard) == "Schreiben Sie hier höchstens 500 Zeichen; dieser Text hat 612.")
        #expect(throws: MenuError.textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 612)) {
            var menu = Menu.standard
            try menu.setText("description", at: 0, to: String(repeating: "é", count: 612))
        }
    }

    @Test(arguments: ["de", "fr", "it"])
    func inGermanFrenchAndItalianNoMessageIsLeftInEnglish(language: String) throws {
        try Catalogues.use(language: language)
        defer { try? Catalogues.use(language: nil) }
        for (english, shown) in Self.allMessages() {
            #expect(!shown.isEmpty)
            #expect(shown != english, "\(language): “\(english)” is not translated")
            #expect(shown.firstMatch(of: /%(\d+\$)?[sd]/) == nil, "\(language): a directive left in “\(shown)”")
        }
        let located = Messages.fileError(MenuFileError(path: "m.json", line: 3, column: 7, problem: .empty))
        #expect(located != "m.json: line 3, column 7: the file is empty" && located.contains("3") && located.contains("7"))
    }
}

/// The catalogues of `po/`, compiled with msgfmt into a temporary folder, and the language gettext reads them in.
enum Catalogues {
    private static let folder: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = NSTemporaryDirectory() + "pizza-app-tests-\(getpid())"
        for language in ["de", "fr", "it"] {
            let target = folder + "/\(language)/LC_MESSAGES"
            try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let msgfmt = Process()
            msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            msgfmt.arguments = ["-o", target + "/pizza-split.mo", root.path + "/po/\(language).po"]
            try? msgfmt.run()
            msgfmt.waitUntilExit()
        }
        return folder
    }()

    /// Messages in `language` (nil: English, the messages as written). Only LC_MESSAGES changes: numbers stay as they were.
    static func use(language: String?) throws {
        for language in ["de", "fr", "it"] {
            try #require(FileManager.default.fileExists(atPath: folder + "/\(language)/LC_MESSAGES/pizza-split.mo"))
        }
        unsetenv("LC_ALL")
        setenv("LC_MESSAGES", "de_DE.UTF-8", 1)
        setenv("LANGUAGE", language ?? "en", 1)
        setenv("PIZZA_SPLIT_LOCALEDIR", folder, 1)
        Localization.start(domain: "pizza-split", directoryVariable: "PIZZA_SPLIT_LOCALEDIR")
    }
}
