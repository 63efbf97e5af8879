import CGtk
import XCTest
@testable import Gtk

final class SearchBarTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testSearchModeReportsOpeningAndClosing() {
        MainActor.assumeIsolated {
            let bar = SearchBar()
            let entry = SearchEntry()
            bar.setEntry(entry)
            var reported: [Bool] = []
            bar.onSearchModeChanged { reported.append($1) }
            bar.isSearchMode = true
            XCTAssertTrue(bar.isSearchMode)
            bar.isSearchMode = false
            XCTAssertEqual(reported, [true, false])
        }
    }

    func testCloseButtonIsTheOneTheBarShows() {
        MainActor.assumeIsolated {
            let bar = SearchBar()
            bar.setEntry(SearchEntry())
            bar.setShowCloseButton(true)
            let button = bar.closeButton
            XCTAssertNotNil(button)
            XCTAssertTrue(button?.hasCSSClass("close") == true)
            XCTAssertTrue(button === bar.closeButton, "one wrapper for the one button")
        }
    }

    func testStopSearchInTheConnectedEntryClosesTheBar() {
        MainActor.assumeIsolated {
            let bar = SearchBar()
            let entry = SearchEntry()
            bar.setEntry(entry)
            var stopped = 0
            entry.onStopSearch { _ in stopped += 1 }
            bar.isSearchMode = true
            entry.emit("stop-search")
            XCTAssertEqual(stopped, 1)
            XCTAssertFalse(bar.isSearchMode, "Escape in the entry (stop-search) closes the bar it is connected to")
        }
    }

    func testSearchChangedAndTextWithoutDelay() {
        MainActor.assumeIsolated {
            let entry = SearchEntry()
            entry.setSearchDelay(milliseconds: 0)
            XCTAssertEqual(gtk_search_entry_get_search_delay(entry.searchEntry), 0)
            var changes = 0
            entry.onSearchChanged { _ in changes += 1 }
            entry.emit("search-changed")
            XCTAssertEqual(changes, 1)
            entry.text = "Café"
            XCTAssertEqual(entry.text, "Café")
        }
    }
}

final class KeyAndScrollingTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testKeyCharacterIsWhatAKeyTypesAndNoneForKeysThatTypeNothing() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Key.character(0x61), "a")
            XCTAssertEqual(Key.character(0xe9), "é")
            XCTAssertNil(Key.character(Key.left))
            XCTAssertNil(Key.character(Key.f10))
            XCTAssertNil(Key.character(Key.delete), "GDK maps Delete to U+007F, which types nothing")
            XCTAssertNil(Key.character(Key.returnKey))
            XCTAssertNil(Key.character(Key.escape))
        }
    }

    func testScrollToShowScrollsAsLittleAsItTakesBothWaysAndScrollToTopGoesBackToTheTop() throws {
        try MainActor.assumeIsolated {
            let rows = (0..<10).map { index -> Label in
                let label = Label("Row \(index)")
                label.sizeRequest = (-1, 50)
                return label
            }
            let column = Box(.vertical, spacing: 0)
            rows.forEach(column.append)
            let scrolled = ScrolledWindow()
            scrolled.scrollVerticallyOnly()
            scrolled.child = column
            let window = presentedWindow(showing: scrolled, width: 200, height: 120)
            defer { window.destroy() }
            runMainLoop { scrolled.height > 0 && rows[9].height == 50 }
            XCTAssertEqual(try XCTUnwrap(rows[7].origin(in: scrolled)).y, 350, accuracy: 0.5, "out of view at first")
            scrolled.scrollToShow(rows[7])
            runMainLoop { (rows[7].origin(in: scrolled)?.y ?? 0) < 350 }
            let shown = try XCTUnwrap(rows[7].origin(in: scrolled)).y
            XCTAssertEqual(shown + 50, Double(scrolled.height), accuracy: 0.5, "its bottom at the view's bottom, no further")
            scrolled.scrollToShow(rows[1])
            runMainLoop { (rows[1].origin(in: scrolled)?.y ?? -1) >= 0 }
            XCTAssertEqual(try XCTUnwrap(rows[1].origin(in: scrolled)).y, 0, accuracy: 0.5, "its top at the view's top")
            scrolled.scrollToTop()
            runMainLoop { (rows[0].origin(in: scrolled)?.y ?? -1) >= 0 }
            XCTAssertEqual(try XCTUnwrap(rows[0].origin(in: scrolled)).y, 0, accuracy: 0.5, "scrolled to the top")
        }
    }
}
