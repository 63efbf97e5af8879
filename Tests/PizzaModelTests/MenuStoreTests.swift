import Foundation
import Glibc
import Testing
@testable import PizzaModel

/// A private folder per test.
final class ScratchFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "pizza-model-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ text: String, to name: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func read(_ file: String) -> String? {
        FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
    }

    func entries() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}

/// Storage whose writes fail after `bytesBeforeFault` bytes of the temporary file, like a full disk.
struct FaultingStorage: MenuStorage {
    let real = PosixStorage()
    let bytesBeforeFault: Int

    func open(_ path: FilePath, limit: Int) throws(StorageError) -> (any ByteSource)? { try real.open(path, limit: limit) }
    func fileExists(_ path: FilePath) -> Bool { real.fileExists(path) }
    func moveAside(_ path: FilePath, suffix: String) throws(StorageError) -> FilePath { try real.moveAside(path, suffix: suffix) }

    func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(StorageError) {
        let temporary = path.description + ".partial"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes.prefix(bytesBeforeFault)))
        try? FileManager.default.removeItem(atPath: temporary)
        throw StorageError(path: path, reason: "the disk is full")
    }
}

@Suite struct MenuStoreTests {
    @Test func defaultPathFollowsXDGDataHome() {
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data"], home: "/home/p") == "/x/data/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: [:], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": "relative"], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": ""], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
    }

    @Test func missingFileStartsWithDefaultMenuAndFirstEditCreatesIt() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/new/folder/menu.json"
        let store = MenuStore(path: path)
        #expect(store.menu == .standard)
        #expect(store.loadError == nil)
        #expect(scratch.read(path) == nil)
        let saved = try store.edit { menu throws(MenuError) in try menu.add(name: "Funghi", pricePerSquareInch: 0.05) }
        #expect(saved.saveError == nil)
        #expect(MenuStore(path: path).menu.pizzas.last == Pizza(name: "Funghi", pricePerSquareInch: 0.05))
    }

    @Test func invalidEditChangesNothingAndWritesNothing() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        let store = MenuStore(path: path)
        #expect(throws: MenuError.duplicateName("Cheese")) {
            try store.edit { menu throws(MenuError) in try menu.add(name: "cheese", pricePerSquareInch: 1) }
        }
        #expect(store.menu == .standard)
        #expect(scratch.read(path) == nil)
    }

    @Test func badFileIsReportedKeptUntouchedAndSetAsideOnlyAtTheFirstEdit() throws {
        let scratch = ScratchFolder()
        let broken = "{\"pizzas\": [{\"name\": \"Cheese\", \"pricePerSquareInch\": -3}]}"
        let path = scratch.write(broken, to: "menu.json")
        let store = MenuStore(path: path)
        #expect(store.menu == .standard)
        let error = try #require(store.loadError)
        #expect(error.description.hasPrefix(path + ": line 1, column 54: pizza 1: The price per square inch must be more than 0."))
        #expect(scratch.read(path) == broken, "loading never writes")
        try store.edit { menu throws(MenuError) in try menu.setPrice(at: 0, to: 0.02) }
        #expect(store.keptBadFilePath == path + ".broken")
        #expect(scratch.read(path + ".broken") == broken)
        #expect(MenuStore(path: path).menu.pizzas[0].pricePerSquareInch == 0.02)
    }

    @Test func saveIntoAFileWhereTheFolderShouldBeFailsClearlyAndKeepsTheEdit() throws {
        let scratch = ScratchFolder()
        let blocker = scratch.write("not a folder", to: "pizza-split")
        let store = MenuStore(path: blocker + "/menu.json")
        let saved = try store.edit { menu throws(MenuError) in try menu.add(name: "Funghi", pricePerSquareInch: 0.05) }
        #expect(saved.saveError?.reason == "\(blocker) is a file, not a folder")
        #expect(store.menu.pizzas.count == 5)
        #expect(store.hasUnsavedChanges)
        #expect(scratch.read(blocker) == "not a folder")
    }

    @Test func menuFileThatIsAFolderIsAClearLoadErrorAndIsNeverReplaced() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = MenuStore(path: path)
        #expect(store.loadError?.description == "\(path): this is a folder, not a menu file")
        let saved = try store.edit { menu throws(MenuError) in try menu.remove(at: 0) }
        #expect(saved.saveError != nil)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func temporaryFilesOfKilledSaversAreRemovedAtTheNextSave() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        _ = scratch.write("half a menu", to: ".menu.json.2147483646.tmp")
        _ = scratch.write("not ours", to: "notes.txt")
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        #expect(scratch.entries() == ["menu.json", "notes.txt"])
    }

    @Test func symlinkLoopIsAClearLoadError() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        #expect(MenuStore(path: path).loadError?.description == "\(path): the path loops through symbolic links")
    }

    @Test func tooLargeFileIsRefusedBeforeReading() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(String(repeating: " ", count: 3_000), to: "menu.json")
        #expect(throws: StorageError(path: path, reason: "the file is 0 MB, more than a menu can be (0 MB at most)")) {
            _ = try PosixStorage().read(path, limit: 1_000)
        }
    }

    /// The real store, not a stand-in, on a real full disk: the menu's folder is a 64 KB tmpfs (the tests
    /// run as root, as `make test` does here), so the save fails in `write` part-way through its temporary.
    @Test func realSaveThatFailsMidWriteLeavesTheOldFileWholeAndNoTemporary() throws {
        let scratch = ScratchFolder()
        #expect(try run("/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", scratch.path) == 0, "mounting needs root")
        defer { _ = try? run("/bin/umount", scratch.path) }
        let path = scratch.path + "/menu.json"
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        let before = try #require(scratch.read(path))
        let store = MenuStore(path: path)
        let saved = try store.edit { menu throws(MenuError) in
            for index in 0..<2_000 { try menu.add(name: "Pizza number \(index)", pricePerSquareInch: 0.05) }
        }
        #expect(saved.saveError == StorageError(path: path, reason: "the disk is full"))
        #expect(store.menu.pizzas.count == Menu.standard.pizzas.count + 2_000, "the edit is kept in memory")
        #expect(store.hasUnsavedChanges)
        #expect(scratch.read(path) == before, "the old file is whole")
        #expect(scratch.entries() == ["menu.json"], "no temporary file is left behind")
        #expect(MenuStore(path: path).menu == .standard)
    }

    private func run(_ tool: String, _ arguments: String...) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func faultedWriteLeavesTheOldFileWholeAndTheEditInMemory() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        let before = scratch.read(path)
        let store = MenuStore(path: path, storage: FaultingStorage(bytesBeforeFault: 40))
        let saved = try store.edit { menu throws(MenuError) in try menu.add(name: "Funghi", pricePerSquareInch: 0.05) }
        #expect(saved.saveError?.reason == "the disk is full")
        #expect(store.menu.pizzas.count == 5)
        #expect(scratch.read(path) == before)
        #expect(MenuStore(path: path).menu == .standard)
        #expect(scratch.entries() == ["menu.json"], "no temporary file is left behind")
    }
}
