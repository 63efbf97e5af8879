import SplitView

/// A note: a title for the list, and the text.
struct Note {
    let id: Int
    var title: String
    var text: String
}

/// The notes, kept in alphabetical order of their titles.
@MainActor
final class Notebook {
    private(set) var notes: [Note] = []
    /// Shared by every notebook: a note's identity is unique across folders.
    private static var lastID = 0

    func note(_ id: Int) -> Note? { notes.first { $0.id == id } }
    func row(of id: Int) -> Int? { notes.firstIndex { $0.id == id } }
    func id(at row: Int) -> Int? { notes.indices.contains(row) ? notes[row].id : nil }

    /// Adds an empty note and returns its identity.
    func add() -> Int {
        Self.lastID += 1
        notes.append(Note(id: Self.lastID, title: "Untitled", text: ""))
        sort()
        return Self.lastID
    }

    func rename(_ id: Int, to title: String) {
        guard let row = row(of: id) else { return }
        notes[row].title = title
        sort()
    }

    func write(_ id: Int, _ text: String) {
        guard let row = row(of: id) else { return }
        notes[row].text = text
    }

    private func sort() {
        notes.sort { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
    }
}

/// The sidebar: folders, each with a notebook of its own, in a column beside the split view.
@MainActor
final class Folders {
    let names = ["Personal", "Work", "Ideas"]
    let notebooks = [Notebook(), Notebook(), Notebook()]
    let list = SelectableList(accessibleName: "Folders")
    let column = Box(.vertical)
    /// The folder whose notes the split view shows.
    private(set) var chosen = 0
    var notebook: Notebook { notebooks[chosen] }
    /// Called after the user chose another folder.
    var onChoose: (@MainActor () -> Void)?

    init() {
        list.setUpRow = { item in
            let label = Label()
            label.xAlign = 0
            label.setMargins(top: 6, bottom: 6, start: 6, end: 6)
            item.child = label
        }
        list.bindRow = { [names] item in
            guard let label = item.child as? Label, let row = item.position else { return }
            label.text = names[row]
            label.parent?.setAccessibleLabel(label.text)
        }
        list.onSelectionChanged = { [weak self] row in
            guard let self, let row else { return }
            chosen = row
            onChoose?()
        }
        list.reload(count: names.count)
        list.select(0)
        let header = HeaderBar()
        header.setShowTitleButtons(false)
        column.addCSSClass("sidebar")
        column.sizeRequest = (200, -1)
        column.append(header)
        column.append(list.widget)
    }
}

/// The detail pane: the shown note's title and text, both editable.
@MainActor
final class NoteEditor {
    let pane = Box(.vertical, spacing: 12)
    let titleEntry = Entry()
    let textView = TextView()
    /// The note the fields show, or nil while none is chosen.
    private(set) var shown: Int?

    init() {
        pane.setMargins(24)
        titleEntry.setPlaceholder("Title")
        textView.wrapsWords = true
        let scroller = ScrolledWindow()
        scroller.child = textView
        scroller.expandsVertically = true
        pane.append(titleEntry)
        pane.append(scroller)
        show(nil)
    }

    /// Fills the fields from `note`; typing in them then edits that note.
    func show(_ note: Note?) {
        shown = nil
        titleEntry.text = note?.title ?? ""
        textView.buffer.text = note?.text ?? ""
        titleEntry.isSensitive = note != nil
        textView.isSensitive = note != nil
        shown = note?.id
    }
}

@MainActor
func runNotesApp() -> Int32 {
    let application = Application(id: "org.example.Notes", nonUnique: true)
    application.onActivate { _ in
        let folders = Folders()
        let editor = NoteEditor()
        let view = ListDetailView<Int>(
            title: folders.names[0], listName: "Notes", detail: editor.pane,
            idOfRow: { folders.notebook.id(at: $0) }, rowOfID: { folders.notebook.row(of: $0) },
            rowTitle: { folders.notebook.note($0)?.title ?? "" })
        view.showDetail = { id in editor.show(id.flatMap(folders.notebook.note)) }
        view.placeholder = StatusPage(iconName: "text-x-generic-symbolic", title: "No Notes",
                                      description: "Add one with +")
        view.reload(count: folders.notebook.notes.count)
        folders.onChoose = { [weak view] in
            guard let view else { return }
            view.title = folders.names[folders.chosen]
            view.reload(count: folders.notebook.notes.count)
        }

        editor.titleEntry.onChanged { [weak view, weak editor] entry in
            guard let view, let id = editor?.shown else { return }
            let notebook = folders.notebook
            notebook.rename(id, to: entry.text)
            view.rowsChanged(at: 0, removed: notebook.notes.count, added: notebook.notes.count)
            view.updateTitle()
        }
        editor.textView.buffer.onChanged { [weak editor] buffer in
            guard let id = editor?.shown else { return }
            folders.notebook.write(id, buffer.text)
        }

        let add = Button(iconName: "list-add-symbolic")
        add.tooltip = "New Note"
        add.setAccessibleLabel("New Note")
        add.onClicked { [weak view, weak editor] _ in
            guard let view, let editor else { return }
            let notebook = folders.notebook
            let id = notebook.add()
            view.rowsChanged(at: notebook.row(of: id) ?? 0, removed: 0, added: 1)
            view.choose(id)
            editor.titleEntry.selectAll()
            _ = editor.titleEntry.grabFocus()
        }
        view.split.primaryHeader?.packStart(add)

        let window = ApplicationWindow(application: application)
        window.title = "Notes"
        window.defaultSize = (1100, 600)
        window.hideTitlebar()
        let row = Box(.horizontal)
        row.append(folders.column)
        row.append(view.widget)
        window.child = row
        window.present()
    }
    return application.run(programName: "notes")
}

_ = MainActor.assumeIsolated { runNotesApp() }
