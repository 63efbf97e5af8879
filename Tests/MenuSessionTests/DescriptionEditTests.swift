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
        #expect(undo.notice?.summary == "undid changing the description of “Cheese”")
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

/// A description typed in the detail is a draft like a typed name: applied on leaving the pizza, kept with
/// its reason when refused, and asked about before the menu is left.
@Suite struct TypedDescriptionTests {
    private static let menuPath: FilePath = "/tmp/pizza-split-tests/menu.json"

    private func app() -> AppSession {
        AppSession(path: Self.menuPath, ownMenuPath: Self.menuPath, reading: MenuReading(menu: .standard, problem: nil),
                   selectedName: "Cheese")
    }

    @Test func aTypedDescriptionIsAppliedOnLeavingThePizzaAndUndoneInOneStep() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        _ = session.handle(.select(cheese))
        _ = session.handle(.typeText(key: "description", "Tomato, mozzarella"))
        #expect(session.textDrafts == ["description": "Tomato, mozzarella"] && session.hasDraft)
        #expect(session.menu == .standard)
        _ = session.handle(.select(session.id(named: "Veggie")))
        #expect(session.menu.pizzas[0].description == "Tomato, mozzarella")
        #expect(session.textDrafts.isEmpty)
        _ = session.handle(.undo)
        #expect(session.menu == .standard && session.selection == cheese)
    }

    @Test func aRefusedDescriptionStaysTypedWithItsReasonAndEscapePutsItBack() {
        var session = MenuSession(path: "/menu.json", menu: .standard)
        let cheese = session.id(named: "Cheese")
        _ = session.handle(.select(cheese))
        let long = String(repeating: "x", count: 501)
        _ = session.handle(.typeText(key: "description", long))
        let refused = session.handle(.select(session.id(named: "Veggie")))
        #expect(refused.draftRefused && refused.error?.description == "A description can be at most 500 characters long.")
        #expect(session.selection == cheese && session.textDrafts["description"] == long)
        #expect(session.textErrors["description"] != nil)
        _ = session.handle(.revertText(key: "description"))
        #expect(session.textDrafts.isEmpty && session.textErrors.isEmpty && session.menu == .standard)
    }

    @Test func closingWithARefusedDescriptionAsksAndKeepEditingGoesBackToTheField() {
        var app = app()
        let long = String(repeating: "x", count: 501)
        _ = app.handle(.menu(.typeText(key: "description", long)))
        let update = app.handle(.closeRequested)
        let question = update.effects.compactMap { if case .ask(let question) = $0 { question } else { nil } }
        #expect(question == [.discardTypedText(key: "description", text: long,
                                               error: .textTooLong(TextRule(noun: "A description", maximumLength: 500), characters: 501))])
        #expect(app.view.detail.text("description") == long && app.view.detail.textErrors["description"] != nil)
        let kept = app.handle(.answered(.cancel))
        #expect(kept.effects.contains { if case .focus(.textField("description")) = $0 { true } else { false } })
        #expect(!app.mayClose)
        _ = app.handle(.closeRequested)
        _ = app.handle(.answered(.discard))
        #expect(app.menu.textDrafts.isEmpty && app.menu.menu == .standard)
    }
}
