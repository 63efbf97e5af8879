import Foundation
import XCTest
@testable import Gtk
@testable import SplitView

/// A real window with the pizza app's widths: side by side from 900 px, the list over the detail below 860,
/// the stack below 720 (expanding at 760). The detail has a heading that names the shown row and a field.
@MainActor
final class OverlayFixture {
    static let layout = SplitLayout(collapseBelow: 720, overlayBelow: 860, hysteresis: 40,
                                    primaryMinimumWidth: 240, secondaryMinimumWidth: 460)
    let window = Window()
    let view: ListDetailView<Int>
    let detail = Box(.vertical)
    let heading = Label()
    /// The detail's first focusable widget, where focus would land if it were not given back to the field.
    let firstButton = Button(label: "First")
    let field = Entry()
    let title = "overlay-test-\(UInt32.random(in: 0...UInt32.max))"
    /// Every item `showDetail` was called for, in order.
    var shown: [Int?] = []
    var split: SplitView<Int> { view.split }

    init(width: Int, layout: SplitLayout = OverlayFixture.layout, selection: Int? = nil, detailMargins: Int = 0) {
        detail.append(heading)
        detail.append(firstButton)
        detail.append(field)
        detail.setMargins(detailMargins)
        view = ListDetailView(title: "Things", listName: "Things", detail: detail, layout: layout, width: width,
                              selection: selection, headerBars: .none) { "Thing \($0)" }
        view.showDetail = { [weak self] item in
            self?.heading.text = item.map { "Detail of Thing \($0)" } ?? "Nothing chosen"
            self?.shown.append(item)
        }
        view.reload(count: 8)
        window.title = title
        window.setTitlebar(view.makeHeaderBar())
        window.child = view.widget
        window.defaultSize = (width, 500)
        window.present()
        settle { self.window.isMapped && self.split.widget.width > 0 }
    }

    @discardableResult
    func settle(_ condition: @escaping () -> Bool = { true }) -> Bool { runMainLoop(until: condition) }

    /// A real X resize from outside the app, as a window manager or a user would do.
    func resize(_ width: Int) throws {
        try OverlayResizer(title: title, window: window).resize(width)
        settle { self.split.state.width == self.split.widget.width }
    }

    /// Runs xdotool on this window and waits until it is done and `condition` holds.
    func xdotool(_ arguments: [String], until condition: @escaping () -> Bool = { true }) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$"] + arguments
        try process.run()
        settle { !process.isRunning && condition() }
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// A widget's point in X window coordinates (GTK's window less the frame it draws around itself).
    func point(in widget: Widget, x: Double, y: Double) throws -> (x: Int, y: Int) {
        let origin = try XCTUnwrap(widget.origin(in: window))
        let frame = Double((window.surface?.width ?? 0) - window.width) / 2
        return (Int(origin.x + x + frame), Int(origin.y + y + frame))
    }

    /// A press, a move in steps and a release of the primary button, from `start` by `dx` pixels. The pointer
    /// stands still a moment before the release, so the drag is no fling: where it ends decides.
    func drag(from start: (x: Int, y: Int), by dx: Int) throws {
        try press(at: start, movingBy: dx)
        try xdotool(["sleep", "0.2", "mouseup", "1"])
    }

    /// A press at `start` and a move in steps by `dx` pixels, still held.
    func press(at start: (x: Int, y: Int), movingBy dx: Int) throws {
        var steps = ["mousemove", "--window", "%1", "\(start.x)", "\(start.y)", "mousedown", "1"]
        for step in 1...4 { steps += ["mousemove", "--window", "%1", "\(start.x + dx * step / 4)", "\(start.y)"] }
        try xdotool(steps)
    }

    var listShows: Bool { view.list.widget.isMapped && view.list.widget.isDrawable }
    var detailShows: Bool { detail.isMapped && detail.isDrawable }
    func focusIsIn(_ widget: Widget) -> Bool {
        guard let focus = window.focus else { return false }
        return focus === widget || focus.isDescendant(of: widget)
    }

    func close() {
        window.destroy()
        settle()
    }
}

final class DisplayModeTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAFieldAboveTheListKeepsTheFocusAcrossLayoutsWhileItsPaneShows() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 1000)
            defer { fixture.close() }
            let search = Entry()
            fixture.view.primaryPane.prepend(search)
            fixture.settle { search.isMapped }
            XCTAssertTrue(search.grabFocus())
            try fixture.resize(500)
            XCTAssertEqual(fixture.split.state.displayMode, .stack)
            fixture.settle { fixture.focusIsIn(search) }
            XCTAssertTrue(fixture.focusIsIn(search), "narrow, the list's page shows, with the field focused again")
            try fixture.resize(1000)
            XCTAssertEqual(fixture.split.state.displayMode, .sideBySide)
            fixture.settle { fixture.focusIsIn(search) }
            XCTAssertTrue(fixture.focusIsIn(search), "not the list's first row")
        }
    }

    func testMiddleWidthsShowTheDetailAtFullWidthAndTheListButton() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 1200, selection: 2)
            defer { fixture.close() }
            XCTAssertEqual(fixture.split.state.displayMode, .sideBySide)
            try fixture.resize(800)
            XCTAssertEqual(fixture.split.state.displayMode, .detailOnly)
            XCTAssertEqual(fixture.split.state.arrangement, .overlay)
            XCTAssertFalse(fixture.listShows)
            XCTAssertTrue(fixture.detailShows)
            XCTAssertEqual(fixture.detail.width, fixture.split.widget.width, "the detail takes the whole width")
            XCTAssertTrue(fixture.split.primaryToggle.isMapped, "the list button is in the header bar")
            XCTAssertFalse(fixture.split.primaryToggle.isActive)
            XCTAssertEqual(fixture.split.primaryToggle.tooltip, "Show or Hide the Things List (F9)")
            XCTAssertFalse(fixture.split.backButton.isVisible)
            XCTAssertEqual(fixture.heading.text, "Detail of Thing 2")
        }
    }

    func testTheListButtonSlidesTheListOverTheDetailWithoutMovingIt() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800, selection: 5)
            defer { fixture.close() }
            let before = try XCTUnwrap(fixture.detail.origin(in: fixture.window))
            let width = fixture.detail.width
            fixture.split.primaryToggle.isActive = true
            fixture.settle { fixture.listShows && fixture.view.list.focusedRow == 5 }
            XCTAssertEqual(fixture.split.state.displayMode, .listOverDetail)
            XCTAssertTrue(fixture.listShows)
            XCTAssertTrue(fixture.detailShows, "the detail stays under the list")
            let after = try XCTUnwrap(fixture.detail.origin(in: fixture.window))
            XCTAssertEqual(after.x, before.x)
            XCTAssertEqual(after.y, before.y)
            XCTAssertEqual(fixture.detail.width, width, "the detail is not resized")
            XCTAssertEqual(fixture.view.list.focusedRow, 5, "focus goes into the list, on the chosen row")
            XCTAssertLessThan(fixture.view.list.widget.width, fixture.detail.width)
        }
    }

    /// Each dismissal closes the list and gives focus back to the field it came from.
    func testEachDismissalClosesTheListAndGivesFocusBack() throws {
        let dismissals: [(String, @MainActor (OverlayFixture) throws -> Void)] = [
            ("choosing a row", { $0.view.list.onRowChosen?(3) }),
            ("Escape", { XCTAssertTrue($0.split.keyPressed(Key.escape, modifiers: 0)) }),
            ("Alt+Left", { XCTAssertTrue($0.split.keyPressed(Key.left, modifiers: Key.altMask)) }),
            ("the list button again", { $0.split.primaryToggle.isActive = false }),
            ("a click on the detail", { fixture in
                let point = try fixture.point(in: fixture.detail, x: Double(fixture.detail.width) - 40, y: 100)
                try fixture.xdotool(["mousemove", "--window", "%1", "\(point.x)", "\(point.y)", "click", "1"])
            }),
        ]
        try MainActor.assumeIsolated {
            for (name, dismiss) in dismissals {
                let fixture = OverlayFixture(width: 800, selection: 1)
                defer { fixture.close() }
                XCTAssertTrue(fixture.field.grabFocus())
                XCTAssertTrue(fixture.split.togglePrimary())
                fixture.settle { fixture.listShows }
                XCTAssertTrue(fixture.focusIsIn(fixture.view.list.widget), name)
                try dismiss(fixture)
                fixture.settle { !fixture.listShows }
                XCTAssertEqual(fixture.split.state.displayMode, .detailOnly, name)
                XCTAssertFalse(fixture.listShows, name)
                XCTAssertFalse(fixture.split.primaryToggle.isActive, name)
                XCTAssertTrue(fixture.focusIsIn(fixture.field), "focus back in the field after \(name)")
            }
        }
    }

    func testChoosingARowInTheListOverTheDetailShowsItsDetail() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800, selection: 1)
            defer { fixture.close() }
            fixture.split.togglePrimary()
            fixture.settle { fixture.listShows }
            fixture.view.list.onRowChosen?(6)
            fixture.settle { !fixture.listShows }
            XCTAssertEqual(fixture.heading.text, "Detail of Thing 6")
            XCTAssertEqual(fixture.split.state.selection, 6)
            XCTAssertEqual(fixture.view.list.selected, 6)
        }
    }

    func testF9OpensAndClosesTheListOverTheDetail() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800)
            defer { fixture.close() }
            XCTAssertTrue(fixture.split.keyPressed(Key.f9, modifiers: 0))
            fixture.settle { fixture.listShows }
            XCTAssertTrue(fixture.listShows)
            XCTAssertTrue(fixture.split.primaryToggle.isActive)
            XCTAssertTrue(fixture.split.keyPressed(Key.f9, modifiers: 0))
            fixture.settle { !fixture.listShows }
            XCTAssertFalse(fixture.listShows)
        }
    }

    func testHidingTheListBesideTheDetailLeavesFocusInTheDetailsFieldWhereItIs() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 1200, selection: 1)
            defer { fixture.close() }
            // As the pizza app does: focus given to the detail lands on its first control.
            fixture.split.focusSecondary = { [weak fixture] in _ = fixture?.firstButton.grabFocus() }
            XCTAssertTrue(fixture.field.grabFocus())
            fixture.settle { fixture.focusIsIn(fixture.field) }
            XCTAssertTrue(fixture.split.togglePrimary())
            fixture.settle { !fixture.listShows }
            XCTAssertFalse(fixture.listShows)
            XCTAssertTrue(fixture.focusIsIn(fixture.field), "F9 moved focus out of the field the user was typing in")
            XCTAssertFalse(fixture.focusIsIn(fixture.firstButton))
        }
    }

    func testTabDoesNotReachTheDetailTheListCovers() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800, selection: 1)
            defer { fixture.close() }
            fixture.split.togglePrimary()
            fixture.settle { fixture.listShows && fixture.focusIsIn(fixture.view.list.widget) }
            for step in 0..<12 {
                _ = fixture.window.moveFocus(.tabForward)
                fixture.settle()
                XCTAssertFalse(fixture.focusIsIn(fixture.detail), "Tab \(step + 1) reached the covered detail")
            }
            fixture.split.dismissOverlay()
            fixture.settle { !fixture.listShows }
            XCTAssertTrue(fixture.field.grabFocus(), "closed, the detail takes focus again")
        }
    }

    func testTheClosedListIsHiddenAndTheOpenOneShown() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800)
            defer { fixture.close() }
            let overlayList = fixture.view.primaryPane
            XCTAssertFalse(overlayList.isMapped, "closed, nothing of the list is on screen or in the accessibility tree")
            fixture.split.togglePrimary()
            fixture.settle { overlayList.isMapped }
            XCTAssertTrue(overlayList.isMapped)
            fixture.split.dismissOverlay()
            fixture.settle { !overlayList.isMapped }
            XCTAssertFalse(overlayList.isMapped)
        }
    }

    func testTheSlideIsAnimatedUnlessAnimationsAreOff() throws {
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(DisplaySettings.default)
            defer { settings.reset("gtk-enable-animations") }
            let fixture = OverlayFixture(width: 800)
            defer { fixture.close() }
            let revealer = fixture.split.listOverlay.revealer
            settings.enablesAnimations = true
            fixture.split.togglePrimary()
            MainContext.drainPending()
            XCTAssertFalse(revealer.isChildRevealed, "sliding in, not there yet")
            fixture.settle { revealer.isChildRevealed }
            XCTAssertTrue(revealer.isChildRevealed)
            fixture.split.togglePrimary()
            fixture.settle { !revealer.isVisible }
            settings.enablesAnimations = false
            fixture.split.togglePrimary()
            MainContext.drainPending()
            XCTAssertTrue(revealer.isChildRevealed, "with animations off the list is there at once")
        }
    }

    func testADragFromTheLeadingEdgeOpensTheListAndAShortOneDoesNot() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 800, selection: 1)
            defer { fixture.close() }
            let start = try fixture.point(in: fixture.detail, x: 4, y: 150)
            try fixture.drag(from: start, by: 40)
            XCTAssertFalse(fixture.split.state.isOverlayOpen, "released early: cancelled")
            let middle = try fixture.point(in: fixture.detail, x: 300, y: 150)
            try fixture.drag(from: middle, by: 300)
            XCTAssertFalse(fixture.split.state.isOverlayOpen, "not from the edge")
            try fixture.drag(from: start, by: 300)
            fixture.settle { fixture.listShows }
            XCTAssertTrue(fixture.split.state.isOverlayOpen)
            XCTAssertTrue(fixture.listShows)
        }
    }

    func testADragFromTheLeadingEdgeGoesBackInTheStack() throws {
        try MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 600, selection: 1)
            defer { fixture.close() }
            XCTAssertTrue(fixture.split.state.canGoBack)
            let start = try fixture.point(in: fixture.detail, x: 4, y: 150)
            try fixture.drag(from: start, by: 40)
            XCTAssertTrue(fixture.split.state.canGoBack, "released early: still on the detail")
            try fixture.drag(from: start, by: 300)
            fixture.settle { fixture.listShows }
            XCTAssertEqual(fixture.split.state.topPane, .primary)
            XCTAssertTrue(fixture.listShows)
            XCTAssertEqual(fixture.split.state.selection, 1)
        }
    }

    /// Issue 31's walk: 1200 → 800 → 500 → 800 → 1200 px, with a row chosen and with none.
    func testAWalkThroughEveryLayoutKeepsSelectionDetailAndFocus() throws {
        try MainActor.assumeIsolated {
            for selection in [3, nil] as [Int?] {
                let fixture = OverlayFixture(width: 1200, selection: selection)
                defer { fixture.close() }
                let text = selection.map { "Detail of Thing \($0)" } ?? "Nothing chosen"
                fixture.field.text = "typed"
                if selection != nil { XCTAssertTrue(fixture.field.grabFocus()) }
                let expected: [(Int, DisplayMode)] = [
                    (800, .detailOnly), (500, .stack), (800, .detailOnly), (1200, .sideBySide),
                ]
                for (width, mode) in expected {
                    try fixture.resize(width)
                    let state = fixture.split.state
                    XCTAssertEqual(state.displayMode, mode, "at \(width) px")
                    XCTAssertEqual(state.selection, selection, "at \(width) px")
                    XCTAssertEqual(fixture.view.list.selected, selection, "at \(width) px")
                    XCTAssertEqual(fixture.heading.text, text, "at \(width) px")
                    XCTAssertEqual(fixture.field.text, "typed")
                    if selection != nil {
                        XCTAssertTrue(fixture.focusIsIn(fixture.field), "focus stays in the field at \(width) px")
                    } else if mode == .stack {
                        XCTAssertTrue(fixture.listShows, "nothing chosen: the list, never an empty detail")
                        XCTAssertTrue(fixture.focusIsIn(fixture.view.list.widget), "at \(width) px")
                    }
                }
            }
        }
    }

    /// Issue 30 item 3: a divider dragged to 553 px at 1200 came back at 501 via 1000 and 800.
    func testTheDividerTheUserDraggedComesBackThroughIntermediateWidths() throws {
        try MainActor.assumeIsolated {
            for layout in [OverlayFixture.layout, OverlayFixture.layout.withoutOverlay] {
                // The detail really needs 460 + 2 × 40 px, more than the layout's 460.
                let fixture = OverlayFixture(width: 1200, layout: layout, detailMargins: 40)
                defer { fixture.close() }
                fixture.heading.sizeRequest = (460, -1)
                fixture.settle()
                let paned = try XCTUnwrap(fixture.view.primaryPane.parent as? Paned)
                paned.position = 553
                fixture.settle()
                for width in [1000, 800, 1200] { try fixture.resize(width) }
                fixture.settle { paned.position == 553 }
                XCTAssertEqual(paned.position, 553, "via 1000 and 800 px, \(layout.overlayBelow == nil ? "no" : "with the") middle layout")
            }
        }
    }

    /// Issue 35 item 2: the detail is shown once per change of the shown item, so a field keeps its caret.
    func testTheDetailIsShownOncePerChangeOfTheShownItem() {
        MainActor.assumeIsolated {
            let fixture = OverlayFixture(width: 1200)
            defer { fixture.close() }
            fixture.view.showDetail = { [weak fixture] item in
                fixture?.field.text = item.map { "Thing \($0)" } ?? ""
                fixture?.shown.append(item)
            }
            fixture.view.choose(2)
            fixture.field.text = "Thing 2, renamed"
            fixture.field.caretPosition = 5
            let calls = fixture.shown.count
            fixture.view.choose(2)
            fixture.view.highlight(2)
            fixture.view.list.onSelectionChanged?(2)
            fixture.settle()
            XCTAssertEqual(fixture.shown.count, calls, "the same item is not shown again")
            XCTAssertEqual(fixture.field.caretPosition, 5)
            fixture.view.choose(4)
            XCTAssertEqual(fixture.shown.last, 4)
            XCTAssertEqual(fixture.shown.count, calls + 1)
        }
    }

    /// Issue 35 item 2: a re-sort keeps the selection on the shown item through `rowsChanged` alone.
    func testAReSortKeepsTheSelectionOnTheShownItemInOneCall() {
        MainActor.assumeIsolated {
            let names = ["delta", "alpha", "charlie", "bravo"]
            let detail = Label()
            var ids = Array(names.indices)
            let view = ListDetailView<Int>(title: "Names", listName: "Names", detail: detail, width: 1200,
                                           idOfRow: { ids.indices.contains($0) ? ids[$0] : nil },
                                           rowOfID: { ids.firstIndex(of: $0) }, rowTitle: { names[$0] })
            var shownCount = 0
            view.showDetail = { _ in shownCount += 1 }
            view.reload(count: names.count)
            view.choose(2)
            let calls = shownCount
            ids.sort { names[$0] < names[$1] }
            view.rowsChanged(at: 0, removed: names.count, added: names.count)
            XCTAssertEqual(view.selected, 2, "charlie is still the chosen one")
            XCTAssertEqual(view.list.selected, ids.firstIndex(of: 2))
            XCTAssertEqual(shownCount, calls, "a re-sort does not show the detail again")
        }
    }
}

/// Resizes a window from outside, for tests without an `OverlayFixture`.
@MainActor
struct OverlayResizer {
    let title: String
    let window: Window

    func resize(_ width: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$", "windowsize", "%@", "\(width)",
                             "\(window.surface?.height ?? 400)"]
        try process.run()
        runMainLoop { !process.isRunning && window.surface?.width == width }
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
