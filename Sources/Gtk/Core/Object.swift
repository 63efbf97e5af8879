internal import CGtk

/// Wraps `GObject`: the base of every wrapper. A GObject has exactly one Swift wrapper, which lives exactly
/// as long as the GObject (see `Ownership` for how).
///
/// A Swift class may subclass a wrapper (a composite widget that is a `Box`, a row that keeps its fields):
/// GTK then hands back that very object, with its stored properties, wherever the GObject comes back.
@MainActor
open class Object {
    let reference: ObjectReference
    private var toggle: ToggleState!

    /// The wrapped `GObject*`. Only the Gtk module sees it.
    var gobject: UnsafeMutablePointer<GObject> { reference.pointer }

    /// Takes hold of the handle's GObject as its ownership says and becomes the object's one wrapper (see
    /// `Ownership` for the rules). The object must not have a wrapper yet: `Object.wrapper(ofUnsafeGObject:as:ownership:)`
    /// finds an existing one. A subclass forwards it (`super.init(handle: handle)`), or refuses it with a
    /// precondition when it is only ever made by its own initializers.
    public required init(handle: GObjectHandle) {
        let object = handle.object
        let ownership = handle.ownership
        precondition(WrapperRegistry.wrapper(for: object) == nil,
                     "\(String(cString: g_type_name(G_OBJECT_TYPE(object)))) already has a Swift wrapper")
        reference = ObjectReference.take(object, ownership)
        toggle = ToggleState(wrapper: self)
        WrapperRegistry.register(self, for: object)
        toggle.adoptReference(of: object)
    }

    /// Takes hold of any C pointer to a GObject (see `GObjectPointer`).
    convenience init<P: GObjectPointer>(_ pointer: P, ownership: Ownership) {
        self.init(handle: GObjectHandle(pointer.gobject, ownership))
    }

    /// Runs once nothing holds the GObject but this wrapper and Swift let go of it: `g_object_remove_toggle_ref`
    /// drops the last reference, so the GObject is finalized now.
    isolated deinit {
        WrapperRegistry.unregister(reference.pointer)
        toggle.release(reference.pointer)
    }

    /// The object as the C pointer type a call wants, inferred from the call: `gtk_button_set_label(c(), …)`.
    /// The one way wrappers hand their object to C.
    func c<P: GObjectPointer>(_: P.Type = P.self) -> P { P(gobject: gobject) }

    /// `G_OBJECT_TYPE_NAME`: the object's GType name, e.g. "GtkButton".
    public var typeName: String { String(cString: g_type_name(G_OBJECT_TYPE(gobject))) }

    /// The wrapper of `pointer`: its one existing wrapper, or a new one that takes hold of it as `ownership`
    /// says, of the most specific class for the object (see `WrapperClass`). Nil for a NULL pointer, or when
    /// the object is not a `T` (a `.full` reference is dropped then).
    static func wrapper<T: Object, P: GObjectPointer>(
        for pointer: P?, as type: T.Type = T.self, ownership: Ownership
    ) -> T? {
        guard let pointer = pointer?.gobject else { return nil }
        if let existing = WrapperRegistry.wrapper(for: pointer) {
            if ownership == .full { g_object_unref(pointer) }
            return existing as? T
        }
        guard let wrapperClass = WrapperClass.forNewWrapper(of: pointer, as: type) else {
            if ownership == .full { g_object_unref(pointer) }
            return nil
        }
        return wrapperClass.init(handle: GObjectHandle(pointer, ownership))
    }
}

/// How the one wrapper of a GObject is kept alive: `g_object_add_toggle_ref`.
///
/// The wrapper's reference to its GObject is a toggle reference. GLib calls `toggled` when that reference
/// becomes the only one (`isLast`) and when another one is added again. While anyone else (a parent widget,
/// GTK's window list, a list model) holds the GObject, the toggle state keeps one Swift retain on the wrapper,
/// so the wrapper and everything stored in it live on even when no Swift code points at it. Once the
/// toggle reference is the last one, that retain goes, and the wrapper lives as long as Swift code holds it;
/// its `deinit` then removes the toggle reference, which finalizes the GObject.
@MainActor
private final class ToggleState {
    unowned(unsafe) let wrapper: Object
    private var retainsWrapper = false

    init(wrapper: Object) { self.wrapper = wrapper }

    /// Trades the wrapper's plain reference for the toggle reference, assuming first that someone else holds
    /// the object too; if nobody does, the `g_object_unref` reports the toggle reference as the last one.
    func adoptReference(of object: UnsafeMutablePointer<GObject>) {
        retain(true)
        g_object_add_toggle_ref(object, toggled, Unmanaged.passUnretained(self).toOpaque())
        g_object_unref(object)
    }

    /// The wrapper's deinit: no Swift retain is left, so the toggle reference is the last reference.
    func release(_ object: UnsafeMutablePointer<GObject>) {
        g_object_remove_toggle_ref(object, toggled, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func retain(_ strong: Bool) {
        guard strong != retainsWrapper else { return }
        retainsWrapper = strong
        let unmanaged = Unmanaged.passUnretained(wrapper)
        if strong { _ = unmanaged.retain() } else { unmanaged.release() }
    }
}

/// `GToggleNotify`. GTK drops and takes references on the main thread only.
private let toggled: GToggleNotify = { data, _, isLast in
    let state = Unmanaged<ToggleState>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { state.retain(isLast == 0) }
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

/// Keeps each GObject's one Swift wrapper in its qdata, so identity survives a round trip through C. The
/// entry is unowned: the toggle reference decides how long the wrapper lives, and its `deinit` removes
/// the entry before the GObject is finalized.
@MainActor
enum WrapperRegistry {
    /// `g_quark_from_string` copies the name: a Swift string is not static C storage.
    private nonisolated static let quark = g_quark_from_string("swift-gtk-wrapper")

    static func register(_ wrapper: Object, for pointer: UnsafeMutablePointer<GObject>) {
        g_object_set_qdata(pointer, quark, Unmanaged.passUnretained(wrapper).toOpaque())
    }

    static func unregister(_ pointer: UnsafeMutablePointer<GObject>) {
        g_object_set_qdata(pointer, quark, nil)
    }

    /// The wrapper of `pointer`, or nil when it has none (never wrapped, or finalized by its wrapper's deinit).
    static func wrapper(for pointer: UnsafeMutablePointer<GObject>) -> Object? {
        guard let data = g_object_get_qdata(pointer, quark) else { return nil }
        return Unmanaged<Object>.fromOpaque(data).takeUnretainedValue()
    }
}

/// `G_OBJECT_TYPE`.
func G_OBJECT_TYPE(_ object: UnsafeMutablePointer<GObject>) -> GType {
    object.pointee.g_type_instance.g_class.pointee.g_type
}
