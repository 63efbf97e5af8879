import Foundation
import XCTest
@testable import Gtk

final class FrameClockTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testALayoutHandlerSeesTheNewAllocationBeforeTheFrameIsPainted() throws {
        try MainActor.assumeIsolated {
            let label = Label("Wide")
            let window = presentedWindow(showing: label)
            defer { window.destroy() }
            runMainLoop(for: 5) { label.width > 0 }
            let before = label.width
            let clock = try XCTUnwrap(window.surface?.frameClock)
            var events: [(phase: String, width: Int)] = []
            let layout = clock.onLayout { _ in events.append(("layout", label.width)) }
            let paint = clock.onAfterPaint { _ in events.append(("paint", label.width)) }
            defer { layout.disconnect(); paint.disconnect() }

            window.defaultSize = (before + 120, 100)
            runMainLoop(for: 5) { events.contains { $0.phase == "paint" && $0.width > before } }
            let painted = try XCTUnwrap(events.firstIndex { $0.phase == "paint" && $0.width > before },
                                        "a frame was painted at the new width: \(events)")
            let lastLayout = try XCTUnwrap(events[..<painted].last { $0.phase == "layout" },
                                           "the layout handler ran in that frame: \(events)")
            XCTAssertEqual(lastLayout.width, events[painted].width, "it saw the allocation the frame painted: \(events)")
        }
    }
}
