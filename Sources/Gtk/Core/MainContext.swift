internal import CGtk
import Dispatch
import Glibc

/// Scheduling work on the GLib main context, the loop GTK runs on the main thread.
///
/// How Swift concurrency reaches the GTK main loop: a `@MainActor` job (`Task { @MainActor in … }`,
/// an `await` that resumes on the main actor) is queued on libdispatch's main queue. Nothing drains that
/// queue while `g_application_run` owns the thread, so `MainContext.attachSwiftMainQueue()` (called by
/// `Application.run`) watches the queue's wake-up handle with a GLib fd source and drains it from the
/// GLib loop, the same hook Foundation's RunLoop uses. Callbacks from GTK itself (signals, the sources
/// below) already run on the main thread and enter the main actor with `MainActor.assumeIsolated`.
@MainActor
public enum MainContext {
    /// A scheduled source. `cancel()` removes it; cancelling after it ran, or twice, does nothing.
    @MainActor
    public final class Source {
        fileprivate var id: guint = 0
        fileprivate let box: HandlerBox<SourceHandler>

        fileprivate init(_ body: @escaping SourceHandler) { box = HandlerBox(body) }

        /// Whether the source is still scheduled.
        public var isScheduled: Bool { box.isConnected }

        /// `g_source_remove`.
        public func cancel() {
            guard box.isConnected else { return }
            g_source_remove(id)
        }
    }

    /// What a source runs: true to run again.
    typealias SourceHandler = @MainActor () -> Bool

    private static let dispatchSource: GSourceFunc = { data in
        let box = Unmanaged<HandlerBox<SourceHandler>>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { (box.handler?() ?? false) ? 1 : 0 }
    }

    /// `g_idle_add_full`: runs `body` once, when the loop is idle, at `priority` (GLib's numbers:
    /// lower runs first; `G_PRIORITY_DEFAULT_IDLE` is 200, GTK redraws at 120).
    @discardableResult
    public static func idle(priority: Int32 = 200, _ body: @escaping @MainActor () -> Void) -> Source {
        schedule { body(); return false } attach: { data in
            g_idle_add_full(priority, dispatchSource, data, releaseHandlerBoxData)
        }
    }

    /// `g_timeout_add_full`: runs `body` after `milliseconds`, again each period while it returns true.
    @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> Source {
        schedule(body) { data in g_timeout_add_full(0, milliseconds, dispatchSource, data, releaseHandlerBoxData) }
    }

    private static func schedule(_ body: @escaping SourceHandler, attach: (gpointer) -> guint) -> Source {
        let source = Source(body)
        source.id = attach(source.box.retainedForGLib())
        return source
    }

    /// `g_main_context_iteration` until `condition` holds or `limit` iterations ran; for tests and
    /// for code that must let pending GTK work (layout, mapping) finish. Returns whether it held.
    @discardableResult
    public static func iterate(until condition: () -> Bool, limit: Int = 10_000) -> Bool {
        var count = 0
        while !condition() && count < limit {
            g_main_context_iteration(nil, 1)
            count += 1
        }
        return condition()
    }

    /// `g_main_context_iteration` without blocking, until nothing is pending or `limit` iterations ran
    /// (a source that is always ready, like a readable fd nobody drains, would otherwise spin forever).
    public static func drainPending(limit: Int = 1_000) {
        var count = 0
        while g_main_context_pending(nil) != 0 && count < limit {
            g_main_context_iteration(nil, 0)
            count += 1
        }
    }

    private static var swiftQueueSource: guint = 0

    /// `g_unix_fd_add_full` on libdispatch's main-queue handle, so main-actor jobs run in the GLib loop.
    public static func attachSwiftMainQueue() {
        guard swiftQueueSource == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        swiftQueueSource = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            // The handle is an eventfd: read it so that it stops being readable, or GLib would spin on it.
            var signals: UInt64 = 0
            _ = read(fd, &signals, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1
        }, nil, nil)
    }
}
