import CGtk
import Foundation
import XCTest
import SplitView

/// Opens the display (once per test process). Without one the test is skipped with the reason, so that
/// `swift test` on a headless machine still runs every headless suite; under `make test` (which sets
/// PIZZA_SPLIT_REQUIRE_DISPLAY=1) a missing display fails the test instead.
func requireDisplay() throws {
    if displayOpened { return }
    if ProcessInfo.processInfo.environment["PIZZA_SPLIT_REQUIRE_DISPLAY"] == "1" {
        throw MissingDisplay(reason: "no display, but PIZZA_SPLIT_REQUIRE_DISPLAY=1 says GUI tests must run here (did Xvfb start?)")
    }
    throw XCTSkip("no display: run make test, or Tests/support/with-display.sh swift test")
}

/// GTK is initialised once per process, and never again after it failed (a second `gtk_init_check` then
/// reports success and crashes later). Both GUI test modules share the process, so the failure is kept in
/// the environment.
private let displayOpened: Bool = {
    let environment = ProcessInfo.processInfo.environment
    let named = environment["DISPLAY"].map { !$0.isEmpty } == true || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true
    guard named, environment["PIZZA_SPLIT_DISPLAY_FAILED"] == nil else { return false }
    if gtk_init_check() != 0 { return true }
    setenv("PIZZA_SPLIT_DISPLAY_FAILED", "1", 1)
    return false
}()

/// A GUI test that must run found no display.
struct MissingDisplay: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// Runs the main loop until `condition` holds (five seconds at most) and then long enough for the frame clock
/// to tick and lay out; returns whether the condition holds at the end.
@discardableResult
@MainActor
func runMainLoop(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while !condition() && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
    let quiet = Date().addingTimeInterval(0.35)
    while Date() < quiet { MainContext.drainPending(); usleep(2_000) }
    return condition()
}
