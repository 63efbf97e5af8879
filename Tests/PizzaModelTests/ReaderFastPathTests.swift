import Testing
@testable import PizzaModel

/// The reader reads a plain string or number in one go when it ends inside the window, and any other
/// one byte by byte. Read whole, every token that can go the fast way does; read a byte at a time, none
/// can (the window ends at the byte being read). The same holds for a whole object of plain members. Both
/// must give the same menu, or the same error at the same place, for menus made of the tokens and members
/// at the edges of the fast ways.
@Suite struct ReaderFastPathTests {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces of names: plain ASCII, spaces at the ends, DEL, control bytes, escapes, quotes, UTF-8 and
    /// bytes that are not UTF-8, at every length around eight-byte words.
    private static let nameParts: [[UInt8]] = [
        Array("Pizza".utf8), Array(" ".utf8), Array("x".utf8), Array("1234567".utf8), Array("12345678".utf8),
        [0x7F], [0x09], [0x01], Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u0041"#.utf8), Array(#"\n"#.utf8),
        Array("é".utf8), Array("🍕".utf8), [0xC3], [0xFF], [0xE2, 0x80, 0x8B], Array("\u{2067}".utf8), Array("A".utf8),
    ]

    private static let numbers = [
        "0.05", "1", "0", "-0", "-0.5", "100", "100.0001", "0.0000000000001", "12345678901234.5", "123456789012345.6",
        "0.1234567890123456", "00.5", "01", "1.", ".5", "-", "1e2", "1E-2", "0.5e", "5e-324", "1e400", "99.99999999999999",
        "0.045", "7", "1.5.5", "2x", "--1", "100.0000000000000001",
    ]

    /// Members that are not a plain name or price, or white space where it may be, which send an object
    /// the general way (or are errors in it).
    private static let oddMembers = [
        #""notes": "x""#, #""name": "Twice""#, #""pricePerSquareInch": 2"#, #""n\u0061me": "Escaped key""#,
        #""name": 7"#, #""pricePerSquareInch": "0.05""#, #""x": [1, {"y": null}]"#, #""name": null"#,
        #""pricePerSquareInch": true"#, #""name" : "Spaced""#, #""": 1"#, #""nam": "Short key""#,
        #""description": "Tomato, basil""#, #""description": """#, #""description": " Spaced ""#, #""description": 7"#,
        #""description": "Caf\u00e9""#, #""description": "tab\tinside""#, #""description": null"#,
    ]

    private func menu(_ generator: inout Generator) -> [UInt8] {
        var text = Array(#"{"pizzas": ["#.utf8)
        for pizza in 0..<Int.random(in: 1...6, using: &generator) {
            if pizza > 0 { text += Array(",".utf8) + (Bool.random(using: &generator) ? [0x0A, 0x20] : []) }
            var name: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) { name += Self.nameParts.randomElement(using: &generator)! }
            if Int.random(in: 0..<3, using: &generator) > 0 { name = Array("Pizza \(pizza)".utf8) + name }
            let number = Int.random(in: 0..<4, using: &generator) == 0 ? Self.numbers.randomElement(using: &generator)! : "0.0\(pizza + 1)"
            var members = [Array(#""name": ""#.utf8) + name + Array("\"".utf8), Array(#""pricePerSquareInch": "#.utf8) + Array(number.utf8)]
            if Int.random(in: 0..<4, using: &generator) == 0 {
                members.insert(Array(Self.oddMembers.randomElement(using: &generator)!.utf8), at: Int.random(in: 0...2, using: &generator))
            }
            if Int.random(in: 0..<8, using: &generator) == 0 { members.removeLast() }
            if Bool.random(using: &generator) { members.reverse() }
            let separator = Array((Int.random(in: 0..<6, using: &generator) == 0 ? " ,\n" : ", ").utf8)
            text += Array((Bool.random(using: &generator) ? "{" : "{ ").utf8)
            for (index, member) in members.enumerated() { text += (index > 0 ? separator : []) + member }
            text += Array((Bool.random(using: &generator) ? "}" : " }").utf8)
        }
        text += Array((Bool.random(using: &generator) ? "]}" : "],\n \"sizes\": [{\"label\": \"S\", \"diameter\": 8}]}").utf8)
        return text
    }

    private func read(_ bytes: [UInt8], chunkSize: Int) -> Result<Menu, MenuFileError> {
        Result { () throws(MenuFileError) in
            try MenuFile.decode(reading: MemoryByteSource(bytes, chunkSize: chunkSize), path: "/menus/menu.json")
        }
    }

    @Test func theFastWaysReadAsTheByteAtATimeWay() {
        var generator = Generator(state: 16)
        var loaded = 0
        for _ in 0..<3_000 {
            let bytes = menu(&generator)
            let whole = read(bytes, chunkSize: .max)
            #expect(read(bytes, chunkSize: 1) == whole, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(read(bytes, chunkSize: 9) == whole, "\(String(decoding: bytes, as: UTF8.self))")
            if case .success = whole { loaded += 1 }
        }
        // Both kinds are common: the generated menus are neither all good nor all bad.
        #expect(loaded > 100 && loaded < 2_900, "\(loaded) of 3000 loaded")
    }

    @Test func plainNumbersReadAsSwiftReadsThem() throws {
        for number in ["0.05", "0.045", "99.999", "1", "100", "0.1", "0.3", "12345678901234.5", "0.0000000000001", "-0.25"] {
            let text = #"{"pizzas": [], "x": "# + number + "}"
            var scanner = JSONScanner(source: MemoryByteSource(Array(text.utf8)))
            var found: Double?
            try scanner.readObject(keys: JSONKeys(["pizzas"])) { (scanner: inout JSONScanner, key: JSONKey, _: Int) throws(JSONFailure) in
                if case .known = key { try scanner.skipValue() } else { found = try scanner.readNumber(for: .menuMember("x")) }
            }
            #expect(found == Double(number), "\(number)")
        }
    }
}
