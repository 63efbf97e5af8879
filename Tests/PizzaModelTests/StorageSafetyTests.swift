import Foundation
import Glibc
import Synchronization
import Testing
@testable import PizzaModel

/// Random parts for temporary names, chosen by the test: each call gives the next one.
final class ChosenRandomParts: Sendable {
    private let parts: Mutex<[UInt64]>

    init(_ parts: [UInt64]) { self.parts = Mutex(parts) }

    func next() -> UInt64 { parts.withLock { $0.isEmpty ? 0xFFFF : $0.removeFirst() } }
}

/// What a save and a load do with links, pipes, devices, modes, attributes, read-only and changed files,
/// and names that are not UTF-8.
@Suite struct StorageSafetyTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        precondition(lstat(path, &info) == 0)
        return info.st_mode
    }

    func isLink(_ path: String) -> Bool { mode(path) & S_IFMT == S_IFLNK }

    func deviceNumber(_ path: String) -> dev_t {
        var info = stat()
        precondition(lstat(path, &info) == 0)
        return info.st_rdev
    }

    /// The device number of /dev/zero, `makedev(1, 5)` (a C macro Swift does not see): `major << 8 | minor` for small numbers.
    let zeroDevice: dev_t = 1 << 8 | 5

    /// A character device node like /dev/zero, made inside the scratch folder (never a real one in /dev).
    func makeDevice(_ path: String) {
        #expect(mknod(path, S_IFCHR | 0o666, zeroDevice) == 0, "making a device node needs root")
    }

    func run(_ tool: String, _ arguments: String...) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: The temporary file

    @Test(.timeLimit(.minutes(1)))
    func aLinkAPipeAndADevicePlantedAtTheVeryTemporaryNameAreNeverFollowedOrReused() throws {
        let scratch = ScratchFolder()
        let victim = scratch.write("precious", to: "victim.txt")
        let path = scratch.path + "/menu.json"
        let name = { (random: UInt64) in scratch.path + "/" + String(decoding: PosixStorage.temporaryName(for: Array("menu.json".utf8), random: random), as: UTF8.self) }
        try FileManager.default.createSymbolicLink(atPath: name(0xA1), withDestinationPath: victim)
        #expect(mkfifo(name(0xA2), 0o600) == 0)
        makeDevice(name(0xA3))
        let storage = PosixStorage(randomName: ChosenRandomParts([0xA1, 0xA2, 0xA3, 0xA4]).next)
        try storage.writeAtomically(MenuFile.encode(.standard), to: path)
        #expect(scratch.read(victim) == "precious")
        #expect(mode(path) & S_IFMT == S_IFREG)
        #expect(mode(name(0xA2)) & S_IFMT == S_IFIFO)
        #expect(mode(name(0xA3)) & S_IFMT == S_IFCHR)
        #expect(MenuStore(path: path).load().menu == .standard)
        #expect(scratch.entries().count == 5, "the menu, the victim and the three planted names: \(scratch.entries())")
    }

    // MARK: Nothing but a regular file is ever replaced

    @Test func aDeviceAPipeOrAFolderAsTheMenuIsLeftAsItIsByASaveAndByKeepingItAside() throws {
        let scratch = ScratchFolder()
        let device = scratch.path + "/device.json"
        makeDevice(device)
        let pipe = scratch.path + "/pipe.json"
        #expect(mkfifo(pipe, 0o600) == 0)
        let folder = scratch.path + "/folder.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (path, kind, type) in [(device, "a device", S_IFCHR), (pipe, "a named pipe (FIFO)", S_IFIFO), (folder, "a folder", S_IFDIR)] {
            let store = MenuStore(path: path)
            #expect(store.load().loadProblem != nil)
            #expect(!store.hasBrokenFileToKeep)
            let saved = try store.addFunghi()
            #expect(saved.error?.reason.description == "this is \(kind), not a regular file; it is left as it is")
            #expect(saved.keptBrokenFileAt == nil)
            #expect(mode(path) & S_IFMT == type)
        }
        #expect(deviceNumber(device) == zeroDevice)
        #expect(scratch.entries() == ["device.json", "folder.json", "pipe.json"], "no .broken copy and no new file")
    }

    @Test func aMenuLinkedToADeviceIsNotWrittenThroughNorIsTheDeviceSetAside() throws {
        let scratch = ScratchFolder()
        makeDevice(scratch.path + "/zero")
        let link = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path + "/zero")
        let saved = try MenuStore(path: link).addFunghi()
        #expect(saved.error?.reason.description == "this is a device, not a regular file; it is left as it is")
        #expect(isLink(link))
        #expect(mode(scratch.path + "/zero") & S_IFMT == S_IFCHR)
        #expect(scratch.entries() == ["menu.json", "zero"])
    }

    @Test func aBrokenFileIsKeptAsideUnderAFreeNameNeverOverADeviceOrALinkThere() throws {
        let scratch = ScratchFolder()
        let victim = scratch.write("precious", to: "victim.txt")
        let path = scratch.write("{ not a menu", to: "menu.json")
        makeDevice(path + ".broken")
        try FileManager.default.createSymbolicLink(atPath: path + ".broken-2", withDestinationPath: victim)
        let saved = try MenuStore(path: path).addFunghi()
        #expect(saved.error == nil)
        #expect(saved.keptBrokenFileAt == FilePath(path + ".broken-3"))
        #expect(scratch.read(path + ".broken-3") == "{ not a menu")
        #expect(mode(path + ".broken") & S_IFMT == S_IFCHR)
        #expect(deviceNumber(path + ".broken") == zeroDevice)
        #expect(isLink(path + ".broken-2"))
        #expect(scratch.read(victim) == "precious")
    }

    @Test func theWindowStateIsNeverWrittenThroughALinkNorOverAPipeOrDevice() throws {
        let scratch = ScratchFolder()
        let elsewhere = scratch.write("width=900\n", to: "dotfiles/window-state")
        let state = scratch.path + "/state/window-state"
        try FileManager.default.createDirectory(atPath: scratch.path + "/state", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: elsewhere)
        let bytes = Array("width=1000\n".utf8)
        #expect(throws: StorageError(path: state, reason: .linkNotWrittenThrough(role: .windowState))) {
            try PosixStorage().writeAtomically(bytes, to: FilePath(state), role: .windowState, expecting: .anything)
        }
        #expect(isLink(state))
        #expect(scratch.read(elsewhere) == "width=900\n")
        #expect(try PosixStorage().read(state, limit: 65_536, role: .windowState) == Array("width=900\n".utf8), "it is still read")

        let pipe = scratch.path + "/state/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let device = scratch.path + "/state/device"
        makeDevice(device)
        for (path, kind) in [(pipe, FileKind.namedPipe), (device, .device)] {
            #expect(throws: StorageError(path: path, reason: .notRegularFile(kind, leftAsItIs: true))) {
                try PosixStorage().writeAtomically(bytes, to: FilePath(path), role: .windowState, expecting: .anything)
            }
        }
        #expect(mode(pipe) & S_IFMT == S_IFIFO)
        #expect(mode(device) & S_IFMT == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/state").sorted() == ["device", "pipe", "window-state"])
    }

    // MARK: Links

    @Test func aSymlinkedMenuIsSavedThroughTheLinkIntoItsTargetsFolder() throws {
        let scratch = ScratchFolder()
        let target = scratch.write(String(decoding: MenuFile.encode(.demo), as: UTF8.self), to: "dotfiles/pizza/menu.json")
        try FileManager.default.createDirectory(atPath: scratch.path + "/data", withIntermediateDirectories: true)
        let link = scratch.path + "/data/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../dotfiles/pizza/menu.json")
        let store = MenuStore(path: link)
        #expect(store.load().loadProblem == nil)
        #expect(try store.addFunghi().error == nil)
        #expect(isLink(link), "the link stays a link")
        #expect(MenuStore(path: target).load().menu.pizzas.last?.name == "Funghi", "the link's target got the edit")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/data") == ["menu.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/dotfiles/pizza") == ["menu.json"])
    }

    @Test func aSymlinkedBrokenMenuIsKeptAsideInItsTargetsFolderAndTheLinkStays() throws {
        let scratch = ScratchFolder()
        let target = scratch.write("{ not a menu", to: "dotfiles/menu.json")
        try FileManager.default.createDirectory(atPath: scratch.path + "/data", withIntermediateDirectories: true)
        let link = scratch.path + "/data/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../dotfiles/menu.json")
        let store = MenuStore(path: link)
        #expect(store.load().loadProblem != nil)
        #expect(store.hasBrokenFileToKeep)
        let saved = try store.addFunghi()
        #expect(saved.error == nil)
        let kept = try #require(saved.keptBrokenFileAt)
        #expect(kept.fileName == Array("menu.json.broken".utf8))
        #expect(realpath(kept.description, nil).map { String(cString: $0) } == realpath(scratch.path + "/dotfiles", nil).map { String(cString: $0) + "/menu.json.broken" })
        #expect(scratch.read(target + ".broken") == "{ not a menu")
        #expect(isLink(link), "the link stays a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/data") == ["menu.json"])
        #expect(MenuStore(path: target).load().menu.pizzas.last?.name == "Funghi", "the new menu is written through the link")
    }

    @Test func aDanglingLinkIsReportedAndTheFirstSaveCreatesItsTargetKeepingTheLink() throws {
        let scratch = ScratchFolder()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sync", withIntermediateDirectories: true)
        let link = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path + "/sync/menu.json")
        let store = MenuStore(path: link)
        let error = try #require(store.load().loadProblem)
        #expect(error.description == "\(link): it is a link to \(scratch.path)/sync/menu.json, which does not exist")
        #expect(!store.hasBrokenFileToKeep)
        let saved = try store.addFunghi()
        #expect(saved.error == nil)
        #expect(isLink(link))
        #expect(saved.keptBrokenFileAt == nil)
        #expect(MenuStore(path: scratch.path + "/sync/menu.json").load().menu.pizzas.last?.name == "Funghi")
    }

    @Test func aDanglingLinkIntoAMissingFolderIsNotCreatedThere() throws {
        let scratch = ScratchFolder()
        let link = scratch.path + "/menu.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scratch.path + "/unmounted/menu.json")
        let store = MenuStore(path: link)
        #expect(try store.addFunghi().error?.reason.description == "it is a link into the folder \(scratch.path)/unmounted, which does not exist")
        #expect(isLink(link))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/unmounted"))
    }

    // MARK: What a save keeps

    /// 0640 and 0604: modes the temporary file never has (it is made 0600), so only the copy of the mode gives them.
    @Test(arguments: [0o640, 0o604] as [mode_t])
    func aSaveKeepsTheFilesModeAndOwner(_ fileMode: mode_t) throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        #expect(chmod(path, fileMode) == 0)
        #expect(geteuid() == 0 && chown(path, 1234, 2345) == 0, "changing the owner needs root")
        try PosixStorage().writeAtomically(MenuFile.encode(.demo), to: path)
        #expect(mode(path) & 0o7777 == fileMode)
        var info = stat()
        stat(path, &info)
        #expect(info.st_uid == 1234 && info.st_gid == 2345)
        #expect(MenuStore(path: path).load().menu == .demo)
    }

    @Test func aSaveKeepsTheFilesExtendedAttributesAndACL() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        _ = try run("/usr/bin/setfattr", "-n", "user.origin", "-v", "dotfiles", path)
        _ = try run("/usr/bin/setfacl", "-m", "u:1234:rw,g:2345:r", path)
        let attributes = try run("/usr/bin/getfattr", "--absolute-names", "-d", "-m", "-", path)
        let acl = try run("/usr/bin/getfacl", "--absolute-names", "-c", path)
        #expect(attributes.contains("user.origin=\"dotfiles\""))
        #expect(acl.contains("user:1234:rw-"))
        try PosixStorage().writeAtomically(MenuFile.encode(.demo), to: path)
        #expect(try run("/usr/bin/getfattr", "--absolute-names", "-d", "-m", "-", path) == attributes)
        #expect(try run("/usr/bin/getfacl", "--absolute-names", "-c", path) == acl)
        #expect(MenuStore(path: path).load().menu == .demo)
    }

    // MARK: Read-only files

    /// The rule: a file whose mode lets no one write it is read-only, for root too (who could write it anyway).
    @Test func aReadOnlyMenuIsReportedAndNeverReplacedNorSetAside() throws {
        let scratch = ScratchFolder()
        let good = scratch.write(String(decoding: MenuFile.encode(.demo), as: UTF8.self), to: "menu.json")
        let broken = scratch.write("{ not a menu", to: "broken.json")
        #expect(chmod(good, 0o444) == 0 && chmod(broken, 0o444) == 0)
        let store = MenuStore(path: good)
        let loaded = store.load()
        #expect(loaded.isReadOnly)
        #expect(loaded.menu == .demo)
        let saved = try store.addFunghi()
        #expect(saved.error?.kind == .readOnly)
        #expect(saved.error?.reason.description == "it is read-only (its mode lets no one write it); it is left as it is")
        #expect(store.load().menu == .demo)
        #expect(mode(good) & 0o7777 == 0o444)

        #expect(MenuStore(path: broken).load().isReadOnly)
        #expect(!MenuStore(path: broken).hasBrokenFileToKeep)
        #expect(try MenuStore(path: broken).addFunghi().error?.kind == .readOnly)
        #expect(scratch.read(broken) == "{ not a menu")
        #expect(scratch.entries() == ["broken.json", "menu.json"])
        #expect(!MenuStore(path: scratch.write("{}", to: "writable.json")).load().isReadOnly)
    }

    // MARK: Files changed on disk by another program

    @Test func aFileChangedOnDiskSinceItWasReadIsNotOverwritten() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(String(decoding: MenuFile.encode(.standard), as: UTF8.self), to: "menu.json")
        let store = MenuStore(path: path)
        let loaded = store.load()
        // Another program writes the file in place, keeping its size and inode: only the time tells.
        let changed = String(decoding: MenuFile.encode(.standard), as: UTF8.self).replacingOccurrences(of: "Cheese", with: "Chease")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(changed.utf8))
        try handle.close()
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let saved = store.save(.demo, keepingBrokenFile: false, expecting: loaded.expected)
        #expect(saved.error?.kind == .changedOnDisk)
        #expect(saved.error?.reason.description == "another program changed it since it was last read or saved here; it is not overwritten")
        #expect(scratch.read(path) == changed)
        #expect(scratch.entries() == ["menu.json"])
    }

    @Test func aFileCreatedOrDeletedOnDiskSinceItWasReadIsNotOverwrittenNorMadeAgain() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        let store = MenuStore(path: path)
        let missing = store.load()
        _ = scratch.write("{\"pizzas\": []}", to: "menu.json")
        #expect(store.save(.demo, keepingBrokenFile: false, expecting: missing.expected).error?.reason.description
                == "another program created it since it was last read or saved here; it is not overwritten")
        #expect(scratch.read(path) == "{\"pizzas\": []}")
        let present = store.load()
        #expect(unlink(path) == 0)
        #expect(store.save(.demo, keepingBrokenFile: false, expecting: present.expected).error?.kind == .changedOnDisk)
        #expect(scratch.entries() == [])
    }

    @Test func aBrokenFileChangedOnDiskSinceItWasReadIsNeitherSetAsideNorOverwritten() throws {
        let scratch = ScratchFolder()
        let path = scratch.write("{ not a menu", to: "menu.json")
        let store = MenuStore(path: path)
        let loaded = store.load()
        _ = scratch.write("{ being fixed in an editor", to: "menu.json")
        #expect(store.save(.demo, keepingBrokenFile: true, expecting: loaded.expected).error?.kind == .changedOnDisk)
        #expect(scratch.entries() == ["menu.json"])
        #expect(scratch.read(path) == "{ being fixed in an editor")
    }

    @Test func eachSaveExpectsTheFileTheLastOneWrote() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        let store = MenuStore(path: path)
        let first = store.save(.standard, keepingBrokenFile: false, expecting: store.load().expected)
        let written = try #require(first.written)
        #expect(store.load().expected == .version(written))
        let second = store.save(.demo, keepingBrokenFile: false, expecting: .version(written))
        #expect(second.error == nil)
        #expect(store.save(.standard, keepingBrokenFile: false, expecting: .version(written)).error?.kind == .changedOnDisk,
                "the first save's file is gone")
        #expect(store.load().menu == .demo)
    }

    @Test func aBrokenFileKeptAsideBeforeAFailedWriteLetsTheNextSaveWriteWhereItWas() throws {
        let scratch = ScratchFolder()
        let path = scratch.write("{ not a menu", to: "menu.json")
        let loaded = MenuStore(path: path).load()
        let failed = MenuStore(path: path, storage: FaultingStorage(bytesBeforeFault: 10))
            .save(.standard, keepingBrokenFile: true, expecting: loaded.expected)
        #expect(failed.error?.reason.description == "the disk is full")
        #expect(failed.keptBrokenFileAt == FilePath(path + ".broken"))
        let next = failed.nextExpected(after: loaded.expected)
        #expect(next == .nothing)
        #expect(MenuStore(path: path).save(.demo, keepingBrokenFile: true, expecting: next).error == nil)
        #expect(MenuStore(path: path).load().menu == .demo)
        #expect(scratch.entries() == ["menu.json", "menu.json.broken"])
    }

    @Test func aChangeOnDiskIsToldFromTheAppsOwnSave() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        let store = MenuStore(path: path)
        let missing = store.load().expected
        #expect(!store.hasChanged(since: missing))
        let written = try #require(store.save(.standard, keepingBrokenFile: false, expecting: missing).written)
        #expect(store.hasChanged(since: missing), "created since it was read")
        #expect(!store.hasChanged(since: .version(written)), "the app's own save is no change")
        try PosixStorage().writeAtomically(MenuFile.encode(.demo), to: path)
        #expect(store.hasChanged(since: .version(written)))
        #expect(!store.hasChanged(since: .anything))
    }

    // MARK: Pipes, devices, names

    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeAsTheMenuIsRefusedWithoutWaiting() throws {
        let scratch = ScratchFolder()
        let path = scratch.path + "/menu.json"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(MenuStore(path: path).load().loadProblem?.description == "\(path): this is a named pipe (FIFO), not a regular file")
    }

    @Test func aDeviceAsTheMenuIsRefused() {
        let scratch = ScratchFolder()
        let path = scratch.path + "/zero"
        makeDevice(path)
        #expect(MenuStore(path: path).load().loadProblem?.description == "\(path): this is a device, not a regular file")
    }

    @Test func aFileNameThatIsNotUTF8IsKeptAsBytesAndShownEscaped() throws {
        let scratch = ScratchFolder()
        let file = FilePath(scratch.path).appending([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x73, 0x6F, 0x6E])
        #expect(file.description == scratch.path + "/caf\\xE9.json")
        let store = MenuStore(file: file)
        #expect(try store.addFunghi().error == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        #expect(names.count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/caf\u{FFFD}.json"))
        #expect(MenuStore(file: file).load().menu.pizzas.last?.name == "Funghi")
    }

    @Test func longFileNamesAreShortenedInTheMiddleWhenShown() {
        let long = FilePath("/home/p/" + String(repeating: "x", count: 500) + "/menu.json")
        #expect(long.description.count == FilePath.shownLength)
        #expect(long.description.hasSuffix("/menu.json"))
        #expect(long.description.contains("…"))
        #expect(FilePath(bytes: [0x0A, 0x41, 0xFF]).description == "\\x0AA\\xFF")
    }
}
