import PizzaModel

/// Writes the menu off the main thread. One write runs at a time, so saves land in order; menus that
/// arrive while one is written replace each other, so only the newest waits and an older one is never
/// written after it. Each write expects the file as it was last read or written (`expected`), so a file
/// changed on disk by another program is reported, not overwritten. Results come back on the main actor.
@MainActor
public final class MenuSaver {
    /// What one write did.
    public typealias Outcome = MenuStore.SaveOutcome

    /// Writes `menu` over the file `expecting` describes (keeping the broken file aside first when asked).
    /// Runs off the main thread.
    public typealias Write = @Sendable (_ menu: Menu, _ keepBrokenFile: Bool, _ expecting: ExpectedFile) -> Outcome

    private struct Job {
        var menu: Menu
        var revision: Int
        var keepBrokenFile: Bool
    }

    private let write: Write
    private var waiting: Job?
    private var isWriting = false
    private var idleWaiters: [@MainActor () -> Void] = []

    /// The file the next write expects on disk: the one read (`MenuStore.Loaded.expected`), then each one written.
    public private(set) var expected: ExpectedFile

    /// A write finished: the revision it wrote and what happened.
    public var onFinished: (@MainActor (_ revision: Int, _ outcome: Outcome) -> Void)?

    public init(write: @escaping Write, expecting: ExpectedFile) {
        self.write = write
        expected = expecting
    }

    /// Whether a write is running or waiting.
    public var isBusy: Bool { isWriting || waiting != nil }

    /// Saves `menu` as `revision`, after the write that is running, replacing any that waits.
    public func save(_ menu: Menu, revision: Int, keepBrokenFile: Bool) {
        waiting = Job(menu: menu, revision: revision, keepBrokenFile: keepBrokenFile)
        startNext()
    }

    /// From now on writes expect `file` on disk: the file as read again, or `.anything` when the user chose
    /// to overwrite a file changed on disk.
    public func expect(_ file: ExpectedFile) { expected = file }

    /// Runs `body` once nothing is being written (at once when idle).
    public func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if isBusy { idleWaiters.append(body) } else { body() }
    }

    private func startNext() {
        guard !isWriting, let job = waiting else { return }
        waiting = nil
        isWriting = true
        let write = self.write
        let expected = self.expected
        Task.detached {
            let outcome = write(job.menu, job.keepBrokenFile, expected)
            await self.finished(job, outcome)
        }
    }

    private func finished(_ job: Job, _ outcome: Outcome) {
        isWriting = false
        if let written = outcome.written { expected = .version(written) }
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
    /// The file writer: the one persistence path, `MenuStore.save`.
    public static func fileWriter(path: FilePath, storage: any MenuStorage = PosixStorage()) -> Write {
        let store = MenuStore(file: path, storage: storage)
        return { menu, keepBrokenFile, expecting in
            store.save(menu, keepingBrokenFile: keepBrokenFile, expecting: expecting)
        }
    }
}
