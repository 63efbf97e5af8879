import Testing
@testable import PizzaModel

/// Two names are one pizza when they are equal ignoring case. Every way the model compares names (the key,
/// the matcher on its ASCII and its general path, the menu's duplicate check, the file reader's hashes) is held
/// against an oracle that shares none of their code: Swift's own `lowercased()` and `==`.
struct NameEqualityTests {
    /// Every ASCII letter, and the characters on either side of each range of letters (`@` and `[` around
    /// A–Z, `` ` `` and `{` around a–z), where a case fold that is off by one goes wrong.
    static let asciiCharacters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(Unicode.Scalar($0)) }
        + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Character(Unicode.Scalar($0)) }
        + ["@", "[", "\\", "`", "{"]

    static func oracle(_ name: String, _ other: String) -> Bool { name.lowercased() == other.lowercased() }

    /// The pairs of names built from `characters`: each alone, and each in a longer name.
    static func pairs(_ characters: [Character]) -> [(String, String)] {
        characters.flatMap { first in
            characters.flatMap { second in [(String(first), String(second)), ("Pizza \(first)1", "pizza \(second)1")] }
        }
    }

    func expectAgreement(_ name: String, _ other: String) throws {
        let same = Self.oracle(name, other)
        let context: Comment = "\(name) / \(other): the same pizza is \(same)"
        #expect((MenuText.nameKey(name) == MenuText.nameKey(other)) == same, context)
        #expect(MenuText.NameMatcher(name).matches(other) == same, context)
        if same { #expect(MenuText.foldedHash(name) == MenuText.foldedHash(other), context) }

        let one = try Menu(pizzas: [Pizza(name: name, pricePerSquareInch: 0.05)])
        #expect(one.index(ofPizzaNamed: other) == (same ? 0 : nil), context)
        let withAccent = try Menu(pizzas: [Pizza(name: name, pricePerSquareInch: 0.05), Pizza(name: "Ærøskøbing", pricePerSquareInch: 0.05)])
        #expect(withAccent.index(ofPizzaNamed: other) == (same ? 0 : nil), "\(context), in a menu with a name that is not ASCII")

        let both = [Pizza(name: name, pricePerSquareInch: 0.05), Pizza(name: other, pricePerSquareInch: 0.05)]
        #expect((try? Menu(pizzas: both)) == nil ? same : !same, "\(context), as a new menu")
        let file = #"{"pizzas": [{"name": "\#(Self.escaped(name))", "pricePerSquareInch": 0.05}, "#
            + #"{"name": "\#(Self.escaped(other))", "pricePerSquareInch": 0.05}]}"#
        #expect((try? MenuFile.decode(Array(file.utf8), path: "menu.json")) == nil ? same : !same, "\(context), read from a file")
    }

    static func escaped(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\")
    }

    @Test func everyASCIILetterAndItsNeighboursCompareAsTheOracleSays() throws {
        for (name, other) in Self.pairs(Self.asciiCharacters) {
            try expectAgreement(name, other)
        }
    }

    /// Letters with an accent (composed and decomposed), other scripts, and characters whose case mapping is
    /// not one letter to one letter: the Kelvin sign, the final sigma, the sharp s, the dotted capital I.
    @Test(arguments: [("Äpfel", "äPFEL"), ("Café", "CAFE\u{301}"), ("Crème", "Creme"), ("ΣΟΥΒΛΑΚΙ", "σουβλακι"),
                      ("Pizza K", "pizza \u{212A}"), ("σ", "ς"), ("Straße", "STRASSE"), ("İ", "i"), ("ǅ", "ǆ"),
                      ("Пицца", "пИЦЦА"), ("Zürich", "zÜRICH"), ("Z", "z")])
    func unicodeNamesCompareAsTheOracleSays(name: String, other: String) throws {
        try expectAgreement(name, other)
        try expectAgreement(other, name)
    }
}
