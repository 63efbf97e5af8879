import XCTest
@testable import Gtk
@testable import SplitView

/// Right-to-left languages mirror the split view: GTK mirrors the paned, the stack's slide and
/// direction-aware icons for every widget left at the default direction, and the view must leave them so.
final class SplitViewDirectionTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    override func tearDown() {
        MainActor.assumeIsolated { Widget.defaultDirection = .leftToRight }
    }

    func testRightToLeftPutsTheListOnTheRight() {
        MainActor.assumeIsolated {
            for direction in [TextDirection.leftToRight, .rightToLeft] {
                Widget.defaultDirection = direction
                let fixture = SplitFixture(width: 1000)
                defer { fixture.close() }
                fixture.settle { fixture.primary.width > 0 && fixture.secondary.width > 0 }
                let list = fixture.primary.origin(in: fixture.window)
                let detail = fixture.secondary.origin(in: fixture.window)
                XCTAssertNotNil(list)
                XCTAssertNotNil(detail)
                let expected = fixture.layout.primaryWidth(total: fixture.split.widget.width, fraction: fixture.split.state.primaryFraction)
                XCTAssertEqual(fixture.primary.width, expected, "the list keeps its share either way")
                guard let list, let detail else { continue }
                if direction == .rightToLeft {
                    XCTAssertGreaterThan(list.x, detail.x, "the list is on the right")
                    XCTAssertEqual(Int(list.x) + fixture.primary.width, fixture.window.width, "flush with the right edge")
                } else {
                    XCTAssertLessThan(list.x, detail.x, "the list is on the left")
                }
            }
        }
    }

    func testRightToLeftMirrorsTheBackArrowAndTheSlide() {
        MainActor.assumeIsolated {
            Widget.defaultDirection = .rightToLeft
            let fixture = SplitFixture(width: SplitLayout.standard.collapseBelow - 30, selection: 1)
            defer { fixture.close() }
            fixture.settle { fixture.secondaryShows }
            XCTAssertTrue(fixture.split.backButton.isVisible)
            XCTAssertEqual(fixture.split.backButton.direction, .rightToLeft)
            let mirrored = IconTheme.resolvedFileName(of: "go-previous-symbolic", size: 16, direction: fixture.split.backButton.direction)
            XCTAssertTrue(mirrored?.contains("-rtl") ?? false, "the back arrow points right: \(mirrored ?? "no icon")")
            let plain = IconTheme.resolvedFileName(of: "go-previous-symbolic", size: 16, direction: .leftToRight)
            XCTAssertFalse(plain?.contains("-rtl") ?? true, "left to right it is the plain arrow: \(plain ?? "no icon")")
            let stack = fixture.primary.parent
            XCTAssertEqual(stack?.typeName, "GtkStack")
            XCTAssertEqual(stack?.direction, .rightToLeft, "GtkStack reverses its left/right slide right to left")
        }
    }

    func testChangingTheDirectionWhileShownMirrorsTheOpenWindow() {
        MainActor.assumeIsolated {
            Widget.defaultDirection = .leftToRight
            let fixture = SplitFixture(width: 1000)
            defer { fixture.close() }
            fixture.settle { fixture.primary.width > 0 }
            Widget.defaultDirection = .rightToLeft
            fixture.settle { (fixture.primary.origin(in: fixture.window)?.x ?? 0) > 0 }
            let list = fixture.primary.origin(in: fixture.window)?.x ?? 0
            let detail = fixture.secondary.origin(in: fixture.window)?.x ?? 0
            XCTAssertGreaterThan(list, detail)
        }
    }
}
