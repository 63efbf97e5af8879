import Testing
@testable import PizzaModel

@Suite struct MenuFileTests {
    func decode(_ text: String) throws(MenuFileError) -> Menu {
        try MenuFile.decode(Array(text.utf8), path: "/menus/menu.json")
    }

    func failure(_ text: String) -> MenuFileError? {
        do { _ = try decode(text); return nil } catch { return error }
    }

    func failure(bytes: [UInt8]) -> MenuFileError? {
        do { _ = try MenuFile.decode(bytes, path: "/menus/menu.json"); return nil } catch { return error }
    }

    @Test func readsTheDocumentedFormat() throws {
        let menu = try decode("""
            {"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03}],
             "sizes":  [{"label": "Personal", "diameter": 8}]}
            """)
        #expect(menu.pizzas == [Pizza(name: "Cheese", pricePerSquareInch: 0.03)])
        #expect(menu.sizes == [PizzaSize(label: "Personal", diameter: 8)])
    }

    @Test func sizesMayBeLeftOutAndOrderIsKept() throws {
        let menu = try decode(#"{"pizzas": [{"name": "Z", "pricePerSquareInch": 1}, {"pricePerSquareInch": 2e-2, "name": "A"}]}"#)
        #expect(menu.pizzas.map(\.name) == ["Z", "A"])
        #expect(menu.pizzas[1].pricePerSquareInch == 0.02)
        #expect(menu.sizes == PizzaSize.standard)
    }

    @Test func escapesUnicodeAndUnknownKeysAreHandled() throws {
        let menu = try decode(#"{"version": [1, {"x": null}], "pizzas": [{"name": "Caf\u00e9 \"Q\" \ud83c\udf55 Pizzé", "pricePerSquareInch": 0.5, "notes": {"a": [true, false]}}]}"#)
        #expect(menu.pizzas[0].name == "Café \"Q\" 🍕 Pizzé")
    }

    @Test func roundTripReturnsTheSameMenu() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var menu = try Menu(pizzas: [])
            for index in 0..<Int.random(in: 0..<30, using: &generator) {
                let name = "P\(index) \(["ä", "\"", "\\", "e\u{301}", "🍕", "x"].randomElement(using: &generator)!)"
                try menu.add(name: name, pricePerSquareInch: Double.random(in: 0.0001...100, using: &generator))
            }
            let again = try MenuFile.decode(MenuFile.encode(menu), path: "round-trip")
            #expect(again == menu)
        }
    }

    @Test func aMenuNamesItsCurrencyAndUnitAndIsWrittenBackAsItWas() throws {
        let text = """
            {"currency": "E\\u0055R", "pizzas": [{"name": "Margherita", "pricePerSquareInch": 0.0075}],
             "unit": "cm", "sizes": [{"label": "26 cm", "diameter": 26}]}
            """
        let menu = try decode(text)
        #expect(menu.measures == MenuMeasures(currency: try Currency.named("EUR"), unit: .centimetre))
        let again = try MenuFile.decode(MenuFile.encode(menu), path: "again")
        #expect(again == menu)
        let written = String(decoding: MenuFile.encode(menu), as: UTF8.self)
        #expect(written.hasPrefix("{\n  \"currency\": \"E\\u0055R\",\n  \"pizzas\": ["), "the member as it was written, where it was")
        #expect(written.contains("],\n  \"unit\": \"cm\",\n  \"sizes\": ["))
    }

    @Test func aMenuThatNamesNeitherIsInDollarsAndInches() throws {
        let menu = try decode(#"{"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03}]}"#)
        #expect(menu.measures == .standard)
        #expect(menu.measures.currency.code == "USD" && menu.measures.unit == .inch)
        #expect(!String(decoding: MenuFile.encode(menu), as: UTF8.self).contains("currency"))
    }

    @Test func resourceFileIsTheEmbeddedDefault() throws {
        #expect(try MenuFile.decode(PackageResources.default_menu_json, path: "x") == Menu.demo)
    }

    static let invalidMenus: [(String, Int?, Int?, String)] = [
        ("", nil, nil, "the file is empty"),
        ("   \n ", nil, nil, "the file is empty"),
        ("[1, 2]", 1, 1, "the menu must be a JSON object"),
        ("{\"pizzas\": [}", 1, 13, "item 1 of \"pizzas\" must be an object"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": \"cheap\"}]}", 1, 49, "expected a number for \"pricePerSquareInch\" of pizza 1, found a string"),
        ("{\"pizzas\": [{\"name\": 5, \"pricePerSquareInch\": 1}]}", 1, 22, "expected a string for \"name\" of pizza 1, found a number"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": NaN}]}", 1, 49, "found 'NaN'"),
        ("{\"pizzas\": [\n  {\"name\": \"A\", \"pricePerSquareInch\": -0.5}]}", 2, 39, "pizza 1: The price per square inch must be more than 0. (found -0.5)"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 1e300}]}", 1, 49, "can be at most $100"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 1e999}]}", 1, 49, "too large"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 1},\n {\"name\": \" a \", \"pricePerSquareInch\": 2}]}", 2, 2, "pizza 2: there is already a pizza called “a”"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 1},\n {\"name\": \"a\", \"pricePerSquareInch\": 2}, {\"name\": 5}]}", 2, 2, "pizza 2: there is already a pizza called “a”"),
        ("{\"pizzas\": [{\"name\": \"\", \"pricePerSquareInch\": 1}]}", 1, 22, "pizza 1: Enter a name for the pizza."),
        ("{\"pizzas\": [{\"name\": \"A\"}]}", 1, 13, "pizza 1 has no \"pricePerSquareInch\""),
        ("{\"sizes\": [{\"label\": \"A\", \"diameter\": 5}]}", nil, nil, "the menu has no \"pizzas\" list"),
        ("{\"pizzas\": [], \"sizes\": [{\"label\": \"Big\", \"diameter\": 500}]}", 1, 26, "size 1: The size “Big” must be between 1 and 100 across, in the menu's unit."),
        ("{\"currency\": \"EURO\", \"pizzas\": []}", 1, 14, "“EURO” is not a currency code: write one of ISO 4217, like \"EUR\" or \"USD\"."),
        ("{\"currency\": \"XYZ\", \"pizzas\": []}", 1, 14, "“XYZ” is not a currency code"),
        ("{\"pizzas\": [],\n \"unit\": \"mm\"}", 2, 10, "The unit “mm” is not one a menu can be in: write \"in\" for inches or \"cm\" for centimetres."),
        ("{\"unit\": 2.54, \"pizzas\": []}", 1, 10, "expected a string for the menu's \"unit\", found a number"),
        ("{\"unit\": \"cm\", \"unit\": \"cm\", \"pizzas\": []}", 1, 16, "the menu has \"unit\" twice"),
        ("{\"pizzas\": []} trailing", 1, 16, "unexpected 'trailing' after the end of the menu"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 1}", 1, 51, "found the end of the file"),
        ("{\"pizzas\": [], \"pizzas\": []}", 1, 16, "the menu has \"pizzas\" twice"),
        ("{\"pizzas\": [{\"name\": \"A\nB\", \"pricePerSquareInch\": 1}]}", 1, 24, "control character or line break"),
        ("{\"pizzas\": [{\"name\": \"A\\q\", \"pricePerSquareInch\": 1}]}", 1, 24, "unknown escape '\\q'"),
        ("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": 01}]}", 1, 49, "leading zero"),
    ]

    @Test(arguments: invalidMenus)
    func invalidMenusGiveOneClearErrorWithPlace(text: String, line: Int?, column: Int?, reason: String) throws {
        let error = try #require(failure(text))
        #expect(error.path == "/menus/menu.json")
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.reason.contains(reason), "\(error.reason)")
        #expect(error.description.hasPrefix("/menus/menu.json"))
    }

    /// The reader keeps only the token it is reading; any split of the file into chunks must read alike.
    @Test(arguments: [1, 2, 3, 7, 64])
    func everyChunkSizeReadsAlike(chunkSize: Int) {
        let valid = [
            #"{"pizzas": [{"name": "Caf\u00e9 \"Q\"", "pricePerSquareInch": 0.5, "x": [1, {"y": null}]}], "sizes": [{"label": "S", "diameter": 7.5}]}"#,
            "\u{FEFF}{\"pizzas\": [{\"name\": \"Ä\", \"pricePerSquareInch\": 12345678901234567890e-20}]}",
        ]
        for text in valid + Self.invalidMenus.map(\.0) {
            let whole = Result { () throws(MenuFileError) in try decode(text) }
            let chunked = Result { () throws(MenuFileError) in
                try MenuFile.decode(reading: MemoryByteSource(Array(text.utf8), chunkSize: chunkSize), path: "/menus/menu.json")
            }
            #expect(chunked == whole, "\(text)")
        }
    }

    @Test func aFileLargerThanOneChunkLoadsAndPlacesALateError() throws {
        let scratch = ScratchFolder()
        let rows = (0..<60_000).map { "  {\"name\": \"Pizza \($0)\", \"pricePerSquareInch\": 0.05}" }
        let good = scratch.write("{\"pizzas\": [\n" + rows.joined(separator: ",\n") + "\n]}\n", to: "good.json")
        let source = try #require(try PosixStorage().open(good, limit: MenuFile.maximumFileSize))
        #expect(source.expectedCount > 2 * ByteWindow.chunkSize)
        #expect(try MenuFile.decode(reading: source, path: good).pizzas.count == 60_000)
        let bad = scratch.write("{\"pizzas\": [\n" + rows.joined(separator: ",\n") + ",\n  {\"name\": \"pizza 7\", \"pricePerSquareInch\": 1}\n]}\n", to: "bad.json")
        guard case .invalid(let error) = MenuStore(path: bad).load().loadProblem else {
            Issue.record("the late duplicate is not reported as an invalid menu")
            return
        }
        #expect(error.line == 60_002 && error.column == 3)
        #expect(error.reason == "pizza 60001: there is already a pizza called “pizza 7”")
    }

    @Test func aReadErrorPartWayIsReportedAsItselfNotAsBadJSON() {
        struct FailingSource: ByteSource {
            var inner = MemoryByteSource(Array(#"{"pizzas": [{"name": "A", "pricePerSquareInch": 1}]}"#.utf8), chunkSize: 20)
            var chunksLeft = 2
            var expectedCount: Int { inner.expectedCount }
            mutating func read(appendingTo buffer: inout [UInt8], maximum: Int) throws(StorageError) {
                guard chunksLeft > 0 else { throw StorageError(path: "menu.json", reason: .system(.inputOutput, reading: true)) }
                chunksLeft -= 1
                inner.read(appendingTo: &buffer, maximum: maximum)
            }
            mutating func rewind() { inner.rewind() }
        }
        #expect(throws: MenuFileError(path: "/m.json", problem: .unreadable(.system(.inputOutput, reading: true)))) {
            try MenuFile.decode(reading: FailingSource(), path: "/m.json")
        }
    }

    @Test func invalidUTF8IsRejectedWithItsPlace() throws {
        var bytes = Array(#"{"pizzas": [{"name": "A"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#"", "pricePerSquareInch": 1}]}"#.utf8)
        let error = try #require(failure(bytes: bytes))
        #expect(error.reason == "\"name\" of pizza 1 is not valid UTF-8 text")
        #expect(error.line == 1 && error.column == 22)
        let stray = try #require(failure(bytes: [0xFF, 0xFE] + Array("{}".utf8)))
        #expect(stray.reason.contains("not text"))
    }

    @Test func deepNestingAndJunkFailWithoutCrashing() throws {
        let deep = "{\"x\": " + String(repeating: "[", count: 100_000) + "], \"pizzas\": []}"
        #expect(try #require(failure(deep)).reason == "the file is nested too deeply")
        var generator = SystemRandomNumberGenerator()
        let junk = (0..<4_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(failure(bytes: junk) != nil)
        let text = "{\"pizzas\": [" + String(repeating: "{\"name\": \"x\", ", count: 1) + String(repeating: "garbage ", count: 500_000)
        #expect(failure(text) != nil)
    }

    @Test func numbersReadExactlyAsSwiftWould() throws {
        let samples = ["0.03", "0.1", "1", "99.99999999999999", "1.7976931348623157e-300", "0.30000000000000004",
                       "4.35", "12345678901234567890e-20", "1E2", "0.000001", "2.5e-3", "7.0"]
        for sample in samples {
            let menu = try? decode("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": \(sample)}]}")
            let expected = Double(sample)!
            if expected > 0 && expected <= 100 {
                #expect(menu?.pizzas[0].pricePerSquareInch == expected, "\(sample)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: 0.0001...100, using: &generator)
            let menu = try decode("{\"pizzas\": [{\"name\": \"A\", \"pricePerSquareInch\": \(value)}]}")
            #expect(menu.pizzas[0].pricePerSquareInch == value)
        }
    }
}

@Suite struct DuplicateNameFinderTests {
    @Test func findsEveryDuplicateIgnoringCaseAndGrowsPastItsCapacity() {
        var finder = DuplicateNameFinder()
        var pizzas = PizzaList()
        for index in 0..<5_000 {
            let name = index % 2 == 0 ? "Pizza \(index)" : "Äpfel \(index)"
            pizzas.append(Pizza(name: name, pricePerSquareInch: 1))
            if finder.add(hash: MenuText.foldedHash(name), row: index, position: index) {
                #expect(finder.finish(among: pizzas) == nil)
            }
        }
        #expect(finder.finish(among: pizzas) == nil)
        for index in stride(from: 0, to: 5_000, by: 97) {
            var rows = pizzas
            let shouted = pizzas[index].name.uppercased()
            rows.append(Pizza(name: shouted, pricePerSquareInch: 1))
            var copy = finder
            _ = copy.add(hash: MenuText.foldedHash(shouted), row: 5_000, position: 42)
            #expect(copy.finish(among: rows) == .init(row: 5_000, earlierRow: index, position: 42))
        }
    }

    @Test func reportsTheFirstRepeatedRowOfABatchInFileOrder() {
        var finder = DuplicateNameFinder()
        let names = ["A", "B", "C", "b", "a"]
        let pizzas = PizzaList(names.map { Pizza(name: $0, pricePerSquareInch: 1) })
        for (row, name) in names.enumerated() {
            let batchIsFull = finder.add(hash: MenuText.foldedHash(name), row: row, position: row * 10)
            #expect(!batchIsFull)
        }
        #expect(finder.finish(among: pizzas) == .init(row: 3, earlierRow: 1, position: 30))
    }

    /// Names whose hashes are equal (so are their tags and home slots) are told apart by the names.
    @Test func equalHashesOfDifferentNamesAreNotDuplicates() {
        var finder = DuplicateNameFinder(capacity: 64)
        let names = (0..<40).map { "Pizza \($0)" } + ["pizza 3"]
        let pizzas = PizzaList(names.map { Pizza(name: $0, pricePerSquareInch: 1) })
        for (row, _) in names.enumerated() { _ = finder.add(hash: 0xDEAD_BEEF_0000_0001, row: row, position: row) }
        #expect(finder.finish(among: pizzas) == .init(row: 40, earlierRow: 3, position: 40))
    }

    @Test func nameMatcherAgreesWithTheNameKeyOnEveryPair() {
        // ASCII and not, case, canonical equivalence, and characters whose key or NFC form is ASCII:
        // the Kelvin sign (lower-cases to "k"), the Greek question mark (NFC ";").
        let names = ["Cheese", "cheese", "CHEESE", "Chees", "Cheesf", "Café", "Cafe\u{301}", "CAFÉ", "k", "K", "\u{212A}",
                     "a;", "A\u{37E}", "Straße", "STRASSE", "strasse", "ΣΟΥΒΛΑΚΙ", "σουβλακι", "Pizza 12", "Pizza 21"]
        for name in names {
            let matcher = MenuText.NameMatcher(name)
            for other in names {
                #expect(matcher.matches(other) == (MenuText.nameKey(name) == MenuText.nameKey(other)), "\(name) / \(other)")
            }
        }
    }

    @Test func hashIgnoresCaseForEveryScript() {
        for (name, other) in [("Cheese", "cHEESE"), ("PEPPERONI 12", "pepperoni 12"), ("Äpfel", "äPFEL"), ("ΣΟΥΒΛΑΚΙ", "σουβλακι")] {
            #expect(MenuText.foldedHash(name) == MenuText.foldedHash(other), "\(name)")
        }
        #expect(MenuText.foldedHash("Cheese") != MenuText.foldedHash("Cheese "))
    }
}
