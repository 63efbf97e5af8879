import Foundation
import Testing
import PizzaModel
@testable import MenuSession

/// A pizza's description is edited as text: undoable like a rename, refused with the model's message,
/// and nothing recorded when what was typed is what the pizza has.
@Suite struct DescriptionEditTests {
    @Test func editingADescriptionIsSavedUndoneAndRedone() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        _ = session.handle(.select(cheese))
        let edit = session.handle(.editText(cheese, key: "description", to: " Tomato, mozzarella, basil "))
        #expect(edit.error == nil && edit.needsSave && edit.selectedPizzaChanged)
        #expect(edit.rows == .replaced(at: 0, removed: 1, added: 1))
        #expect(session.selectedPizza?.description == "Tomato, mozzarella, basil")
        #expect(session.undoHistory.last?.kind == .setText(key: "description", name: "Cheese", from: nil, to: "Tomato, mozzarella, basil"))
        _ = session.handle(.select(nil))
        let undo = session.handle(.undo)
        #expect(undo.notice == .undid("changing the description of “Cheese”"))
        #expect(session.menu == .standard)
        #expect(session.selection == cheese)
        _ = session.handle(.redo)
        #expect(session.selectedPizza?.description == "Tomato, mozzarella, basil")
        let cleared = session.handle(.editText(cheese, key: "description", to: "  "))
        #expect(cleared.needsSave)
        #expect(session.menu == .standard)
    }

    @Test func typingWhatThePizzaHasRecordsNothing() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        #expect(session.handle(.editText(cheese, key: "description", to: "")) == SessionChange())
        _ = session.handle(.editText(cheese, key: "description", to: "Basil"))
        #expect(session.handle(.editText(cheese, key: "description", to: " Basil ")) == SessionChange())
        #expect(session.undoHistory.count == 1)
    }

    @Test func aRefusedDescriptionSaysWhyAndChangesNothing() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        let tooLong = session.handle(.editText(cheese, key: "description", to: String(repeating: "x", count: 501)))
        #expect(tooLong.error?.description == "A description can be at most 500 characters long.")
        #expect(session.handle(.editText(cheese, key: "description", to: "Zero\u{200B}width")).error == .hiddenCharacter(0x200B))
        #expect(session.menu == .standard && session.undoHistory.isEmpty && session.saveStatus == .saved)
    }

    @Test func theNameIsATextFieldTooAndRenames() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        #expect(session.handle(.editText(cheese, key: "name", to: "Four Cheese")).error == nil)
        #expect(session.undoHistory.last?.summary == "renaming “Cheese” to “Four Cheese”")
        #expect(session.handle(.editText(cheese, key: "name", to: "veggie")).error == .duplicateName("Veggie"))
    }
}
