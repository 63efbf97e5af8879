internal import CGtk

/// Wraps `GtkDropDown` over a list of strings: a button that shows the chosen string and pops up the others.
@MainActor
public final class DropDown: Widget {
    var dropDown: OpaquePointer { c() }

    /// `gtk_drop_down_new_from_strings`. The floating reference is sunk. The first string is selected.
    public convenience init(strings: [String]) {
        self.init(withCStringArray(strings) { gtk_drop_down_new_from_strings($0) }, ownership: .full)
    }

    /// `gtk_drop_down_get_selected` / `gtk_drop_down_set_selected`: the chosen position, nil for none.
    public var selected: Int? {
        get { listPosition(gtk_drop_down_get_selected(dropDown)) }
        set { gtk_drop_down_set_selected(dropDown, listPosition(newValue)) }
    }

    /// `notify::selected`, typed: the new chosen position, or nil.
    @discardableResult
    public func onSelectedChanged(_ handler: @escaping @MainActor (DropDown, Int?) -> Void) -> SignalConnection {
        onNotify("selected") { handler($0, $0.selected) }
    }
}
