import Testing
import PizzaModel
@testable import MenuSession

private func session(_ names: [String]) -> MenuSession {
    let menu = try! Menu(pizzas: names.map { Pizza(name: $0, pricePerSquareInch: 0.05) })
    return MenuSession(path: "/menu.json", menu: menu)
}

/// The names the list shows, row by row.
private func rows(_ session: MenuSession) -> [String] {
    (0..<session.rowCount).map { session.menu.pizzas[session.menuIndex(atRow: $0)!].name }
}

@Suite struct TextFoldingTests {
    @Test func caseAndAccentsAreFoldedAway() {
        #expect(TextFolding.folded("Café") == TextFolding.folded("cafe"))
        #expect(TextFolding.folded("CAFÉ") == Array("cafe".utf8))
        #expect(TextFolding.folded("Cafe\u{301}") == Array("cafe".utf8))
        #expect(TextFolding.folded("Jalapeño Crème Brûlée") == Array("jalapeno creme brulee".utf8))
        #expect(TextFolding.folded("Straße Æbleskiver Øl") == Array("strasse aebleskiver ol".utf8))
        #expect(TextFolding.folded("Phở Bò") == Array("pho bo".utf8))
    }

    @Test func otherScriptsAreLowercasedOnly() {
        #expect(TextFolding.folded("ΠΊΤΣΑ") == Array("πίτσα".utf8))
        #expect(TextFolding.folded("ピザ") == Array("ピザ".utf8))
    }
}

@Suite struct MenuSearchTests {
    @Test func typingFiltersByASubstringIgnoringCaseAndAccents() {
        var menu = session(["Cheese", "Veggie", "Café Special", "Pepperoni"])
        _ = menu.handle(.search("veg"))
        #expect(rows(menu) == ["Veggie"])
        _ = menu.handle(.search("CAFE"))
        #expect(rows(menu) == ["Café Special"])
        _ = menu.handle(.search("e"))
        #expect(rows(menu) == ["Cheese", "Veggie", "Café Special", "Pepperoni"])
        _ = menu.handle(.search("ron"))
        #expect(rows(menu) == ["Pepperoni"])
    }

    @Test func anEmptyQueryShowsEveryPizzaAndNoMatchIsSaid() {
        var menu = session(["Cheese", "Veggie"])
        let open = menu.handle(.search(""))
        #expect(open.searchChanged && open.rows == .unchanged)
        #expect(menu.search?.query == "" && rows(menu) == ["Cheese", "Veggie"] && !menu.hasNoMatches)
        _ = menu.handle(.search("anchovy"))
        #expect(menu.rowCount == 0 && menu.hasNoMatches)
        _ = menu.handle(.search(""))
        #expect(menu.rowCount == 2 && !menu.hasNoMatches)
    }

    @Test func aLongerQueryNarrowsAndAShorterOneWidensAgain() {
        var menu = session((0..<300).map { "Pizza \($0)" })
        for query in ["2", "29", "299"] { _ = menu.handle(.search(query)) }
        #expect(rows(menu) == ["Pizza 299"])
        _ = menu.handle(.search("29"))
        #expect(rows(menu) == ["Pizza 29", "Pizza 129", "Pizza 229"] + (290...299).map { "Pizza \($0)" })
        _ = menu.handle(.search("9 "))
        #expect(rows(menu).isEmpty)
    }

    @Test func aKeystrokeThatLeavesTheSameRowsChangesNoRows() {
        var menu = session((0..<50).map { "Pizza \($0)" })
        #expect(menu.handle(.search("p")).rows == .unchanged)
        #expect(menu.handle(.search("PIZ")).rows == .unchanged)
        #expect(menu.handle(.search("pizza 4")).rows == .reload)
        #expect(rows(menu) == ["Pizza 4"] + (40...49).map { "Pizza \($0)" })
        #expect(menu.handle(.search("pizza 4 ")).rows == .reload)
        #expect(menu.handle(.search("pizza 4 x")).rows == .unchanged)
        #expect(menu.hasNoMatches)
        _ = menu.handle(.search("pizza 49"))
        #expect(menu.handle(.search("pizza 49")).rows == .unchanged, "the same query again")
        #expect(rows(menu) == ["Pizza 49"])
        var veggie = session(["Cheese", "Veggie", "Ham"])
        #expect(veggie.handle(.search("g")).rows == .reload)
        #expect(veggie.handle(.search("gg")).rows == .unchanged, "a longer query that keeps every shown row")
        #expect(veggie.handle(.search("ggi")).rows == .unchanged)
        #expect(veggie.handle(.search("ggix")).rows == .reload)
        #expect(rows(veggie).isEmpty)
    }

    @Test func theSelectionStaysWhenItMatchesAndWhenItDoesNot() {
        var menu = session(["Cheese", "Veggie", "Pepperoni"])
        let veggie = menu.id(named: "Veggie")
        _ = menu.handle(.select(veggie))
        _ = menu.handle(.search("gg"))
        #expect(menu.selection == veggie && menu.row(of: veggie) == 0)
        _ = menu.handle(.search("pep"))
        #expect(menu.selection == veggie && menu.selectedPizza?.name == "Veggie")
        #expect(menu.row(of: veggie) == nil)
        let end = menu.handle(.endSearch)
        #expect(end.rows == .reload && end.selectionChanged && end.searchChanged)
        #expect(menu.search == nil && menu.selection == veggie && menu.row(of: veggie) == 1)
        #expect(rows(menu) == ["Cheese", "Veggie", "Pepperoni"])
    }

    @Test func addingAMatchingPizzaShowsItAndANonMatchingOneEndsTheSearch() {
        var menu = session(["Cheese", "Veggie", "Pepperoni"])
        _ = menu.handle(.search("e"))
        _ = menu.handle(.search("ee"))
        let add = menu.handle(.add(name: "Greek", priceText: "0.05"))
        #expect(add.rows == .replaced(at: 1, removed: 0, added: 1))
        #expect(rows(menu) == ["Cheese", "Greek"] && menu.search?.query == "ee")
        let other = menu.handle(.add(name: "Hawaiian", priceText: "0.05"))
        #expect(other.searchChanged && other.rows == .reload)
        #expect(menu.search == nil && menu.selectedPizza?.name == "Hawaiian" && menu.row(of: menu.selection!) == 4)
    }

    @Test func deletingAndUndoingWhileFilteredKeepTheRowsInStep() {
        var menu = session(["Cheese", "Veggie", "Pepperoni", "Sausage"])
        _ = menu.handle(.search("e"))
        _ = menu.handle(.search("ep"))
        let pepperoni = menu.id(named: "Pepperoni")
        let delete = menu.handle(.delete(pepperoni))
        #expect(delete.rows == .replaced(at: 0, removed: 1, added: 0) && menu.hasNoMatches)
        let undo = menu.handle(.undo)
        #expect(undo.rows == .replaced(at: 0, removed: 0, added: 1))
        #expect(rows(menu) == ["Pepperoni"] && menu.selection == pepperoni && menu.search != nil)
    }

    @Test func undoBringingBackAHiddenPizzaEndsTheSearch() {
        var menu = session(["Cheese", "Veggie", "Pepperoni"])
        let cheese = menu.id(named: "Cheese")
        _ = menu.handle(.delete(cheese))
        _ = menu.handle(.search("veg"))
        let undo = menu.handle(.undo)
        #expect(undo.searchChanged && menu.search == nil)
        #expect(menu.selection == cheese && menu.row(of: cheese) == 0)
    }

    @Test func aRenamedRowStaysUntilTheNextKeystrokeAndAMatchingOneJoins() {
        var menu = session(["Cheese", "Veggie", "Pepperoni"])
        let veggie = menu.id(named: "Veggie")
        let cheese = menu.id(named: "Cheese")
        _ = menu.handle(.search("veg"))
        let rename = menu.handle(.rename(veggie, to: "Garden"))
        #expect(rename.rows == .replaced(at: 0, removed: 1, added: 1) && rows(menu) == ["Garden"])
        _ = menu.handle(.search("vege"))
        #expect(rows(menu).isEmpty)
        let join = menu.handle(.rename(cheese, to: "Vegetarian"))
        #expect(join.rows == .replaced(at: 0, removed: 0, added: 1) && rows(menu) == ["Vegetarian"])
        _ = menu.handle(.search("veget"))
        #expect(rows(menu) == ["Vegetarian"])
    }

    @Test func movingWhileFilteredKeepsTheRowsInMenuOrder() {
        var menu = session(["Ham", "Cheese", "Hot", "Veggie", "Honey"])
        _ = menu.handle(.search("h"))
        #expect(rows(menu) == ["Ham", "Cheese", "Hot", "Honey"])
        let honey = menu.id(named: "Honey")
        let move = menu.handle(.move(honey, to: 0))
        #expect(move.rows == .replaced(at: 0, removed: 4, added: 4))
        #expect(rows(menu) == ["Honey", "Ham", "Cheese", "Hot"])
        _ = menu.handle(.search("ho"))
        #expect(rows(menu) == ["Honey", "Hot"])
        #expect(menu.row(of: honey) == 0)
    }

    @Test func foldedNamesFollowEveryEditAfterTheFirstSearch() {
        var menu = session(["Cheese", "Veggie", "Pepperoni"])
        _ = menu.handle(.search("x"))
        _ = menu.handle(.endSearch)
        _ = menu.handle(.add(name: "Crème", priceText: "0.05"))
        _ = menu.handle(.rename(menu.id(named: "Cheese"), to: "Four Cheese"))
        _ = menu.handle(.move(menu.id(named: "Crème"), to: 1))
        _ = menu.handle(.delete(menu.id(named: "Veggie")))
        for query in ["creme", "four", "pep", "e"] {
            _ = menu.handle(.search(query))
            let expected = menu.menu.pizzas.map(\.name).filter { TextFolding.folded($0).contains(TextFolding.folded(query)) }
            #expect(rows(menu) == expected, "query \(query)")
        }
    }

    @Test func openingAnotherMenuClosesTheSearch() {
        var menu = session(["Cheese"])
        _ = menu.handle(.search("ch"))
        let open = menu.handle(.open(path: "/other.json", menu: .standard, loadProblem: nil, selectedName: nil))
        #expect(open.searchChanged && menu.search == nil && menu.rowCount == Menu.standard.pizzas.count)
    }

    @Test func namesFoldedElsewhereAreUsedWhileTheMenuIsUnedited() {
        var menu = session(["Cheese", "Veggie", "Café"])
        #expect(menu.needsFoldedNames && menu.foldsNames(toSearchFor: "caf") && !menu.foldsNames(toSearchFor: ""))
        let pizzas = menu.menu.pizzas
        let open = menu.handle(.search(""))
        #expect(open.rows == .unchanged && menu.needsFoldedNames, "an empty query folds nothing")
        let folded = menu.handle(.namesFolded(FoldedNames(pizzas), from: pizzas))
        #expect(folded == SessionChange() && !menu.needsFoldedNames && !menu.foldsNames(toSearchFor: "caf"))
        _ = menu.handle(.search("caf"))
        #expect(rows(menu) == ["Café"])
    }

    @Test func namesFoldedFromAMenuEditedSinceAreRefused() {
        var menu = session(["Cheese", "Veggie"])
        let pizzas = menu.menu.pizzas
        _ = menu.handle(.rename(menu.id(named: "Veggie"), to: "Garden"))
        _ = menu.handle(.namesFolded(FoldedNames(pizzas), from: pizzas))
        #expect(menu.needsFoldedNames, "folded before the rename")
        _ = menu.handle(.search("gard"))
        #expect(rows(menu) == ["Garden"])
        var other = session(["Cheese", "Veggie"])
        _ = other.handle(.namesFolded(FoldedNames(pizzas), from: pizzas))
        #expect(other.needsFoldedNames, "the same names, but another menu's list")
    }

    /// The eight-at-a-time matcher against a plain search, with names and queries of every length near
    /// the eight-byte word and the end of the buffer.
    @Test(arguments: 0..<20) func theMatcherFindsWhatAPlainSearchFinds(seed: Int) {
        var random = SeededGenerator(state: UInt64(seed) &+ 1000)
        let alphabet = Array("abz 9é".unicodeScalars)
        func text(_ length: Int) -> String {
            String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        let names = (0..<Int(random.next() % 40)).map { _ in text(Int(random.next() % 20)) }
        let folded = FoldedNames(names.map { Pizza(name: $0, pricePerSquareInch: 0.05) })
        for _ in 0..<30 {
            let query = MenuSearch.fold(text(1 + Int(random.next() % 12)))
            let expected = names.indices.filter { TextFolding.folded(names[$0]).contains(query) }
            #expect(folded.indices(containing: query) == expected, "seed \(seed) query \(query)")
            #expect(names.indices.filter { folded.name(at: $0, contains: query) } == expected)
            #expect(folded.indices(among: Array(names.indices), containing: query) == expected)
        }
    }

    /// Names longer than the room first set aside for them (16 bytes a name) make the folded names grow: a
    /// stranger's 400 pizzas named like "Pizza number 399" crashed the search.
    @Test func namesLongerThanTheRoomSetAsideAreAllFoldedAsTheBufferGrows() {
        let names = (0..<400).map { "Pizza Number \($0) With A Long Name" } + ["Crème Brûlée Spéciale \(String(repeating: "É", count: 90))"]
        let folded = FoldedNames(names.map { Pizza(name: $0, pricePerSquareInch: 0.05) })
        #expect(folded.count == names.count)
        #expect(folded.indices(containing: MenuSearch.fold("Number 399 with")) == [399])
        #expect(folded.indices(containing: MenuSearch.fold("Crème brûlée")) == [400])
    }

    @Test func writingIntoTooSmallABufferSaysItDoesNotFit() {
        var room = [UInt8](repeating: 0, count: 4)
        room.withUnsafeMutableBufferPointer { buffer in
            #expect(TextFolding.write("Pizza", terminatedBy: 0, into: buffer) == nil)
            #expect(TextFolding.write("Crème", terminatedBy: 0, into: buffer) == nil)
            #expect(TextFolding.write("Pie", terminatedBy: 0, into: buffer) == 4)
        }
        #expect(room == Array("pie\0".utf8))
    }

    /// Random queries, edits and undos against a plain filter of the menu's names.
    @Test(arguments: 0..<40) func rowsAlwaysHoldEveryMatchInMenuOrder(seed: Int) {
        var random = SeededGenerator(state: UInt64(seed))
        var menu = session(["Cheese", "Veggie", "Café", "Pepperoni", "Crème", "Ham"])
        let letters = ["e", "a", "c", "é", "p", "h", "r"]
        var query = ""
        for step in 0..<80 {
            switch random.next() % 8 {
            case 0, 1: query += letters[Int(random.next() % UInt64(letters.count))]
            case 2: query = String(query.dropLast())
            case 3: _ = menu.handle(.add(name: "New \(step)\(letters[Int(random.next() % 7)])", priceText: "0.05"))
            case 4: if let id = menu.id(at: Int(random.next() % UInt64(max(menu.menu.pizzas.count, 1)))) { _ = menu.handle(.delete(id)) }
            case 5: _ = menu.handle(.undo)
            case 6:
                if let id = menu.id(at: Int(random.next() % UInt64(max(menu.menu.pizzas.count, 1)))) {
                    _ = menu.handle(.move(id, to: Int(random.next() % UInt64(menu.menu.pizzas.count))))
                }
            default: _ = menu.handle(.redo)
            }
            if menu.search == nil && random.next() % 4 != 0 { query = "" }
            _ = menu.handle(.search(query))
            let folded = MenuSearch.fold(query)
            let expected = menu.menu.pizzas.map(\.name).filter { TextFolding.folded($0).contains(folded) }
            #expect(rows(menu) == expected, "seed \(seed) step \(step) query \(query)")
            if let selection = menu.selection, let row = menu.row(of: selection) {
                #expect(menu.id(atRow: row) == selection)
            }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ other: [UInt8]) -> Bool {
        other.isEmpty || (other.count <= count && (0...(count - other.count)).contains { self[$0..<$0 + other.count].elementsEqual(other) })
    }
}
