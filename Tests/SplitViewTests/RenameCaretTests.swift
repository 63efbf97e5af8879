import Foundation
import XCTest
@testable import Gtk
@testable import SplitView

/// The issue 35 notes app: notes sorted by name, the detail a field that renames the shown note as the user
/// types. Names are kept trimmed, so the field's text may differ from the stored name (a space typed between
/// two words): showing the note again would put the stored name back and move the caret.
@MainActor
final class RenameFixture {
    let window = Window()
    let title = "rename-test-\(UInt32.random(in: 0...UInt32.max))"
    let field = Entry()
    var names = ["delta", "alpha", "charlie", "bravo"]
    /// The notes in row order: sorted by name.
    var order: [Int] = []
    let view: ListDetailView<Int>
    /// Every note `showDetail` was called for, in order.
    var shown: [Int?] = []
    private var isFilling = false

    init() {
        let detail = Box(.vertical)
        detail.append(field)
        detail.setMargins(24)
        view = ListDetailView<Int>(title: "Notes", listName: "Notes", detail: detail, width: 1200,
                                   idOfRow: { _ in nil }, rowOfID: { _ in nil }, rowTitle: { _ in "" })
        order = sorted()
        view.rowTitle = { [unowned self] in self.names[$0] }
        view.idOfRow = { [unowned self] in self.order.indices.contains($0) ? self.order[$0] : nil }
        view.rowOfID = { [unowned self] in self.order.firstIndex(of: $0) }
        view.showDetail = { [unowned self] note in
            self.shown.append(note)
            self.isFilling = true
            self.field.text = note.map { self.names[$0] } ?? ""
            self.isFilling = false
        }
        field.onChanged { [unowned self] field in
            guard !self.isFilling, let note = self.view.selected else { return }
            self.rename(note, to: field.text)
        }
        view.reload(count: names.count)
        window.title = title
        window.child = view.widget
        window.defaultSize = (1200, 400)
        window.present()
        runMainLoop { self.field.isMapped }
    }

    private func sorted() -> [Int] { names.indices.sorted { names[$0] < names[$1] } }

    /// Stores the trimmed name and re-sorts the rows: one call tells the view every row moved.
    private func rename(_ note: Int, to text: String) {
        names[note] = text.trimmingCharacters(in: .whitespaces)
        order = sorted()
        view.rowsChanged(at: 0, removed: names.count, added: names.count)
    }

    /// Real key presses from outside, as the user types them.
    func type(_ keys: String...) throws { try pressKeysFromOutside(windowTitled: title, keys) }

    func close() {
        window.destroy()
        runMainLoop { true }
    }
}

final class RenameCaretTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// Issue 35 item 2: typing in the detail renames the note and re-sorts the list; the field keeps its text
    /// and caret, the note stays chosen on its new row, and the detail is not shown again.
    func testRenamingTheShownNoteInItsDetailKeepsTheCaretThroughAReSort() throws {
        try MainActor.assumeIsolated {
            let fixture = RenameFixture()
            defer { fixture.close() }
            fixture.view.choose(2)
            XCTAssertEqual(fixture.field.text, "charlie")
            let calls = fixture.shown.count
            XCTAssertTrue(fixture.field.grabFocus())
            fixture.field.caretPosition = 0
            try fixture.type("a")
            XCTAssertEqual(fixture.field.text, "acharlie")
            XCTAssertEqual(fixture.field.caretPosition, 1, "the caret stays after the typed letter")
            XCTAssertEqual(fixture.view.selected, 2, "the renamed note is still the chosen one")
            XCTAssertEqual(fixture.view.list.selected, 0, "on its new row, first now")
            try fixture.type("End", "space")
            XCTAssertEqual(fixture.field.text, "acharlie ", "the space the user typed stays, though the name is trimmed")
            XCTAssertEqual(fixture.field.caretPosition, 9)
            try fixture.type("z", "Home", "Delete", "Delete")
            XCTAssertEqual(fixture.field.text, "harlie z")
            XCTAssertEqual(fixture.field.caretPosition, 0)
            XCTAssertEqual(fixture.view.list.selected, 3, "last now, after delta")
            XCTAssertEqual(fixture.shown.count, calls, "the detail is not shown again for the note it shows")
            XCTAssertTrue(fixture.window.focus?.isDescendant(of: fixture.field) == true, "the field keeps the focus")
        }
    }

    /// Issue 35 item 2: choosing or highlighting the note already shown (a click on its row, or an app that
    /// highlights its selection after every change, as the pizza app does) leaves the field's text and caret.
    func testChoosingTheShownNoteAgainLeavesTheFieldsTextAndCaret() throws {
        try MainActor.assumeIsolated {
            let fixture = RenameFixture()
            defer { fixture.close() }
            fixture.view.choose(1)
            XCTAssertTrue(fixture.field.grabFocus())
            fixture.field.caretPosition = 5
            try fixture.type("space")
            XCTAssertEqual(fixture.field.text, "alpha ")
            let calls = fixture.shown.count
            fixture.view.choose(1)
            fixture.view.highlight(1)
            fixture.view.list.onRowChosen?(0)
            runMainLoop { true }
            XCTAssertEqual(fixture.field.text, "alpha ")
            XCTAssertEqual(fixture.field.caretPosition, 6)
            XCTAssertEqual(fixture.shown.count, calls)
            fixture.view.choose(0)
            XCTAssertEqual(fixture.shown.last, 0, "another note is shown")
            XCTAssertEqual(fixture.field.text, "delta")
        }
    }
}
