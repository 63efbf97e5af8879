import Foundation
import Testing
import PizzaModel
@testable import MenuSession

/// Issue 30, item 11, scaled down a thousand times (see `WrittenSizeTests`): after a Delete in a compact
/// menu near the limit, what the app saves is read again at the next start.
@Suite struct WrittenSizeSessionTests {
    static let limit = 268_435

    private func compactMenu(pizzas count: Int) -> [UInt8] {
        let rows = (0..<count).map { number in #"{"name":"Pizza \#(1_000_000 + number)","pricePerSquareInch":0.05}"# }
        return Array(("{\"pizzas\":[" + rows.joined(separator: ",") + "]}").utf8)
    }

    @MainActor
    @Test func aDeleteInACompactMenuNearTheLimitIsSavedAsAFileTheNextStartReads() throws {
        let file = compactMenu(pizzas: 5_000)
        #expect(file.count == 255_012)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pizza-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = FilePath(folder.path + "/menu.json")
        let menu = try MenuFile.decode(file, path: "menu.json")
        var session = MenuSession(path: path, menu: menu, sizeLimit: Self.limit)
        let delete = session.handle(.delete(try #require(session.id(at: 0))))
        #expect(delete.error == nil && delete.needsSave)
        let outcome = MenuSaver.fileWriter(path: path, sizeLimit: Self.limit)(session.menu, false, .anything)
        #expect(outcome.error == nil)
        let source = try #require(try PosixStorage().open(path, limit: Self.limit))
        #expect(source.expectedCount <= Self.limit)
        #expect(try MenuFile.decode(reading: source, path: "menu.json") == session.menu)
    }

    @Test func anEditThatWouldMakeEvenTheCompactFileTooLargeIsRefusedAndChangesNothing() throws {
        let menu = try MenuFile.decode(compactMenu(pizzas: 100), path: "menu.json")
        let limit = MenuFile.encode(menu, limit: 0).count
        #expect(MenuFile.encode(menu, limit: limit).count == limit, "written compact, as it fits only so")
        var session = MenuSession(path: "/menu.json", menu: menu, sizeLimit: limit)
        let first = try #require(session.id(at: 0))
        #expect(session.handle(.editText(first, key: "description", to: "Tomato")).error == .menuTooLarge)
        #expect(session.handle(.rename(first, to: "Pizza 1000000 with a longer name")).error == .menuTooLarge)
        #expect(session.menu == menu && session.undoHistory.isEmpty)
        #expect(session.handle(.delete(first)).error == nil)
        #expect(session.handle(.editText(try #require(session.id(at: 0)), key: "description", to: "Tomato")).error == nil)
    }
}
