import Foundation
import XCTest
@testable import SplitView

/// The split view's keyboard, GNOME style: the list is one Tab stop, Space chooses, F6 moves between panes.
/// Keys are handed to the view's own key handlers (the black-box suite sends real ones through xdotool).
final class KeyboardTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// A window with a list of `rows` rows and a detail with a button, and one button of the client's in the window's
    /// header bar (`headerBars: .none`) or in the list's (`.perPane`).
    @MainActor private final class Fixture {
        let window = Window()
        let view: ListDetailView<Int>
        let detailButton = Button(label: "Detail")
        let headerButton = Button(label: "Add")

        init(rows: Int, width: Int, headerBars: SplitViewHeaderBars = .none) {
            let detail = Box(.vertical)
            detail.append(Label("Detail"))
            detail.append(detailButton)
            view = ListDetailView(title: "Things", listName: "Things", detail: detail, width: width,
                                  headerBars: headerBars) { "Thing \($0)" }
            view.reload(count: rows)
            if let listBar = view.split.primaryHeader {
                listBar.packStart(headerButton)
                window.hideTitlebar()
            } else {
                let header = view.makeHeaderBar()
                header.packStart(headerButton)
                window.setTitlebar(header)
            }
            window.child = view.widget
            window.defaultSize = (width, 500)
            window.present()
            _ = runMainLoop { view.split.widget.width > 0 && view.list.listView.isMapped }
        }

        /// A fixture narrower than the threshold, once the view has collapsed.
        static func collapsed(rows: Int, width: Int = SplitLayout.standard.collapseBelow - 30,
                              headerBars: SplitViewHeaderBars = .none) -> Fixture {
            let fixture = Fixture(rows: rows, width: width, headerBars: headerBars)
            _ = runMainLoop { fixture.view.split.state.isCollapsed }
            return fixture
        }

        /// Narrow: shows `row`'s detail and puts the focus on the Back button, as F6 would.
        func focusBackOverTheDetail(of row: Int) {
            view.choose(row)
            _ = runMainLoop { self.view.split.state.topPane == .secondary && self.view.split.backButton.isMapped }
            XCTAssertTrue(view.split.backButton.grabFocus())
        }

        /// Chooses `row` and puts focus on it, as a click would.
        func focusRow(_ row: Int) {
            view.choose(row)
            view.list.focusSelectedRow()
            _ = runMainLoop { view.list.focusedRow == row }
        }

        func focusIsIn(_ widget: Widget) -> Bool {
            guard let focus = window.focus else { return false }
            return focus === widget || focus.isDescendant(of: widget)
        }
    }

    func testBackToTheListFocusesTheSelectedRowFarDownNotTheFirst() {
        MainActor.assumeIsolated {
            let fixture = Fixture.collapsed(rows: 200)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            fixture.view.choose(150)
            _ = runMainLoop { split.state.topPane == .secondary && fixture.focusIsIn(fixture.detailButton) }
            XCTAssertEqual(split.state.topPane, .secondary)

            XCTAssertTrue(split.goBack())
            _ = runMainLoop { fixture.view.list.focusedRow == 150 }
            XCTAssertEqual(fixture.view.list.focusedRow, 150, "the chosen row has the focus, not the first one")
        }
    }

    /// Each collapse and expand puts the focus back in the list: work of its own costs the frame it happens
    /// in, and focus already in place costs nothing (it used to ask for two more frames each time).
    func testFocusingTheListWhileARowHasTheFocusAsksForNoFrame() throws {
        try MainActor.assumeIsolated {
            let fixture = Fixture(rows: 50, width: 1000)
            defer { fixture.window.destroy() }
            fixture.focusRow(3)
            fixture.view.highlight(nil)
            _ = runMainLoop { fixture.view.list.focusedRow != nil }
            XCTAssertNil(fixture.view.selected)
            XCTAssertNotNil(fixture.view.list.focusedRow)
            let clock = try XCTUnwrap(fixture.window.surface?.frameClock)
            var frames = 0
            let counting = clock.onAfterPaint { _ in frames += 1 }
            defer { counting.disconnect() }

            fixture.view.list.focusSelectedRow()
            let end = Date().addingTimeInterval(0.5)
            while Date() < end { MainContext.drainPending(); usleep(2_000) }
            XCTAssertEqual(frames, 0, "nothing changed, so nothing is laid out or drawn again")
            XCTAssertNotNil(fixture.view.list.focusedRow, "a row keeps the focus")
        }
    }

    func testNarrowingAndWideningLeaveTheFocusOnAHeaderBarButtonThatStaysShown() {
        MainActor.assumeIsolated {
            let fixture = Fixture(rows: 5, width: 1000)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            fixture.view.choose(2)
            _ = runMainLoop { fixture.focusIsIn(fixture.detailButton) }
            XCTAssertTrue(fixture.headerButton.grabFocus())

            fixture.window.defaultSize = (SplitLayout.standard.collapseBelow - 30, 500)
            _ = runMainLoop { split.state.isCollapsed }
            XCTAssertTrue(split.state.isCollapsed)
            XCTAssertTrue(fixture.headerButton.isFocus, "narrowing keeps the focus on the header's button")
            fixture.window.defaultSize = (1000, 500)
            _ = runMainLoop { !split.state.isCollapsed }
            XCTAssertFalse(split.state.isCollapsed)
            XCTAssertTrue(fixture.headerButton.isFocus, "and so does widening")
        }
    }

    func testWideningWithTheFocusOnTheBackButtonPutsItInTheDetail() {
        MainActor.assumeIsolated {
            let fixture = Fixture.collapsed(rows: 5)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            fixture.focusBackOverTheDetail(of: 2)

            fixture.window.defaultSize = (1000, 500)
            _ = runMainLoop { !split.state.isCollapsed && fixture.focusIsIn(fixture.detailButton) }
            XCTAssertFalse(split.backButton.isVisible, "wide, there is no Back")
            XCTAssertTrue(fixture.focusIsIn(fixture.detailButton), "the hidden Back button's focus goes to the detail")
        }
    }

    func testTabAfterQuickResizesGoesOnFromTheDetailNotIntoTheList() {
        MainActor.assumeIsolated {
            let fixture = Fixture.collapsed(rows: 5)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            fixture.focusBackOverTheDetail(of: 1)
            for _ in 0..<10 {
                fixture.window.defaultSize = (1000, 500)
                for _ in 0..<5 { MainContext.drainPending(); usleep(2_000) }
                fixture.window.defaultSize = (SplitLayout.standard.collapseBelow - 30, 500)
                for _ in 0..<5 { MainContext.drainPending(); usleep(2_000) }
            }
            fixture.window.defaultSize = (1000, 500)
            _ = runMainLoop { !split.state.isCollapsed && fixture.focusIsIn(fixture.detailButton) }
            XCTAssertTrue(fixture.focusIsIn(fixture.detailButton))

            XCTAssertTrue(fixture.window.moveFocus(.tabForward))
            XCTAssertFalse(fixture.view.list.hasFocus, "Tab goes on from the detail, not back into the list")
        }
    }

    func testTabAndShiftTabAreTheTabStopsKeysAndCtrlTabIsLeftToGTK() {
        MainActor.assumeIsolated {
            XCTAssertEqual(TabStop.direction(of: Key.tab, modifiers: 0), .tabForward)
            XCTAssertEqual(TabStop.direction(of: Key.keypadTab, modifiers: 0), .tabForward)
            XCTAssertEqual(TabStop.direction(of: Key.isoLeftTab, modifiers: Key.shiftMask), .tabBackward)
            XCTAssertEqual(TabStop.direction(of: Key.tab, modifiers: Key.shiftMask), .tabBackward)
            XCTAssertNil(TabStop.direction(of: Key.tab, modifiers: Key.controlMask))
            XCTAssertNil(TabStop.direction(of: Key.space, modifiers: 0))
        }
    }

    func testTabLeavesAListOfTenThousandRowsInOneMoveAndTheWindowComesBackToTheRow() {
        MainActor.assumeIsolated {
            let fixture = Fixture(rows: 10_000, width: 1000)
            defer { fixture.window.destroy() }
            fixture.focusRow(2)
            XCTAssertEqual(fixture.view.list.focusedRow, 2)

            XCTAssertTrue(TabStop.leave(fixture.view.list.listView, .tabForward))
            XCTAssertTrue(fixture.detailButton.isFocus, "one Tab goes from the list to the detail")
            XCTAssertTrue(fixture.window.moveFocus(.tabBackward))
            XCTAssertEqual(fixture.view.list.focusedRow, 2, "Shift+Tab comes back to the row that had focus")

            XCTAssertTrue(TabStop.leave(fixture.view.list.listView, .tabBackward))
            XCTAssertTrue(fixture.focusIsIn(fixture.window.titlebar!), "Shift+Tab from the list goes round to the header bar")
        }
    }

    func testSpaceChoosesTheFocusedRowAndPressingItAgainKeepsTheChoice() {
        MainActor.assumeIsolated {
            let fixture = Fixture(rows: 5, width: 1000)
            defer { fixture.window.destroy() }
            var shown: [Int?] = []
            fixture.view.showDetail = { shown.append($0) }
            fixture.focusRow(1)
            fixture.view.list.listView.moveFocus(.tabForward)
            fixture.view.highlight(nil)
            fixture.view.list.focusSelectedRow()
            _ = runMainLoop { fixture.view.list.focusedRow != nil }
            guard let focused = fixture.view.list.focusedRow else { return XCTFail("a row has focus") }

            XCTAssertTrue(fixture.view.list.rowKeyPressed(Key.space, modifiers: 0))
            XCTAssertEqual(fixture.view.selected, focused, "Space chooses the focused row")
            XCTAssertEqual(fixture.view.split.state.selection, focused)
            XCTAssertTrue(fixture.view.list.rowKeyPressed(Key.space, modifiers: 0))
            XCTAssertEqual(fixture.view.selected, focused, "Space again keeps the choice")
            XCTAssertTrue(fixture.view.list.rowKeyPressed(Key.space, modifiers: Key.controlMask))
            XCTAssertEqual(fixture.view.selected, focused, "Ctrl+Space, GTK's toggle, keeps it too")
            XCTAssertEqual(shown.last, focused)
        }
    }

    func testShiftF10AndTheMenuKeyAskForTheFocusedRowsMenu() {
        MainActor.assumeIsolated {
            let fixture = Fixture(rows: 5, width: 1000)
            defer { fixture.window.destroy() }
            var asked: [Int] = []
            fixture.view.list.onContextMenuKey = { row, widget in
                asked.append(row)
                XCTAssertTrue(widget.parent?.isFocus ?? false, "the row's own widget is handed over")
            }
            fixture.focusRow(3)
            XCTAssertTrue(fixture.view.list.rowKeyPressed(Key.f10, modifiers: Key.shiftMask))
            XCTAssertTrue(fixture.view.list.rowKeyPressed(Key.menu, modifiers: 0))
            XCTAssertFalse(fixture.view.list.rowKeyPressed(Key.f10, modifiers: 0), "F10 alone is the main menu's")
            XCTAssertEqual(asked, [3, 3])
        }
    }

    func testF6SideBySideMovesBetweenTheListAndTheDetailAndComesBackToWhereFocusWas() {
        MainActor.assumeIsolated {
            let fixture = Fixture(rows: 5, width: 1000)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            XCTAssertTrue(split.bindings.contains(.f6), "F6 is on unless the client turns it off")
            fixture.focusRow(1)
            XCTAssertFalse(split.state.isCollapsed)
            fixture.window.isFocusVisible = false

            XCTAssertTrue(split.cycleFocus(backwards: false))
            XCTAssertTrue(fixture.window.isFocusVisible, "the focus ring shows where F6 went")
            XCTAssertTrue(fixture.focusIsIn(fixture.view.split.widget) && !fixture.focusIsIn(fixture.view.list.widget),
                          "F6 goes from the list to the detail")
            XCTAssertTrue(split.cycleFocus(backwards: false))
            XCTAssertEqual(fixture.view.list.focusedRow, 1, "F6 again comes back to the list's row")
            XCTAssertTrue(split.cycleFocus(backwards: true))
            XCTAssertTrue(fixture.detailButton.isFocus, "Shift+F6 goes the other way, to the detail's control")
        }
    }

    func testF6CollapsedMovesBetweenThePageOnTopAndTheHeaderBar() {
        MainActor.assumeIsolated {
            let fixture = Fixture.collapsed(rows: 5, width: SplitLayout.standard.collapseBelow - 100)
            defer { fixture.window.destroy() }
            let split = fixture.view.split
            fixture.view.highlight(1)
            fixture.view.list.focusSelectedRow()
            _ = runMainLoop { fixture.view.list.focusedRow == 1 }
            XCTAssertTrue(split.state.isCollapsed)
            XCTAssertEqual(split.state.topPane, .primary)
            XCTAssertTrue(split.cycleFocus(backwards: false))
            XCTAssertTrue(fixture.focusIsIn(fixture.window.titlebar!), "collapsed, F6 goes to the header bar")
            XCTAssertTrue(split.cycleFocus(backwards: false))
            XCTAssertTrue(fixture.focusIsIn(fixture.view.list.widget), "and back to the page on top")
        }
    }
}
