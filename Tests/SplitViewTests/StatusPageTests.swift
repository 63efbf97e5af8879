import XCTest
@testable import SplitView

final class StatusPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAnEmptyListShowsThePlaceholderInItsPlaceUntilItHasRows() {
        MainActor.assumeIsolated {
            let view = ListDetailView(title: "Things", listName: "Things", detail: Label("detail")) { "Thing \($0)" }
            var reports: [Bool] = []
            view.onEmptyChanged = { reports.append($0) }
            let page = StatusPage(iconName: "x-office-calendar-symbolic", title: "No Things", description: "Add one")
            view.placeholder = page
            XCTAssertTrue(view.isEmpty)
            XCTAssertTrue(page.widget.isVisible)
            XCTAssertFalse(view.list.widget.isVisible, "the page stands in for the list")
            XCTAssertTrue(page.widget.isDescendant(of: view.primaryPane))

            view.rowsChanged(at: 0, removed: 0, added: 1)
            XCTAssertFalse(page.widget.isVisible)
            XCTAssertTrue(view.list.widget.isVisible)
            view.list.reload(count: 0)
            XCTAssertTrue(page.widget.isVisible, "emptied by a reload, the page is back")
            XCTAssertEqual(reports, [true, false, true])

            page.title = "No Things Match"
            page.description = ""
            XCTAssertTrue(page.widget.isVisible, "its words change in place")
            view.placeholder = nil
            XCTAssertTrue(view.list.widget.isVisible, "without a placeholder the empty list shows")
            XCTAssertNil(page.widget.parent)
        }
    }
}
