import CGtk

// One C trampoline per signal signature. Each has exactly the C types of its signal, then the
// `gpointer user_data` that carries the HandlerBox. Each enters the main actor with
// `MainActor.assumeIsolated`, which traps if GTK ever called it off the main thread.

private func box<H>(_ data: gpointer?, _: H.Type) -> HandlerBox<H> {
    Unmanaged<HandlerBox<H>>.fromOpaque(data!).takeUnretainedValue()
}

/// A C pointer argument carried into `MainActor.assumeIsolated`; the trampoline is already on the main thread.
struct SendablePointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
    init(_ raw: UnsafeMutableRawPointer?) { self.raw = raw }
}

private func gbool(_ value: Bool) -> gboolean { value ? 1 : 0 }

/// Handler types, named by the signature they are called with.
typealias VoidHandler = @MainActor () -> Void
typealias BoolHandler = @MainActor () -> Bool
typealias UIntHandler = @MainActor (UInt32) -> Void
typealias IntHandler = @MainActor (Int32) -> Void
typealias IntIntHandler = @MainActor (Int32, Int32) -> Void
typealias UIntUIntHandler = @MainActor (UInt32, UInt32) -> Void
typealias UIntUIntUIntHandler = @MainActor (UInt32, UInt32, UInt32) -> Void
typealias PressHandler = @MainActor (Int32, Double, Double) -> Void
typealias KeyHandler = @MainActor (UInt32, UInt32, UInt32) -> Bool
typealias StringToBoolHandler = @MainActor (String?) -> Bool
typealias BoolToBoolHandler = @MainActor (Bool) -> Bool
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

enum Trampoline {
    /// `void (*)(GObject *self, gpointer data)`: clicked, activate, destroy, toggled, changed, ...
    static let void: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) in
            let handlerBox = box(data, VoidHandler.self); return MainActor.assumeIsolated { handlerBox.handler?() }
        } as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self)

    /// `gboolean (*)(GObject *self, gpointer data)`: close-request.
    static let bool: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) -> gboolean in
            let handlerBox = box(data, BoolHandler.self); return MainActor.assumeIsolated { gbool(handlerBox.handler?() ?? false) }
        } as @convention(c) (gpointer?, gpointer?) -> gboolean, to: GCallback.self)

    /// `void (*)(GObject *self, GParamSpec *pspec, gpointer data)`: notify::property.
    static let paramSpec: GCallback = unsafeBitCast(
        { (_: gpointer?, _: UnsafeMutablePointer<GParamSpec>?, data: gpointer?) in
            let handlerBox = box(data, VoidHandler.self); return MainActor.assumeIsolated { handlerBox.handler?() }
        } as @convention(c) (gpointer?, UnsafeMutablePointer<GParamSpec>?, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, guint value, gpointer data)`: GtkListView::activate.
    static let uint: GCallback = unsafeBitCast(
        { (_: gpointer?, value: guint, data: gpointer?) in
            let handlerBox = box(data, UIntHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(value) }
        } as @convention(c) (gpointer?, guint, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, gint value, gpointer data)`: GtkDialog::response.
    static let int: GCallback = unsafeBitCast(
        { (_: gpointer?, value: gint, data: gpointer?) in
            let handlerBox = box(data, IntHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(value) }
        } as @convention(c) (gpointer?, gint, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, gint a, gint b, gpointer data)`: GdkSurface::layout.
    static let intInt: GCallback = unsafeBitCast(
        { (_: gpointer?, a: gint, b: gint, data: gpointer?) in
            let handlerBox = box(data, IntIntHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(a, b) }
        } as @convention(c) (gpointer?, gint, gint, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, guint a, guint b, gpointer data)`: GtkSelectionModel::selection-changed.
    static let uintUInt: GCallback = unsafeBitCast(
        { (_: gpointer?, a: guint, b: guint, data: gpointer?) in
            let handlerBox = box(data, UIntUIntHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(a, b) }
        } as @convention(c) (gpointer?, guint, guint, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, guint a, guint b, guint c, gpointer data)`: GListModel::items-changed.
    static let uintUIntUInt: GCallback = unsafeBitCast(
        { (_: gpointer?, a: guint, b: guint, c: guint, data: gpointer?) in
            let handlerBox = box(data, UIntUIntUIntHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(a, b, c) }
        } as @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void, to: GCallback.self)

    /// `void (*)(GObject *self, gint n_press, gdouble x, gdouble y, gpointer data)`: GtkGestureClick::pressed.
    static let press: GCallback = unsafeBitCast(
        { (_: gpointer?, count: gint, x: gdouble, y: gdouble, data: gpointer?) in
            let handlerBox = box(data, PressHandler.self); return MainActor.assumeIsolated { handlerBox.handler?(count, x, y) }
        } as @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

    /// `gboolean (*)(GObject *self, guint keyval, guint keycode, GdkModifierType state, gpointer data)`:
    /// GtkEventControllerKey::key-pressed.
    static let key: GCallback = unsafeBitCast(
        { (_: gpointer?, keyval: guint, keycode: guint, state: GdkModifierType, data: gpointer?) -> gboolean in
            let handlerBox = box(data, KeyHandler.self)
            return MainActor.assumeIsolated {
                gbool(handlerBox.handler?(keyval, keycode, state.rawValue) ?? false)
            }
        } as @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean, to: GCallback.self)

    /// `gboolean (*)(GObject *self, const char *text, gpointer data)`: GtkLabel::activate-link.
    static let stringToBool: GCallback = unsafeBitCast(
        { (_: gpointer?, text: UnsafePointer<CChar>?, data: gpointer?) -> gboolean in
            let handlerBox = box(data, StringToBoolHandler.self)
            let string = text.map { String(cString: $0) }
            return MainActor.assumeIsolated { gbool(handlerBox.handler?(string) ?? false) }
        } as @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> gboolean, to: GCallback.self)

    /// `gboolean (*)(GObject *self, gboolean flag, gpointer data)`: GtkWidget::mnemonic-activate.
    static let boolToBool: GCallback = unsafeBitCast(
        { (_: gpointer?, flag: gboolean, data: gpointer?) -> gboolean in
            let handlerBox = box(data, BoolToBoolHandler.self); return MainActor.assumeIsolated { gbool(handlerBox.handler?(flag != 0) ?? false) }
        } as @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean, to: GCallback.self)

    /// `void (*)(GObject *self, gpointer pointer, gpointer data)`: a pointer argument (object or variant)
    /// that the wrapper converts, e.g. GtkSignalListItemFactory::bind, GSimpleAction::activate.
    static let pointer: GCallback = unsafeBitCast(
        { (_: gpointer?, pointer: gpointer?, data: gpointer?) in
            let handlerBox = box(data, PointerHandler.self); let argument = SendablePointer(pointer)
            return MainActor.assumeIsolated { handlerBox.handler?(argument.raw) }
        } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void, to: GCallback.self)
}
