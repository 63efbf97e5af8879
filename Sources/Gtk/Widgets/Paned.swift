internal import CGtk

/// Wraps `GtkPaned`: two children side by side with a draggable divider.
@MainActor
public final class Paned: Widget {
    var paned: OpaquePointer { c() }

    /// `gtk_paned_new`. The floating reference is sunk: this wrapper owns the paned.
    public convenience init(_ orientation: Orientation) { self.init(gtk_paned_new(orientation.gtk), ownership: .full) }

    /// `gtk_paned_get_start_child` / `gtk_paned_set_start_child`.
    public var startChild: Widget? {
        get { Object.wrapper(for: gtk_paned_get_start_child(paned), ownership: .none) }
        set { gtk_paned_set_start_child(paned, newValue?.widget) }
    }

    /// `gtk_paned_get_end_child` / `gtk_paned_set_end_child`.
    public var endChild: Widget? {
        get { Object.wrapper(for: gtk_paned_get_end_child(paned), ownership: .none) }
        set { gtk_paned_set_end_child(paned, newValue?.widget) }
    }

    /// `gtk_paned_get_position` / `gtk_paned_set_position`: the divider's offset in pixels.
    public var position: Int {
        get { Int(gtk_paned_get_position(paned)) }
        set { gtk_paned_set_position(paned, gint(newValue)) }
    }

    /// `gtk_paned_set_resize_start_child`, `gtk_paned_set_shrink_start_child`, and the end-child twins.
    public func setChildBehaviour(startResizes: Bool, startShrinks: Bool, endResizes: Bool, endShrinks: Bool) {
        gtk_paned_set_resize_start_child(paned, startResizes ? 1 : 0)
        gtk_paned_set_shrink_start_child(paned, startShrinks ? 1 : 0)
        gtk_paned_set_resize_end_child(paned, endResizes ? 1 : 0)
        gtk_paned_set_shrink_end_child(paned, endShrinks ? 1 : 0)
    }

    /// `gtk_paned_set_wide_handle`.
    public func setWideHandle(_ value: Bool) { gtk_paned_set_wide_handle(paned, value ? 1 : 0) }

    /// `notify::position`, typed: the handler gets the new position.
    @discardableResult
    public func onPositionChanged(_ handler: @escaping @MainActor (Paned, Int) -> Void) -> SignalConnection {
        onNotify("position") { handler($0, $0.position) }
    }
}
