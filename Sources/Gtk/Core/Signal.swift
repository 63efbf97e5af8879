internal import CGtk

// How a signal is typed. These rules are written here once; every wrapper follows them.
//
// A `Signal<Handler>` holds a signal's name, the C trampoline for its exact C signature, and that
// signature's argument types. It can only be made by the initializers below, one per C signature, and
// each initializer fixes `Handler` to the Swift closure type its trampoline calls. `Object.connect`
// takes a `Signal<Handler>` and a `Handler`, so the compiler matches closure and trampoline: connecting
// `Signal<@MainActor (Object, UInt32) -> Void>` with an `(Object) -> Void` closure does not compile (GtkTests
// checks this by compiling such a snippet). What the compiler cannot see, that the named signal really
// has that C signature, is checked against GLib's own signal registry (`g_signal_query`) at connect.

/// A GObject signal, typed: its name, its C signature's trampoline, and the Swift handler type it calls.
public struct Signal<Handler>: @unchecked Sendable {
    /// The detailed signal name, e.g. "clicked" or "notify::selected".
    public let name: String
    let trampoline: GCallback
    /// The C signature after the instance: the fundamental argument types, then whether it returns `gboolean`.
    let arguments: [CArgument]
    let returnsBoolean: Bool

    private init(_ name: String, _ trampoline: GCallback, _ arguments: [CArgument], returnsBoolean: Bool = false) {
        self.name = name
        self.trampoline = trampoline
        self.arguments = arguments
        self.returnsBoolean = returnsBoolean
    }
}

/// A C argument type of a signal, by GLib fundamental type.
enum CArgument: Sendable {
    case int, uint, double, boolean, string, flags, enumeration, interface, object, param, variant, pointer, boxed

    var fundamental: GType {
        switch self {
        case .int: cgtk_type_int()
        case .uint: cgtk_type_uint()
        case .double: cgtk_type_double()
        case .boolean: cgtk_type_boolean()
        case .string: cgtk_type_string()
        case .flags: cgtk_type_flags()
        case .enumeration: cgtk_type_enum()
        case .interface: cgtk_type_interface()
        case .object: cgtk_type_object()
        case .param: cgtk_type_param()
        case .variant: cgtk_type_variant()
        case .pointer: cgtk_type_pointer()
        case .boxed: cgtk_type_boxed()
        }
    }
}

extension Signal where Handler == @MainActor (Object) -> Void {
    /// `void (*)(GObject *self, gpointer data)`: clicked, activate, destroy, toggled, changed, ...
    public init(_ name: String) { self.init(name, voidTrampoline, []) }

    /// `void (*)(GObject *self, GParamSpec *pspec, gpointer data)`: `notify::property`.
    public static func notify(_ property: String) -> Self { Self("notify::\(property)", paramSpecTrampoline, [.param]) }
}

extension Signal where Handler == @MainActor (Object) -> Bool {
    /// `gboolean (*)(GObject *self, gpointer data)`: close-request.
    public init(_ name: String) { self.init(name, boolTrampoline, [], returnsBoolean: true) }
}

extension Signal where Handler == @MainActor (Object, UInt32) -> Void {
    /// `void (*)(GObject *self, guint value, gpointer data)`: GtkListView::activate.
    public init(_ name: String) { self.init(name, uintTrampoline, [.uint]) }
}

extension Signal where Handler == @MainActor (Object, Int32) -> Void {
    /// `void (*)(GObject *self, gint value, gpointer data)`: GtkNativeDialog::response.
    public init(_ name: String) { self.init(name, intTrampoline, [.int]) }

    /// `void (*)(GFileMonitor *self, GFile *file, GFile *other_file, GFileMonitorEvent event, gpointer data)`:
    /// GFileMonitor::changed, giving the event.
    init(fileMonitorEvent name: String) { self.init(name, fileMonitorTrampoline, [.interface, .interface, .enumeration]) }
    /// `void (*)(GObject *self, SomeEnum value, gpointer data)`: GtkSorter::changed, giving the `GtkSorterChange`;
    /// GtkPrintOperation::done, giving the `GtkPrintOperationResult`.
    init(enumeration name: String) { self.init(name, intTrampoline, [.enumeration]) }
}

extension Signal where Handler == @MainActor (Object, BorrowedObject, Int32) -> Void {
    /// `void (*)(GObject *self, GObject *object, gint value, gpointer data)`: an object lent to the handler and a
    /// number (GtkPrintOperation::draw-page).
    init(objectInt name: String) { self.init(name, objectIntTrampoline, [.object, .int]) }
}

extension Signal where Handler == @MainActor (Object, Int32, Int32) -> Void {
    /// `void (*)(GObject *self, gint a, gint b, gpointer data)`: GdkSurface::layout, GtkDrawingArea::resize.
    public init(_ name: String) { self.init(name, intIntTrampoline, [.int, .int]) }
}

extension Signal where Handler == @MainActor (Object, UInt32, UInt32, UInt32) -> Void {
    /// `void (*)(GObject *self, guint a, guint b, guint c, gpointer data)`: GListModel::items-changed.
    public init(_ name: String) { self.init(name, uintUIntUIntTrampoline, [.uint, .uint, .uint]) }
}

extension Signal where Handler == @MainActor (Object, Int32, Double, Double) -> Void {
    /// `void (*)(GObject *self, gint n_press, gdouble x, gdouble y, gpointer data)`: GtkGestureClick::pressed.
    public init(_ name: String) { self.init(name, pressTrampoline, [.int, .double, .double]) }
}

extension Signal where Handler == @MainActor (Object, Double, Double) -> Void {
    /// `void (*)(GObject *self, gdouble x, gdouble y, gpointer data)`: GtkGestureDrag::drag-begin, drag-update
    /// and drag-end.
    public init(_ name: String) { self.init(name, pointTrampoline, [.double, .double]) }
}

extension Signal where Handler == @MainActor (Object, Double, Double) -> Bool {
    /// `gboolean (*)(GObject *self, gdouble dx, gdouble dy, gpointer data)`: GtkEventControllerScroll::scroll.
    public init(_ name: String) { self.init(name, pointToBoolTrampoline, [.double, .double], returnsBoolean: true) }
}

extension Signal where Handler == @MainActor (Object, UInt32, UInt32, UInt32) -> Bool {
    /// `gboolean (*)(GObject *self, guint keyval, guint keycode, GdkModifierType state, gpointer data)`:
    /// GtkEventControllerKey::key-pressed.
    public init(_ name: String) { self.init(name, keyTrampoline, [.uint, .uint, .flags], returnsBoolean: true) }
}

extension Signal where Handler == @MainActor (Object, String?) -> Bool {
    /// `gboolean (*)(GObject *self, const char *text, gpointer data)`: GtkLabel::activate-link.
    public init(_ name: String) { self.init(name, stringToBoolTrampoline, [.string], returnsBoolean: true) }
}

extension Signal where Handler == @MainActor (Object, Bool) -> Bool {
    /// `gboolean (*)(GObject *self, gboolean flag, gpointer data)`: GtkWidget::mnemonic-activate.
    public init(_ name: String) { self.init(name, boolToBoolTrampoline, [.boolean], returnsBoolean: true) }
}

/// A GObject lent to a signal handler; the handler wraps it as the type it expects.
struct BorrowedObject {
    fileprivate let pointer: UnsafeMutableRawPointer?

    /// The object's wrapper as `T` (the existing one, or a new one holding a plain reference), or nil.
    @MainActor func wrapper<T: Object>(as type: T.Type) -> T? {
        Object.wrapper(for: pointer, as: type, ownership: .borrowed)
    }
}

extension Signal where Handler == @MainActor (Object, BorrowedObject) -> Void {
    /// `void (*)(GObject *self, GObject *object, gpointer data)`: an object argument, lent to the handler
    /// (e.g. GtkSignalListItemFactory::bind).
    init(object name: String) { self.init(name, objectTrampoline, [.object]) }
}

extension Signal where Handler == @MainActor (Object, String?) -> Void {
    /// `void (*)(GObject *self, GVariant *parameter, gpointer data)`: GSimpleAction::activate; the handler
    /// gets a string parameter, or nil for none or another type.
    init(stringVariant name: String) { self.init(name, variantStringTrampoline, [.variant]) }

    /// `void (*)(GObject *self, const char *text, gpointer data)`: GSettings::changed (the key's name).
    init(string name: String) { self.init(name, stringTrampoline, [.string]) }
}

extension Signal where Handler == @MainActor (Object, [[UInt8]]) -> Void {
    /// `void (*)(GApplication *self, GFile **files, gint n_files, gchar *hint, gpointer data)`: GApplication::open;
    /// the handler gets the files' local paths as bytes, as the system has them (files with none are left out).
    init(files name: String) { self.init(name, filesTrampoline, [.pointer, .int, .string]) }
}

extension Signal where Handler == @MainActor (Object, String) -> Bool {
    /// `gboolean (*)(GObject *self, const GValue *value, double x, double y, gpointer data)`: GtkDropTarget::drop
    /// for a string value; a value that holds no string is refused without calling the handler.
    init(droppedString name: String) { self.init(name, droppedStringTrampoline, [.boxed, .double, .double], returnsBoolean: true) }
}

extension Signal {
    /// Why this signal's C signature differs from the one GLib registered for `name` on `object`, or nil if
    /// they agree.
    @MainActor func signatureMismatch(on object: Object) -> String? {
        var signalID: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(name, G_OBJECT_TYPE(object.gobject), &signalID, &detail, 1) != 0 else {
            return "\(object.typeName) has no signal \"\(name)\""
        }
        var query = GSignalQuery()
        g_signal_query(signalID, &query)
        let staticScope = cgtk_signal_type_static_scope()
        let registered = (0..<Int(query.n_params)).map { g_type_fundamental(query.param_types[$0] & ~staticScope) }
        let returnType = g_type_fundamental(query.return_type & ~staticScope)
        let expectedReturn = returnsBoolean ? cgtk_type_boolean() : cgtk_type_none()
        guard registered == arguments.map(\.fundamental), returnType == expectedReturn else {
            return "\(object.typeName)::\(name) is registered as (\(registered.map(typeName).joined(separator: ", "))) -> "
                + "\(typeName(returnType)), not as this trampoline's signature"
        }
        return nil
    }
}

private func typeName(_ type: GType) -> String { g_type_name(type).map { String(cString: $0) } ?? "?" }

// One C trampoline per signature. Each has exactly the C types of its signal, then the `gpointer user_data`
// that carries the HandlerBox, and enters the main actor with `MainActor.assumeIsolated`, which traps if
// GTK ever called it off the main thread. They are private: only the initializers above pair them.
//
// Each hands its handler the emitting instance first, as its one wrapper (see `Ownership`), so a handler
// never needs to capture the object it is connected to. While an object is finalized by its wrapper's
// `deinit` it has no wrapper any more, and its handlers do not run (a signal emitted during that
// dispose, like `destroy`, returns false or nothing).

private func box<H>(_ data: gpointer?, _: H.Type) -> HandlerBox<H> {
    Unmanaged<HandlerBox<H>>.fromOpaque(data!).takeUnretainedValue()
}

/// A C pointer argument carried into `MainActor.assumeIsolated`; the trampoline is already on the main thread.
private struct SendablePointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
}

/// Calls `body` on the main actor with the emitting instance's wrapper; `fallback` when it has none.
private func withEmitter<R: Sendable>(_ instance: gpointer?, _ fallback: R, _ body: @MainActor (Object) -> R?) -> R {
    let instance = SendablePointer(raw: instance)
    return MainActor.assumeIsolated {
        guard let raw = instance.raw, let object = WrapperRegistry.wrapper(for: raw.gobject) else { return fallback }
        return body(object) ?? fallback
    }
}

private func gbool(_ value: Bool) -> gboolean { value ? 1 : 0 }

private let voidTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, data: gpointer?) in
        let handlerBox = box(data, VoidHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0) }
    } as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self)

private let boolTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, data: gpointer?) -> gboolean in
        let handlerBox = box(data, BoolHandler.self)
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0) })
    } as @convention(c) (gpointer?, gpointer?) -> gboolean, to: GCallback.self)

private let paramSpecTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, _: UnsafeMutablePointer<GParamSpec>?, data: gpointer?) in
        let handlerBox = box(data, VoidHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0) }
    } as @convention(c) (gpointer?, UnsafeMutablePointer<GParamSpec>?, gpointer?) -> Void, to: GCallback.self)

private let uintTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, value: guint, data: gpointer?) in
        let handlerBox = box(data, UIntHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, value) }
    } as @convention(c) (gpointer?, guint, gpointer?) -> Void, to: GCallback.self)

private let intTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, value: gint, data: gpointer?) in
        let handlerBox = box(data, IntHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, value) }
    } as @convention(c) (gpointer?, gint, gpointer?) -> Void, to: GCallback.self)

private let fileMonitorTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, _: gpointer?, _: gpointer?, event: GFileMonitorEvent, data: gpointer?) in
        let handlerBox = box(data, IntHandler.self)
        let raw = Int32(event.rawValue)
        withEmitter(instance, ()) { handlerBox.handler?($0, raw) }
    } as @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void, to: GCallback.self)

private let intIntTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, a: gint, b: gint, data: gpointer?) in
        let handlerBox = box(data, IntIntHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, a, b) }
    } as @convention(c) (gpointer?, gint, gint, gpointer?) -> Void, to: GCallback.self)

private let uintUIntUIntTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, a: guint, b: guint, c: guint, data: gpointer?) in
        let handlerBox = box(data, UIntUIntUIntHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, a, b, c) }
    } as @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void, to: GCallback.self)

private let pressTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, count: gint, x: gdouble, y: gdouble, data: gpointer?) in
        let handlerBox = box(data, PressHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, count, x, y) }
    } as @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

private let pointTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, x: gdouble, y: gdouble, data: gpointer?) in
        let handlerBox = box(data, PointHandler.self)
        withEmitter(instance, ()) { handlerBox.handler?($0, x, y) }
    } as @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

private let pointToBoolTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, x: gdouble, y: gdouble, data: gpointer?) -> gboolean in
        let handlerBox = box(data, PointToBoolHandler.self)
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0, x, y) })
    } as @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean, to: GCallback.self)

private let keyTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, keyval: guint, keycode: guint, state: GdkModifierType, data: gpointer?) -> gboolean in
        let handlerBox = box(data, KeyHandler.self)
        let modifiers = state.rawValue
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0, keyval, keycode, modifiers) })
    } as @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean, to: GCallback.self)

private let stringToBoolTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, text: UnsafePointer<CChar>?, data: gpointer?) -> gboolean in
        let handlerBox = box(data, StringToBoolHandler.self)
        let string = text.map { String(cString: $0) }
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0, string) })
    } as @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> gboolean, to: GCallback.self)

private let boolToBoolTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, flag: gboolean, data: gpointer?) -> gboolean in
        let handlerBox = box(data, BoolToBoolHandler.self)
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0, flag != 0) })
    } as @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean, to: GCallback.self)

private let objectTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, object: gpointer?, data: gpointer?) in
        let handlerBox = box(data, ObjectHandler.self)
        let argument = SendablePointer(raw: object)
        withEmitter(instance, ()) { handlerBox.handler?($0, BorrowedObject(pointer: argument.raw)) }
    } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void, to: GCallback.self)

private let objectIntTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, object: gpointer?, value: gint, data: gpointer?) in
        let handlerBox = box(data, ObjectIntHandler.self)
        let argument = SendablePointer(raw: object)
        withEmitter(instance, ()) { handlerBox.handler?($0, BorrowedObject(pointer: argument.raw), value) }
    } as @convention(c) (gpointer?, gpointer?, gint, gpointer?) -> Void, to: GCallback.self)

private let stringTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, text: UnsafePointer<CChar>?, data: gpointer?) in
        let handlerBox = box(data, OptionalStringHandler.self)
        let string = text.map { String(cString: $0) }
        withEmitter(instance, ()) { handlerBox.handler?($0, string) }
    } as @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void, to: GCallback.self)

private let variantStringTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, variant: OpaquePointer?, data: gpointer?) in
        let handlerBox = box(data, OptionalStringHandler.self)
        var parameter: String?
        if let variant, g_variant_is_of_type(variant, g_variant_type_checked_("s")) != 0 {
            parameter = String(cString: g_variant_get_string(variant, nil))
        }
        withEmitter(instance, ()) { [parameter] in handlerBox.handler?($0, parameter) }
    } as @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void, to: GCallback.self)

private let filesTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, files: UnsafeMutablePointer<OpaquePointer?>?, count: gint, _: UnsafeMutablePointer<gchar>?, data: gpointer?) in
        let handlerBox = box(data, FilesHandler.self)
        var paths: [[UInt8]] = []
        for index in 0..<Int(max(count, 0)) {
            guard let file = files?[index], let path = g_file_get_path(file) else { continue }
            paths.append(Array(UnsafeRawBufferPointer(start: path, count: strlen(path))))
            g_free(path)
        }
        withEmitter(instance, ()) { [paths] in handlerBox.handler?($0, paths) }
    } as @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafeMutablePointer<gchar>?, gpointer?) -> Void,
    to: GCallback.self)

private let droppedStringTrampoline: GCallback = unsafeBitCast(
    { (instance: gpointer?, value: UnsafePointer<GValue>?, _: gdouble, _: gdouble, data: gpointer?) -> gboolean in
        let handlerBox = box(data, DroppedStringHandler.self)
        guard let value, g_type_check_value_holds(UnsafeMutablePointer(mutating: value), cgtk_type_string()) != 0,
              let text = g_value_get_string(value).map({ String(cString: $0) }) else { return 0 }
        return gbool(withEmitter(instance, false) { handlerBox.handler?($0, text) })
    } as @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean, to: GCallback.self)

/// Handler types, named by the signature they are called with after the emitting instance.
typealias VoidHandler = @MainActor (Object) -> Void
typealias BoolHandler = @MainActor (Object) -> Bool
typealias UIntHandler = @MainActor (Object, UInt32) -> Void
typealias IntHandler = @MainActor (Object, Int32) -> Void
typealias IntIntHandler = @MainActor (Object, Int32, Int32) -> Void
typealias UIntUIntUIntHandler = @MainActor (Object, UInt32, UInt32, UInt32) -> Void
typealias PressHandler = @MainActor (Object, Int32, Double, Double) -> Void
typealias PointHandler = @MainActor (Object, Double, Double) -> Void
typealias PointToBoolHandler = @MainActor (Object, Double, Double) -> Bool
typealias KeyHandler = @MainActor (Object, UInt32, UInt32, UInt32) -> Bool
typealias StringToBoolHandler = @MainActor (Object, String?) -> Bool
typealias BoolToBoolHandler = @MainActor (Object, Bool) -> Bool
typealias ObjectHandler = @MainActor (Object, BorrowedObject) -> Void
typealias ObjectIntHandler = @MainActor (Object, BorrowedObject, Int32) -> Void
typealias OptionalStringHandler = @MainActor (Object, String?) -> Void
typealias FilesHandler = @MainActor (Object, [[UInt8]]) -> Void
typealias DroppedStringHandler = @MainActor (Object, String) -> Bool
