import Foundation
import XCTest
@testable import SplitView

/// A split view beside a fixed-width sidebar in a window, the way an app with a sidebar or tabs embeds it.
@MainActor
final class NestedFixture {
    let window = Window()
    let sidebar = Label("Sidebar")
    let primary = Box(.vertical)
    let secondary = Box(.vertical)
    let split: SplitView<Int>
    let layout = SplitLayout.standard
    /// Every collapse or expand the view rendered, in order.
    private(set) var layoutChanges: [Bool] = []

    init(windowWidth: Int, sidebarWidth: Int) {
        primary.append(Button(label: "Primary row"))
        secondary.append(Button(label: "Secondary control"))
        split = SplitView(primary: primary, secondary: secondary, primaryTitle: "Items")
        sidebar.sizeRequest = (sidebarWidth, -1)
        let row = Box(.horizontal)
        row.append(sidebar)
        row.append(split.widget)
        window.child = row
        window.defaultSize = (windowWidth, 500)
        var collapsed = split.state.isCollapsed
        split.onChange = { [unowned self] state in
            if state.isCollapsed != collapsed { self.layoutChanges.append(state.isCollapsed) }
            collapsed = state.isCollapsed
        }
        window.present()
        settle { self.split.widget.width == windowWidth - sidebarWidth }
    }

    @discardableResult
    func settle(_ condition: @escaping () -> Bool = { true }) -> Bool {
        runMainLoop(until: condition)
    }

    func setSidebarWidth(_ width: Int) {
        sidebar.sizeRequest = (width, -1)
        settle { self.sidebar.width == width }
    }

    func setWindowWidth(_ width: Int) {
        window.defaultSize = (width, 500)
        settle { self.window.surface?.width == width }
    }

    /// The panes sit in exactly the container the state says: never half switched. Each pane is in its page,
    /// under its header bar, and the page in the container.
    var containerMatchesState: Bool {
        primary.parent?.parent?.typeName == (split.state.isCollapsed ? "GtkStack" : "GtkPaned")
            && secondary.parent?.parent?.typeName == primary.parent?.parent?.typeName
    }

    func close() {
        window.destroy()
        settle()
    }
}

final class SplitViewEmbeddingTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testNestedBesideASidebarCollapsesOnItsOwnWidthWhateverTheWindowsWidth() {
        MainActor.assumeIsolated {
            let fixture = NestedFixture(windowWidth: 1100, sidebarWidth: 300)
            defer { fixture.close() }
            let threshold = fixture.layout.collapseBelow
            XCTAssertFalse(fixture.split.state.isCollapsed, "800 px of its own: side by side")

            fixture.setSidebarWidth(1100 - (threshold - 10))
            XCTAssertEqual(fixture.window.surface?.width, 1100, "the window kept its width")
            XCTAssertEqual(fixture.split.widget.width, threshold - 10)
            XCTAssertTrue(fixture.split.state.isCollapsed, "its own width is below the threshold")
            XCTAssertTrue(fixture.containerMatchesState)

            fixture.setSidebarWidth(1100 - (threshold + fixture.layout.hysteresis - 10))
            XCTAssertTrue(fixture.split.state.isCollapsed, "inside the hysteresis band it stays collapsed")

            fixture.setSidebarWidth(300)
            XCTAssertFalse(fixture.split.state.isCollapsed)
            XCTAssertTrue(fixture.containerMatchesState)

            fixture.setWindowWidth(300 + threshold - 20)
            XCTAssertGreaterThan(fixture.window.surface?.width ?? 0, threshold + fixture.layout.hysteresis,
                                 "the window alone is wide enough to stay side by side")
            XCTAssertTrue(fixture.split.state.isCollapsed, "yet the view's own width is not")
            XCTAssertTrue(fixture.containerMatchesState)
            XCTAssertEqual(fixture.layoutChanges, [true, false, true], "one switch per crossing, no flicker")
        }
    }

    func testTheViewStaysAliveWhileItsWidgetIsInAWindowAndGoesWithIt() {
        MainActor.assumeIsolated {
            var window: Window? = Window()
            weak var weakSplit: SplitView<Int>?
            let backButton: Button
            do {
                let split = SplitView<Int>(primary: Box(.vertical), secondary: Box(.vertical), primaryTitle: "Items")
                window?.child = split.widget
                backButton = split.backButton
                weakSplit = split
            }
            window?.defaultSize = (SplitLayout.standard.collapseBelow - 30, 400)
            window?.present()
            let deadline = Date().addingTimeInterval(5)
            while weakSplit?.state.isCollapsed != true && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
            XCTAssertNotNil(weakSplit, "the client dropped it, its widget keeps it")
            XCTAssertEqual(weakSplit?.state.isCollapsed, true, "it still follows its width")
            weakSplit?.select(1)
            XCTAssertEqual(weakSplit?.state.topPane, .secondary)
            backButton.emit("clicked")
            XCTAssertEqual(weakSplit?.state.topPane, .primary, "its back button still works")
            window?.destroy()
            window = nil
            MainContext.drainPending()
            XCTAssertNil(weakSplit, "gone with its window")
        }
    }

    func testAWidthBelowTheWindowsMinimumIsHonouredWithoutTheClientKeepingItsWindow() throws {
        try MainActor.assumeIsolated {
            let title = "split-test-\(UInt32.random(in: 0...UInt32.max))"
            let view: SplitView<Int>
            do {
                let secondary = Box(.vertical)
                // Margins make the side-by-side minimum wider than the threshold: GTK grows the window back.
                secondary.setMargins(24)
                view = SplitView(primary: Box(.vertical), secondary: secondary, primaryTitle: "Items", selection: 1)
                let window = Window()
                window.title = title
                window.defaultSize = (900, 500)
                window.child = view.widget
                window.present()
            }
            let deadline = Date().addingTimeInterval(5)
            while view.widget.window?.surface?.width != 900 && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$", "windowsize", "%@", "450", "500"]
            try xdotool.run()
            let resized = Date().addingTimeInterval(5)
            while (xdotool.isRunning || view.widget.window?.surface?.width != 450 || !view.state.isCollapsed)
                    && Date() < resized {
                MainContext.drainPending()
                usleep(2_000)
            }
            let quiet = Date().addingTimeInterval(0.35)
            while Date() < quiet { MainContext.drainPending(); usleep(2_000) }
            XCTAssertEqual(view.widget.window?.surface?.width, 450, "the user's width, not GTK's minimum")
            XCTAssertTrue(view.state.isCollapsed)
            view.widget.window?.destroy()
            MainContext.drainPending()
        }
    }

    func testEachBindingCanBeTurnedOff() {
        MainActor.assumeIsolated {
            let split = SplitView<Int>(primary: Box(.vertical), secondary: Box(.vertical), primaryTitle: "Items",
                                       width: SplitLayout.standard.collapseBelow - 30, selection: 1)
            XCTAssertTrue(split.state.canGoBack)
            split.bindings.remove(.escape)
            XCTAssertFalse(split.keyPressed(Key.escape, modifiers: 0))
            XCTAssertTrue(split.state.canGoBack)
            split.bindings.remove(.altLeft)
            XCTAssertFalse(split.keyPressed(Key.left, modifiers: Key.altMask))
            XCTAssertTrue(split.state.canGoBack)
            split.bindings.insert(.escape)
            XCTAssertTrue(split.keyPressed(Key.escape, modifiers: 0))
            XCTAssertFalse(split.state.canGoBack)

            split.resize(to: 2000)
            split.bindings.remove(.f9)
            XCTAssertFalse(split.keyPressed(Key.f9, modifiers: 0))
            XCTAssertFalse(split.state.isPrimaryHidden)
            split.bindings = .all
            XCTAssertTrue(split.keyPressed(Key.f9, modifiers: 0))
            XCTAssertTrue(split.state.isPrimaryHidden)
        }
    }

    func testStringsComeFromTheCaller() {
        MainActor.assumeIsolated {
            let strings = SplitViewStrings(back: "Zurück zu den Farben", toggleTooltip: "Farbliste ein/aus (F9)",
                                           toggleLabel: "Farbliste zeigen")
            let split = SplitView<Int>(primary: Box(.vertical), secondary: Box(.vertical), strings: strings)
            XCTAssertEqual(split.backButton.tooltip, "Zurück zu den Farben")
            XCTAssertEqual(split.primaryToggle.tooltip, "Farbliste ein/aus (F9)")
        }
    }
}
