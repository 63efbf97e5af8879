internal import CGtk

/// The C heap that GTK, GLib and the Swift runtime allocate from: glibc's malloc.
@MainActor
public enum Heap {
    /// `malloc_trim(0)`: gives the heap's free pages back to the system, at its top and inside it. Returns
    /// whether any memory was released.
    @discardableResult
    public nonisolated static func returnFreePages() -> Bool { malloc_trim(0) != 0 }

    /// Returns the heap's free pages once `surface` has drawn no frame for `quietMilliseconds`: after start-up,
    /// a resize or any burst of drawing. GTK's cairo renderer draws each frame into a buffer the size of what
    /// it redraws (2.4 MB for a 1000 × 600 window) and frees it; once glibc's mmap threshold has grown to that
    /// size, the buffer comes from the heap and its pages stay resident until the next frame reuses them.
    @discardableResult
    public static func returnFreePagesWhenQuiet(_ surface: Surface, quietMilliseconds: UInt32 = 500) -> SignalConnection? {
        afterFrames(of: surface, quietFor: quietMilliseconds) { returnFreePages() }
    }

    /// Runs `body` once `surface` has drawn no frame for `milliseconds`, once per quiet spell after frames.
    static func afterFrames(of surface: Surface, quietFor milliseconds: UInt32,
                            _ body: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let clock = surface.frameClock else { return nil }
        let quiet = QuietTimer(milliseconds: milliseconds, body: body)
        return clock.onAfterPaint { _ in quiet.restart() }
    }
}

/// Runs `body` once `milliseconds` have passed since the last `restart()`, at most once per quiet spell.
/// One timeout is pending at a time; a restart while it waits only moves the time it runs at.
@MainActor
private final class QuietTimer {
    private let milliseconds: UInt32
    private let body: @MainActor () -> Void
    private var last = 0
    private var pending: MainContext.Source?

    init(milliseconds: UInt32, body: @escaping @MainActor () -> Void) {
        self.milliseconds = milliseconds
        self.body = body
    }

    /// `g_get_monotonic_time`, then a timeout unless one is pending.
    func restart() {
        last = g_get_monotonic_time()
        if pending?.isScheduled != true { wait(milliseconds) }
    }

    private func wait(_ delay: UInt32) {
        pending = MainContext.timeout(milliseconds: delay) { [weak self] in
            self?.check()
            return false
        }
    }

    private func check() {
        let elapsed = (g_get_monotonic_time() - last) / 1000
        if elapsed >= Int(milliseconds) {
            body()
        } else {
            wait(milliseconds - UInt32(elapsed))
        }
    }
}
