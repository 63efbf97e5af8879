import Testing
@testable import PizzaModel

/// Issue 30, item 11, scaled down a thousand times: a compact menu of 5,000,000 pizzas (255,000,012 bytes),
/// after one Delete, was written pretty-printed as 295,000,216 bytes, more than the 256 MB the reader reads.
/// Here 5,000 pizzas and a limit of 268,435 bytes (256 MiB / 1,000) stand for them.
@Suite struct WrittenSizeTests {
    static let limit = 268_435

    /// `{"pizzas":[{"name":"Pizza 0000000","pricePerSquareInch":0.05},...]}`: 51 bytes a pizza and 12 more.
    static func compactMenu(pizzas count: Int) -> [UInt8] {
        let rows = (0..<count).map { number in
            let digits = String(number)
            return #"{"name":"Pizza "# + String(repeating: "0", count: 7 - digits.count) + digits + #"","pricePerSquareInch":0.05}"#
        }
        return Array(("{\"pizzas\":[" + rows.joined(separator: ",") + "]}").utf8)
    }

    @Test func aCompactMenuNearTheLimitIsStillWrittenSoThatItCanBeReadAfterADelete() throws {
        let file = Self.compactMenu(pizzas: 5_000)
        #expect(file.count == 255_012)
        var menu = try MenuFile.decode(file, path: "menu.json")
        try menu.remove(at: 0)
        try MenuFile.checkFits(menu, limit: Self.limit)
        #expect(MenuSchema.writtenCount(menu, style: .pretty) > Self.limit, "the pretty form would not be read back")
        let written = MenuFile.encode(menu, limit: Self.limit)
        #expect(written.count <= Self.limit)
        #expect(!written.dropLast().contains(UInt8(ascii: "\n")), "compact, as the file was, ending in a newline")
        let scratch = ScratchFolder()
        let path = FilePath(scratch.path + "/menu.json")
        try PosixStorage().writeAtomically(written, to: path)
        let source = try #require(try PosixStorage().open(path, limit: Self.limit))
        #expect(try MenuFile.decode(reading: source, path: "menu.json") == menu)
    }

    @Test func aMenuThatFitsPrettyIsWrittenPrettyAndOneThatFitsNeitherWayIsRefused() throws {
        let small = try MenuFile.decode(Self.compactMenu(pizzas: 3), path: "menu.json")
        #expect(MenuFile.encode(small, limit: Self.limit).starts(with: Array("{\n  \"pizzas\": [\n".utf8)))
        var full = try MenuFile.decode(Self.compactMenu(pizzas: 5_000), path: "menu.json")
        let fits = MenuSchema.writtenCount(full, style: .compact)
        #expect(throws: MenuError.menuTooLarge) { try MenuFile.checkFits(full, limit: fits - 1) }
        try MenuFile.checkFits(full, limit: fits)
        try full.add(name: "One more", pricePerSquareInch: 1)
        #expect(throws: MenuError.menuTooLarge) { try MenuFile.checkFits(full, limit: fits) }
    }

    @Test func theCompactFormIsCountedExactly() throws {
        var menu = try MenuFile.decode(Array(MenuFormatTests.withUnknownKeys.utf8), path: "m")
        try menu.setText("description", at: 0, to: "Tomato \"San Marzano\", basil")
        var compact: [UInt8] = []
        MenuSchema.write(menu, style: .compact, to: &compact)
        #expect(MenuSchema.writtenCount(menu, style: .compact) == compact.count)
        #expect(try MenuFile.decode(compact, path: "m") == menu)
        #expect(!compact.dropLast().contains(UInt8(ascii: "\n")))
    }
}
