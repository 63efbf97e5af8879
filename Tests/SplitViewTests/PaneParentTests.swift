import CGtk
import Foundation
import Testing
import SplitView

/// A client's mistake stops the process with the view's own message, before GTK sees it: a Swift Testing exit
/// test, whose body runs in a child process of its own (GTK is initialised there, never in this test process).
@Suite struct PaneParentTests {
    /// Like the XCTest GUI tests: skipped without a display, run (and failing) under make test.
    static let mayOpenDisplay = ["DISPLAY", "WAYLAND_DISPLAY", "PIZZA_SPLIT_REQUIRE_DISPLAY"]
        .contains { ProcessInfo.processInfo.environment[$0].map { !$0.isEmpty } == true }

    @Test(.enabled(if: mayOpenDisplay, "no display: run make test, or Tests/support/with-display.sh swift test"))
    func aPaneAlreadyInAnotherContainerStopsWithThePreconditionMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                precondition(gtk_init_check() != 0, "no display")
                let container = Box(.vertical)
                let pane = Box(.vertical)
                container.append(pane)
                _ = SplitView<Int>(primary: pane, secondary: Box(.vertical), primaryTitle: "Items")
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("SplitView: a pane is already in another container"), "\(standardError)")
        #expect(!standardError.contains("Gtk-"), "GTK itself said nothing: \(standardError)")
    }
}
