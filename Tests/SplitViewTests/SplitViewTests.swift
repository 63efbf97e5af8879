import Foundation
import XCTest
@testable import Gtk
@testable import SplitView

/// A real window holding a split view whose panes are a focusable list stand-in and a detail stand-in.
@MainActor
final class SplitFixture {
    let window = Window()
    let primaryButton = Button(label: "Primary row")
    let secondaryButton = Button(label: "Secondary control")
    let primary = Box(.vertical)
    let secondary = Box(.vertical)
    let split: SplitView<Int>
    let layout = SplitLayout.standard
    let title: String
    /// Narrow, yet wider than the side-by-side minimum, so GTK gives the window exactly this width.
    var narrow: Int { layout.collapseBelow - 30 }

    init(width: Int, selection: Int? = nil, isPrimaryHidden: Bool = false) {
        primary.append(primaryButton)
        secondary.append(secondaryButton)
        split = SplitView(primary: primary, secondary: secondary, primaryTitle: "Items", width: width,
                          selection: selection, isPrimaryHidden: isPrimaryHidden, headerBars: .none)
        split.focusPrimary = { [primaryButton] in primaryButton.grabFocus() }
        split.focusSecondary = { [secondaryButton] in secondaryButton.grabFocus() }
        title = "split-test-\(UInt32.random(in: 0...UInt32.max))"
        window.title = title
        window.defaultSize = (width, 500)
        let content = Box(.vertical)
        let bar = Box(.horizontal)
        bar.append(split.backButton)
        bar.append(split.primaryToggle)
        content.append(bar)
        content.append(split.widget)
        window.child = content
        split.track(window)
        window.present()
        settle { self.window.isMapped }
        settle { self.window.surface.map { $0.width > 0 } ?? false }
    }

    /// Runs the main loop until `condition` holds and the frame clock had time to tick and lay out.
    @discardableResult
    func settle(_ condition: @escaping () -> Bool = { true }) -> Bool {
        runMainLoop(until: condition)
    }

    func resizeWithGtk(_ width: Int) {
        window.defaultSize = (width, 500)
        settle { self.window.surface?.width == width }
    }

    /// A real X resize from outside the app, as a window manager or a user would do.
    func resizeFromOutside(_ width: Int) throws {
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$", "windowsize", "%@", "\(width)", "500"]
        try xdotool.run()
        settle { !xdotool.isRunning && self.window.surface?.width == width }
        XCTAssertEqual(xdotool.terminationStatus, 0)
    }

    /// Real key presses from outside (XTEST, through xdotool): they reach the view the way a user's do.
    func pressFromOutside(_ keys: String...) throws {
        try pressKeysFromOutside(windowTitled: title, keys)
    }

    /// What is really on screen: mapped widgets whose stack page is the visible one.
    var primaryShows: Bool { primary.isMapped && primary.isDrawable }
    var secondaryShows: Bool { secondary.isMapped && secondary.isDrawable }

    /// The focus widget, which must be on screen.
    var focus: Widget? { window.focus }

    func close() {
        window.destroy()
        settle()
    }
}

final class SplitViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testWideWindowShowsBothPanesSideBySideInAPaned() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            XCTAssertFalse(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.primaryShows)
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertEqual(fixture.primary.parent?.typeName, "GtkPaned")
            XCTAssertFalse(fixture.split.backButton.isVisible)
            XCTAssertTrue(fixture.split.primaryToggle.isVisible)
            XCTAssertGreaterThanOrEqual(fixture.primary.width, fixture.layout.primaryMinimumWidth)
        }
    }

    func testNarrowingWithoutSelectionShowsTheListNeverAnEmptyDetail() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.resizeWithGtk(fixture.narrow)
            XCTAssertEqual(fixture.window.surface?.width, fixture.narrow, "the window gets the width asked for")
            XCTAssertTrue(fixture.split.state.isCollapsed)
            XCTAssertEqual(fixture.primary.parent?.typeName, "GtkStack")
            XCTAssertTrue(fixture.primaryShows)
            XCTAssertFalse(fixture.secondaryShows)
            XCTAssertFalse(fixture.split.backButton.isVisible)
            XCTAssertFalse(fixture.split.primaryToggle.isVisible)
        }
    }

    func testNarrowingWithSelectionShowsTheDetailWithBackAndFocusInIt() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.split.select(3)
            fixture.primaryButton.grabFocus()
            fixture.resizeWithGtk(fixture.narrow)
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertFalse(fixture.primaryShows)
            XCTAssertTrue(fixture.split.backButton.isVisible)
            XCTAssertTrue(fixture.focus === fixture.secondaryButton, "focus moved off the hidden list")
        }
    }

    func testCollapsingAndExpandingKeepFocusOnTheDetailFieldBeingTypedIn() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            let field = Entry()
            fixture.secondary.append(field)
            fixture.split.select(3)
            fixture.settle()
            XCTAssertTrue(field.grabFocus())
            fixture.settle()
            fixture.resizeWithGtk(fixture.narrow)
            XCTAssertTrue(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertTrue(fixture.focus?.isDescendant(of: field) ?? false, "focus stays in the field, not the first control")
            fixture.resizeWithGtk(1000)
            XCTAssertFalse(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.focus?.isDescendant(of: field) ?? false, "focus stays in the field side by side again")
        }
    }

    func testBackReturnsToTheListWithTheSelectionKeptAndFocused() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: SplitLayout.standard.collapseBelow - 30)
            defer { fixture.close() }
            fixture.split.select(2)
            fixture.settle { fixture.secondaryShows }
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertTrue(fixture.focus === fixture.secondaryButton)
            fixture.split.backButton.emit("clicked")
            fixture.settle { fixture.primaryShows && !fixture.secondaryShows }
            XCTAssertTrue(fixture.primaryShows)
            XCTAssertFalse(fixture.secondaryShows)
            XCTAssertEqual(fixture.split.state.selection, 2)
            XCTAssertTrue(fixture.focus === fixture.primaryButton)
        }
    }

    /// Alt+Left and Escape, pressed for real with the focus in the detail and then on the header bar's Back button.
    func testAltLeftAndEscapePressedGoBackToTheList() throws {
        try MainActor.assumeIsolated {
            let fixture = SplitFixture(width: SplitLayout.standard.collapseBelow - 30)
            defer { fixture.close() }
            for (keys, focusOnBack) in [("alt+Left", false), ("Escape", false), ("alt+Left", true), ("Escape", true)] {
                fixture.split.select(2)
                fixture.settle { fixture.secondaryShows && fixture.split.backButton.isMapped }
                XCTAssertTrue(focusOnBack ? fixture.split.backButton.grabFocus() : fixture.secondaryButton.grabFocus())
                try fixture.pressFromOutside(keys)
                fixture.settle { fixture.primaryShows && !fixture.secondaryShows }
                let context = "\(keys) with the focus \(focusOnBack ? "on Back" : "in the detail")"
                XCTAssertEqual(fixture.split.state.topPane, .primary, context)
                XCTAssertTrue(fixture.primaryShows && !fixture.secondaryShows, context)
                XCTAssertEqual(fixture.split.state.selection, 2, context)
            }
        }
    }

    func testExpandingRestoresSideBySideWithTheSameSelection() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.split.select(1)
            fixture.resizeWithGtk(fixture.narrow)
            fixture.resizeWithGtk(1000)
            XCTAssertFalse(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.primaryShows && fixture.secondaryShows)
            XCTAssertEqual(fixture.split.state.selection, 1)
            XCTAssertEqual(fixture.primary.parent?.typeName, "GtkPaned")
        }
    }

    func testWidthInsideTheHysteresisBandDoesNotFlipTheLayout() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            let threshold = fixture.layout.collapseBelow
            fixture.resizeWithGtk(threshold - 20)
            XCTAssertTrue(fixture.split.state.isCollapsed)
            for width in [threshold + 2, threshold - 2, threshold + fixture.layout.hysteresis - 5] {
                fixture.resizeWithGtk(width)
                XCTAssertTrue(fixture.split.state.isCollapsed, "still collapsed at \(width)")
                XCTAssertEqual(fixture.primary.parent?.typeName, "GtkStack")
            }
            fixture.resizeWithGtk(threshold + fixture.layout.hysteresis + 20)
            XCTAssertFalse(fixture.split.state.isCollapsed)
        }
    }

    func testRealResizeFromOutsideCollapsesAndExpands() throws {
        try MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.split.select(0)
            try fixture.resizeFromOutside(450)
            XCTAssertEqual(fixture.window.surface?.width, 450)
            XCTAssertTrue(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertFalse(fixture.primaryShows)
            try fixture.resizeFromOutside(1100)
            XCTAssertFalse(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.primaryShows && fixture.secondaryShows)
        }
    }

    func testWideLayoutMinimumWidthFitsBelowTheThreshold() throws {
        try MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            let minimum = fixture.split.widget.measureWidth().minimum
            XCTAssertLessThanOrEqual(minimum, fixture.layout.collapseBelow,
                                     "GTK would grow the window back above the threshold")
            try fixture.resizeFromOutside(fixture.layout.collapseBelow - 5)
            XCTAssertEqual(fixture.window.surface?.width, fixture.layout.collapseBelow - 5)
            XCTAssertTrue(fixture.split.state.isCollapsed)
        }
    }

    func testTogglingTheListHidesItAndMovesFocusToTheDetail() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.primaryButton.grabFocus()
            fixture.split.primaryToggle.isActive = false
            fixture.settle { !fixture.primaryShows }
            XCTAssertFalse(fixture.primaryShows)
            XCTAssertTrue(fixture.secondaryShows)
            XCTAssertTrue(fixture.focus === fixture.secondaryButton)
            XCTAssertTrue(fixture.split.togglePrimary())
            fixture.settle { fixture.primaryShows }
            XCTAssertTrue(fixture.primaryShows)
            XCTAssertTrue(fixture.split.primaryToggle.isActive)
        }
    }

    func testFocusNeverStaysOnAHiddenPaneEvenWhenTheEmbedderCannotFocus() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.split.focusSecondary = {}
            fixture.split.select(1)
            fixture.primaryButton.grabFocus()
            fixture.resizeWithGtk(fixture.narrow)
            XCTAssertFalse(fixture.primaryShows)
            XCTAssertTrue(fixture.focus === fixture.secondaryButton, "the pane's first focusable widget took focus")
            fixture.secondaryButton.isFocusable = false
            fixture.split.goBack()
            fixture.split.showDetail()
            fixture.settle()
            XCTAssertFalse(fixture.focus.map { $0.isDescendant(of: fixture.primary) } ?? false,
                           "focus is cleared rather than left in the hidden list")
        }
    }

    func testPaneWidgetsAreMovedNotRebuilt() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            let entry = Entry()
            fixture.secondary.append(entry)
            entry.text = "typed by the user"
            fixture.split.select(0)
            fixture.resizeWithGtk(fixture.narrow)
            fixture.resizeWithGtk(1000)
            XCTAssertEqual(entry.text, "typed by the user")
            XCTAssertTrue(entry.isDescendant(of: fixture.secondary))
        }
    }

    func testDividerPositionIsKeptAsAClampedFraction() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            let paned = fixture.primary.parent as! Paned
            paned.position = 450
            fixture.settle()
            XCTAssertEqual(fixture.split.state.primaryFraction, 450.0 / Double(paned.width), accuracy: 0.01)
            paned.position = 900
            fixture.settle()
            XCTAssertEqual(fixture.split.state.primaryFraction, fixture.layout.primaryFractionRange.upperBound, accuracy: 0.01)
            fixture.resizeWithGtk(fixture.narrow)
            fixture.resizeWithGtk(1000)
            XCTAssertEqual(paned.position, fixture.layout.primaryWidth(total: 1000, fraction: fixture.split.state.primaryFraction))
        }
    }

    func testDividerStaysWhereTheUserPutItThroughTenCollapseExpandCycles() {
        MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1100)
            defer { fixture.close() }
            let paned = fixture.primary.parent as! Paned
            paned.position = Int((0.35 * Double(paned.width)).rounded())
            fixture.settle()
            let chosen = fixture.split.state.primaryFraction
            XCTAssertEqual(chosen, 0.35, accuracy: 0.002)
            var reported: [Double] = []
            fixture.split.onChange = { reported.append($0.primaryFraction) }
            for _ in 0..<10 {
                fixture.resizeWithGtk(fixture.narrow)
                XCTAssertTrue(fixture.split.state.isCollapsed)
                fixture.resizeWithGtk(1100)
                XCTAssertFalse(fixture.split.state.isCollapsed)
            }
            fixture.settle { paned.position == fixture.layout.primaryWidth(total: paned.width, fraction: chosen) }
            XCTAssertEqual(fixture.split.state.primaryFraction, chosen, "only a drag changes the fraction")
            XCTAssertFalse(reported.isEmpty)
            XCTAssertEqual(reported.filter { $0 != chosen }, [], "no resize reported another fraction")
            XCTAssertEqual(paned.position, fixture.layout.primaryWidth(total: paned.width, fraction: chosen))
        }
    }

    func testResizingFromOutsideNeverChangesTheDividerFraction() throws {
        try MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1100)
            defer { fixture.close() }
            let paned = fixture.primary.parent as! Paned
            paned.position = Int((0.35 * Double(paned.width)).rounded())
            fixture.settle()
            let chosen = fixture.split.state.primaryFraction
            var reported: [Double] = []
            fixture.split.onChange = { reported.append($0.primaryFraction) }
            for width in [700, 600, 1100, 800, 1300, 690, 1100] {
                try fixture.resizeFromOutside(width)
                XCTAssertEqual(fixture.split.state.primaryFraction, chosen, "after \(width) px")
            }
            XCTAssertEqual(reported.filter { $0 != chosen }, [], "no resize reported another fraction")
            XCTAssertEqual(paned.position, fixture.layout.primaryWidth(total: paned.width, fraction: chosen))
            paned.position = Int((0.5 * Double(paned.width)).rounded())
            fixture.settle()
            XCTAssertEqual(fixture.split.state.primaryFraction, 0.5, accuracy: 0.002, "a move of the divider still counts")
        }
    }

    func testARealMouseDragOfTheDividerChangesTheFraction() throws {
        try MainActor.assumeIsolated {
            let fixture = SplitFixture(width: 1100)
            defer { fixture.close() }
            let paned = fixture.primary.parent as! Paned
            let before = fixture.split.state.primaryFraction
            let list = try XCTUnwrap(fixture.primary.origin(in: fixture.window))
            let detail = try XCTUnwrap(fixture.secondary.origin(in: fixture.window))
            // The window's widget coordinates are the X window's, less the frame GTK draws around it.
            let frame = Double((fixture.window.surface?.width ?? 0) - fixture.window.width) / 2
            let handle = Int((list.x + Double(fixture.primary.width) + detail.x) / 2 + frame)
            let y = Int(detail.y + frame) + 100
            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(fixture.title)$",
                                 "mousemove", "--window", "%1", "\(handle)", "\(y)", "mousedown", "1",
                                 "mousemove", "--window", "%1", "\(handle + 60)", "\(y)",
                                 "mousemove", "--window", "%1", "\(handle + 120)", "\(y)", "mouseup", "1"]
            try xdotool.run()
            fixture.settle { !xdotool.isRunning && fixture.split.state.primaryFraction != before }
            XCTAssertEqual(xdotool.terminationStatus, 0)
            XCTAssertEqual(fixture.split.state.primaryFraction, Double(paned.position) / Double(paned.width), accuracy: 0.001)
            XCTAssertEqual(paned.position, fixture.layout.primaryWidth(total: paned.width, fraction: before) + 120, accuracy: 10,
                           "the divider followed the mouse")
        }
    }
}
