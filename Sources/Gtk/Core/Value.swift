internal import CGtk

/// A Swift view of a `GValue`, for the fundamental types the app passes through signals and properties.
@MainActor
public enum Value {
    /// `G_TYPE_INT`.
    case int(Int32)
    /// `G_TYPE_UINT`.
    case uint(UInt32)
    /// `G_TYPE_DOUBLE`.
    case double(Double)
    /// `G_TYPE_BOOLEAN`.
    case bool(Bool)
    /// `G_TYPE_STRING`; nil is a NULL string.
    case string(String?)
    /// `G_TYPE_OBJECT`, as the object's one wrapper; nil is a NULL object.
    case object(Object?)

    /// The GType family of a value, used to ask for a signal's return value.
    public enum Kind: Sendable {
        /// `G_TYPE_INT`.
        case int
        /// `G_TYPE_UINT`.
        case uint
        /// `G_TYPE_DOUBLE`.
        case double
        /// `G_TYPE_BOOLEAN`.
        case bool
        /// `G_TYPE_STRING`.
        case string
        /// `G_TYPE_OBJECT`.
        case object
    }

    static func zero(of kind: Kind) -> Value {
        switch kind {
        case .int: .int(0)
        case .uint: .uint(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .string: .string(nil)
        case .object: .object(nil)
        }
    }

    /// `g_value_init` and `g_value_set_*` into uninitialized storage.
    func initialize(_ gvalue: UnsafeMutablePointer<GValue>) {
        gvalue.initialize(to: GValue())
        switch self {
        case .int(let v): g_value_init(gvalue, cgtk_type_int()); g_value_set_int(gvalue, v)
        case .uint(let v): g_value_init(gvalue, cgtk_type_uint()); g_value_set_uint(gvalue, v)
        case .double(let v): g_value_init(gvalue, cgtk_type_double()); g_value_set_double(gvalue, v)
        case .bool(let v): g_value_init(gvalue, cgtk_type_boolean()); g_value_set_boolean(gvalue, v ? 1 : 0)
        case .string(let v): g_value_init(gvalue, cgtk_type_string()); g_value_set_string(gvalue, v)
        case .object(let v):
            g_value_init(gvalue, v.map { G_OBJECT_TYPE($0.gobject) } ?? cgtk_type_object())
            g_value_set_object(gvalue, v?.gobject)
        }
    }

    /// `g_value_get_*` by the value's fundamental type. Objects come back as borrowed wrappers.
    init(reading gvalue: UnsafeMutablePointer<GValue>) {
        let type = gvalue.pointee.g_type
        switch g_type_fundamental(type) {
        case cgtk_type_int(): self = .int(g_value_get_int(gvalue))
        case cgtk_type_uint(): self = .uint(g_value_get_uint(gvalue))
        case cgtk_type_double(): self = .double(g_value_get_double(gvalue))
        case cgtk_type_boolean(): self = .bool(g_value_get_boolean(gvalue) != 0)
        case cgtk_type_string(): self = .string(g_value_get_string(gvalue).map { String(cString: $0) })
        case cgtk_type_object():
            self = .object(Object.wrapper(for: g_value_get_object(gvalue), as: Object.self, ownership: .borrowed))
        default: preconditionFailure("unsupported GValue type \(String(cString: g_type_name(type)))")
        }
    }

    /// The value if it holds a `G_TYPE_INT`, else nil.
    public var intValue: Int32? { if case .int(let v) = self { v } else { nil } }
    /// The value if it holds a `G_TYPE_UINT`, else nil.
    public var uintValue: UInt32? { if case .uint(let v) = self { v } else { nil } }
    /// The value if it holds a `G_TYPE_DOUBLE`, else nil.
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    /// The value if it holds a `G_TYPE_BOOLEAN`, else nil.
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// The string if the value holds a non-NULL `G_TYPE_STRING`, else nil.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The object's wrapper if the value holds a non-NULL `G_TYPE_OBJECT`, else nil.
    public var objectValue: Object? { if case .object(let v) = self { v } else { nil } }

    /// The object's wrapper as `T`, if the value holds a non-NULL object whose wrapper is a `T`.
    public func object<T: Object>(as type: T.Type) -> T? { objectValue as? T }
}

/// A temporary, contiguous array of initialized `GValue`s, unset when the body returns.
@MainActor
enum GValueArray {
    static func with<R>(_ values: [Value], _ body: (UnsafeMutablePointer<GValue>) -> R) -> R {
        let buffer = UnsafeMutablePointer<GValue>.allocate(capacity: max(values.count, 1))
        for (index, value) in values.enumerated() { value.initialize(buffer + index) }
        defer {
            for index in values.indices { g_value_unset(buffer + index) }
            buffer.deallocate()
        }
        return body(buffer)
    }
}
