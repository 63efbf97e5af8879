import CGtk

/// Wraps `GtkDragSource`: lets the user drag a piece of text out of the widget it is added to.
@MainActor
public final class DragSource: EventController {
    /// `gtk_drag_source_new` and `gtk_drag_source_set_actions` with `GDK_ACTION_MOVE`. Sunk here.
    public convenience init() {
        self.init(gtk_drag_source_new(), ownership: .full)
        gtk_drag_source_set_actions(OpaquePointer(gobject), GDK_ACTION_MOVE)
    }

    /// `g_bytes_new`, `gdk_content_provider_new_for_bytes` (as `text/plain;charset=utf-8`) and
    /// `gtk_drag_source_set_content`, which takes its own reference, so ours is dropped.
    public func setText(_ text: String) {
        let utf8 = Array(text.utf8)
        let bytes = utf8.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let provider = gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", bytes)
        g_bytes_unref(bytes)
        gtk_drag_source_set_content(OpaquePointer(gobject), provider)
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}

/// Wraps `GtkDropTarget` for text: the widget it is added to accepts a dropped string.
@MainActor
public final class DropTarget: EventController {
    typealias DropHandler = @MainActor (String) -> Bool

    /// `gtk_drop_target_new` for `G_TYPE_STRING` with `GDK_ACTION_MOVE`. Transfer full; sunk here.
    public convenience init() {
        self.init(gtk_drop_target_new(cgtk_type_string(), GDK_ACTION_MOVE), ownership: .full)
    }

    /// `gboolean (*)(GtkDropTarget *self, const GValue *value, double x, double y, gpointer data)`.
    private static let dropTrampoline: GCallback = unsafeBitCast(
        { (_: gpointer?, value: UnsafePointer<GValue>?, _: Double, _: Double, data: gpointer?) -> gboolean in
            let text = value.flatMap { g_value_get_string($0) }.map { String(cString: $0) }
            let handlerBox = Unmanaged<HandlerBox<DropHandler>>.fromOpaque(data!).takeUnretainedValue()
            guard let text else { return 0 }
            return MainActor.assumeIsolated { (handlerBox.handler?(text) ?? false) ? 1 : 0 }
        } as @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean,
        to: GCallback.self)

    /// The `drop` signal: the dropped text; return whether it was taken.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (String) -> Bool) -> SignalConnection {
        connect("drop", trampoline: Self.dropTrampoline, handler: handler as DropHandler)
    }
}
