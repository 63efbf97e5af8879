import SplitDemosModel
import SplitView

/// Seed 002's app, the template's own: "+" inserts the current date at the top, edit mode deletes rows,
/// and the detail shows the chosen date as `yyyy-MM-dd HH:mm:ss zzz` in the local time zone. It starts
/// empty, with a status page in place of the list.
@MainActor
final class DatesDemo {
    let window: ApplicationWindow
    private var dates = DateList()
    private let view: ListDetailView<Int>
    private let detail = Box(.vertical, spacing: 12)
    private let heading = Label(String(translating: "No date chosen"))
    private let addButton = Button(iconName: "list-add-symbolic")
    private let editButton = ToggleButton(toggleLabel: String(translating: "Edit"))

    static let pattern = "%Y-%m-%d %H:%M:%S %Z"

    /// A row's widgets, kept with its list item: the date, and a delete button shown in edit mode.
    /// A row is the box GTK holds as its list item's child, so `item.child as? Row` finds it with its fields.
    @MainActor private final class Row: Box {
        let label = Label()
        let delete = Button(iconName: "edit-delete-symbolic")
        var position: Int?
    }

    init(application: Application) {
        detail.setMargins(24)
        heading.addCSSClass("title-1")
        heading.xAlign = 0
        heading.isSelectable = true
        detail.append(heading)
        let strings = SplitViewStrings(back: String(translating: "Back to Dates"),
                                       toggleTooltip: String(translating: "Show or Hide the Dates List (F9)"),
                                       toggleLabel: String(translating: "Show Dates List"))
        let title = String(translating: "Dates")
        view = ListDetailView(title: title, listName: title, detail: detail, strings: strings, layout: DemoWindow.layout,
                              width: 900) { _ in "" }
        window = DemoWindow.make(application: application, title: title, view: view)
        addButton.setAccessibleLabel(String(translating: "Add Date"))
        addButton.tooltip = String(translating: "Add the current date (Ctrl+N)")
        editButton.setAccessibleLabel(String(translating: "Edit"))
        // Both act on the list: over the list, in its header bar.
        view.split.primaryHeader?.packStart(addButton)
        view.split.primaryHeader?.packEnd(editButton)

        view.rowTitle = { [weak self] index in self?.text(index, "%H:%M:%S") ?? "" }
        view.list.setUpRow = { [weak self] item in self?.setUp(item) }
        view.list.bindRow = { [weak self] item in self?.bind(item) }
        view.list.onDeleteKey = { [weak self] index in self?.delete(at: index) }
        view.showDetail = { [weak self] index in
            guard let self else { return }
            self.dates.select(index)
            self.heading.text = index.map { self.text($0, Self.pattern) } ?? String(translating: "No date chosen")
        }
        view.split.focusSecondary = { [weak self] in self?.heading.grabFocusWithoutSelecting() }
        // Empty, the list says how to add a date, the detail is left empty and there is nothing to edit.
        view.onEmptyChanged = { [weak self] empty in
            guard let self else { return }
            if empty { self.editButton.isActive = false }
            self.editButton.isSensitive = !empty
            self.heading.isVisible = !empty
        }
        view.placeholder = StatusPage(iconName: "x-office-calendar-symbolic", title: String(translating: "No Dates"),
                                      description: String(translating: "Add one with +  (Ctrl+N)"))

        addButton.onClicked { [weak self] _ in self?.insertNow() }
        editButton.onToggled { [weak self] editButton in
            editButton.label = editButton.isActive ? String(translating: "Done") : String(translating: "Edit")
            self?.view.list.rebindAll()
        }
        let detailKeys = KeyController()
        detailKeys.onKeyPressed { [weak self] _, keyval, _, _ in
            guard let self, keyval == Key.delete, let shown = self.dates.selection else { return false }
            self.delete(at: shown)
            return true
        }
        detail.addController(detailKeys)
        let newDate = SimpleAction(name: "add-date")
        newDate.onActivate { [weak self] _, _ in self?.insertNow() }
        window.addAction(newDate)
        application.setAccelerators(["<Control>n"], for: "win.add-date")
    }

    private func text(_ index: Int, _ pattern: String) -> String {
        dates.timestamps.indices.contains(index) ? LocalTime.format(microseconds: dates.timestamps[index], pattern) : ""
    }

    private func insertNow() {
        dates.insertAtTop(LocalTime.nowMicroseconds())
        view.rowsChanged(at: 0, removed: 0, added: 1)
        view.list.select(dates.selection)
        view.updateTitle()
        // The first date takes the keyboard focus from the header bar, where the empty list left it.
        if dates.count == 1 { view.list.focusSelectedRow() }
    }

    private func delete(at index: Int) {
        guard let outcome = dates.delete(at: index) else { return }
        view.rowsChanged(at: index, removed: 1, added: 0)
        view.list.select(dates.selection)
        if outcome == .selectionCleared {
            view.highlight(nil)
            view.list.focusSelectedRow()
        }
        view.updateTitle()
    }

    // MARK: Rows

    private func setUp(_ item: ListItem) {
        let row = Row(.horizontal, spacing: 6)
        row.label.xAlign = 0
        row.label.expandsHorizontally = true
        row.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        row.delete.hasFrame = false
        row.delete.addCSSClass("destructive-action")
        row.append(row.label)
        row.append(row.delete)
        row.delete.onClicked { [weak self] delete in
            if let position = (delete.parent as? Row)?.position { self?.delete(at: position) }
        }
        item.child = row
    }

    private func bind(_ item: ListItem) {
        guard let row = item.child as? Row, let position = item.position else { return }
        row.position = position
        let text = text(position, Self.pattern)
        row.label.text = text
        row.delete.isVisible = editButton.isActive
        row.delete.setAccessibleLabel(String(translating: "Delete %s", text))
        row.parent?.setAccessibleLabel(text)
    }
}
