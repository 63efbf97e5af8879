import Gtk
import MenuSession
import PizzaModel

/// What shows the app's state and performs the effects that touch the screen: the window.
@MainActor
protocol AppScreen: AnyObject {
    /// Shows what `update` changed, and the state's view as it is now.
    func render(_ update: AppSession.Update, _ state: AppSession)
    /// Performs an effect on the screen (a question, a toast, focus, closing the window).
    func perform(_ effect: AppSession.Effect, _ state: AppSession)
}

/// The app's one way in. Every event goes through `send`: the state handles it, the screen renders the update,
/// and the effects run, those that take time on another thread with their results coming back as events.
/// An event sent while another is being handled (a widget's signal during rendering) waits its turn, so one
/// render never runs inside another.
@MainActor
final class AppRunner {
    private(set) var state: AppSession
    weak var screen: AppScreen?
    private var queue: [AppSession.Event] = []
    private var isHandling = false
    private let saves = BackgroundWork<AppSession.Event>()
    private let reads = BackgroundWork<AppSession.Event>()
    private let folds = BackgroundWork<AppSession.Event>()
    private let exports = BackgroundWork<AppSession.Event>()
    /// The export running: how far it has come, and whether it was asked to stop.
    private var exportControl: ExportControl?
    private let writer: @Sendable (FilePath) -> MenuSaver.Write
    /// Watches the open file for another program's changes.
    private var monitor: FileMonitor?

    /// `writer` gives what saves a menu to a file; tests give their own.
    init(state: AppSession, writer: @escaping @Sendable (FilePath) -> MenuSaver.Write = { MenuSaver.fileWriter(path: $0) }) {
        self.state = state
        self.writer = writer
    }

    /// Runs the effects the state starts with (reading a large file).
    func start() {
        watch(state.menu.path)
        run(state.startEffects)
    }

    /// Reads the file again when another program has written, deleted or moved it; the app's own saves leave it
    /// as the state expects, and a write still going on (`changing`) is read when it is done.
    private func watch(_ path: FilePath) {
        monitor = FileMonitor(path: path.bytes)
        monitor?.onChanged { [weak self] _, event in
            guard let self, event == .changesDone || event == .created || event == .deleted, self.state.menu.path == path,
                  MenuStore(file: path).hasChanged(since: self.state.expectedFile) else { return }
            self.run([.readChangedFile(path)])
        }
    }

    /// Handles `event`, or queues it while another is handled. Returns the update when it was handled at once.
    @discardableResult
    func send(_ event: AppSession.Event) -> AppSession.Update? {
        queue.append(event)
        guard !isHandling else { return nil }
        isHandling = true
        defer { isHandling = false }
        var first: AppSession.Update?
        while !queue.isEmpty {
            let update = state.handle(queue.removeFirst())
            if first == nil { first = update }
            screen?.render(update, state)
            run(update.effects)
        }
        return first
    }

    private func run(_ effects: [AppSession.Effect]) {
        for effect in effects {
            switch effect {
            case .save(let menu, let revision, let path, let keepBrokenFile, let expecting):
                let write = writer(path)
                saves.start({
                    let outcome = write(menu, keepBrokenFile, expecting)
                    let next = outcome.nextExpected(after: expecting)
                    if let error = outcome.error {
                        return .saveFailed(revision: revision, reason: Messages.storageProblem(error.reason), next: next,
                                           changedOnDisk: error.kind == .changedOnDisk)
                    }
                    return .saveFinished(revision: revision, keptBrokenFileAt: outcome.keptBrokenFileAt, next: next)
                }, then: { [weak self] in self?.send($0) })
            case .saveAs(let menu, let revision, let path):
                // The user chose the file and agreed to replace what is there; a read-only one is still refused.
                let write = writer(path)
                saves.start({
                    let outcome = write(menu, false, .anything)
                    if let error = outcome.error { return .saveAsFailed(path: path, reason: Messages.storageProblem(error.reason)) }
                    return .savedAs(path: path, revision: revision, next: outcome.nextExpected(after: .anything))
                }, then: { [weak self] in self?.send($0) })
            case .watchFile(let path):
                watch(path)
            case .read(let path):
                reads.start(reporting: { report in
                    .readFinished(path: path, MenuFiles.read(path) { report(.readProgress(path: path, $0)) })
                }, then: { [weak self] in self?.send($0) })
            case .readChangedFile(let path):
                let savesEnded = state.savesEnded
                reads.start({ .fileChanged(path: path, MenuFiles.read(path), savesEnded: savesEnded) },
                            then: { [weak self] in self?.send($0) })
            case .foldNames(let pizzas):
                folds.start({ .namesFolded(FoldedNames(pizzas), from: pizzas) }, then: { [weak self] in self?.send($0) })
            case .exportPriceList(let menu, let menuFile, let path):
                export { PriceListExport.write(menu, from: menuFile, to: path, control: $0) }
            case .exportPDF(let menu, let shown, let menuFile, let path):
                export { PriceListExport.writePDF(shown, in: menu, from: menuFile, to: path, control: $0) }
            case .cancelExport:
                exportControl?.cancel()
            case .switchedMenu(let path):
                // What was being read or folded for the menu left behind no longer matters.
                reads.cancel()
                folds.cancel()
                watch(path)
                screen?.perform(effect, state)
            default:
                screen?.perform(effect, state)
            }
        }
    }
}

extension AppRunner {
    /// How often the progress of a long export is shown, and after how long it is first.
    static let progressInterval: UInt32 = 100
    static let slowExport: UInt32 = 500

    /// Runs `work` off the main thread; once it has taken `slowExport` ms, its progress goes to the state every
    /// `progressInterval` ms until its result comes back.
    fileprivate func export(_ work: @escaping @Sendable (ExportControl) -> AppSession.Event) {
        let control = ExportControl()
        exportControl = control
        var waited: UInt32 = 0
        MainContext.timeout(milliseconds: Self.progressInterval) { [weak self, weak control] in
            guard let self, let control, self.exportControl === control else { return false }
            waited += Self.progressInterval
            if waited == Self.slowExport { self.send(.exportTakingLong) }
            if waited >= Self.slowExport { self.send(.exportProgressed(control.fraction)) }
            return true
        }
        exports.start({ work(control) }, then: { [weak self] result in
            if self?.exportControl === control { self?.exportControl = nil }
            self?.send(result)
        })
    }
}

/// Work done on another thread whose result comes back on the main actor, with any it reports on the way before it;
/// `cancel` drops the results of the work started before it. Nothing here holds the one who asked for the work.
@MainActor
final class BackgroundWork<Result: Sendable> {
    private var generation = 0

    func start(_ work: @escaping @Sendable () -> Result, then deliver: @escaping @MainActor (Result) -> Void) {
        start(reporting: { _ in work() }, then: deliver)
    }

    /// `work` may `report` results as it goes; each is delivered as the last one is, in the order reported.
    func start(reporting work: @escaping @Sendable (_ report: (Result) -> Void) -> Result,
               then deliver: @escaping @MainActor (Result) -> Void) {
        let generation = self.generation
        Task.detached { [weak self] in
            let reports = AsyncStream<Result>.makeStream()
            let delivering = Task { @MainActor [weak self] in
                for await result in reports.stream { self?.finish(result, generation: generation, deliver) }
            }
            let result = work { reports.continuation.yield($0) }
            reports.continuation.finish()
            await delivering.value
            await self?.finish(result, generation: generation, deliver)
        }
    }

    func cancel() { generation += 1 }

    private func finish(_ result: Result, generation: Int, _ deliver: @MainActor (Result) -> Void) {
        if generation == self.generation { deliver(result) }
    }
}
