import Foundation
import XCTest
@testable import SplitView

final class ListDetailViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testChoosingARowShowsItsDetailPushedWithItsTitleAndBackUndoesIt() {
        MainActor.assumeIsolated {
            let window = Window()
            weak var weakView: ListDetailView?
            var shown: [Int?] = []
            do {
                let view = ListDetailView(title: "Things", listName: "Things", detail: Label("detail"),
                                          width: SplitLayout.standard.collapseBelow - 30) { "Thing \($0)" }
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
}
