import Gtk
import SplitView

/// A plain list of text rows for the demos, with optional per-row delete buttons (edit mode).
@MainActor
final class TextList {
    private let list: SelectableList

    /// The text of row `index`.
    var text: (Int) -> String = { _ in "" }
    /// Selection moved (click or keys) or was cleared.
    var onSelectionChanged: (@MainActor (Int?) -> Void)? {
        get { list.onSelectionChanged }
        set { list.onSelectionChanged = newValue }
    }
    /// A row was clicked, or activated with Enter.
    var onRowChosen: (@MainActor (Int, _ byKeyboard: Bool) -> Void)?
    /// A row's delete button, or the Delete key, asked to delete a row.
    var onDelete: (@MainActor (Int) -> Void)? {
        didSet { list.onDeleteKey = onDelete }
    }
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
        list = SelectableList(accessibleName: accessibleName)
        list.setUpRow = { [weak self] item in self?.setUp(item) }
        list.bindRow = { [weak self] item in self?.bind(item) }
        list.onActivate = { [weak self] position in self?.onRowChosen?(position, true) }
    }

    var widget: ScrolledWindow { list.widget }
    var selected: Int? { list.selected }

    func rowsChanged(at position: Int, removed: Int, added: Int) {
        list.rowsChanged(at: position, removed: removed, added: added)
    }

    func select(_ position: Int?) { list.select(position) }

    func focusSelectedRow() { list.focusSelectedRow() }

    func setEditing(_ editing: Bool) {
        isEditing = editing
        list.rebindAll()
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
