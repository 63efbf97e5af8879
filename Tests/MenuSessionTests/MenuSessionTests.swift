import Testing
import PizzaModel
@testable import MenuSession

private func demoSession() -> MenuSession { MenuSession(path: "/menu.json", menu: .standard) }

private func names(_ session: MenuSession) -> [String] { session.menu.pizzas.map(\.name) }

extension MenuSession {
    /// The identity of the pizza called `name` in the current menu.
    func id(named name: String) -> PizzaID { id(at: menu.index(ofPizzaNamed: name)!)! }
}

@Suite struct MenuSessionEditingRuleTests {
    @Test func addingSelectsTheNewPizzaAndAsksForASave() {
        var session = demoSession()
        let change = session.handle(.add(name: " Margherita ", priceText: "0.045"))
        #expect(change.error == nil)
        #expect(change.rows == .replaced(at: 4, removed: 0, added: 1))
        #expect(change.needsSave)
        #expect(session.selectedPizza == Pizza(name: "Margherita", pricePerSquareInch: 0.045))
        #expect(session.saveStatus == .saving)
        #expect(session.undoHistory.last?.summary == "adding “Margherita”")
    }

    @Test func anInvalidAddIsRefusedWithTheModelsMessageAndChangesNothing() {
        var session = demoSession()
        #expect(session.handle(.add(name: "cheese", priceText: "0.05")).error == .duplicateName("Cheese"))
        #expect(session.handle(.add(name: "Calzone", priceText: "abc")).error == .priceNotANumber)
        #expect(session.menu == .standard)
        #expect(session.undoHistory.isEmpty)
        #expect(session.saveStatus == .saved)
    }

    @Test func undoingAPriceChangeSaysWhatWasUndoneAndRedoDoesItAgain() {
        var session = demoSession()
        let pepperoni = session.id(named: "Pepperoni")
        _ = session.handle(.select(pepperoni))
        _ = session.handle(.typePrice("0.06"))
        let commit = session.handle(.commitPrice)
        #expect(commit.needsSave && commit.selectedPizzaChanged)
        #expect(session.selectedPizza?.pricePerSquareInch == 0.06)
        _ = session.handle(.select(nil))
        let undo = session.handle(.undo)
        #expect(undo.notice?.summary == "undid changing the price of “Pepperoni” from 0.05 to 0.06")
        #expect(session.menu == .standard)
        #expect(session.selection == pepperoni)
        let redo = session.handle(.redo)
        #expect(redo.notice?.summary == "redid changing the price of “Pepperoni” from 0.05 to 0.06")
        #expect(session.selectedPizza?.pricePerSquareInch == 0.06)
    }

    @Test func undoingADeleteBringsThePizzaBackWhereItWasWithTheSameIdentity() {
        var session = demoSession()
        let sausage = session.id(named: "Sausage")
        _ = session.handle(.select(sausage))
        let delete = session.handle(.delete(sausage))
        #expect(delete.notice == .deleted(name: "Sausage"))
        #expect(delete.rows == .replaced(at: 1, removed: 1, added: 0))
        #expect(session.selection == session.id(named: "Pepperoni"), "the row that took its place is chosen")
        let undo = session.handle(.undo)
        #expect(undo.rows == .replaced(at: 1, removed: 0, added: 1))
        #expect(session.menu == .standard)
        #expect(session.selection == sausage)
    }

    @Test func deletingTheLastRowChoosesTheOneAboveAndDeletingTheOnlyPizzaChoosesNothing() {
        var session = demoSession()
        let last = session.id(atRow: session.rowCount - 1)
        let above = session.id(atRow: session.rowCount - 2)
        _ = session.handle(.select(last))
        #expect(session.handle(.delete(last!)).selectionChanged)
        #expect(session.selection == above)
        while let id = session.selection { _ = session.handle(.delete(id)) }
        #expect(session.rowCount == 0)
        #expect(session.selectedPizza == nil)
    }

    @Test func redoingADeleteChoosesTheRowThatTakesItsPlaceAsTheDeleteDid() {
        var session = demoSession()
        let cheese = session.id(named: "Cheese")
        let sausage = session.id(named: "Sausage")
        _ = session.handle(.select(cheese))
        _ = session.handle(.delete(cheese))
        #expect(session.selection == sausage)
        _ = session.handle(.undo)
        #expect(session.selection == cheese)
        _ = session.handle(.redo)
        #expect(session.selection == sausage, "not nothing: the detail never goes blank")
    }

    @Test func renameKeepsTheSelectionAndIsUndoable() {
        var session = demoSession()
        let cheese = session.id(named: "Cheese")
        _ = session.handle(.select(cheese))
        let change = session.handle(.rename(cheese, to: "Four Cheese "))
        #expect(change.selectedPizzaChanged)
        #expect(session.selectedPizza?.name == "Four Cheese")
        #expect(session.handle(.rename(cheese, to: "veggie")).error == .duplicateName("Veggie"))
        #expect(session.handle(.undo).notice?.summary == "undid renaming “Cheese” to “Four Cheese”")
        #expect(session.menu == .standard)
    }

    @Test func movingKeepsTheSelectionOnTheSamePizza() {
        var session = demoSession()
        let veggie = session.id(named: "Veggie")
        _ = session.handle(.select(veggie))
        let change = session.handle(.move(veggie, to: 1))
        #expect(change.rows == .replaced(at: 1, removed: 3, added: 3))
        #expect(names(session) == ["Cheese", "Veggie", "Sausage", "Pepperoni"])
        #expect(session.selectedIndex == 1)
        #expect(session.handle(.undo).notice?.summary == "undid moving “Veggie” up to place 2")
        #expect(session.menu == .standard)
        #expect(session.selectedIndex == 3)
        #expect(session.handle(.move(veggie, to: 4)).rows == .unchanged)
    }

    @Test func movingWhileANameIsTypedAppliesTheNameFirstSoUndoTakesTheMoveBackFirst() {
        var session = demoSession()
        let veggie = session.id(named: "Veggie")
        _ = session.handle(.select(veggie))
        _ = session.handle(.typeName("Garden"))
        let change = session.handle(.move(veggie, to: 2))
        #expect(change.error == nil)
        #expect(names(session) == ["Cheese", "Sausage", "Garden", "Pepperoni"])
        #expect(session.handle(.undo).notice?.summary == "undid moving “Garden” up to place 3")
        #expect(session.handle(.undo).notice?.summary == "undid renaming “Veggie” to “Garden”")
        #expect(session.menu == .standard)

        _ = session.handle(.typeName("cheese"))
        #expect(session.handle(.move(veggie, to: 0)).error == .duplicateName("Cheese"), "a refused name stops the move")
        #expect(session.menu == .standard)
    }

    @Test func aNewEditClearsTheRedoHistory() {
        var session = demoSession()
        _ = session.handle(.delete(session.id(named: "Cheese")))
        _ = session.handle(.undo)
        #expect(session.canRedo)
        _ = session.handle(.delete(session.id(named: "Veggie")))
        #expect(!session.canRedo)
        #expect(session.handle(.redo).notice == .nothingToRedo)
    }

    @Test func nothingToUndoIsSaidAndChangesNothing() {
        var session = demoSession()
        let change = session.handle(.undo)
        #expect(change.notice == .nothingToUndo)
        #expect(!change.needsSave)
    }
}

@Suite struct MenuSessionTypedPriceRuleTests {
    @Test func choosingAnotherPizzaCommitsTheTypedPrice() {
        var session = demoSession()
        _ = session.handle(.select(session.id(named: "Cheese")))
        _ = session.handle(.typePrice("0.11"))
        let change = session.handle(.select(session.id(named: "Veggie")))
        #expect(change.needsSave)
        #expect(session.menu.pizzas[0].pricePerSquareInch == 0.11)
        #expect(session.selectedPizza?.name == "Veggie")
        #expect(session.priceDraft == nil)
    }

    @Test func anInvalidTypedPriceStaysWithItsMessageAndKeepsThePizzaChosen() {
        var session = demoSession()
        let cheese = session.id(named: "Cheese")
        _ = session.handle(.select(cheese))
        _ = session.handle(.typePrice("0.1x"))
        let change = session.handle(.select(session.id(named: "Veggie")))
        #expect(change.error == .priceNotANumber)
        #expect(change.draftRefused)
        #expect(session.selection == cheese)
        #expect(session.priceDraft == "0.1x")
        #expect(session.handle(.commitPrice).error == .priceNotANumber)
        #expect(session.menu == .standard)
    }

    @Test func revertingDropsTheTypedPriceAndTheMenuIsUntouched() {
        var session = demoSession()
        _ = session.handle(.select(session.id(named: "Cheese")))
        _ = session.handle(.typePrice("0.2"))
        #expect(session.handle(.revertPrice).notice == .revertedPrice)
        #expect(session.priceDraft == nil)
        #expect(session.handle(.revertPrice) == SessionChange())
        #expect(session.menu == .standard)
    }

    @Test func typingThePizzasOwnPriceIsNoDraft() {
        var session = demoSession()
        _ = session.handle(.select(session.id(named: "Cheese")))
        _ = session.handle(.typePrice("0.03"))
        #expect(session.priceDraft == nil)
    }

    @Test func undoWithATypedPriceRevertsTheTypingFirst() {
        var session = demoSession()
        _ = session.handle(.delete(session.id(named: "Veggie")))
        _ = session.handle(.select(session.id(named: "Cheese")))
        _ = session.handle(.typePrice("0.2"))
        #expect(session.handle(.undo).notice == .revertedPrice)
        #expect(session.menu.pizzas.count == 3)
        #expect(session.handle(.undo).notice?.summary == "undid deleting “Veggie”")
    }
}

@Suite struct MenuSessionSaveStatusRuleTests {
    @Test func savesFinishInOrderAndOnlyTheNewestMakesItSaved() {
        var session = demoSession()
        _ = session.handle(.delete(session.id(named: "Cheese")))
        _ = session.handle(.delete(session.id(named: "Veggie")))
        #expect(session.revision == 2)
        _ = session.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))
        #expect(session.saveStatus == .saving)
        #expect(session.hasUnsavedChanges)
        _ = session.handle(.saveFinished(revision: 2, keptBrokenFileAt: nil))
        #expect(session.saveStatus == .saved)
        #expect(!session.hasUnsavedChanges)
    }

    @Test func aFailedSaveIsKeptUntilASaveSucceeds() {
        var session = demoSession()
        _ = session.handle(.delete(session.id(named: "Cheese")))
        let failed = session.handle(.saveFailed(revision: 1, reason: "the disk is full"))
        #expect(failed.notice == .saveFailed(reason: "the disk is full"))
        #expect(session.saveStatus == .failed(reason: "the disk is full"))
        #expect(session.hasUnsavedChanges)
        let recovered = session.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))
        #expect(recovered.notice == .saveRecovered)
        #expect(session.saveStatus == .saved)
    }

    @Test func theBrokenFileIsAnnouncedOnceWhenItIsMovedAside() {
        var session = MenuSession(path: "/m/menu.json", menu: .standard, loadProblem: "line 1, column 2: bad")
        #expect(session.mustKeepBrokenFile)
        _ = session.handle(.delete(session.id(at: 0)!))
        let change = session.handle(.saveFinished(revision: 1, keptBrokenFileAt: "/m/menu.json.broken"))
        #expect(change.notice == .keptBrokenFile(path: "/m/menu.json.broken"))
        #expect(!session.mustKeepBrokenFile)
    }

    @Test func openingAnotherFileStartsAFreshHistoryAndRestoresTheNamedSelection() {
        var session = demoSession()
        _ = session.handle(.delete(session.id(named: "Cheese")))
        let change = session.handle(.open(path: "/other.json", menu: .standard, loadProblem: nil, selectedName: "veggie"))
        #expect(change.rows == .reload)
        #expect(session.path == "/other.json")
        #expect(!session.canUndo)
        #expect(session.selectedPizza?.name == "Veggie")
        #expect(session.saveStatus == .saved)
    }
}

/// SplitMix64: a seeded generator, so that a failing sequence can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct MenuSessionPropertyTests {
    static let typedPrices = ["0.01", "0.07", "$0.5", "abc", "-1", "0", "250", " 0.09 ", "0.03"]
    static let typedNames = ["Margherita", "cheese", "", "  ", "Funghi", "Quattro Stagioni", "VEGGIE", "Café"]
    static let typedDescriptions = ["Tomato, mozzarella, basil", "", "  ", " Basil ", "Two\nlines", String(repeating: "x", count: 501)]

    private func randomEvent(_ session: MenuSession, _ rng: inout SeededGenerator) -> MenuSession.Event {
        let count = session.menu.pizzas.count
        // Now and then an identity that no longer (or never) exists.
        func somePizza() -> PizzaID {
            count > 0 && Int.random(in: 0..<8, using: &rng) > 0
                ? session.id(at: Int.random(in: 0..<count, using: &rng))! : PizzaID(value: 10_000)
        }
        switch Int.random(in: 0..<13, using: &rng) {
        case 0: return .add(name: Self.typedNames.randomElement(using: &rng)!, priceText: Self.typedPrices.randomElement(using: &rng)!)
        case 1: return .delete(somePizza())
        case 2: return .rename(somePizza(), to: Self.typedNames.randomElement(using: &rng)!)
        case 3: return .move(somePizza(), to: Int.random(in: -1...count, using: &rng))
        case 4, 5: return .undo
        case 6: return .redo
        case 7: return .select(Bool.random(using: &rng) ? somePizza() : nil)
        case 8: return .typePrice(Self.typedPrices.randomElement(using: &rng)!)
        case 9: return .commitPrice
        case 10: return .revertPrice
        case 11: return .editText(somePizza(), key: "description", to: Self.typedDescriptions.randomElement(using: &rng)!)
        default: return .saveFinished(revision: session.revision, keptBrokenFileAt: nil)
        }
    }

    @Test(arguments: 0..<200)
    func randomSequencesUndoToTheOriginalAndRedoToTheFinalMenu(seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        let original = MenuSession(path: "/menu.json", menu: .standard)
        var session = original
        for _ in 0..<Int.random(in: 1...60, using: &rng) {
            let event = randomEvent(session, &rng)
            let before = session
            let change = session.handle(event)
            // The selection names a pizza that exists, or none.
            if let selection = session.selection {
                #expect(session.index(of: selection) != nil, "seed \(seed): \(event) left a selection on a missing pizza")
            }
            // Identities stay one per row.
            let ids = (0..<session.menu.pizzas.count).compactMap { session.id(at: $0) }
            #expect(Set(ids).count == session.menu.pizzas.count, "seed \(seed)")
            // A refused event changes nothing in the menu (a typed price committed on the way is its own
            // edit); a change to the menu always asks for a save.
            if change.error != nil && !change.needsSave { #expect(session.menu == before.menu, "seed \(seed): \(event)") }
            if session.menu != before.menu { #expect(change.needsSave, "seed \(seed): \(event)") }
            if case .replaced(let at, let removed, let added) = change.rows {
                #expect(before.menu.pizzas.count - removed + added == session.menu.pizzas.count, "seed \(seed)")
                #expect(at >= 0 && at + removed <= before.menu.pizzas.count, "seed \(seed)")
            }
        }
        _ = session.handle(.revertPrice)
        let final = session.menu
        let redoableBefore = session.redoHistory.count
        var undone = 0
        while !session.undoHistory.isEmpty {
            let change = session.handle(.undo)
            try #require(change.error == nil, "seed \(seed): undo failed on its own history: \(String(describing: change.error))")
            undone += 1
        }
        #expect(session.menu == original.menu, "seed \(seed): undoing everything did not give the original menu")
        for _ in 0..<undone {
            let change = session.handle(.redo)
            try #require(change.error == nil, "seed \(seed): redo failed: \(String(describing: change.error))")
        }
        #expect(session.menu == final, "seed \(seed): redoing everything did not give the final menu")
        #expect(session.redoHistory.count == redoableBefore, "seed \(seed)")
    }
}

@Suite struct MenuSessionKeepsWhatItDoesNotKnowTests {
    @Test func undoingADeleteBringsBackThePizzasUnknownMembers() throws {
        let file = #"{"pizzas": [{"name": "Cheese", "pricePerSquareInch": 0.03, "notes": "thin crust"}], "currency": "USD"}"#
        let menu = try MenuFile.decode(Array(file.utf8), path: "menu.json")
        var session = MenuSession(path: "/menu.json", menu: menu)
        #expect(session.handle(.delete(session.id(named: "Cheese"))).error == nil)
        #expect(session.handle(.undo).error == nil)
        let written = String(decoding: MenuFile.encode(session.menu), as: UTF8.self)
        #expect(written.contains(#""notes": "thin crust""#) || written.contains(#""notes":"thin crust""#))
        #expect(session.menu == menu)
    }
}

extension SessionChange.Notice {
    /// An undone or redone edit as one line, "undid " or "redid " and its English summary, to compare.
    var summary: String? {
        switch self {
        case .undid(let edit): "undid " + edit.summary
        case .redid(let edit): "redid " + edit.summary
        default: nil
        }
    }
}
