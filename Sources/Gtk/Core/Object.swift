internal import CGtk

/// Wraps `GObject`: the base of every wrapper. It owns exactly one strong reference (see `Ownership`).
///
/// A GObject has at most one live Swift wrapper at a time. The wrapper registers itself in the object's
/// qdata through a weak box, so `Object.wrapper(for:)` finds it again when the pointer comes back from C.
@MainActor
public class Object {
    let reference: ObjectReference

    /// The wrapped `GObject*`. Only the Gtk module sees it.
    var gobject: UnsafeMutablePointer<GObject> { reference.pointer }

    /// Takes hold of `pointer` as `ownership` says and registers this wrapper as the object's Swift identity.
    required init(_ pointer: UnsafeMutablePointer<GObject>, ownership: Ownership) {
        reference = ObjectReference.take(pointer, ownership)
        WrapperRegistry.register(self, for: pointer)
    }

    /// Takes hold of any C pointer to a GObject (see `GObjectPointer`).
    convenience init<P: GObjectPointer>(_ pointer: P, ownership: Ownership) {
        self.init(pointer.gobject, ownership: ownership)
    }

    /// `g_object_unref`: drops this wrapper's reference. The GObject lives on if anyone else holds it.
    isolated deinit {
        WrapperRegistry.unregister(self, for: reference.pointer)
        reference.release()
    }

    /// The object as the C pointer type a call wants, inferred from the call: `gtk_button_set_label(c(), …)`.
    /// The one way wrappers hand their object to C.
    func c<P: GObjectPointer>(_: P.Type = P.self) -> P { P(gobject: gobject) }

    /// `G_OBJECT_TYPE_NAME`: the object's GType name, e.g. "GtkButton".
    public var typeName: String { String(cString: g_type_name(G_OBJECT_TYPE(gobject))) }

    /// The existing wrapper of `pointer`, or a new `T` that takes hold of it as `ownership` says.
    /// Returns nil for a NULL pointer.
    static func wrapper<T: Object, P: GObjectPointer>(
        for pointer: P?, as type: T.Type = T.self, ownership: Ownership
    ) -> T? {
        guard let pointer = pointer?.gobject else { return nil }
        if let existing = WrapperRegistry.wrapper(for: pointer) as? T {
            if ownership == .full { g_object_unref(pointer) }
            return existing
        }
        return T(pointer, ownership: ownership)
    }
}

/// A C pointer that points at a GObject: `UnsafeMutablePointer<GtkButton>` for a struct the headers declare,
/// `OpaquePointer` for a private one (`GtkPaned`), `gpointer` as signals pass it. Converting between them is
/// written here once, so a wrapper never casts a pointer by hand.
protocol GObjectPointer {
    init(gobject: UnsafeMutablePointer<GObject>)
    var gobject: UnsafeMutablePointer<GObject> { get }
}

extension GObjectPointer {
    /// The same object as `gpointer`, for GLib calls that take any object (`g_object_unref`).
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gobject) }
}

extension UnsafeMutablePointer: GObjectPointer {
    init(gobject: UnsafeMutablePointer<GObject>) { self.init(OpaquePointer(gobject)) }
    var gobject: UnsafeMutablePointer<GObject> { UnsafeMutablePointer<GObject>(OpaquePointer(self)) }
}

extension OpaquePointer: GObjectPointer {
    init(gobject: UnsafeMutablePointer<GObject>) { self.init(gobject) }
    var gobject: UnsafeMutablePointer<GObject> { UnsafeMutablePointer<GObject>(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    init(gobject: UnsafeMutablePointer<GObject>) { self.init(gobject) }
    var gobject: UnsafeMutablePointer<GObject> { assumingMemoryBound(to: GObject.self) }
}

/// Keeps each GObject's Swift wrapper in its qdata, weakly, so identity survives a round trip through C.
@MainActor
enum WrapperRegistry {
    private final class WeakWrapper {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    /// `g_quark_from_string` copies the name: a Swift string is not static C storage.
    private static let quark = g_quark_from_string("swift-gtk-wrapper")

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

/// `G_OBJECT_TYPE`.
func G_OBJECT_TYPE(_ object: UnsafeMutablePointer<GObject>) -> GType {
    object.pointee.g_type_instance.g_class.pointee.g_type
}
