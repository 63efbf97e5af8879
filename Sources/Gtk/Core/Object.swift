import CGtk

/// Wraps `GObject`: the base of every wrapper. It owns exactly one strong reference (see `Ownership`).
///
/// A GObject has at most one live Swift wrapper at a time. The wrapper registers itself in the object's
/// qdata through a weak box, so `Object.wrapper(for:)` finds it again when the pointer comes back from C.
@MainActor
open class Object {
    let reference: ObjectReference

    /// The wrapped `GObject*`. Only the Gtk module sees it.
    var gobject: UnsafeMutablePointer<GObject> { reference.pointer }

    /// Takes hold of `pointer` as `ownership` says and registers this wrapper as the object's Swift identity.
    required public init(_ pointer: UnsafeMutablePointer<GObject>, ownership: Ownership) {
        reference = ObjectReference.take(pointer, ownership)
        WrapperRegistry.register(self, for: pointer)
    }

    /// Takes hold of a typed pointer (any GObject subclass).
    convenience init<T>(_ pointer: UnsafeMutablePointer<T>, ownership: Ownership) {
        self.init(UnsafeMutablePointer<GObject>(OpaquePointer(pointer)), ownership: ownership)
    }

    /// Takes hold of a pointer to an opaque GObject subclass.
    convenience init(_ pointer: OpaquePointer, ownership: Ownership) {
        self.init(UnsafeMutablePointer<GObject>(pointer), ownership: ownership)
    }

    /// `g_object_unref`: drops this wrapper's reference. The GObject lives on if anyone else holds it.
    isolated deinit {
        WrapperRegistry.unregister(self, for: reference.pointer)
        reference.release()
    }

    /// The object as a pointer to a C struct type, e.g. `UnsafeMutablePointer<GtkButton>`.
    func pointer<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(OpaquePointer(gobject))
    }

    /// The object as an opaque pointer, for GTK types whose struct is private (`GtkPaned`, `GtkStack`, ...).
    var opaque: OpaquePointer { OpaquePointer(gobject) }

    /// `G_OBJECT_TYPE_NAME`: the object's GType name, e.g. "GtkButton".
    public var typeName: String {
        String(cString: g_type_name(gobject.pointee.g_type_instance.g_class.pointee.g_type))
    }

    /// The existing wrapper of `pointer`, or a new `T` that takes hold of it as `ownership` says.
    /// Returns nil for a NULL pointer.
    static func wrapper<T: Object>(
        for pointer: UnsafeMutablePointer<GObject>?, as type: T.Type = T.self, ownership: Ownership
    ) -> T? {
        guard let pointer else { return nil }
        if let existing = WrapperRegistry.wrapper(for: pointer) as? T {
            if ownership == .full { g_object_unref(pointer) }
            return existing
        }
        return T(pointer, ownership: ownership)
    }

    static func wrapper<T: Object>(for pointer: OpaquePointer?, as type: T.Type = T.self, ownership: Ownership) -> T? {
        wrapper(for: pointer.map { UnsafeMutablePointer<GObject>($0) }, as: type, ownership: ownership)
    }

    static func wrapper<T: Object, C>(for pointer: UnsafeMutablePointer<C>?, as type: T.Type = T.self, ownership: Ownership) -> T? {
        wrapper(for: pointer.map { UnsafeMutablePointer<GObject>(OpaquePointer($0)) }, as: type, ownership: ownership)
    }
}

/// Keeps each GObject's Swift wrapper in its qdata, weakly, so identity survives a round trip through C.
@MainActor
enum WrapperRegistry {
    private final class WeakWrapper {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    /// `g_quark_from_string` copies the name: a Swift string is not static C storage.
    private static let quark = g_quark_from_string("pizza-split-swift-wrapper")

    private static let releaseBox: GDestroyNotify = { box in
        guard let box else { return }
        Unmanaged<WeakWrapper>.fromOpaque(box).release()
    }

    static func register(_ wrapper: Object, for pointer: UnsafeMutablePointer<GObject>) {
        let box = Unmanaged.passRetained(WeakWrapper(wrapper)).toOpaque()
        g_object_set_qdata_full(pointer, quark, box, releaseBox)
    }

    static func unregister(_ wrapper: Object, for pointer: UnsafeMutablePointer<GObject>) {
        guard let box = g_object_get_qdata(pointer, quark) else { return }
        let weakWrapper = Unmanaged<WeakWrapper>.fromOpaque(box).takeUnretainedValue()
        if weakWrapper.object == nil || weakWrapper.object === wrapper {
            g_object_set_qdata(pointer, quark, nil)
        }
    }

    static func wrapper(for pointer: UnsafeMutablePointer<GObject>) -> Object? {
        guard let box = g_object_get_qdata(pointer, quark) else { return nil }
        return Unmanaged<WeakWrapper>.fromOpaque(box).takeUnretainedValue().object
    }
}
