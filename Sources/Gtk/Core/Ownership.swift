internal import CGtk

// How a Swift wrapper comes to own a GObject, and how long it lives. These rules are written here once;
// every wrapper follows them (`Object.init(handle:)` applies them, `ObjectReference.take`
// and `ToggleState` in Object.swift are the only code that does).
//
// Ways in, as gtk-rs names them:
// - `.full`: the C call handed us a reference (transfer full). The wrapper adopts it as is: no extra ref.
//   If that reference is floating (a fresh widget from `gtk_*_new`), it is sunk, so the wrapper owns
//   exactly one strong reference.
// - `.none`: the C call lent us a pointer (transfer none), e.g. a getter. The wrapper takes its own
//   reference with `g_object_ref_sink`, which sinks a floating reference instead of adding one.
// - `.borrowed`: a pointer passed into a signal handler or vfunc. It is never sunk: a floating object
//   there belongs to someone else's construction. The wrapper takes a plain `g_object_ref`.
// When the object already has its wrapper, that wrapper is returned (a `.full` reference is dropped).
//
// Going the other way, a C parameter that GTK takes transfer full (`gtk_widget_add_controller`,
// `gtk_single_selection_new`, `gtk_list_view_new`) is handed an extra `g_object_ref` first, because
// the wrapper keeps the reference it owns.
//
// Identity and lifetime: a GObject has exactly one Swift wrapper, found again through the object's qdata,
// and the wrapper lives exactly as long as the GObject. The wrapper's one reference is a toggle reference
// (`g_object_add_toggle_ref`): while anyone else holds the GObject (a parent, GTK's window list, a list
// model), the wrapper is retained on the Swift side too, so state stored in it (a subclass's properties)
// survives any number of round trips through C. Once only the wrapper holds the GObject, the wrapper lives
// as long as Swift code holds it, and its `deinit` drops the last reference: the GObject is finalized.
//
// What follows from it: a handler stored by a GObject (a signal closure, a tick callback, a draw function) must
// not capture that object's wrapper strongly, or the two keep each other alive. Handlers are handed the emitting
// instance instead (see `Signal`). Top-level windows are held by GTK's window list (they are never
// floating): `Window.destroy()` (`gtk_window_destroy`) releases GTK's reference, after which the window
// goes once Swift lets go of its wrapper.
//
// A C value that is not a GObject and is lent to a callback (the `cairo_t` of a draw function) is wrapped for
// the call only: `Canvas` drops the pointer when the callback returns, and does nothing if kept and used later.

/// How a wrapper takes hold of the pointer it is given.
public enum Ownership: Sendable {
    /// Transfer full: adopt the given reference, sinking it if floating.
    case full
    /// Transfer none: take a reference of our own, sinking it if floating.
    case none
    /// A pointer lent to a callback: take a plain reference, never sink.
    case borrowed
}

/// A GObject pointer that may cross into `deinit`.
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
}
