import CGtk
import XCTest
@testable import Gtk

/// Opens the display once for the whole test process (tests run under Tests/support/with-display.sh).
func requireDisplay() {
    precondition(gtk_init_check() != 0, "GUI tests need a display: run them through Tests/support/with-display.sh")
}

/// A GLib weak pointer: `isFinalized` turns true when the watched object is finalized.
@MainActor
final class FinalizationProbe {
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    init(_ object: Object) {
        slot.initialize(to: UnsafeMutableRawPointer(object.gobject))
        g_object_add_weak_pointer(object.gobject, slot)
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
