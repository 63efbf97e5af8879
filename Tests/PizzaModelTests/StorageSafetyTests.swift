import Foundation
import Glibc
import Testing
@testable import PizzaModel

/// What a save and a load do with links, pipes, devices, modes and names that are not UTF-8.
@Suite struct StorageSafetyTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        precondition(lstat(path, &info) == 0)
        return info.st_mode
    }

    func isLink(_ path: String) -> Bool { mode(path) & S_IFMT == S_IFLNK }

    func edit(_ store: MenuStore) throws -> StorageError? {
        try store.edit { menu throws(MenuError) in try menu.add(name: "Funghi", pricePerSquareInch: 0.05) }.saveError
    }

    @Test func aLinkPlantedAtTheOldPredictableTemporaryNameIsNeverFollowed() throws {
        let scratch = ScratchFolder()
        let victim = scratch.write("precious", to: "victim.txt")
        let path = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/.menu.json.\(getpid()).tmp", withDestinationPath: victim)
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        #expect(scratch.read(victim) == "precious")
        #expect(!isLink(path))
        #expect(MenuStore(path: path).menu == .standard)
    }

    @Test func aSymlinkedMenuIsSavedThroughTheLinkIntoItsTargetsFolder() throws {
        let scratch = ScratchFolder()
        let target = scratch.write(String(decoding: MenuFile.encode(.demo), as: UTF8.self), to: "dotfiles/pizza/menu.json")
        try FileManager.default.createDirectory(atPath: scratch.path + "/data", withIntermediateDirectories: true)
        let link = scratch.path + "/data/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../dotfiles/pizza/menu.json")
        let store = MenuStore(path: link)
        #expect(store.loadError == nil)
        #expect(try edit(store) == nil)
        #expect(isLink(link), "the link stays a link")
        #expect(MenuStore(path: target).menu.pizzas.last?.name == "Funghi", "the link's target got the edit")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/data") == ["menu.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/dotfiles/pizza") == ["menu.json"])
    }

    @Test func aDanglingLinkIsReportedAndTheFirstSaveCreatesItsTargetKeepingTheLink() throws {
        let scratch = ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sync", withIntermediateDirectories: true)
        let link = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path + "/sync/menu.json")
        let store = MenuStore(path: link)
        let error = try #require(store.loadError)
        #expect(error.description == "\(link): it is a link to \(scratch.path)/sync/menu.json, which does not exist")
        #expect(try edit(store) == nil)
        #expect(isLink(link))
        #expect(store.keptBadFilePath == nil)
        #expect(MenuStore(path: scratch.path + "/sync/menu.json").menu.pizzas.last?.name == "Funghi")
    }

    @Test func aDanglingLinkIntoAMissingFolderIsNotCreatedThere() throws {
        let scratch = ScratchFolder()
        let link = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path + "/unmounted/menu.json")
        let store = MenuStore(path: link)
        #expect(try edit(store)?.reason == "it is a link into the folder \(scratch.path)/unmounted, which does not exist")
        #expect(isLink(link))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/unmounted"))
    }

    @Test func aSaveKeepsTheFilesModeAndOwner() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        #expect(chmod(path, 0o600) == 0)
        let owned = geteuid() == 0 && chown(path, 1234, 2345) == 0
        try PosixStorage().writeAtomically(MenuFile.encode(.demo), to: path)
        #expect(mode(path) & 0o7777 == 0o600)
        if owned {
            var info = stat()
            stat(path, &info)
            #expect(info.st_uid == 1234 && info.st_gid == 2345)
        }
        #expect(MenuStore(path: path).menu == .demo)
    }

    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeAsTheMenuIsRefusedWithoutWaiting() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(MenuStore(path: path).loadError?.description == "\(path): this is a named pipe (FIFO), not a regular file")
    }

    @Test func aDeviceAsTheMenuIsRefused() {
        #expect(MenuStore(path: "/dev/null").loadError?.description == "/dev/null: this is a device, not a regular file")
        #expect(MenuStore(path: "/dev/zero").loadError?.description == "/dev/zero: this is a device, not a regular file")
    }

    @Test func aFileNameThatIsNotUTF8IsKeptAsBytesAndShownEscaped() throws {
        let scratch = ScratchFolder()
        let file = FilePath(scratch.path).appending([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x73, 0x6F, 0x6E])
        #expect(file.description == scratch.path + "/caf\\xE9.json")
        let store = MenuStore(file: file)
        #expect(try edit(store) == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        #expect(names.count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/caf\u{FFFD}.json"))
        #expect(MenuStore(file: file).menu.pizzas.last?.name == "Funghi")
    }

    @Test func longFileNamesAreShortenedInTheMiddleWhenShown() {
        let long = FilePath("/home/p/" + String(repeating: "x", count: 500) + "/menu.json")
        #expect(long.description.count == FilePath.shownLength)
        #expect(long.description.hasSuffix("/menu.json"))
        #expect(long.description.contains("…"))
        #expect(FilePath(bytes: [0x0A, 0x41, 0xFF]).description == "\\x0AA\\xFF")
    }
}
