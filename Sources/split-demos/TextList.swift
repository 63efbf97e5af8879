import Gtk

/// A plain list of text rows for the demos, with optional per-row delete buttons (edit mode).
@MainActor
final class TextList {
    let widget = ScrolledWindow()
    let listView: ListView
    private let model = IndexListModel(count: 0)
    private let selection: SingleSelection
    private let factory = SignalListItemFactory()
    private var isUpdating = false

    /// The text of row `index`.
    var text: (Int) -> String = { _ in "" }
    /// Selection moved (click or keys) or was cleared.
    var onSelectionChanged: (@MainActor (Int?) -> Void)?
    /// A row was clicked, or activated with Enter.
    var onRowChosen: (@MainActor (Int, _ byKeyboard: Bool) -> Void)?
    /// A row's delete button, or the Delete key, asked to delete a row.
    var onDelete: (@MainActor (Int) -> Void)?
    /// Whether rows show their delete buttons.
    private(set) var isEditing = false

    private static let rowKey = "split-demos-row"

    @MainActor private final class Row {
        let box = Box(.horizontal, spacing: 6)
        let label = Label()
        let delete = Button(iconName: "edit-delete-symbolic")
        var position: Int?
    }

    init(accessibleName: String) {
        selection = SingleSelection(model: model)
        listView = ListView(selection: selection, factory: factory)
        listView.addCSSClass("navigation-sidebar")
        listView.setAccessibleLabel(accessibleName)
        widget.scrollVerticallyOnly()
        widget.child = listView
        factory.onSetup { [weak self] item in self?.setUp(item) }
        factory.onBind { [weak self] item in self?.bind(item) }
        selection.onSelectedChanged { [weak self] position in
            guard let self, !self.isUpdating else { return }
            self.onSelectionChanged?(position)
        }
        listView.onActivate { [weak self] position in self?.onRowChosen?(position, true) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, _, _ in
            guard let self, keyval == Key.delete, let position = self.selection.selected else { return false }
            self.onDelete?(position)
            return true
        }
        listView.addController(keys)
    }

    var selected: Int? { selection.selected }

    func rowsChanged(at position: Int, removed: Int, added: Int) {
        isUpdating = true
        model.replace(at: position, removed: removed, added: added)
        isUpdating = false
    }

    func select(_ position: Int?) {
        isUpdating = true
        selection.selected = position
        isUpdating = false
    }

    func focusSelectedRow() {
        if let position = selection.selected { listView.scrollTo(position) }
        listView.grabFocus()
    }

    func setEditing(_ editing: Bool) {
        isEditing = editing
        model.replace(at: 0, removed: model.count, added: model.count)
        select(selection.selected)
    }

    private func setUp(_ item: ListItem) {
        let row = Row()
        row.label.xAlign = 0
        row.label.expandsHorizontally = true
        row.box.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        row.delete.hasFrame = false
        row.delete.addCSSClass("destructive-action")
        row.box.append(row.label)
        row.box.append(row.delete)
        row.delete.onClicked { [weak self, weak row] in
            if let position = row?.position { self?.onDelete?(position) }
        }
        let click = ClickGesture()
        click.setButton(1)
        click.onReleased { [weak self, weak row] count, _, _ in
            guard count == 1, let position = row?.position else { return }
            self?.onRowChosen?(position, false)
        }
        row.box.addController(click)
        item.child = row.box
        item.setAssociated(row, key: Self.rowKey)
    }

    private func bind(_ item: ListItem) {
        guard let row = item.associated(key: Self.rowKey) as? Row, let position = item.position else { return }
        row.position = position
        let text = text(position)
        row.label.text = text
        row.delete.isVisible = isEditing
        row.delete.setAccessibleLabel("Delete \(text)")
        row.box.parent?.setAccessibleLabel(text)
    }
}
