import CGtk
import XCTest
@testable import Gtk

final class MainContextTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testIdleRunsOnceAndReleasesItsClosure() {
        MainActor.assumeIsolated {
            var runs = 0
            var tracker: CaptureTracker? = CaptureTracker()
            weak let weakTracker = tracker
            let source = MainContext.idle { [tracker] in _ = tracker; runs += 1 }
            tracker = nil
            XCTAssertTrue(source.isScheduled)
            MainContext.iterate(until: { runs > 0 }, limit: 100)
            MainContext.drainPending()
            XCTAssertEqual(runs, 1)
            XCTAssertFalse(source.isScheduled)
            XCTAssertNil(weakTracker)
            source.cancel()
        }
    }

    func testCancelledTimeoutNeverRuns() {
        MainActor.assumeIsolated {
            var ran = false
            let source = MainContext.timeout(milliseconds: 1) { ran = true; return false }
            source.cancel()
            source.cancel()
            var waited = false
            MainContext.timeout(milliseconds: 20) { waited = true; return false }
            MainContext.iterate(until: { waited }, limit: 1_000)
            XCTAssertFalse(ran)
            XCTAssertFalse(source.isScheduled)
        }
    }

    func testSwiftConcurrencyMainActorJobsRunInsideTheGLibLoop() {
        MainActor.assumeIsolated {
            MainContext.attachSwiftMainQueue()
            var reached = false
            Task { @MainActor in reached = true }
            XCTAssertFalse(reached)
            MainContext.iterate(until: { reached }, limit: 1_000)
            XCTAssertTrue(reached)
            MainContext.drainPending(limit: 100)
            XCTAssertEqual(g_main_context_pending(nil), 0, "the main-queue handle does not stay ready")
        }
    }
}

final class MainLoopProbeTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testProbeLogsABusyStretchWithItsLengthAndSkipsShortOnes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(getpid()).log").path
        defer { unlink(path) }
        MainActor.assumeIsolated {
            XCTAssertTrue(MainLoopProbe.start(logPath: path, minimumMicroseconds: 20_000))
            var done = false
            let before = monotonicNanoseconds()
            MainContext.idle { usleep(5_000) }
            MainContext.idle { usleep(40_000); done = true }
            MainContext.iterate(until: { done }, limit: 100)
            g_main_context_iteration(nil, 0)
            MainLoopProbe.stop()
            XCTAssertGreaterThanOrEqual(MainLoopProbe.longestStall, 40_000_000)
            let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
            XCTAssertEqual(lines.count, 1, "only the 40 ms stretch is at least 20 ms: \(lines)")
            let fields = lines.first?.split(separator: " ") ?? []
            XCTAssertEqual(fields.first, "stall")
            let start = fields.count == 3 ? UInt64(fields[1]) ?? 0 : 0
            let duration = fields.count == 3 ? UInt64(fields[2]) ?? 0 : 0
            XCTAssertGreaterThanOrEqual(start, before)
            XCTAssertGreaterThanOrEqual(duration, 40_000_000)
            XCTAssertLessThan(duration, 1_000_000_000)
        }
    }
}

private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
