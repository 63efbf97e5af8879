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
