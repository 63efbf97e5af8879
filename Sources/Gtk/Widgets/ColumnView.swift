internal import CGtk

/// Wraps `GtkColumnView`: a table that, like `ListView`, makes cell widgets only for the rows on screen, with
/// a header button per column that sorts by it when the column is sortable (`ColumnViewColumn.isSortable`).
///
/// The view does not reorder its model itself: the app sorts its own rows and is told which column and direction
/// the user chose (`onSortingChanged`, `sorting`).
@MainActor
public final class ColumnView: Widget {
    var columnView: OpaquePointer { c() }

    /// `gtk_column_view_new`. It takes the selection model transfer full, so it is ref'd first; the view's
    /// floating reference is sunk.
    public convenience init(selection: SingleSelection) {
        g_object_ref(selection.gobject)
        self.init(gtk_column_view_new(selection.selection), ownership: .full)
    }

    /// `gtk_column_view_append_column`. The view takes its own reference to `column`.
    public func append(_ column: ColumnViewColumn) { gtk_column_view_append_column(columnView, column.column) }

    /// `gtk_column_view_set_show_row_separators`.
    public func setShowRowSeparators(_ value: Bool) { gtk_column_view_set_show_row_separators(columnView, value ? 1 : 0) }

    /// `gtk_column_view_set_show_column_separators`.
    public func setShowColumnSeparators(_ value: Bool) { gtk_column_view_set_show_column_separators(columnView, value ? 1 : 0) }

    /// `gtk_column_view_sort_by_column`: shows `column` as the one sorted by, in that direction (nil: none), as a
    /// click on its header would; `onSortingChanged` handlers run.
    public func sort(by column: ColumnViewColumn?, ascending: Bool) {
        gtk_column_view_sort_by_column(columnView, column?.column, ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
    }

    /// The column the view sorts by and its direction, or nil: read from `gtk_column_view_get_sorter` with
    /// `gtk_sorter_compare` (see `ColumnSortProbe`), as GTK 4.8 has no getter for them.
    public var sorting: (column: ColumnViewColumn, ascending: Bool)? {
        ColumnSortProbe.primarySort(of: gtk_column_view_get_sorter(columnView))
    }

    /// The `changed` signal of the view's sorter (`gtk_column_view_get_sorter`): a header was clicked, or
    /// `sort(by:ascending:)` called. The handler is given the view and its `sorting` now.
    @discardableResult
    public func onSortingChanged(
        _ handler: @escaping @MainActor (ColumnView, (column: ColumnViewColumn, ascending: Bool)?) -> Void
    ) -> SignalConnection {
        let sorter = Object.wrapper(for: gtk_column_view_get_sorter(columnView), as: Object.self, ownership: .none)!
        return sorter.connect(Signal<IntHandler>(enumeration: "changed")) { [weak self] _, _ in
            if let self { handler(self, self.sorting) }
        }
    }

    /// The `activate` signal: a row was activated (Enter, double click) at `position`.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (ColumnView, Int) -> Void) -> SignalConnection {
        connect(Signal<UIntHandler>("activate")) { handler(emitted($0), Int($1)) }
    }
}
