import Gtk
import SplitDemosModel

/// Seed 002's app, the template's own: "+" inserts the current date at the top, edit mode deletes rows,
/// and the detail shows the chosen date as `yyyy-MM-dd HH:mm:ss zzz` in the local time zone.
@MainActor
final class DatesDemo {
    let shell: DemoWindow
    private var dates = DateList()
    private let list = TextList(accessibleName: "Dates")
    private let detail = Box(.vertical, spacing: 12)
    private let heading = Label("No date chosen")
    private let addButton = Button(iconName: "list-add-symbolic")
    private let editButton = ToggleButton(toggleLabel: "Edit")

    static let pattern = "%Y-%m-%d %H:%M:%S %Z"

    init(application: Application) {
        detail.setMargins(24)
        heading.addCSSClass("title-1")
        heading.xAlign = 0
        heading.isSelectable = true
        detail.append(heading)
        shell = DemoWindow(application: application, title: "Dates", listTitle: "Dates",
                           primary: list.widget, secondary: detail)
        addButton.setAccessibleLabel("Add Date")
        addButton.tooltip = "Add the current date (Ctrl+N)"
        editButton.setAccessibleLabel("Edit")
        shell.header.packStart(addButton)
        shell.header.packEnd(editButton)

        list.text = { [weak self] index in
            guard let self else { return "" }
            return LocalTime.format(microseconds: self.dates.timestamps[index], Self.pattern)
        }
        addButton.onClicked { [weak self] in self?.insertNow() }
        editButton.onToggled { [weak self] in
            guard let self else { return }
            self.editButton.label = self.editButton.isActive ? "Done" : "Edit"
            self.list.setEditing(self.editButton.isActive)
        }
        list.onSelectionChanged = { [weak self] index in
            guard let self else { return }
            self.dates.select(index)
            self.showSelection()
            self.shell.split.highlight(self.dates.selection)
        }
        list.onRowChosen = { [weak self] index, byKeyboard in
            guard let self else { return }
            self.dates.select(index)
            self.list.select(index)
            self.showSelection()
            self.shell.split.select(index)
            if byKeyboard { self.shell.split.showDetail() }
        }
        list.onDelete = { [weak self] index in self?.delete(at: index) }
        let detailKeys = KeyController()
        detailKeys.onKeyPressed { [weak self] keyval, _, _ in
            guard let self, keyval == Key.delete, let shown = self.dates.selection else { return false }
            self.delete(at: shown)
            return true
        }
        detail.addController(detailKeys)
        shell.split.focusPrimary = { [weak self] in self?.list.focusSelectedRow() }
        shell.split.focusSecondary = { [weak self] in self?.heading.grabFocusWithoutSelecting() }
        shell.split.onChange = { [weak self] _ in self?.updateTitle() }
        let newDate = SimpleAction(name: "add-date")
        newDate.onActivate { [weak self] _ in self?.insertNow() }
        shell.window.addAction(newDate)
        application.setAccelerators(["<Control>n"], for: "win.add-date")
    }

    private func insertNow() {
        dates.insertAtTop(LocalTime.nowMicroseconds())
        list.rowsChanged(at: 0, removed: 0, added: 1)
        list.select(dates.selection)
    }

    private func delete(at index: Int) {
        guard let outcome = dates.delete(at: index) else { return }
        list.rowsChanged(at: index, removed: 1, added: 0)
        list.select(dates.selection)
        if outcome == .selectionCleared {
            shell.split.highlight(nil)
            showSelection()
            list.focusSelectedRow()
        }
    }

    private func showSelection() {
        heading.text = dates.selectedTimestamp.map { LocalTime.format(microseconds: $0, Self.pattern) } ?? "No date chosen"
        updateTitle()
    }

    private func updateTitle() {
        shell.setDetailTitle(dates.selectedTimestamp.map { LocalTime.format(microseconds: $0, "%H:%M:%S") })
    }
}
