internal import CGtk

/// Wraps `GtkSingleSelection`: a selection model where at most one row is selected.
@MainActor
public final class SingleSelection: Object {
    var selection: OpaquePointer { c() }

    /// `gtk_single_selection_new`. It takes the model transfer full, so the model is ref'd first;
    /// the result is transfer full. Autoselect is off, so "nothing selected" is a real state.
    public convenience init(model: IndexListModel) {
        g_object_ref(model.gobject)
        self.init(gtk_single_selection_new(model.listModel), ownership: .full)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
    }

    /// `gtk_single_selection_get_selected` / `gtk_single_selection_set_selected`; nil is no selection.
    public var selected: Int? {
        get { listPosition(gtk_single_selection_get_selected(selection)) }
        set { gtk_single_selection_set_selected(selection, listPosition(newValue)) }
    }

    /// `notify::selected`, typed: the new selected position or nil.
    @discardableResult
    public func onSelectedChanged(_ handler: @escaping @MainActor (SingleSelection, Int?) -> Void) -> SignalConnection {
        onNotify("selected") { handler($0, $0.selected) }
    }
}
