import Foundation
import Glibc
import Synchronization
import Testing
import PizzaModel
@testable import MenuSession

/// A write that blocks until released, recording what it was asked to write.
final class GatedWrites: Sendable {
    let written = Mutex<[Int]>([])
    let gate = Mutex<Bool>(false)

    func write(_ menu: Menu) -> MenuSaver.Outcome {
        while !gate.withLock({ $0 }) { usleepBriefly() }
        written.withLock { $0.append(menu.pizzas.count) }
        return MenuSaver.Outcome()
    }

    func open() { gate.withLock { $0 = true } }
}

private func usleepBriefly() {
    var request = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    nanosleep(&request, nil)
}

@MainActor
private func idle(_ saver: MenuSaver) async {
    await withCheckedContinuation { continuation in saver.whenIdle { continuation.resume() } }
}

@Suite struct MenuSaverTests {
    @MainActor @Test func menusThatArriveDuringAWriteCoalesceAndOnlyTheNewestIsWrittenAfterIt() async throws {
        let writes = GatedWrites()
        let saver = MenuSaver(write: { menu, _, _ in writes.write(menu) }, expecting: .anything)
        var finished: [Int] = []
        saver.onFinished = { revision, _ in finished.append(revision) }
        var menu = Menu.standard
        saver.save(menu, revision: 1, keepBrokenFile: false)
        for revision in 2...4 {
            try menu.remove(at: 0)
            saver.save(menu, revision: revision, keepBrokenFile: false)
        }
        #expect(saver.isBusy)
        writes.open()
        await idle(saver)
        // Revision 1 (4 pizzas) was running; 2 and 3 were replaced by 4 (1 pizza) before they started.
        #expect(writes.written.withLock { $0 } == [4, 1])
        #expect(finished == [1, 4])
        #expect(!saver.isBusy)
    }

    @MainActor @Test func aFailedWriteIsReportedWithItsReason() async {
        let saver = MenuSaver(write: { _, _, _ in MenuSaver.Outcome(error: StorageError(path: "/m", reason: "the disk is full")) },
                              expecting: .anything)
        var reasons: [String] = []
        saver.onFinished = { _, outcome in reasons.append(outcome.error?.reason ?? "none") }
        saver.save(.standard, revision: 1, keepBrokenFile: false)
        await idle(saver)
        #expect(reasons == ["the disk is full"])
    }

    @MainActor @Test func eachWriteExpectsTheFileAsReadOrAsLastWrittenAndAChangeOnDiskIsReportedNotOverwritten() async throws {
        let folder = FilePath(String(cString: mkdtemp(strdup("/tmp/menu-saver-XXXXXX"))))
        defer { _ = try? FileManager.default.removeItem(atPath: folder.description) }
        let path = folder.appending("menu.json")
        try PosixStorage().writeAtomically(MenuFile.encode(.standard), to: path)
        let loaded = MenuStore(file: path).load()
        let saver = MenuSaver(write: MenuSaver.fileWriter(path: path), expecting: loaded.expected)
        var outcomes: [MenuSaver.Outcome] = []
        saver.onFinished = { _, outcome in outcomes.append(outcome) }
        var menu = loaded.menu
        try menu.remove(at: 0)
        saver.save(menu, revision: 1, keepBrokenFile: false)
        await idle(saver)
        try menu.remove(at: 0)
        saver.save(menu, revision: 2, keepBrokenFile: false)
        await idle(saver)
        #expect(outcomes.map(\.error) == [nil, nil], "the second write expected the file the first one wrote")
        #expect(saver.expected == .version(try #require(outcomes.last?.written)))

        // Another program replaces the file: the next write says so and leaves its file.
        let theirs = try Menu(pizzas: [Pizza(name: "Theirs", pricePerSquareInch: 0.05)])
        try PosixStorage().writeAtomically(MenuFile.encode(theirs), to: path)
        try menu.remove(at: 0)
        saver.save(menu, revision: 3, keepBrokenFile: false)
        await idle(saver)
        #expect(outcomes.last?.error?.kind == .changedOnDisk)
        #expect(MenuStore(file: path).load().menu == theirs)

        // The user chose to keep theirs and overwrite.
        saver.expect(.anything)
        saver.save(menu, revision: 4, keepBrokenFile: false)
        await idle(saver)
        #expect(outcomes.last?.error == nil)
        #expect(MenuStore(file: path).load().menu == menu)
    }
}
