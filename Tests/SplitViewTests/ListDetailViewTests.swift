import Foundation
import XCTest
@testable import SplitView

final class ListDetailViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testChoosingARowShowsItsDetailPushedWithItsTitleAndBackUndoesIt() {
        MainActor.assumeIsolated {
            let window = Window()
            weak var weakView: ListDetailView<Int>?
            var shown: [Int?] = []
            do {
                let view = ListDetailView(title: "Things", listName: "Things", detail: Label("detail"),
                                          width: SplitLayout.standard.collapseBelow - 30, headerBars: .none) { "Thing \($0)" }
                view.showDetail = { shown.append($0) }
                view.reload(count: 3)
                window.child = view.widget
                weakView = view
            }
            window.defaultSize = (SplitLayout.standard.collapseBelow - 30, 400)
            window.present()
            let deadline = Date().addingTimeInterval(5)
            while weakView?.split.state.isCollapsed != true && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
            guard let view = weakView else { return XCTFail("the adapter died with its client's reference") }

            view.list.listView.emit("activate", .uint(2))
            XCTAssertEqual(shown.last, 2)
            XCTAssertEqual(view.selected, 2)
            XCTAssertEqual(view.split.state.topPane, .secondary, "Enter pushes the detail")
            XCTAssertEqual(view.titleLabel.text, "Thing 2", "the title names the pushed row")

            view.split.backButton.emit("clicked")
            XCTAssertEqual(view.split.state.topPane, .primary)
            XCTAssertEqual(view.titleLabel.text, "Things")
            XCTAssertEqual(view.selected, 2, "back keeps the selection")

            view.highlight(nil)
            XCTAssertEqual(shown.last, .some(nil))
            XCTAssertNil(view.selected)
            window.destroy()
        }
    }

    /// A list of named items whose rows can move: the shape of a client with identities of its own.
    @MainActor private final class Items {
        var names: [String]
        let view: ListDetailView<String>
        var shown: [String?] = []

        init(_ names: [String], selection: String? = nil, width: Int = SplitLayout.standard.collapseBelow + 200,
             headerBars: SplitViewHeaderBars = .perPane) {
            self.names = names
            view = ListDetailView(title: "Items", listName: "Items", detail: Label("detail"), width: width,
                                  selection: selection, headerBars: headerBars, idOfRow: { _ in nil }, rowOfID: { _ in nil },
                                  rowTitle: { "Item \($0)" })
            view.idOfRow = { [unowned self] row in self.names.indices.contains(row) ? self.names[row] : nil }
            view.rowOfID = { [unowned self] name in self.names.firstIndex(of: name) }
            view.showDetail = { [unowned self] name in self.shown.append(name) }
            view.reload(count: names.count)
        }
    }

    func testARestoredSelectionIsFoundByIdentityWhereverItsRowIs() {
        MainActor.assumeIsolated {
            let items = Items(["a", "b", "c", "d"], selection: "c")
            XCTAssertEqual(items.view.list.selected, 2)
            XCTAssertEqual(items.view.selected, "c")
            XCTAssertEqual(items.shown.last, "c")
        }
    }

    func testTheSelectionFollowsItsItemWhenItsRowMoves() {
        MainActor.assumeIsolated {
            let items = Items(["a", "b", "c"])
            items.view.list.listView.emit("activate", .uint(1))
            XCTAssertEqual(items.view.split.state.selection, "b")

            items.names = ["a", "c", "b"]
            items.view.rowsChanged(at: 1, removed: 2, added: 2)
            items.view.highlight(items.view.split.state.selection)
            XCTAssertEqual(items.view.list.selected, 2, "b moved to the end, and its row is the selected one")
            XCTAssertEqual(items.view.selected, "b")
            XCTAssertEqual(items.view.split.state.selection, "b")
            XCTAssertEqual(items.shown.last, "b")
        }
    }

    func testARefusedChoiceKeepsTheShownRowAndPushesNothing() {
        MainActor.assumeIsolated {
            let items = Items(["a", "b", "c"], width: SplitLayout.standard.collapseBelow - 30)
            items.view.highlight("a")
            var asked: [String?] = []
            items.view.shouldSelect = { name in
                asked.append(name)
                return false
            }
            let shownBefore = items.shown.count

            items.view.list.listView.emit("activate", .uint(2))
            XCTAssertEqual(asked, ["c"], "Enter asks the client first")
            XCTAssertEqual(items.view.split.state.selection, "a")
            XCTAssertEqual(items.view.split.state.topPane, .primary, "a refused choice pushes no detail")
            XCTAssertEqual(items.shown.count, shownBefore, "and shows no other detail")

            items.view.list.select(1)
            items.view.list.onSelectionChanged?(1)
            XCTAssertEqual(asked.last, "b", "an arrow key's move asks too")
            XCTAssertEqual(items.view.list.selected, 0, "the list goes back to the shown row")

            items.view.shouldSelect = { _ in true }
            items.view.list.listView.emit("activate", .uint(2))
            XCTAssertEqual(items.view.split.state.selection, "c")
            XCTAssertEqual(items.view.split.state.topPane, .secondary)
            XCTAssertEqual(items.view.titleLabel.text, "Item c")
        }
    }

    func testSettingTheTitleRedrawsItUnlessADetailIsPushed() {
        MainActor.assumeIsolated {
            let items = Items(["a", "b"], width: SplitLayout.standard.collapseBelow - 30, headerBars: .none)
            items.view.title = "Other file — Items"
            XCTAssertEqual(items.view.titleLabel.text, "Other file — Items")
            items.view.choose("b")
            XCTAssertEqual(items.view.titleLabel.text, "Item b")
            items.view.title = "Items"
            XCTAssertEqual(items.view.titleLabel.text, "Item b", "the pushed item keeps the title")
            items.view.split.goBack()
            XCTAssertEqual(items.view.titleLabel.text, "Items")
        }
    }

    func testTheReadmeClientIsTheExampleThatIsBuilt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/MinimalSplitView/main.swift"),
                                 encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## The split view in your own app"), "the README section")
        let start = try XCTUnwrap(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        XCTAssertEqual(String(readme[start.upperBound..<end.lowerBound]), example, "the README shows the example as built")
        XCTAssertLessThan(example.split(separator: "\n", omittingEmptySubsequences: false).count, 40)

        let binaries = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent("split-view-example").path),
                      "the example was compiled with the tests")
    }

    /// The GNOME HIG's smallest window, 360×294: the split view and its adapter ask for no more, list or detail on top.
    func testPhoneSizedWindowFitsTheListAndTheDetail() throws {
        try MainActor.assumeIsolated {
            let window = Window()
            let title = "phone-\(UInt32.random(in: 0...UInt32.max))"
            window.title = title
            let detail = Label("detail")
            let view = ListDetailView(title: "Things", listName: "Things", detail: detail, width: 1000) { "Thing \($0)" }
            view.reload(count: 30)
            window.hideTitlebar()
            window.child = view.widget
            window.defaultSize = (1000, 500)
            window.present()
            defer { window.destroy() }
            let settle = { (condition: () -> Bool) in
                let deadline = Date().addingTimeInterval(5)
                while !condition() && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
                let quiet = Date().addingTimeInterval(0.35)
                while Date() < quiet { MainContext.drainPending(); usleep(2_000) }
            }
            settle { window.surface.map { $0.width == 1000 } ?? false }

            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$", "windowsize", "%@", "360", "294"]
            try xdotool.run()
            settle { !xdotool.isRunning && window.surface?.width == 360 && window.surface?.height == 294 }
            XCTAssertEqual(xdotool.terminationStatus, 0)
            for pushed in [false, true] {
                if pushed {
                    view.list.listView.emit("activate", .uint(3))
                    settle { view.split.state.topPane == .secondary }
                }
                XCTAssertTrue(view.split.state.isCollapsed)
                XCTAssertEqual(view.split.state.topPane, pushed ? .secondary : .primary)
                XCTAssertEqual(window.surface?.width, 360, "nothing made the window wider")
                XCTAssertEqual(window.surface?.height, 294, "nothing made the window taller")
                XCTAssertLessThanOrEqual(window.measureWidth().minimum, 360)
                XCTAssertLessThanOrEqual(view.split.widget.measureWidth().minimum, view.split.widget.width, "nothing clipped")
                XCTAssertGreaterThan(view.split.widget.width, 300, "the split view spans the window, less its frame")
                let pane = pushed ? detail : view.list.widget
                XCTAssertEqual(pane.width, view.split.widget.width, "the pane on top spans the split view")
            }
        }
    }
}
