internal import CGtk

/// `GtkOrientation`.
public enum Orientation: Sendable {
    /// `GTK_ORIENTATION_HORIZONTAL`: side by side, from the start edge.
    case horizontal
    /// `GTK_ORIENTATION_VERTICAL`: one above the other.
    case vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Wraps `GtkBox`. Open: a composite widget (the split view, a list row with its own fields) subclasses
/// the box at its root, and since a GObject keeps its one wrapper for life (see `Ownership`), that subclass
/// instance, with its state, is what GTK hands back (`item.child as? Row`) while the box is in a tree.
@MainActor
open class Box: Widget {
    var box: UnsafeMutablePointer<GtkBox> { c() }

    /// `gtk_box_new`. The floating reference is sunk: this wrapper owns the box.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(handle: GObjectHandle(gtk_box_new(orientation.gtk, gint(spacing)).gobject, .full))
    }

    /// Wraps a `GtkBox` (or subclass) as the handle's ownership says (see `Ownership`).
    public required init(handle: GObjectHandle) {
        super.init(handle: handle)
    }

    /// `g_object_new_with_properties(GTK_TYPE_BOX)` with `accessible-role` (construct-only) set to
    /// `GTK_ACCESSIBLE_ROLE_ALERT`, then `gtk_orientable_set_orientation` and `gtk_box_set_spacing`: a box that
    /// assistive technologies present as an alert, read out when it appears (a toast). The floating reference is sunk.
    public convenience init(alert orientation: Orientation, spacing: Int = 0) {
        var name: UnsafePointer<CChar>? = nil
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(GTK_ACCESSIBLE_ROLE_ALERT.rawValue))
        let object = "accessible-role".withCString { role in
            name = role
            return g_object_new_with_properties(gtk_box_get_type(), 1, &name, &value)
        }
        g_value_unset(&value)
        self.init(object!, ownership: .full)
        gtk_orientable_set_orientation(c(), orientation.gtk)
        gtk_box_set_spacing(box, gint(spacing))
    }

    /// `gtk_box_append`. The box takes its own reference to the child.
    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }

    /// `gtk_box_prepend`.
    public func prepend(_ child: Widget) { gtk_box_prepend(box, child.widget) }

    /// `gtk_box_remove`.
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }

    /// `gtk_orientable_get_orientation` and `gtk_orientable_set_orientation`: a box may turn to stack its children
    /// when its window gets narrow.
    public var orientation: Orientation {
        get { gtk_orientable_get_orientation(c()) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal }
        set { gtk_orientable_set_orientation(c(), newValue.gtk) }
    }

    /// `gtk_box_set_homogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(box) != 0 }
        set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
    }
}
