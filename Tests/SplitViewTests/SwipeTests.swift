import Foundation
import XCTest
@testable import Gtk
@testable import SplitView

/// Issue 31 item 4: a swipe follows the finger back in the stack and in or out over the detail, cancels when let
/// go early, and takes a touchpad's two-finger scroll but never a wheel's click.
final class SwipeTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheDetailFollowsTheFingerBackAndAnEarlyReleaseSlidesItBack() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            XCTAssertTrue(fixture.field.grabFocus())
            let start = try fixture.point(in: fixture.detail, x: 4, y: 150)
            try fixture.press(at: start, movingBy: 120)
            fixture.settle { fixture.listShows }
            XCTAssertTrue(fixture.split.backLayer.isMapped, "the detail's image moves over the list")
            XCTAssertEqual(try fixture.layerX(), 120, accuracy: 2, "it follows the pointer")
            XCTAssertTrue(fixture.listShows, "the list shows underneath")
            XCTAssertEqual(fixture.split.state.topPane, .secondary, "nothing decided while the finger is down")
            try fixture.xdotool(["mousemove_relative", "--", "60", "0"]) { (try? fixture.layerX()) == 180 }
            XCTAssertEqual(try fixture.layerX(), 180, accuracy: 2)
            try fixture.xdotool(["sleep", "0.2", "mouseup", "1"])
            fixture.settle { !fixture.split.backLayer.isVisible }
            XCTAssertFalse(fixture.split.backLayer.isVisible)
            XCTAssertEqual(fixture.split.state.topPane, .secondary, "180 of 600 px is short of a third: cancelled")
            XCTAssertTrue(fixture.detailShows)
            XCTAssertTrue(fixture.focusIsIn(fixture.field), "focus is back in the field")
        }
    }

    func testAQuickFlickGoesBackEvenWhenShort() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            fixture.swipe(fixture.touchpad(stack: true), by: 90, step: 15, pause: false)
            _ = fixture.touchpad(stack: true).emit("scroll-end")
            fixture.settle { fixture.listShows && !fixture.split.backLayer.isVisible }
            XCTAssertEqual(fixture.split.state.topPane, .primary)
            XCTAssertEqual(fixture.split.state.selection, 1)
        }
    }

    func testATouchpadSwipeGoesBackFollowingTheFingersAndASlowShortOneDoesNot() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            let touchpad = fixture.touchpad(stack: true)
            fixture.swipe(touchpad, by: 100)
            XCTAssertEqual(try fixture.layerX(), 100, accuracy: 1, "the detail moved with the fingers")
            _ = touchpad.emit("scroll-end")
            fixture.settle { !fixture.split.backLayer.isVisible }
            XCTAssertEqual(fixture.split.state.topPane, .secondary, "a sixth of the way, slowly: cancelled")
            fixture.swipe(touchpad, by: 300)
            _ = touchpad.emit("scroll-end")
            fixture.settle { fixture.listShows && !fixture.split.backLayer.isVisible }
            XCTAssertEqual(fixture.split.state.topPane, .primary)
            XCTAssertTrue(fixture.focusIsIn(fixture.view.list.widget), "focus on the list")
        }
    }

    func testATouchpadSwipeEndsWhenTheTouchpadFallsSilentAsOnX11() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            fixture.swipe(fixture.touchpad(stack: true, silence: 200), by: 300)
            fixture.settle { fixture.split.state.topPane == .primary }
            XCTAssertEqual(fixture.split.state.topPane, .primary, "half the way, then no word from the touchpad")
            XCTAssertFalse(fixture.split.backLayer.isVisible)
        }
    }

    func testAFingerMovingMostlyDownIsNotASwipe() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            let touchpad = fixture.touchpad(stack: true)
            for _ in 0..<40 { _ = touchpad.emit("scroll", .double(-5), .double(10), returning: .bool) }
            _ = touchpad.emit("scroll-end")
            fixture.settle()
            XCTAssertFalse(fixture.split.backLayer.isVisible)
            XCTAssertEqual(fixture.split.state.topPane, .secondary)
        }
    }

    func testAWheelsClicksNeverSwipe() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            let point = try fixture.point(in: fixture.detail, x: 100, y: 150)
            // Button 6 scrolls left: as a touchpad's fingers moving right, 300 clicks would be half the way back.
            try fixture.xdotool(["mousemove", "--window", "%1", "\(point.x)", "\(point.y)",
                                 "click", "--repeat", "300", "--delay", "1", "6"])
            fixture.settle()
            XCTAssertEqual(fixture.split.state.topPane, .secondary)
            XCTAssertFalse(fixture.split.backLayer.isVisible)
            XCTAssertTrue(fixture.detailShows)
        }
    }

    func testTheListFollowsTheFingerInOverTheDetailAndOutAgain() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800, selection: 1)
            defer { fixture.close() }
            let revealer = fixture.split.listOverlay.revealer
            let detailX = try XCTUnwrap(fixture.detail.origin(in: fixture.window)).x
            let touchpad = fixture.touchpad(stack: false)
            fixture.swipe(touchpad, by: 100)
            let width = Double(revealer.width)
            XCTAssertGreaterThan(width, 200)
            let sheetX = try XCTUnwrap(revealer.origin(in: fixture.split.widget)).x
            XCTAssertEqual(sheetX, 100 - width, accuracy: 1, "the list's trailing edge is under the fingers")
            XCTAssertEqual(fixture.split.listOverlay.scrim.opacity, 100 / width, accuracy: 0.01, "dimmed as far as it is in")
            XCTAssertEqual(try XCTUnwrap(fixture.detail.origin(in: fixture.window)).x, detailX, "the detail stays put")
            XCTAssertFalse(fixture.split.state.isOverlayOpen)
            fixture.swipe(touchpad, by: 150)
            _ = touchpad.emit("scroll-end")
            fixture.settle { fixture.split.state.isOverlayOpen }
            XCTAssertTrue(fixture.split.state.isOverlayOpen)
            XCTAssertEqual(try XCTUnwrap(revealer.origin(in: fixture.split.widget)).x, 0)
            XCTAssertTrue(fixture.focusIsIn(fixture.view.list.widget), "focus goes into the list as it opens")
            // Back out: the fingers move towards the leading edge, and the list goes with them.
            fixture.swipe(touchpad, by: -60)
            XCTAssertEqual(try XCTUnwrap(revealer.origin(in: fixture.split.widget)).x, -60, accuracy: 1)
            _ = touchpad.emit("scroll-end")
            fixture.settle { (try? XCTUnwrap(revealer.origin(in: fixture.split.widget)).x) == 0 }
            XCTAssertTrue(fixture.split.state.isOverlayOpen, "a quarter of the way, slowly: it stays open")
            fixture.swipe(touchpad, by: -200)
            _ = touchpad.emit("scroll-end")
            fixture.settle { !fixture.split.state.isOverlayOpen && !revealer.isVisible }
            XCTAssertFalse(fixture.split.state.isOverlayOpen)
            XCTAssertFalse(revealer.isVisible)
            XCTAssertEqual(fixture.split.listOverlay.scrim.isVisible, false)
        }
    }

    func testRightToLeftTheSwipesAreMirrored() throws {
        try MainActor.assumeIsolated {
            Widget.defaultDirection = .rightToLeft
            defer { Widget.defaultDirection = .leftToRight }
            let stack = OverlayFixture(width: 600, selection: 1)
            defer { stack.close() }
            stack.swipe(stack.touchpad(stack: true), by: 100)
            XCTAssertEqual(try stack.layerX(), 0, "fingers moving right go nowhere: right to left, that is outwards")
            _ = stack.touchpad(stack: true).emit("scroll-end")
            stack.settle()
            stack.swipe(stack.touchpad(stack: true), by: -100)
            XCTAssertEqual(try stack.layerX(), -100, accuracy: 1, "the detail follows the fingers to the left")
            stack.swipe(stack.touchpad(stack: true), by: -200)
            _ = stack.touchpad(stack: true).emit("scroll-end")
            stack.settle { stack.split.state.topPane == .primary }
            XCTAssertEqual(stack.split.state.topPane, .primary)
            let overlay = OverlayFixture(width: 800)
            defer { overlay.close() }
            overlay.swipe(overlay.touchpad(stack: false), by: -100)
            let revealer = overlay.split.listOverlay.revealer
            let right = try XCTUnwrap(revealer.origin(in: overlay.split.widget)).x + Double(revealer.width)
            XCTAssertEqual(right - Double(overlay.split.widget.width), Double(revealer.width) - 100, accuracy: 1,
                           "the list comes in from the right, its leading edge under the fingers")
        }
    }

    func testTheSlideAfterLettingGoIsAnimatedUnlessAnimationsAreOff() throws {
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(DisplaySettings.default)
            defer { settings.reset("gtk-enable-animations") }
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            let touchpad = fixture.touchpad(stack: true)
            settings.enablesAnimations = true
            fixture.swipe(touchpad, by: 300)
            _ = touchpad.emit("scroll-end")
            XCTAssertEqual(fixture.split.state.topPane, .secondary, "still sliding")
            XCTAssertEqual(try fixture.layerX(), 300, accuracy: 1)
            fixture.settle { fixture.split.state.topPane == .primary }
            XCTAssertEqual(fixture.split.state.topPane, .primary)
            fixture.split.select(2)
            fixture.settle { fixture.detailShows }
            settings.enablesAnimations = false
            fixture.swipe(touchpad, by: 300)
            _ = touchpad.emit("scroll-end")
            XCTAssertEqual(fixture.split.state.topPane, .primary, "with animations off the swipe ends at once")
            XCTAssertFalse(fixture.split.backLayer.isVisible)
        }
    }
}

extension OverlayFixture {
    /// The touchpad's scroll controller of the swipe on the stack or on the list over the detail. Its swipes
    /// end with `scroll-end` (as on Wayland), unless `silence` is given: then a pause that long ends them (as on
    /// X11), and a busy test machine's pauses do not.
    func touchpad(stack: Bool, silence: UInt32 = 60_000) -> ScrollController {
        let swipe = split.swipes[stack ? 1 : 0]
        swipe.touchpadQuiet = silence
        return swipe.scroll
    }

    func swipe(_ touchpad: ScrollController, by pixels: Int, step: Int = 5, pause: Bool = true) {
        for _ in 0..<(abs(pixels) / step) {
            _ = touchpad.emit("scroll", .double(pixels > 0 ? -Double(step) : Double(step)), .double(0), returning: .bool)
            if pause {
                let until = Date().addingTimeInterval(0.02)
                while Date() < until { MainContext.drainPending(); usleep(2_000) }
            }
        }
        if pause { waitForLayout() }
    }

    /// Waits until a frame has been laid out since now: the second tick after this call comes after the first
    /// frame's layout, which a busy machine may not reach within a step's pause.
    func waitForLayout() {
        var ticks = 0
        split.widget.onNextFrame { ticks += 1; self.split.widget.onNextFrame { ticks += 1 } }
        settle { ticks == 2 }
    }

    func layerX() throws -> Double {
        try XCTUnwrap(split.backLayer.origin(in: split.widget)).x
    }
}
