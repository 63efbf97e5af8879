internal import CGtk

/// Wraps `GtkColumnViewColumn`: one column of a `ColumnView`, whose cells a factory makes and fills.
@MainActor
public final class ColumnViewColumn: Object {
    var column: OpaquePointer { c() }

    /// `gtk_column_view_column_new`. It takes the factory transfer full, so it is ref'd first; the column is
    /// returned transfer full (not floating) and this wrapper owns it.
    public convenience init(title: String, factory: SignalListItemFactory) {
        g_object_ref(factory.gobject)
        self.init(gtk_column_view_column_new(title, factory.factory), ownership: .full)
    }

    /// `gtk_column_view_column_get_title` / `gtk_column_view_column_set_title`.
    public var title: String? {
        get { gtk_column_view_column_get_title(column).map { String(cString: $0) } }
        set { gtk_column_view_column_set_title(column, newValue) }
    }

    /// `gtk_column_view_column_set_expand`: the column takes a share of the width left over.
    public func setExpands(_ value: Bool) { gtk_column_view_column_set_expand(column, value ? 1 : 0) }

    /// `gtk_column_view_column_set_resizable`.
    public func setResizable(_ value: Bool) { gtk_column_view_column_set_resizable(column, value ? 1 : 0) }

    /// Whether its header sorts by it: `gtk_column_view_column_set_sorter` with a sorter that only answers
    /// `ColumnView.sorting` (the app orders its rows itself), or NULL.
    public var isSortable: Bool {
        get { gtk_column_view_column_get_sorter(column) != nil }
        set {
            guard newValue != isSortable else { return }
            let sorter = newValue ? ColumnSortProbe.sorter(for: self) : nil
            gtk_column_view_column_set_sorter(column, sorter)
            if let sorter { g_object_unref(sorter) }
        }
    }
}

// How a column view's sort is read in GTK 4.8, which has no `gtk_column_view_sorter_get_primary_sort_column`
// (4.10). A sortable column's sorter is a `GtkCustomSorter` that orders nothing: asked to compare, it notes its
// column and says the first item comes first. The view's sorter asks its columns' sorters in order, the primary
// first, and swaps the two items when that column sorts descending; it asks none when nothing is sorted. So
// comparing two marker objects with the view's sorter (`gtk_sorter_compare`) tells the primary column (the one
// that noted itself) and its direction (whether the first marker came first).
@MainActor
enum ColumnSortProbe {
    /// The column that noted itself during the current probe.
    private static var asked: ColumnViewColumn?
    /// The probe's first marker, while a probe runs.
    private static var firstMarker: UInt?

    /// `gtk_custom_sorter_new` for `column`, transfer full; the box of its note is freed by the destroy-notify
    /// GTK calls when the sorter is finalized.
    static func sorter(for column: ColumnViewColumn) -> UnsafeMutablePointer<GtkSorter> {
        let box = HandlerBox<@MainActor () -> Void>({ [weak column] in asked = column })
        let sorter = gtk_custom_sorter_new(compareTrampoline, box.retainedForGLib(), releaseHandlerBoxData)!
        return UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self)
    }

    /// The primary column and direction of `sorter`, a column view's sorter (transfer none).
    static func primarySort(of sorter: UnsafeMutablePointer<GtkSorter>?) -> (column: ColumnViewColumn, ascending: Bool)? {
        guard let sorter else { return nil }
        let first = cgtk_object_new(cgtk_type_object())!, second = cgtk_object_new(cgtk_type_object())!
        defer {
            g_object_unref(first)
            g_object_unref(second)
            asked = nil
            firstMarker = nil
        }
        firstMarker = UInt(bitPattern: first)
        let order = gtk_sorter_compare(sorter, first, second)
        guard let column = asked, order != GTK_ORDERING_EQUAL else { return nil }
        return (column, order == GTK_ORDERING_SMALLER)
    }

    /// `gint (*)(gconstpointer a, gconstpointer b, gpointer data)`, a `GCompareDataFunc`.
    private static let compareTrampoline: GCompareDataFunc = { first, _, data in
        let box = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
        let address = UInt(bitPattern: first)
        let isFirstMarker = MainActor.assumeIsolated {
            box.handler?()
            return address == firstMarker
        }
        return isFirstMarker ? -1 : 1
    }
}
