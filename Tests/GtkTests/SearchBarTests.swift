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
