import Foundation
import Testing
@testable import PizzaModel

/// Unknown keys, escaped keys, duplicate keys, the one name rule, limits and error positions.
@Suite struct MenuFormatTests {
    func failure(_ text: String) -> MenuFileError? {
        do { _ = try MenuFile.decode(Array(text.utf8), path: "m.json"); return nil } catch { return error }
    }

    func pizzas(_ names: [String]) -> String {
        "{\"pizzas\": [" + names.map { "{\"name\": \"\($0)\", \"pricePerSquareInch\": 1}" }.joined(separator: ", ") + "]}"
    }

    // MARK: Unknown keys

    static let withUnknownKeys = """
        {"currency": "EUR", "pizzas": [
          {"name": "Cheese", "notes": {"a": [1, 2.50, "x"]}, "pricePerSquareInch": 0.03, "vegan": false},
          {"sku": 7, "name": "Veggie", "pricePerSquareInch": 0.04}
        ], "sizes": [{"label": "Small", "id": "s-1", "diameter": 8}], "version": 2}
        """

    @Test func unknownKeysAreKeptInPlaceAndInOrderThroughEverySave() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(Self.withUnknownKeys, to: "menu.json")
        let store = MenuStore(path: path)
        #expect(store.load().loadProblem == nil)
        #expect(try store.addFunghi().error == nil)
        try store.editFile { menu throws(MenuError) in try menu.setPrice(at: 0, to: 0.035) }
        try store.editFile { menu throws(MenuError) in try menu.move(from: 1, to: 2) }
        let text = try #require(scratch.read(path))
        #expect(text.contains(#"{"name": "Cheese", "notes": {"a": [1, 2.50, "x"]}, "pricePerSquareInch": 0.035, "vegan": false}"#), "\(text)")
        #expect(text.contains(#"{"sku": 7, "name": "Veggie", "pricePerSquareInch": 0.04}"#), "\(text)")
        #expect(text.contains(#"{"label": "Small", "id": "s-1", "diameter": 8}"#), "\(text)")
        let currency = try #require(text.range(of: "\"currency\": \"EUR\""))
        let pizzas = try #require(text.range(of: "\"pizzas\""))
        let version = try #require(text.range(of: "\"version\": 2"))
        let sizes = try #require(text.range(of: "\"sizes\""))
        #expect(currency.lowerBound < pizzas.lowerBound && sizes.lowerBound < version.lowerBound)
        let again = MenuStore(path: path).load()
        #expect(again.menu.pizzas.map(\.name) == ["Cheese", "Funghi", "Veggie"])
        #expect(again.menu.unknownMembers.keys == ["currency", "version"])
    }

    @Test func aDeletedPizzaRestoredByUndoKeepsWhatTheAppDidNotKnow() throws {
        var menu = try MenuFile.decode(Array(Self.withUnknownKeys.utf8), path: "m")
        let removed = try menu.remove(at: 0)
        try menu.restore(removed, at: 0)
        #expect(menu.pizzas[0].unknownMembers.keys == ["notes", "vegan"])
        #expect(try MenuFile.decode(MenuFile.encode(menu), path: "m") == menu)
    }

    @Test func unknownValuesAreCheckedAndWrittenBackByteForByte() throws {
        let odd = #"{"pizzas": [], "x": {"deep": [[[{"k": "caf\u00e9 \"q\""}]]], "n": -1.5e+3, "t": true, "z": null}}"#
        let menu = try MenuFile.decode(Array(odd.utf8), path: "m")
        let written = String(decoding: MenuFile.encode(menu), as: UTF8.self)
        #expect(written.contains(#""x": {"deep": [[[{"k": "caf\u00e9 \"q\""}]]], "n": -1.5e+3, "t": true, "z": null}"#))
        #expect(failure(#"{"pizzas": [], "x": [1, 2,]}"#) != nil, "an unknown value must still be valid JSON")
    }

    // MARK: Keys

    @Test func keysAreComparedAfterTheirEscapesAreUndone() throws {
        let menu = try MenuFile.decode(Array(#"{"pizzas": [{"n\u0061me": "A", "pr\u0069cePerSquareInch": 0.5}], "s\u0069zes": [{"label": "S", "diameter": 9}]}"#.utf8), path: "m")
        #expect(menu.pizzas == [Pizza(name: "A", pricePerSquareInch: 0.5)])
        #expect(menu.sizes == [PizzaSize(label: "S", diameter: 9)])
        #expect(failure(#"{"pizzas": [{"name": "A", "n\u0061me": "B", "pricePerSquareInch": 1}]}"#)?.reason == "pizza 1 has \"name\" twice")
    }

    @Test func aKeyTwiceIsRefusedTheSameWayInEveryObject() {
        #expect(failure(#"{"pizzas": [], "sizes": [{"label": "A", "label": "B", "diameter": 8}]}"#)?.reason == "size 1 has \"label\" twice")
        #expect(failure(#"{"pizzas": [], "sizes": [{"label": "A", "diameter": 8, "diameter": 9}]}"#)?.reason == "size 1 has \"diameter\" twice")
        #expect(failure(#"{"pizzas": [{"name": "A", "x": 1, "x": 2, "pricePerSquareInch": 1}]}"#)?.reason == "pizza 1 has \"x\" twice")
        #expect(failure(#"{"pizzas": [], "v": 1, "v": 2}"#)?.reason == "the menu has \"v\" twice")
        #expect(failure(#"{"pizzas": [], "sizes": [], "sizes": []}"#) != nil)
    }

    // MARK: Names

    @Test func namesEqualUnderCanonicalEquivalenceAreTheSamePizzaEverywhere() throws {
        let precomposed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(failure(pizzas([precomposed, decomposed]))?.reason == "pizza 2: there is already a pizza called “Café”")
        #expect(failure(pizzas(["Kelvin", "\u{212A}elvin"])) != nil, "the Kelvin sign is canonically K")
        var menu = try Menu(pizzas: [Pizza(name: precomposed, pricePerSquareInch: 1)])
        #expect(throws: MenuError.duplicateName(precomposed)) { try menu.add(name: decomposed.uppercased(), pricePerSquareInch: 1) }
        let removed = try menu.remove(at: 0)
        try menu.add(name: "Other", pricePerSquareInch: 1)
        #expect(throws: Never.self) { try menu.restore(removed, at: 0) }
        #expect(MenuText.foldedHash(precomposed) == MenuText.foldedHash(decomposed.uppercased()))
    }

    @Test func namesWithInvisibleOrDirectionCharactersAreRefusedAndJoinersAllowed() throws {
        #expect(failure(pizzas(["\u{200B}"]))?.reason.contains("invisible or text-direction characters") == true)
        #expect(failure(pizzas(["Pizza\u{202E}azziP"]))?.reason.contains("U+202E") == true)
        #expect(failure(pizzas(["\\u00ad"])) != nil)
        #expect(failure(pizzas(["A\\tB"])) != nil)
        var menu = Menu.standard
        #expect(throws: MenuError.hiddenCharacter(0x2066)) { try menu.add(name: "Hawaii\u{2066}", pricePerSquareInch: 1) }
        #expect(throws: MenuError.emptyName) { try menu.add(name: "\u{3000}\u{0301}", pricePerSquareInch: 1) }
        #expect(try menu.add(name: "👩‍🍳 Chef’s", pricePerSquareInch: 1) == 4)
    }

    @Test func aControlCharacterAnywhereInANameIsFound() throws {
        let plain = Array("Quattro Formaggi XL!")
        #expect(try MenuText.checkedName(String(plain)) == String(plain))
        for position in plain.indices {
            for hidden: Character in ["\u{7F}", "\u{1F}", "\u{0}", "\u{85}"] {
                // U+0085 is white space too: at either end it is trimmed away like a space.
                if hidden == "\u{85}" && (position == 0 || position == plain.count - 1) { continue }
                var name = plain
                name[position] = hidden
                #expect(throws: MenuError.self, "\(hidden.unicodeScalars.first!.value) at \(position)") {
                    try MenuText.checkedName(String(name))
                }
            }
            var accented = plain
            accented[position] = "é"
            #expect(try MenuText.checkedName(String(accented)) == String(accented))
        }
    }

    @Test func namesHaveALengthLimitThatMessagesSay() throws {
        let longest = String(repeating: "é", count: MenuText.maximumNameLength)
        #expect(failure(pizzas([longest])) == nil)
        #expect(failure(pizzas([longest + "x"]))?.reason == "pizza 1: A name can be at most 200 characters long; this one has 201.")
        var menu = Menu.standard
        #expect(throws: MenuError.nameTooLong(characters: 201)) { try menu.add(name: longest + "x", pricePerSquareInch: 1) }
        let huge = String(repeating: "a", count: 1_000_000)
        let error = try #require(failure(pizzas([huge, huge.uppercased()])))
        #expect(error.description.count < 200)
    }

    @Test func quotedNamesInMessagesAreShortened() {
        let long = String(repeating: "Quattro ", count: 20)
        let message = MenuError.duplicateName(long).description
        #expect(message.count < 80)
        #expect(message.contains("…"))
        #expect(failure(pizzas([long, long]))!.reason.count < 100)
    }

    // MARK: Sizes

    @Test func sizesHaveACountAndLabelLimit() {
        let sizes = (1...13).map { "{\"label\": \"S\($0)\", \"diameter\": \($0 + 5)}" }.joined(separator: ", ")
        #expect(failure("{\"pizzas\": [], \"sizes\": [\(sizes)]}")?.reason == "size 13: A menu can have at most 12 sizes.")
        let label = String(repeating: "L", count: MenuText.maximumLabelLength + 1)
        #expect(failure("{\"pizzas\": [], \"sizes\": [{\"label\": \"\(label)\", \"diameter\": 8}]}")?.reason
                == "size 1: A size label can be at most 24 characters long.")
    }

    // MARK: Positions

    @Test func errorPositionsCountCharactersAsAnEditorShowsThem() throws {
        let bom = try #require(failure("\u{FEFF}[1]"))
        #expect(bom.line == 1 && bom.column == 1)
        let body = "{\"pizzas\": [\n{\"name\": \"A\", \"pricePerSquareInch\": 1},\n{\"name\": \"B\", \"pricePerSquareInch\": 1},\n  {\"name\": \"a\", \"pricePerSquareInch\": 1}]}"
        for lineEnd in ["\n", "\r", "\r\n"] {
            let error = try #require(failure(body.replacingOccurrences(of: "\n", with: lineEnd)))
            #expect(error.line == 4 && error.column == 3, "\(lineEnd.debugDescription): \(error)")
        }
        for text in ["{\"x\": \"e\u{301}e\u{301}\", \"pizzas\": 5}", "{\"🇫🇷\": 1, \"pizzas\": 5}"] {
            let error = try #require(failure(text))
            let characters = Array(text)
            #expect(characters.count < text.unicodeScalars.count, "the line has characters of several code points")
            #expect(error.line == 1 && error.column == characters.firstIndex(of: "5")! + 1, "\(text)")
        }
    }

    @Test func aLongLineIsPlacedWithoutHoldingItWhole() throws {
        let filler = String(repeating: "{\"k\": \"ü\"}, ", count: 30_000)
        let text = "{\"x\": [\(filler)1], \"pizzas\": 5}"
        let error = try #require(failure(text))
        #expect(error.line == 1 && error.column == text.count - 1)
    }

    // MARK: Limits of writing

    @Test func aMenuThatWouldWriteMoreThanCanBeReadBackIsRefusedByTheCheckAndByTheSave() throws {
        let scratch = ScratchFolder()
        let file = FilePath(scratch.path + "/menu.json")
        let limit = 2_000
        let store = MenuStore(file: file, sizeLimit: limit)
        var menu = Menu.standard
        // Past the limit written pretty, the menu is written compact: it is refused once even that is too large.
        while MenuFile.encode(menu, limit: limit).count <= limit {
            #expect(throws: Never.self) { try MenuFile.checkFits(menu, limit: limit) }
            #expect(store.save(menu, keepingBrokenFile: false, expecting: .anything).error == nil)
            try menu.add(name: "Pizza number \(menu.pizzas.count)", pricePerSquareInch: 0.05)
        }
        #expect(throws: MenuError.menuTooLarge) { try MenuFile.checkFits(menu, limit: limit) }
        let before = try #require(scratch.read(file.description))
        let refused = store.save(menu, keepingBrokenFile: false, expecting: .anything)
        #expect(refused.error?.reason.description.hasPrefix("the menu would be 2,") == true)
        #expect(refused.error?.reason.description.hasSuffix("more than a menu file can be (2,000 bytes at most); nothing was written") == true)
        #expect(scratch.read(file.description) == before)
        #expect(store.load().loadProblem == nil)
        #expect(MenuError.menuTooLarge.description.contains("256 MB"))
    }

    @Test func theWrittenSizeIsCountedExactlyAndBoundedCheaply() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            var menu = try MenuFile.decode(Array(Self.withUnknownKeys.utf8), path: "m")
            for index in 0..<Int.random(in: 0..<20, using: &generator) {
                try menu.add(name: "P\(index) \(["\"", "\\", "é", "🍕"].randomElement(using: &generator)!)",
                             pricePerSquareInch: Double.random(in: 0.0001...100, using: &generator))
            }
            if !menu.pizzas.isEmpty, Bool.random(using: &generator) { try menu.remove(at: 0) }
            let written = MenuFile.encode(menu).count
            #expect(MenuSchema.writtenCount(menu) == written)
            #expect(menu.writtenSizeBound >= written)
        }
    }
}
