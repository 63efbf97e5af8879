import Gtk
import MenuSession
import PizzaModel

/// The price list: a window beside the main one with every pizza the main list shows (all, or what its search
/// leaves) and its price in every size of the menu, and its price per square unit. Read-only: it follows the
/// session, renders the rows of `PriceListRows` and reports a click on a column header as a sort.
///
/// Its table is lazy: the model has a row count and no object per pizza, and GTK makes cell widgets only for the
/// rows on screen, each filled from the session's rows when it is bound.
@MainActor
final class PriceListWindow {
    let window = Window()
    private let model = IndexListModel(count: 0)
    private let selection: SingleSelection
    private let table: ColumnView
    private let columns: [(column: PriceTable.Column, view: ColumnViewColumn)]
    /// What the columns were made for: a menu with other sizes, unit or currency gets a new window.
    let layout: Layout
    private var rows: PriceListRows
    private var shown: Shown?
    /// Whether the window is showing a sort itself, so that the header's change is not reported back.
    private var isRendering = false
    /// Whether the window was asked to close, by the user or by `close`.
    private var isClosed = false
    /// The user sorted by a column's header (nil: menu order).
    var onSorted: (@MainActor (PriceTable.Sort?) -> Void)?
    /// The window was closed (Escape, Ctrl+W, its close button).
    var onClosed: (@MainActor () -> Void)?

    /// The sizes, unit and currency the columns show.
    struct Layout: Equatable {
        var sizes: [PizzaSize]
        var measures: MenuMeasures
        init(_ menu: Menu) {
            sizes = menu.sizes
            measures = menu.measures
        }
    }

    /// What the rows were made from, to tell whether they must be made again.
    private struct Shown: Equatable {
        var path: FilePath
        var revision: Int
        var rowCount: Int
        var searchQuery: String?
        var sort: PriceTable.Sort?
    }

    init(parent: Window, session: MenuSession, sort: PriceTable.Sort?) {
        let layout = Layout(session.menu)
        self.layout = layout
        rows = PriceListRows(session, sort: sort)
        selection = SingleSelection(model: model)
        table = ColumnView(selection: selection)
        table.setShowColumnSeparators(true)
        table.setShowRowSeparators(true)
        table.setAccessibleLabel(String(translating: "Price List"))
        var factories: [(PriceTable.Column, SignalListItemFactory)] = []
        columns = rows.table.columns.map { column in
            let factory = SignalListItemFactory()
            factory.onSetup { _, item in item.child = Self.cellLabel(alignedEnd: column != .name) }
            factories.append((column, factory))
            let view = ColumnViewColumn(title: Self.title(of: column, layout), factory: factory)
            view.isSortable = true
            view.setResizable(true)
            if column == .name { view.setExpands(true) }
            return (column, view)
        }
        for (_, view) in columns { table.append(view) }
        for (column, factory) in factories { factory.onBind { [weak self] _, item in self?.bind(item, column) } }

        let scrolled = ScrolledWindow()
        scrolled.child = table
        scrolled.expandsVertically = true
        // As wide as the table needs on the first screen of rows, within reason: a wide menu scrolls.
        scrolled.propagateNaturalWidth(upTo: 1000)
        window.child = scrolled
        window.title = String(translating: "Price List")
        window.setTransientFor(parent)
        // Closed with the main window. Not `gtk_window_set_destroy_with_parent`: GTK 4.8 then keeps pointing at the
        // parent it destroyed the window for, and this window, finalized later, would reach for the parent gone by then.
        parent.onDestroy { [weak self] _ in self?.close() }
        window.defaultSize = (-1, 480)
        window.givesFocusBack(to: parent)
        window.onCloseRequest { [weak self] _ in
            self?.isClosed = true
            self?.onClosed?()
            return false
        }
        let keys = KeyController()
        keys.onKeyPressed { [weak window] _, keyval, _, modifiers in
            let isControlW = (keyval == Key.w || keyval == Key.capitalW) && modifiers & Key.controlMask != 0
            guard keyval == Key.escape || isControlW else { return false }
            window?.close()
            return true
        }
        window.addController(keys)
        table.onSortingChanged { [weak self] _, sorting in
            guard let self, !self.isRendering else { return }
            let column = sorting.flatMap { sorting in self.columns.first { $0.view === sorting.column }?.column }
            self.onSorted?(column.map { PriceTable.Sort($0, ascending: sorting?.ascending ?? true) })
        }
        render(session, sort: sort)
    }

    /// Shows the session's rows in the order `sort` says; made again only when the menu, the search or the sort
    /// changed since the last time (or `rowsChanged`, as the main list's were).
    func render(_ session: MenuSession, sort: PriceTable.Sort?, rowsChanged: Bool = false) {
        let now = Shown(path: session.path, revision: session.revision, rowCount: session.rowCount,
                        searchQuery: session.search?.query, sort: sort)
        guard rowsChanged || now != shown else { return }
        isRendering = true
        defer { isRendering = false }
        // The pizza chosen in the table stays chosen through a sort or a search, as long as the menu is the same.
        let sameMenu = shown.map { $0.path == now.path && $0.revision == now.revision } ?? false
        let chosen = sameMenu ? selection.selected.flatMap(rows.menuIndex(atRow:)) : nil
        rows = PriceListRows(session, sort: sort)
        if now.sort != shown?.sort || shown == nil {
            let column = rows.sort.flatMap { sort in columns.first { $0.column == sort.column }?.view }
            table.sort(by: column, ascending: rows.sort?.ascending ?? true)
        }
        shown = now
        model.handLiveItemsToFirstRows()
        model.replace(at: 0, removed: model.count, added: rows.count)
        if let chosen, let row = (0..<rows.count).first(where: { rows.menuIndex(atRow: $0) == chosen }) { selection.selected = row }
    }

    /// Closes the window without reporting it: the session has closed it already, or replaces it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        onClosed = nil
        window.close()
    }

    /// The price list `state` asks for: `current` rendered, nil once it is closed, or a new window when it opens or
    /// the menu's columns changed (another file opened). `rowsChanged` is whether the main list's rows changed.
    static func rendered(_ current: PriceListWindow?, _ state: AppSession, rowsChanged: Bool, parent: Window,
                         runner: AppRunner) -> PriceListWindow? {
        guard let shown = state.priceList else {
            current?.close()
            return nil
        }
        if let current, current.layout == Layout(state.menu.menu) {
            current.render(state.menu, sort: shown.sort, rowsChanged: rowsChanged)
            return current
        }
        current?.close()
        let made = PriceListWindow(parent: parent, session: state.menu, sort: shown.sort)
        made.onSorted = { [weak runner] in runner?.send(.priceListSorted($0)) }
        made.onClosed = { [weak runner] in runner?.send(.priceListClosed) }
        if current != nil { made.window.present() }
        return made
    }

    private func bind(_ item: ListItem, _ column: PriceTable.Column) {
        guard let label = item.child as? Label else { return }
        guard let row = item.position, let cell = rows.cell(atRow: row, column) else { return label.text = "" }
        let text = column == .name ? cell : Messages.money(cell, layout.measures.currency)
        label.text = text
        // A screen reader names the row by its pizza, and each cell by its column.
        if column == .name {
            label.parent?.parent?.setAccessibleLabel(text)
        } else {
            // Translators: a price list cell for a screen reader, %1$s is its column (12" or Per sq in), %2$s its price.
            label.parent?.setAccessibleLabel(String(translating: "%1$s: %2$s", Self.title(of: column, layout), text))
        }
    }

    private static func cellLabel(alignedEnd: Bool) -> Label {
        let label = Label()
        label.xAlign = alignedEnd ? 1 : 0
        if alignedEnd {
            label.addCSSClass("numeric")
        } else {
            // Shortened only past a name's usual length: the figures' columns give way first, and scroll.
            label.ellipsizeAtEnd()
            label.setWidthChars(20)
        }
        return label
    }

    /// A column's header: "Pizza", a size's label as the menu names it, "Per sq in".
    private static func title(of column: PriceTable.Column, _ layout: Layout) -> String {
        switch column {
        // Translators: the price list's first column header, over the pizzas' names.
        case .name: String(translating: "Pizza")
        case .size(let index): layout.sizes[index].label
        // Translators: the price list's last column header, over each pizza's price per square inch.
        case .unitPrice: layout.measures.unit == .inch ? String(translating: "Per sq in")
            // Translators: the price list's last column header, over each pizza's price per square centimetre.
            : String(translating: "Per cm²")
        }
    }
}
