import CGtk
import Foundation
import XCTest
@testable import Gtk

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

/// Runs the main loop until `condition` holds or `seconds` have passed.
@MainActor
func runMainLoop(for seconds: TimeInterval = 5, until condition: () -> Bool = { false }) {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() && Date() < deadline { MainContext.drainPending(); usleep(2_000) }
}

/// A presented window of `width` × `height` showing `child`; the caller destroys it.
@MainActor
func presentedWindow(showing child: Widget, width: Int = 200, height: Int = 100) -> Window {
    let window = Window()
    window.child = child
    window.defaultSize = (width, height)
    window.present()
    return window
}

/// Runs the main loop `turns` times, 2 ms apart: for GTK's work that no condition can tell done.
@MainActor
func runMainLoop(turns: Int) {
    for _ in 0..<turns { MainContext.drainPending(); usleep(2_000) }
}

/// A GUI test that must run found no display.
struct MissingDisplay: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// A GLib weak pointer: `isFinalized` turns true when the watched object is finalized.
@MainActor
final class FinalizationProbe {
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    convenience init(_ object: Object) { self.init(pointer: UnsafeMutableRawPointer(object.gobject)) }

    /// Watches a GObject the binding has no wrapper for.
    init(pointer: UnsafeMutableRawPointer) {
        slot.initialize(to: pointer)
        g_object_add_weak_pointer(pointer.assumingMemoryBound(to: GObject.self), slot)
    }

    var isFinalized: Bool { slot.pointee == nil }

    isolated deinit {
        if let object = slot.pointee { g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot) }
        slot.deallocate()
    }
}

/// Counts live instances of every object handed to `watch` through GLib weak references.
/// The counter is never freed: a weak-ref callback may still write to it after the test.
@MainActor
final class LiveObjectCounter {
    private let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init() { counter.initialize(to: 0) }

    var live: Int { counter.pointee }

    func watch(_ object: Object) {
        counter.pointee += 1
        g_object_weak_ref(object.gobject, { data, _ in
            data!.assumingMemoryBound(to: Int.self).pointee -= 1
        }, counter)
    }
}

/// A Swift object whose lifetime tells whether a closure that captured it was released.
final class CaptureTracker: @unchecked Sendable {}

extension Object {
    /// The GObject reference count, read for ownership tests.
    var referenceCount: UInt32 { gobject.pointee.ref_count }
    var isFloating: Bool { g_object_is_floating(gobject) != 0 }
}
