internal import CGtk
import Glibc

/// Measures how long the main thread is busy between two polls of the default GLib main context, the
/// longest that an input event can wait before the loop reads it.
///
/// Off unless `SWIFT_GTK_STALL_LOG` names a file when `Application.run` starts (either form), or `start` is called:
/// then the context's poll function is wrapped (`g_main_context_set_poll_func`), and every busy stretch of
/// at least `SWIFT_GTK_STALL_MIN_US` microseconds (default 1000) is appended to the file as one line,
/// `stall <start> <duration> <cpu> <queued>`: start and duration in nanoseconds of `CLOCK_MONOTONIC`
/// (Python's `time.monotonic_ns()`), the main thread's own CPU time in that stretch
/// (`CLOCK_THREAD_CPUTIME_ID`), and how long it was ready to run but waited for a core (the kernel's
/// run-queue delay, `/proc/thread-self/schedstat`; 0 where that is not available). What is left of the
/// duration is time blocked: waiting for a reply (the X server), a lock, or the disk.
/// A stretch starts when poll returns and ends when the loop polls again, so it covers every source
/// dispatched in between: input handlers, idle work, layout and drawing.
@MainActor
public enum MainLoopProbe {
    /// The variable that names the log file.
    public static let logVariable = "SWIFT_GTK_STALL_LOG"
    /// The variable that sets the shortest stretch logged, in microseconds.
    public static let minimumVariable = "SWIFT_GTK_STALL_MIN_US"

    private static var logDescriptor: Int32 = -1
    private static var minimumNanoseconds: UInt64 = 1_000_000
    private static var pollReturned: UInt64 = 0
    private static var pollReturnedCPU: UInt64 = 0
    private static var pollReturnedQueued: UInt64 = 0
    private static var schedstatDescriptor: Int32 = -1
    private static var wrappedPoll: GPollFunc?

    /// The longest busy stretch since `start`, in nanoseconds.
    public private(set) static var longestStall: UInt64 = 0

    /// Starts when `SWIFT_GTK_STALL_LOG` is set; otherwise does nothing. Called by `Application.run`.
    public static func startFromEnvironment() {
        guard let path = g_getenv(logVariable).map({ String(cString: $0) }), !path.isEmpty else { return }
        let minimum = g_getenv(minimumVariable).flatMap { UInt64(String(cString: $0)) } ?? 1000
        if !start(logPath: path, minimumMicroseconds: minimum) {
            let message = "\(logVariable): cannot open \(path): \(String(cString: strerror(errno)))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
        }
    }

    /// `g_main_context_set_poll_func` on the default context, logging to `logPath` (appended to).
    /// Returns false when the file cannot be opened. Starting again restarts the measurement.
    @discardableResult
    public static func start(logPath: String, minimumMicroseconds: UInt64 = 1000) -> Bool {
        stop()
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        logDescriptor = descriptor
        minimumNanoseconds = minimumMicroseconds * 1000
        longestStall = 0
        pollReturned = now()
        pollReturnedCPU = now(CLOCK_THREAD_CPUTIME_ID)
        schedstatDescriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        pollReturnedQueued = queued()
        wrappedPoll = g_main_context_get_poll_func(nil)
        g_main_context_set_poll_func(nil, probePoll)
        return true
    }

    /// Puts the context's own poll function back and closes the log.
    public static func stop() {
        guard logDescriptor >= 0 else { return }
        g_main_context_set_poll_func(nil, wrappedPoll)
        close(logDescriptor)
        logDescriptor = -1
        if schedstatDescriptor >= 0 { close(schedstatDescriptor) }
        schedstatDescriptor = -1
    }

    private static let probePoll: GPollFunc = { fds, count, timeout in
        let poll = MainActor.assumeIsolated {
            MainLoopProbe.busyStretchEnded()
            return MainLoopProbe.wrappedPoll ?? g_poll
        }
        let result = poll(fds, count, timeout)
        MainActor.assumeIsolated {
            MainLoopProbe.pollReturned = MainLoopProbe.now()
            MainLoopProbe.pollReturnedCPU = MainLoopProbe.now(CLOCK_THREAD_CPUTIME_ID)
            MainLoopProbe.pollReturnedQueued = MainLoopProbe.queued()
        }
        return result
    }

    private static func busyStretchEnded() {
        let duration = now() &- pollReturned
        longestStall = max(longestStall, duration)
        guard duration >= minimumNanoseconds else { return }
        let cpu = now(CLOCK_THREAD_CPUTIME_ID) &- pollReturnedCPU
        let line = "stall \(pollReturned) \(duration) \(cpu) \(queued() &- pollReturnedQueued)\n"
        _ = line.withCString { write(logDescriptor, $0, strlen($0)) }
    }

    /// The main thread's run-queue delay so far, the second number of its schedstat file.
    private static func queued() -> UInt64 {
        guard schedstatDescriptor >= 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 80)
        let count = buffer.withUnsafeMutableBytes { pread(schedstatDescriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return 0 }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2 else { return 0 }
        return fields[1].reduce(0) { $0 * 10 + UInt64($1 &- UInt8(ascii: "0")) }
    }

    private static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
