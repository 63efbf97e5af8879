internal import CGtk

extension Object {
    /// `g_object_set_property`: sets the property `name` to `value`, which must have the property's type.
    public func setProperty(_ name: String, _ value: Value) {
        precondition(g_object_class_find_property(classPointer, name) != nil, "\(typeName) has no property \"\(name)\"")
        let gvalue = UnsafeMutablePointer<GValue>.allocate(capacity: 1)
        defer { g_value_unset(gvalue); gvalue.deallocate() }
        value.initialize(gvalue)
        g_object_set_property(gobject, name, gvalue)
    }

    /// `g_object_get_property`: the property `name`, read as its own type.
    public func property(_ name: String) -> Value {
        guard let spec = g_object_class_find_property(classPointer, name) else {
            preconditionFailure("\(typeName) has no property \"\(name)\"")
        }
        let gvalue = UnsafeMutablePointer<GValue>.allocate(capacity: 1)
        gvalue.initialize(to: GValue())
        defer { g_value_unset(gvalue); gvalue.deallocate() }
        g_value_init(gvalue, spec.pointee.value_type)
        g_object_get_property(gobject, name, gvalue)
        return Value(reading: gvalue)
    }

    private var classPointer: UnsafeMutablePointer<GObjectClass> {
        UnsafeMutableRawPointer(gobject.pointee.g_type_instance.g_class).assumingMemoryBound(to: GObjectClass.self)
    }
}
