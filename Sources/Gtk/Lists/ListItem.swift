internal import CGtk

/// Wraps `GtkListItem`: one on-screen row of a list view, reused for different positions as it scrolls.
@MainActor
public final class ListItem: Object {
    var listItem: OpaquePointer { c() }

    /// `gtk_list_item_get_position`: the row this item shows now, or nil when unbound.
    public var position: Int? { listPosition(gtk_list_item_get_position(listItem)) }

    /// `gtk_list_item_get_child` / `gtk_list_item_set_child`.
    public var child: Widget? {
        get { Object.wrapper(for: gtk_list_item_get_child(listItem), ownership: .none) }
        set { gtk_list_item_set_child(listItem, newValue?.widget) }
    }

    /// `gtk_list_item_get_selected`.
    public var isSelected: Bool { gtk_list_item_get_selected(listItem) != 0 }
}

/// `GTK_INVALID_LIST_POSITION` (a macro).
let GTK_INVALID_LIST_POSITION = guint.max

/// A list position from GTK: nil for `GTK_INVALID_LIST_POSITION`.
func listPosition(_ position: guint) -> Int? { position == GTK_INVALID_LIST_POSITION ? nil : Int(position) }

/// A list position for GTK: `GTK_INVALID_LIST_POSITION` for nil.
func listPosition(_ position: Int?) -> guint { position.map { guint($0) } ?? GTK_INVALID_LIST_POSITION }
