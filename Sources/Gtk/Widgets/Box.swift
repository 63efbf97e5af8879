internal import CGtk

/// `GtkOrientation`.
public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Wraps `GtkBox`.
@MainActor
public final class Box: Widget {
    var box: UnsafeMutablePointer<GtkBox> { c() }

    /// `gtk_box_new`. The floating reference is sunk: this wrapper owns the box.
    public convenience init(_ orientation: Orientation, spacing: Int = 0) {
        self.init(gtk_box_new(orientation.gtk, gint(spacing)), ownership: .full)
    }

    /// `gtk_box_append`. The box takes its own reference to the child.
    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }

    /// `gtk_box_prepend`.
    public func prepend(_ child: Widget) { gtk_box_prepend(box, child.widget) }

    /// `gtk_box_remove`.
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }

    /// `gtk_box_set_homogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(box) != 0 }
        set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
    }
}
