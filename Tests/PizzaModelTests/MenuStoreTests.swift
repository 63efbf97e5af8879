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

    func open(_ path: FilePath, limit: Int, role: FileRole) throws(StorageError) -> (any ByteSource)? {
        try real.open(path, limit: limit, role: role)
    }
    func status(of path: FilePath) -> FileStatus { real.status(of: path) }
    func moveAside(_ path: FilePath, suffix: String, expecting: ExpectedFile) throws(StorageError) -> FilePath? {
        try real.moveAside(path, suffix: suffix, expecting: expecting)
    }

    func writeAtomically(_ bytes: [UInt8], to path: FilePath, role: FileRole, expecting: ExpectedFile) throws(StorageError) -> FileVersion {
        let temporary = path.description + ".partial"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes.prefix(bytesBeforeFault)))
        try? FileManager.default.removeItem(atPath: temporary)
        throw StorageError(path: path, reason: .system(.diskFull, reading: false))
    }
}

extension MenuStore {
    /// Changes the menu file as the app does: reads it, applies `change`, and saves over the file as it was
    /// read, keeping it aside first if it was broken.
    @discardableResult
    func editFile(_ change: (inout Menu) throws(MenuError) -> Void) throws(MenuError) -> SaveOutcome {
        let loaded = load()
        var menu = loaded.menu
        try change(&menu)
        return save(menu, keepingBrokenFile: loaded.loadProblem != nil, expecting: loaded.expected)
    }

    /// Adds the pizza "Funghi" to the file.
    func addFunghi() throws -> SaveOutcome {
        try editFile { menu throws(MenuError) in try menu.add(name: "Funghi", pricePerSquareInch: 0.05) }
    }
}

@Suite struct MenuStoreTests {
    @Test func defaultPathFollowsXDGDataHome() {
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data"], home: "/home/p") == "/x/data/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: [:], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": "relative"], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
        #expect(MenuStore.defaultPath(environment: ["XDG_DATA_HOME": ""], home: "/home/p") == "/home/p/.local/share/pizza-split/menu.json")
    }

    @Test func aMissingFileIsANewFileNotAProblemAndTheFirstEditCreatesIt() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/new/folder/menu.json"
        let store = MenuStore(path: path)
        let loaded = store.load()
        #expect(loaded.menu == .standard)
        #expect(loaded.loadProblem == nil)
        #expect(loaded.isNewFile)
        #expect(loaded.expected == .nothing)
        #expect(scratch.read(path) == nil)
        #expect(try store.addFunghi().error == nil)
        #expect(!store.load().isNewFile)
        #expect(store.load().menu.pizzas.last == Pizza(name: "Funghi", pricePerSquareInch: 0.05))
    }

    @Test func aFileThatIsThereIsNotANewFileEvenWhenBroken() {
        let scratch = ScratchFolder()
        #expect(!MenuStore(path: scratch.write("{ not a menu", to: "menu.json")).load().isNewFile)
        #expect(!MenuStore(path: scratch.path).load().isNewFile)
    }

    @Test func invalidEditChangesNothingAndWritesNothing() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        let store = MenuStore(path: path)
        #expect(throws: MenuError.duplicateName("Cheese")) {
            try store.editFile { menu throws(MenuError) in try menu.add(name: "cheese", pricePerSquareInch: 1) }
        }
        #expect(scratch.read(path) == nil)
    }

    @Test func badFileIsReportedKeptUntouchedAndSetAsideOnlyAtTheFirstEdit() throws {
        let scratch = ScratchFolder()
        let broken = "{\"pizzas\": [{\"name\": \"Cheese\", \"pricePerSquareInch\": -3}]}"
        let path = scratch.write(broken, to: "menu.json")
        let store = MenuStore(path: path)
        #expect(store.load().menu == .standard)
        let error = try #require(store.load().loadProblem)
        #expect(error.description.hasPrefix(path + ": line 1, column 54: pizza 1: The price per square inch must be more than 0."))
        #expect(scratch.read(path) == broken, "loading never writes")
        let saved = try store.editFile { menu throws(MenuError) in try menu.setPrice(at: 0, to: 0.02) }
        #expect(saved.keptBrokenFileAt == FilePath(path + ".broken"))
        #expect(scratch.read(path + ".broken") == broken)
        #expect(store.load().menu.pizzas[0].pricePerSquareInch == 0.02)
    }

    @Test func saveIntoAFileWhereTheFolderShouldBeFailsClearlyAndKeepsTheEdit() throws {
        let scratch = ScratchFolder()
        let blocker = scratch.write("not a folder", to: "pizza-split")
        let store = MenuStore(path: blocker + "/menu.json")
        #expect(try store.addFunghi().error?.reason.description == "\(blocker) is a file, not a folder")
        #expect(scratch.read(blocker) == "not a folder")
    }

    @Test func menuFileThatIsAFolderIsAClearLoadErrorAndIsNeverReplaced() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = MenuStore(path: path)
        #expect(store.load().loadProblem?.description == "\(path): this is a folder, not a menu file")
        let saved = try store.editFile { menu throws(MenuError) in try menu.remove(at: 0) }
        #expect(saved.error?.reason.description == "this is a folder, not a regular file; it is left as it is")
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
        #expect(MenuStore(path: path).load().loadProblem?.description == "\(path): the path loops through symbolic links")
    }

    @Test func tooLargeFileIsRefusedBeforeReadingWithItsSizeAndTheLimit() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(String(repeating: " ", count: 3_000), to: "menu.json")
        #expect(throws: StorageError(path: path, reason: .tooLarge(size: 3000, limit: 1000, role: .menu))) {
            _ = try PosixStorage().read(path, limit: 1_000)
        }
        let large = scratch.path + "/large.json"
        #expect(truncate(large, 0) != 0)
        _ = scratch.write("", to: "large.json")
        #expect(truncate(large, 300 * 1_048_576 + 1) == 0)
        #expect(throws: StorageError(path: large, reason: .tooLarge(size: 300 * 1_048_576 + 1, limit: MenuFile.maximumFileSize, role: .menu))) {
            _ = try PosixStorage().read(large, limit: MenuFile.maximumFileSize)
        }
    }

    @Test func aTooLargeWindowStateFileIsNamedAsOneWithItsOwnLimit() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(String(repeating: "x", count: 70_000), to: "window-state")
        #expect(throws: StorageError(path: path, reason: .tooLarge(size: 70_000, limit: 65_536, role: .windowState))) {
            _ = try PosixStorage().read(path, limit: 65_536, role: .windowState)
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
        let saved = try store.editFile { menu throws(MenuError) in
            for index in 0..<2_000 { try menu.add(name: "Pizza number \(index)", pricePerSquareInch: 0.05) }
        }
        #expect(saved.error == StorageError(path: path, reason: .system(.diskFull, reading: false)))
        #expect(saved.error?.description == "\(path): the disk is full")
        #expect(saved.written == nil)
        #expect(scratch.read(path) == before, "the old file is whole")
        #expect(scratch.entries() == ["menu.json"], "no temporary file is left behind")
        #expect(store.load().menu == .standard)
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
        #expect(try store.addFunghi().error?.reason.description == "the disk is full")
        #expect(scratch.read(path) == before)
        #expect(MenuStore(path: path).load().menu == .standard)
        #expect(scratch.entries() == ["menu.json"], "no temporary file is left behind")
    }
}
