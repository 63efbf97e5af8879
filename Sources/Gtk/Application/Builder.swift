internal import CGtk

/// Wraps `GtkBuilder`: objects described in UI XML, e.g. the shortcuts window, or widgets the binding does not wrap.
@MainActor
public final class Builder: Object {
    var builder: OpaquePointer { c() }

    /// `gtk_builder_new_from_string`. Transfer full. Invalid XML is a programming error and traps in GTK.
    public convenience init(xml: String) {
        self.init(gtk_builder_new_from_string(xml, -1), ownership: .full)
    }

    /// `gtk_builder_get_object`: the object with id `name`, as its wrapper of class `T` (`Widget` for a widget the
    /// binding does not wrap). Transfer none: the wrapper takes its own reference. Nil when there is no such object,
    /// or its wrapper is not a `T`.
    public func object<T: Object>(named name: String, as type: T.Type = T.self) -> T? {
        Object.wrapper(for: gtk_builder_get_object(builder, name), as: type, ownership: .none)
    }

    /// `gtk_builder_get_object` as a window.
    public func window(named name: String) -> Window? { object(named: name) }
}
