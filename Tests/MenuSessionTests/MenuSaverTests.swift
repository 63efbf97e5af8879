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
        let saver = MenuSaver { menu, _ in writes.write(menu) }
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
        let saver = MenuSaver { _, _ in MenuSaver.Outcome(error: StorageError(path: "/m", reason: "the disk is full")) }
        var reasons: [String] = []
        saver.onFinished = { _, outcome in reasons.append(outcome.error?.reason ?? "none") }
        saver.save(.standard, revision: 1, keepBrokenFile: false)
        await idle(saver)
        #expect(reasons == ["the disk is full"])
    }
}
