import CGtk
import Foundation
import XCTest

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
