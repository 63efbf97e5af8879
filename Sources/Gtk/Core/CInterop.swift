internal import CGtk

// How client code reaches GTK's C API, and brings what it makes there back into the binding. Written here once.
//
// `CGtk` is public: it is GTK's C API as Swift imports it (the headers through pkg-config gtk4, plus a few stand-ins
// for macros in shim.h), and a package that depends on `Gtk` may `import CGtk` to call what the binding does not
// wrap, as gtk-rs's `-sys` crates are public. The binding itself imports it as `internal import`, so `import Gtk`
// alone never puts a C symbol in scope; C is always an explicit second import.
//
// The bridge between the two is a raw GObject pointer:
// - In: `Object.wrapper(ofUnsafeGObject:as:ownership:)` returns the object's one wrapper, making it if there is none.
//   Say what the pointer came with, as the C function's documentation does:
//   - `.full` (transfer full: `gtk_text_view_new()`, `g_object_new`): the wrapper adopts that reference and sinks a
//     floating one; C must not unref it.
//   - `.none` (transfer none: a getter such as `gtk_widget_get_first_child`): the wrapper takes its own reference.
//   - `.borrowed` (a pointer lent to a C callback): the wrapper takes a plain reference and never sinks.
//   Asking again for the same object returns the same Swift object (and drops a `.full` reference again).
// - A wrapper class of the client's own for a GObject the binding does not create (from another C library) is made
//   from a handle: `MyWrapper(handle: GObjectHandle(unsafeGObject: pointer, ownership: .full))`, with the same three
//   ownerships. The object must not have a wrapper yet. This is the only way from a pointer to a `GObjectHandle`
//   outside `Gtk`, so Swift code that does not import `CGtk` never names a pointer.
// - Out: `unsafeGObject` is the object's pointer, borrowed from the wrapper: valid while the wrapper, or anyone else,
//   holds the object. C that keeps it takes its own reference (`g_object_ref`), and a C function that takes its
//   argument transfer full is handed one.

extension Object {
    /// The one wrapper of the GObject at `pointer`, made as `T` if it has none yet, taking hold of it as `ownership`
    /// says (see above). Nil for NULL, or when the object already has a wrapper that is not a `T`; a `.full`
    /// reference is taken over (and so dropped) then too.
    public static func wrapper<T: Object>(
        ofUnsafeGObject pointer: UnsafeMutableRawPointer?, as type: T.Type = T.self, ownership: Ownership
    ) -> T? {
        guard let pointer else { return nil }
        precondition(g_type_check_instance_is_fundamentally_a(pointer.assumingMemoryBound(to: GTypeInstance.self),
                                                             cgtk_type_object()) != 0, "not a GObject")
        return wrapper(for: pointer, as: type, ownership: ownership)
    }

    /// The GObject pointer, for C code, borrowed from this wrapper (see above).
    public var unsafeGObject: UnsafeMutableRawPointer { gobject.raw }
}

extension GObjectHandle {
    /// A handle on the GObject at `pointer`, for a wrapper's `init(handle:)`, with what the pointer came with
    /// (see above). Stops with a message when the pointer is not a GObject.
    public init(unsafeGObject pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        precondition(g_type_check_instance_is_fundamentally_a(pointer.assumingMemoryBound(to: GTypeInstance.self),
                                                             cgtk_type_object()) != 0, "not a GObject")
        self.init(pointer.assumingMemoryBound(to: GObject.self), ownership)
    }
}
