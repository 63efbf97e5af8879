import PizzaModel

/// Writes the menu off the main thread. One write runs at a time, so saves land in order; menus that
/// arrive while one is written replace each other, so only the newest waits and an older one is never
/// written after it. Results come back on the main actor.
@MainActor
public final class MenuSaver {
    /// What one write did.
    public struct Outcome: Sendable {
        /// Where the unreadable file was moved before the write, if it was.
        public var keptBrokenFileAt: FilePath?
        public var error: StorageError?

        public init(keptBrokenFileAt: FilePath? = nil, error: StorageError? = nil) {
            self.keptBrokenFileAt = keptBrokenFileAt
            self.error = error
        }
    }

    /// Writes `menu` (moving the unreadable file aside first when asked). Runs off the main thread.
    public typealias Write = @Sendable (_ menu: Menu, _ keepBrokenFile: Bool) -> Outcome

    private struct Job {
        var menu: Menu
        var revision: Int
        var keepBrokenFile: Bool
    }

    private let write: Write
    private var waiting: Job?
    private var isWriting = false
    private var idleWaiters: [@MainActor () -> Void] = []

    /// A write finished: the revision it wrote and what happened.
    public var onFinished: (@MainActor (_ revision: Int, _ outcome: Outcome) -> Void)?

    public init(write: @escaping Write) { self.write = write }

    /// Whether a write is running or waiting.
    public var isBusy: Bool { isWriting || waiting != nil }

    /// Saves `menu` as `revision`, after the write that is running, replacing any that waits.
    public func save(_ menu: Menu, revision: Int, keepBrokenFile: Bool) {
        waiting = Job(menu: menu, revision: revision, keepBrokenFile: keepBrokenFile)
        startNext()
    }

    /// Runs `body` once nothing is being written (at once when idle).
    public func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if isBusy { idleWaiters.append(body) } else { body() }
    }

    private func startNext() {
        guard !isWriting, let job = waiting else { return }
        waiting = nil
        isWriting = true
        let write = self.write
        Task.detached {
            let outcome = write(job.menu, job.keepBrokenFile)
            await self.finished(job, outcome)
        }
    }

    private func finished(_ job: Job, _ outcome: Outcome) {
        isWriting = false
        onFinished?(job.revision, outcome)
        startNext()
        if !isBusy {
            let waiters = idleWaiters
            idleWaiters = []
            for waiter in waiters { waiter() }
        }
    }
}

extension MenuSaver {
    /// The file writer: moves an unreadable file aside once if asked (a link to a missing file is not one: the
    /// save creates the file it leads to), then replaces the file atomically.
    /// `sizeLimit` is the most the reader reads: a larger pretty form is written compact (see `MenuFile.encode`).
    public static func fileWriter(path: FilePath, storage: any MenuStorage = PosixStorage(),
                                  sizeLimit: Int = MenuFile.maximumFileSize) -> Write {
        { menu, keepBrokenFile in
            var outcome = Outcome()
            do throws(StorageError) {
                if keepBrokenFile && hasBrokenFileToKeep(at: path, storage: storage) {
                    outcome.keptBrokenFileAt = try storage.moveAside(path, suffix: "broken")
                }
                try storage.writeAtomically(MenuFile.encode(menu, limit: sizeLimit), to: path)
            } catch {
                outcome.error = error
            }
            return outcome
        }
    }

    /// Whether a save would keep the unreadable file at `path` aside: there is something there to move
    /// (a file, or a link that leads nowhere readable), and it is not a link to a missing file, nor a folder.
    public nonisolated static func hasBrokenFileToKeep(at path: FilePath, storage: any MenuStorage = PosixStorage()) -> Bool {
        storage.fileExists(path) && PosixStorage.danglingLinkTarget(path) == nil
    }
}
