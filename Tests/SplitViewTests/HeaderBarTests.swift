import Foundation
import XCTest
@testable import SplitView

/// A header bar per pane, in a real window without a title bar of its own: the list's bar over the list with the
/// list's actions, the detail's over the detail with its title, Back and the list button; one bar when one pane shows.
final class HeaderBarTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// The window's controls for these tests: some at the window's start, some at its end.
    static let decorationLayout = "minimize:maximize,close"

    @MainActor private final class Fixture {
        let window = Window()
        let view: ListDetailView<Int>
        let addButton = Button(label: "Add")
        let detailButton = Button(label: "Detail")
        var split: SplitView<Int> { view.split }
        var listBar: HeaderBar { split.primaryHeader! }
        var detailBar: HeaderBar { split.secondaryHeader! }

        init(width: Int, layout: SplitLayout = .standard) {
            DisplaySettings.default?.decorationLayout = HeaderBarTests.decorationLayout
            let detail = Box(.vertical)
            detail.append(detailButton)
            view = ListDetailView(title: "Things", listName: "Things", detail: detail, layout: layout, width: width) {
                "Thing \($0)"
            }
            view.reload(count: 5)
            view.split.primaryHeader?.packStart(addButton)
            window.title = "Things"
            window.hideTitlebar()
            window.child = view.widget
            window.defaultSize = (width, 500)
            window.present()
            runMainLoop { self.split.widget.width > 0 && self.view.list.listView.isMapped }
        }

        func resize(_ width: Int, until condition: @escaping () -> Bool) {
            window.defaultSize = (width, 500)
            XCTAssertTrue(runMainLoop(until: condition), "the view took its layout at \(width) px")
        }

        /// Every widget in the window that is on screen, GTK's own (a header bar's window controls) included.
        var mappedWidgets: [Widget] {
            var found: [Widget] = []
            func walk(_ widget: Widget) {
                guard widget.isMapped else { return }
                found.append(widget)
                var child = widget.firstChild
                while let next = child {
                    walk(next)
                    child = next.nextSibling
                }
            }
            walk(window)
            return found
        }

        /// How many window controls of `kind` ("close", "minimize", "maximize") are on screen, and in which bars.
        func controls(_ kind: String) -> (count: Int, inListBar: Int, inDetailBar: Int) {
            let buttons = mappedWidgets.filter { $0.typeName == "GtkButton" && $0.hasCSSClass(kind) }
            return (buttons.count, buttons.filter { $0.isDescendant(of: listBar) }.count,
                    buttons.filter { $0.isDescendant(of: detailBar) }.count)
        }

        func x(_ widget: Widget) -> Double { widget.origin(in: window)?.x ?? -1 }

        /// Whether `bar` spans `pane`'s width (give or take the bar's own padding), and sits above it.
        func isOver(_ bar: Widget, _ pane: Widget) -> Bool {
            abs(x(bar) - x(pane)) <= 8 && abs(Double(bar.width - pane.width)) <= 16 && y(bar) < y(pane)
        }
        func y(_ widget: Widget) -> Double { widget.origin(in: window)?.y ?? -1 }

        func tearDown() {
            window.destroy()
            DisplaySettings.default?.reset("gtk-decoration-layout")
        }
    }

    func testWideShowsTwoBarsWithTheListsActionsOverTheListAndTheDetailsTitleOverTheDetail() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: 1000)
            defer { fixture.tearDown() }
            fixture.view.choose(2)
            runMainLoop { fixture.view.titleLabel.text == "Thing 2" }
            XCTAssertEqual(fixture.split.state.displayMode, .sideBySide)
            XCTAssertEqual(fixture.window.titlebar?.isVisible, false, "the window's title bar is set, and hidden")
            let list = fixture.view.list.widget
            let detail = fixture.detailButton
            XCTAssertTrue(fixture.listBar.isMapped && fixture.detailBar.isMapped, "two bars")
            XCTAssertTrue(fixture.addButton.isMapped && fixture.addButton.isDescendant(of: fixture.listBar),
                          "the list's action is in the list's bar")
            XCTAssertTrue(fixture.isOver(fixture.listBar, list), "the list's bar spans the list")
            XCTAssertLessThan(fixture.y(fixture.listBar), fixture.y(list), "above it")
            XCTAssertGreaterThan(fixture.x(fixture.detailBar), fixture.x(list) + Double(list.width) - 2,
                                 "the detail's bar starts beside the list, over the detail")
            XCTAssertLessThan(fixture.y(fixture.detailBar), fixture.y(detail))
            XCTAssertEqual(fixture.view.titleLabel.text, "Thing 2", "the detail's bar names the shown row")
            XCTAssertTrue(fixture.view.titleLabel.isMapped && fixture.view.titleLabel.isDescendant(of: fixture.detailBar))
            XCTAssertEqual(fixture.view.listTitleLabel.text, "Things", "the list's bar names the list")
            XCTAssertTrue(fixture.view.listTitleLabel.isMapped && fixture.view.listTitleLabel.isDescendant(of: fixture.listBar))
            XCTAssertTrue(fixture.split.primaryToggle.isMapped && fixture.split.primaryToggle.isDescendant(of: fixture.detailBar),
                          "the list button is in the detail's bar")
            XCTAssertFalse(fixture.split.backButton.isMapped, "wide, there is no Back")
            XCTAssertEqual(fixture.window.title, "Things", "the window keeps its own title for the window manager")
        }
    }

    func testWithNothingChosenOnlyTheListsBarHasTheTitleUnlessTheDetailsBarIsAlone() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: 1000)
            defer { fixture.tearDown() }
            runMainLoop { fixture.split.state.displayMode == .sideBySide }
            XCTAssertNil(fixture.split.state.selection)
            XCTAssertEqual(fixture.view.listTitleLabel.text, "Things")
            XCTAssertEqual(fixture.view.titleLabel.text, "", "not the same title twice, side by side")
            XCTAssertTrue(fixture.split.togglePrimary())
            XCTAssertTrue(runMainLoop { fixture.split.state.displayMode == .detailOnly })
            XCTAssertEqual(fixture.view.titleLabel.text, "Things", "the detail's bar alone names the window")
        }
    }

    func testNarrowShowsOneBarThatOfThePageShown() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: SplitLayout.standard.collapseBelow - 30)
            defer { fixture.tearDown() }
            runMainLoop { fixture.split.state.isCollapsed }
            XCTAssertTrue(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.listBar.isMapped && fixture.addButton.isMapped, "the list page has the list's bar")
            XCTAssertFalse(fixture.detailBar.isMapped, "and only that one")

            fixture.view.choose(3)
            fixture.split.showDetail()
            XCTAssertTrue(runMainLoop { fixture.detailBar.isMapped && !fixture.listBar.isMapped })
            XCTAssertTrue(fixture.split.backButton.isMapped && fixture.split.backButton.isDescendant(of: fixture.detailBar),
                          "the detail page has the detail's bar, with Back")
            XCTAssertEqual(fixture.view.titleLabel.text, "Thing 3")
            XCTAssertFalse(fixture.addButton.isMapped, "the list's action went with the list")

            fixture.split.backButton.emit("clicked")
            XCTAssertTrue(runMainLoop { fixture.listBar.isMapped && !fixture.detailBar.isMapped }, "Back: the list's bar again")
        }
    }

    func testTheMiddleLayoutShowsTheDetailsBarWithTheListButtonAndTheListsBarOnTheSlidingList() {
        MainActor.assumeIsolated {
            let layout = SplitLayout(collapseBelow: 500, overlayBelow: 800, hysteresis: 40,
                                     primaryMinimumWidth: 200, secondaryMinimumWidth: 300)
            let fixture = Fixture(width: 650, layout: layout)
            defer { fixture.tearDown() }
            runMainLoop { fixture.split.state.arrangement == .overlay }
            XCTAssertEqual(fixture.split.state.displayMode, .detailOnly)
            XCTAssertTrue(fixture.detailBar.isMapped && fixture.split.primaryToggle.isMapped)
            XCTAssertFalse(fixture.listBar.isMapped, "the list and its bar are out of sight")

            fixture.split.primaryToggle.emit("clicked")
            XCTAssertTrue(runMainLoop { fixture.listBar.isMapped && fixture.split.listOverlay.revealer.revealsChild })
            XCTAssertTrue(fixture.addButton.isMapped, "the list slides in with its bar and its actions")
            XCTAssertTrue(fixture.isOver(fixture.listBar, fixture.view.list.widget), "over the list")
        }
    }

    func testTheWindowControlsAppearOnceEachAtTheWindowsOuterEnds() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: 1000)
            defer { fixture.tearDown() }
            let wide = (close: fixture.controls("close"), minimize: fixture.controls("minimize"))
            XCTAssertEqual(wide.close.count, 1, "one close button")
            XCTAssertEqual(wide.close.inDetailBar, 1, "at the end: in the detail's bar")
            XCTAssertEqual(wide.minimize.count, 1, "one minimize button")
            XCTAssertEqual(wide.minimize.inListBar, 1, "at the start: in the list's bar")

            XCTAssertTrue(fixture.split.togglePrimary())
            XCTAssertTrue(runMainLoop { !fixture.listBar.isMapped })
            XCTAssertEqual(fixture.controls("minimize").inDetailBar, 1, "the list hidden, the detail's bar has them all")
            XCTAssertEqual(fixture.controls("close").inDetailBar, 1)
            XCTAssertTrue(fixture.split.togglePrimary())

            fixture.resize(SplitLayout.standard.collapseBelow - 30) { fixture.split.state.isCollapsed }
            runMainLoop { !fixture.detailBar.isMapped }
            for kind in ["close", "minimize"] {
                let narrow = fixture.controls(kind)
                XCTAssertEqual(narrow.count, 1, "narrow, one \(kind) button")
                XCTAssertEqual(narrow.inListBar, 1, "in the list page's bar")
            }
        }
    }

    func testF6NarrowMovesBetweenThePageAndItsOwnBar() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: SplitLayout.standard.collapseBelow - 30)
            defer { fixture.tearDown() }
            runMainLoop { fixture.split.state.isCollapsed }
            fixture.view.highlight(1)
            fixture.view.list.focusSelectedRow()
            runMainLoop { fixture.view.list.focusedRow == 1 }
            XCTAssertTrue(fixture.split.cycleFocus(backwards: false))
            XCTAssertTrue(fixture.addButton.isFocus, "F6 goes to the list page's bar, onto its first button")
            XCTAssertTrue(fixture.split.cycleFocus(backwards: false))
            XCTAssertEqual(fixture.view.list.focusedRow, 1, "and back to the list")

            fixture.view.choose(1)
            fixture.split.showDetail()
            runMainLoop { fixture.detailBar.isMapped && !fixture.listBar.isMapped }
            XCTAssertTrue(fixture.split.cycleFocus(backwards: false))
            XCTAssertTrue(fixture.split.backButton.isFocus, "on the detail page, F6 goes to the detail's bar")
        }
    }

    /// From side by side straight to the stack (no middle layout, where the list and its bar are out of sight).
    func testNarrowingAndWideningKeepTheFocusOnTheListsBarButton() {
        MainActor.assumeIsolated {
            let fixture = Fixture(width: 1000, layout: SplitLayout.standard.withoutOverlay)
            defer { fixture.tearDown() }
            XCTAssertTrue(fixture.addButton.grabFocus())
            fixture.resize(SplitLayout.standard.collapseBelow - 30) { fixture.split.state.isCollapsed }
            XCTAssertTrue(fixture.addButton.isFocus, "narrow, the list page shows with its bar: the focus stays")
            fixture.resize(1000) { !fixture.split.state.isCollapsed }
            XCTAssertTrue(fixture.addButton.isFocus, "and so it does widening")
        }
    }
}
