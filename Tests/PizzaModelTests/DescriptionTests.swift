import Foundation
import Testing
@testable import PizzaModel

/// The optional description of a pizza: read, written, edited and refused like a name, and absent where a
/// menu has none, so every menu written before it is written again byte for byte.
@Suite struct DescriptionTests {
    private static let margherita = """
        {"pizzas": [
          {"name": "Margherita", "pricePerSquareInch": 0.05, "description": "Tomato, mozzarella, basil"},
          {"name": "Plain", "pricePerSquareInch": 0.03}
        ]}
        """

    private func failure(_ text: String) -> MenuFileError? {
        do { _ = try MenuFile.decode(Array(text.utf8), path: "m.json"); return nil } catch { return error }
    }

    /// A menu whose second line holds one pizza with `member` after its price.
    private func withMember(_ member: String) -> (text: String, column: Int) {
        let prefix = #"  {"name": "Margherita", "pricePerSquareInch": 0.05, "description": "#
        return ("{\"pizzas\": [\n" + prefix + member + "}\n]}", prefix.count + 1)
    }

    @Test func aDescriptionIsReadAndWrittenBackAndAPizzaWithoutOneHasNone() throws {
        let menu = try MenuFile.decode(Array(Self.margherita.utf8), path: "m")
        #expect(menu.pizzas[0].description == "Tomato, mozzarella, basil")
        #expect(menu.pizzas[1].description == nil)
        let written = String(decoding: MenuFile.encode(menu), as: UTF8.self)
        #expect(written.contains(#"{"name": "Margherita", "pricePerSquareInch": 0.05, "description": "Tomato, mozzarella, basil"}"#), "\(written)")
        #expect(written.contains(#"{"name": "Plain", "pricePerSquareInch": 0.03}"#), "\(written)")
        #expect(try MenuFile.decode(MenuFile.encode(menu), path: "m") == menu)
        #expect(MenuSchema.writtenCount(menu) == MenuFile.encode(menu).count)
        #expect(menu.writtenSizeBound >= MenuFile.encode(menu).count)
    }

    @Test func aDescriptionIsReadTheSameWhereverItIsAndHoweverItIsWritten() throws {
        let first = try MenuFile.decode(Array(#"{"pizzas": [{"description": "Caf\u00e9 \"crème\"", "name": "A", "pricePerSquareInch": 1}]}"#.utf8), path: "m")
        #expect(first.pizzas[0].description == "Café \"crème\"")
        let spaced = try MenuFile.decode(Array(#"{"pizzas": [{"name": "A", "description": "  Basil  ", "pricePerSquareInch": 1}]}"#.utf8), path: "m")
        #expect(spaced.pizzas[0].description == "Basil")
    }

    @Test func everyMenuInTheRepositoryIsWrittenBackByteForByteAsBeforeTheDescription() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpus = try FileManager.default.contentsOfDirectory(atPath: root.path + "/Fuzz/corpus").map { "Fuzz/corpus/" + $0 }
        var checked = 0
        for file in ["Resources/default-menu.json"] + corpus.sorted() {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(file)))
            guard let menu = try? MenuFile.decode(bytes, path: file) else { continue }
            let written = MenuFile.encode(menu)
            let expected = Self.writtenBeforeTheDescription[file].map { Array($0.utf8) } ?? bytes
            #expect(written == expected, "\(file): \(String(decoding: written, as: UTF8.self))")
            #expect(MenuFile.encode(try MenuFile.decode(written, path: file)) == written, "\(file)")
            checked += 1
        }
        #expect(checked == 6)
    }

    @Test func aDescriptionIsRefusedLikeANameWithItsLineAndColumn() throws {
        let long = withMember("\"" + String(repeating: "x", count: 501) + "\"")
        let tooLong = try #require(failure(long.text))
        #expect(tooLong.reason == "pizza 1: A description can be at most 500 characters long.")
        #expect(tooLong.line == 2 && tooLong.column == long.column)
        #expect(failure(withMember("\"" + String(repeating: "é", count: 500) + "\"").text) == nil)

        let hidden = withMember("\"Tomato\u{200B}\"")
        let hiddenFailure = try #require(failure(hidden.text))
        #expect(hiddenFailure.reason.hasPrefix("pizza 1: Text on a menu cannot contain invisible"))
        #expect(hiddenFailure.line == 2 && hiddenFailure.column == hidden.column)

        let control = try #require(failure(withMember(#""Tomato\nbasil""#).text))
        #expect(control.reason.contains("invisible"), "\(control.reason)")
        #expect(failure(withMember("\"Tomato\u{1}\"").text)?.reason.contains("control character") == true)

        let number = try #require(failure(withMember("7").text))
        #expect(number.reason == #"expected a string for "description" of pizza 1, found a number"#)
        #expect(number.line == 2 && number.column == long.column)
        #expect(failure(#"{"pizzas": [{"name": "A", "description": "x", "description": "y", "pricePerSquareInch": 1}]}"#)?.reason
                == #"pizza 1 has "description" twice"#)
        #expect(failure(#"{"pizzas": [{"description": "x", "pricePerSquareInch": 1}]}"#)?.reason == #"pizza 1 has no "name""#)
    }

    @Test func setTextTrimsChecksAndLeavesOutWhatIsOnlySpaces() throws {
        var menu = Menu.demo
        try menu.setText("description", at: 0, to: "  Tomato, mozzarella, basil ")
        #expect(menu.pizzas[0].description == "Tomato, mozzarella, basil")
        #expect(menu.text("description", at: 0) == "Tomato, mozzarella, basil")
        #expect(menu.writtenSizeBound >= MenuFile.encode(menu).count)
        #expect(throws: MenuError.textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 501)) {
            try menu.setText("description", at: 0, to: String(repeating: "x", count: 501))
        }
        #expect(throws: MenuError.hiddenCharacter(0x0A)) { try menu.setText("description", at: 0, to: "Two\nlines") }
        #expect(throws: MenuError.noTextField("pricePerSquareInch")) { try menu.setText("pricePerSquareInch", at: 0, to: "1") }
        #expect(throws: MenuError.duplicateName("Sausage")) { try menu.setText("name", at: 0, to: "sausage") }
        #expect(menu.pizzas[0].description == "Tomato, mozzarella, basil")
        try menu.setText("description", at: 0, to: "   ")
        #expect(menu.pizzas[0].description == nil)
        #expect(menu == Menu.demo)
        #expect(MenuError.textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 501).description
                == "A description can be at most 500 characters long.")
    }

    @Test func aPizzaListKeepsEveryFieldThroughEachOfItsEdits() {
        let described = Pizza(name: "A", pricePerSquareInch: 1, description: "Tomato")
        var list = PizzaList((0..<(PizzaList.chunkCapacity + 3)).map { Pizza(name: "P\($0)", pricePerSquareInch: 1) })
        list.append(described)
        list.insert(described, at: 5)
        list[7] = described
        #expect(list[5] == described && list[7] == described && list[list.count - 1] == described)
        #expect(list.filter { $0.description == "Tomato" }.count == 3)
        #expect(list.remove(at: 5) == described)
        #expect(Array(list).filter { $0.description != nil }.count == 2)
    }

    /// The six standard sizes as the writer writes them, after `"pizzas"`.
    private static let standardSizes = #"""
        "sizes": [
            {"label": "Personal", "diameter": 8},
            {"label": "10\"", "diameter": 10},
            {"label": "12\"", "diameter": 12},
            {"label": "16\"", "diameter": 16},
            {"label": "18\"", "diameter": 18},
            {"label": "24\"", "diameter": 24}
          ]
        """#

    /// What the writer wrote for the repository's menus that are not already in its form, before pizzas had descriptions.
    private static let writtenBeforeTheDescription: [String: String] = [
        "Fuzz/corpus/escaped-keys-crlf.json": """
            {
              "pizzas": [
                {"name": "A", "pricePerSquareInch": 1},
                {"name": "Cafe\u{301}", "pricePerSquareInch": 2}
              ],
              \(standardSizes)
            }

            """,
        "Fuzz/corpus/escapes.json": """
            {
              "pizzas": [
                {"name": "Aé🍕", "pricePerSquareInch": 0.001}
              ],
              "sizes": [
                {"label": "X", "diameter": 99.5}
              ]
            }

            """,
        "Fuzz/corpus/unknown-in-place.json": """
            {
              "currency": "EUR",
              "pizzas": [
                {"sku": 1, "name": "Café", "notes": {"a": [1, 2.5e3, null, true]}, "pricePerSquareInch": 0.05}
              ],
              "sizes": [
                {"label": "S", "id": "x", "diameter": 8}
              ],
              "v": [[[]]]
            }

            """,
        "Fuzz/corpus/unknown-keys.json": """
            {
              "x": [[{"y": null}, true, false, 1.5e3]],
              "pizzas": [
              ],
              \(standardSizes)
            }

            """,
    ]
}
