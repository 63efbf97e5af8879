import Testing
@testable import PizzaModel

/// A menu of `count` pizzas named "Pizza 0"... with its measures written before them, ending in `end`.
private func file(_ count: Int, end: String = "]}\n") -> [UInt8] {
    var text = "{\"currency\": \"EUR\", \"pizzas\": [\n"
    for index in 0..<count {
        text += "{\"name\": \"Pizza \(index)\", \"pricePerSquareInch\": 0.05}" + (index + 1 < count ? ",\n" : "\n")
    }
    return Array((text + end).utf8)
}

/// The reader hands out the menu read so far as it goes, for the window to show its first rows early.
@Suite struct ReaderProgressTests {
    /// A reference type, so that the progress closure (which may not escape) can record what it is given.
    private final class Seen {
        var menus: [Menu] = []
    }

    @Test func eachReportIsAFirstPartOfTheMenuAtAChunkTimesAPowerOfTwo() throws {
        let chunk = PizzaList.chunkCapacity
        let seen = Seen()
        let menu = try MenuFile.decode(reading: MemoryByteSource(file(4 * chunk + 5)), path: "menu.json") {
            seen.menus.append($0)
        }
        #expect(seen.menus.map(\.pizzas.count) == [chunk, 2 * chunk, 4 * chunk])
        for partial in seen.menus {
            #expect(Array(partial.pizzas) == Array(menu.pizzas.prefix(partial.pizzas.count)))
            #expect(partial.measures.currency == menu.measures.currency, "measures written before the pizzas apply")
        }
        #expect(menu.pizzas.count == 4 * chunk + 5)
    }

    @Test func aMenuSmallerThanAChunkIsNotReportedBeforeItsEnd() throws {
        let seen = Seen()
        _ = try MenuFile.decode(reading: MemoryByteSource(file(PizzaList.chunkCapacity - 1)), path: "menu.json") {
            seen.menus.append($0)
        }
        #expect(seen.menus.isEmpty)
    }

    @Test func aFileFoundBadAfterItsFirstRowsWereReportedStillFails() {
        let seen = Seen()
        let bad = file(2 * PizzaList.chunkCapacity, end: "], \"sizes\": 7}\n")
        #expect(throws: MenuFileError.self) {
            _ = try MenuFile.decode(reading: MemoryByteSource(bad), path: "menu.json") { seen.menus.append($0) }
        }
        #expect(seen.menus.map(\.pizzas.count) == [PizzaList.chunkCapacity, 2 * PizzaList.chunkCapacity])
    }
}

/// A large file's first rows are read from its first bytes alone, before the window shows.
@Suite struct FirstRowsReadTests {
    @Test func theFirstChunkOfPizzasIsReadFromTheStartOfTheFileAlone() throws {
        let chunk = PizzaList.chunkCapacity
        let bytes = file(4 * chunk, end: "], \"sizes\": 7}\n")
        let menu = try #require(MenuFile.firstRows(reading: MemoryByteSource(bytes), limit: bytes.count / 2))
        #expect(menu.pizzas.count == chunk, "the first report, though more is read and the end is bad")
        #expect(menu.pizzas.first?.name == "Pizza 0" && menu.pizzas.last?.name == "Pizza \(chunk - 1)")
        #expect(menu.measures.currency.code == "EUR")
    }

    @Test func aFirstScreenOfRowsIsTheFirstPizzasOfTheFile() throws {
        let bytes = file(3 * PizzaList.chunkCapacity)
        let menu = try #require(MenuFile.firstRows(reading: MemoryByteSource(bytes), limit: 4096, count: 64))
        #expect(menu.pizzas.map(\.name) == (0..<64).map { "Pizza \($0)" })
        #expect(MenuFile.firstRows(reading: MemoryByteSource(bytes), limit: 1024, count: 64) == nil, "64 rows need more than 1 KB")
    }

    @Test func noRowsWhenTheFirstBytesHoldLessThanAChunkOrAreBad() {
        let bytes = file(2 * PizzaList.chunkCapacity)
        #expect(MenuFile.firstRows(reading: MemoryByteSource(bytes), limit: bytes.count / 4) == nil)
        let bad = Array("{\"pizzas\": 7}".utf8) + bytes
        #expect(MenuFile.firstRows(reading: MemoryByteSource(bad), limit: bad.count) == nil)
    }
}
