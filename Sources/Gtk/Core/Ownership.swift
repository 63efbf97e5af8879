internal import CGtk

// How a Swift wrapper comes to own a GObject. These rules are written here once; every wrapper follows them.
//
// - `.full`: the C call handed us a reference (transfer full). The wrapper adopts it as is: no extra ref.
//   If that reference is floating (a fresh widget from `gtk_*_new`), it is sunk, so the wrapper owns
//   exactly one strong reference.
// - `.none`: the C call lent us a pointer (transfer none), e.g. a getter. The wrapper takes its own
//   reference with `g_object_ref_sink`, which sinks a floating reference instead of adding one.
// - `.borrowed`: a pointer passed into a signal handler or vfunc. It is never sunk: a floating object
//   there belongs to someone else's construction. The wrapper takes a plain `g_object_ref`.
//
// Going the other way, a C parameter that GTK takes transfer full (`gtk_widget_add_controller`,
// `gtk_single_selection_new`, `gtk_list_view_new`) is handed an extra `g_object_ref` first, because
// the wrapper keeps the reference it owns.
//
// A wrapper's `deinit` drops the one reference it owns, and nothing else. Containers hold their own
// references to children, so a widget lives as long as either its wrapper or its parent keeps it.
// Top-level windows are the exception GTK makes: GTK's window list owns them, so they are not floating
// and unref'ing is not enough to close them. `Window.destroy()` (`gtk_window_destroy`) releases GTK's
// reference; the wrapper's own is dropped in `deinit`.

/// How a wrapper takes hold of the pointer it is given.
public enum Ownership: Sendable {
    /// Transfer full: adopt the given reference, sinking it if floating.
    case full
    /// Transfer none: take a reference of our own, sinking it if floating.
    case none
    /// A pointer lent to a callback: take a plain reference, never sink.
    case borrowed
}

/// A GObject pointer that may cross into `deinit`, which is not isolated to the main actor.
struct ObjectReference: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GObject>

    /// Applies `ownership` to `pointer` and returns the reference the wrapper now owns.
    static func take(_ pointer: UnsafeMutablePointer<GObject>, _ ownership: Ownership) -> ObjectReference {
        switch ownership {
        case .full:
            // On a floating reference, ref_sink clears the flag without adding a reference.
            if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
        case .none:
            g_object_ref_sink(pointer)
        case .borrowed:
            g_object_ref(pointer)
        }
        return ObjectReference(pointer: pointer)
    }

    /// `g_object_unref`: drops the wrapper's one reference.
    func release() { g_object_unref(pointer) }
}
