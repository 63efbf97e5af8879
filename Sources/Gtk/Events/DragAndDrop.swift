internal import CGtk

/// Wraps `GtkDragSource`: lets the user drag a piece of text out of the widget it is added to.
@MainActor
public final class DragSource: EventController {
    /// `gtk_drag_source_new` and `gtk_drag_source_set_actions` with `GDK_ACTION_MOVE`. Sunk here.
    public convenience init() {
        self.init(gtk_drag_source_new(), ownership: .full)
        gtk_drag_source_set_actions(c(), GDK_ACTION_MOVE)
    }

    /// `g_bytes_new`, `gdk_content_provider_new_for_bytes` (as `text/plain;charset=utf-8`) and
    /// `gtk_drag_source_set_content`, which takes its own reference, so ours is dropped.
    public func setText(_ text: String) {
        let utf8 = Array(text.utf8)
        let bytes = utf8.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let provider = gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", bytes)
        g_bytes_unref(bytes)
        gtk_drag_source_set_content(c(), provider)
        g_object_unref(provider?.raw)
    }
}

/// Wraps `GtkDropTarget` for text: the widget it is added to accepts a dropped string.
@MainActor
public final class DropTarget: EventController {
    /// `gtk_drop_target_new` for `G_TYPE_STRING` with `GDK_ACTION_MOVE`. Transfer full; sunk here.
    public convenience init() {
        self.init(gtk_drop_target_new(cgtk_type_string(), GDK_ACTION_MOVE), ownership: .full)
    }

    /// The `drop` signal: the dropped text; return whether it was taken.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (DropTarget, String) -> Bool) -> SignalConnection {
        connect(Signal(droppedString: "drop")) { handler(emitted($0), $1) }
    }
}
