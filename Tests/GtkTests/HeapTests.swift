import Foundation
import XCTest
@testable import Gtk

final class HeapTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testQuietBodyRunsOnceAfterTheFramesStopAndAgainAfterTheNext() throws {
        try MainActor.assumeIsolated {
            let label = Label("Quiet")
            let window = presentedWindow(showing: label)
            defer { window.destroy() }
            let surface = try XCTUnwrap(window.surface)
            var frames = 0
            surface.frameClock?.onAfterPaint { _ in frames += 1 }
            var quietSpells: [Int] = []
            XCTAssertNotNil(Heap.afterFrames(of: surface, quietFor: 150) { quietSpells.append(frames) })
            runMainLoop(for: 5) { !quietSpells.isEmpty }
            XCTAssertEqual(quietSpells.count, 1, "the first frames end in one quiet spell")
            XCTAssertGreaterThan(quietSpells.first ?? 0, 0, "it comes after a frame")
            runMainLoop(for: 0.4)
            XCTAssertEqual(quietSpells.count, 1, "no frame, no second run")
            label.text = "Drawn again"
            runMainLoop(for: 5) { quietSpells.count == 2 }
            XCTAssertEqual(quietSpells.count, 2, "a new frame starts a new quiet spell")
            XCTAssertGreaterThan(quietSpells.last ?? 0, quietSpells.first ?? 0)
        }
    }
}

