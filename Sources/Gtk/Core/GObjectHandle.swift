internal import CGtk

/// A GObject on its way into its Swift wrapper: the object and how the wrapper takes hold of it (see `Ownership`).
///
/// Only `Gtk` makes handles (and a client through the C bridge, `init(unsafeGObject:ownership:)`), and only
/// `Object.init(handle:)` opens one. A subclass outside `Gtk` forwards the handle it is given and never names a
/// C pointer type:
///
/// ```swift
/// public required init(handle: GObjectHandle) { super.init(handle: handle) }
/// ```
public struct GObjectHandle {
    /// The object, not yet held by any wrapper.
    let object: UnsafeMutablePointer<GObject>
    /// What the pointer came with: the reference the wrapper adopts, or one it takes.
    let ownership: Ownership

    init(_ object: UnsafeMutablePointer<GObject>, _ ownership: Ownership) {
        self.object = object
        self.ownership = ownership
    }
}
