import Foundation
import XCTest
@testable import Gtk

/// GFileMonitor is GIO only: these tests need no display.
final class FileMonitorTests: XCTestCase {
    private func scratchFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-monitor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent("menu.json").path
    }

    func testMonitorIsOwnedOnceAndFinalizedWhenDropped() throws {
        let path = try scratchFile()
        MainActor.assumeIsolated {
            var monitor = FileMonitor(path: Array(path.utf8))
            XCTAssertNotNil(monitor)
            let probe = FinalizationProbe(monitor!)
            XCTAssertEqual(monitor!.referenceCount, 1)
            monitor?.onChanged { _, _ in }
            monitor = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testAnotherProgramsWriteIsReportedWhenItIsDone() throws {
        let path = try scratchFile()
        try MainActor.assumeIsolated {
            let monitor = FileMonitor(path: Array(path.utf8))
            var events: [FileMonitor.Event] = []
            monitor?.onChanged { events.append($1) }
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
            runMainLoop(for: 10) { events.contains(.changesDone) }
            XCTAssertTrue(events.contains(.changesDone), "events seen: \(events)")
        }
    }
}
