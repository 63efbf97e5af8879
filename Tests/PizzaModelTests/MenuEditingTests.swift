import Foundation
import Testing
@testable import PizzaModel

@Suite struct MenuEditingTests {
    @Test func addRenameRepriceMoveAndDelete() throws {
        var menu = Menu.standard
        let index = try menu.add(name: "  Hawaiian ", pricePerSquareInch: 0.045)
        #expect(index == 4)
        #expect(menu.pizzas[4] == Pizza(name: "Hawaiian", pricePerSquareInch: 0.045))
        try menu.rename(at: 4, to: "Pineapple")
        try menu.setPrice(at: 4, to: 0.07)
        try menu.move(from: 4, to: 0)
        #expect(menu.pizzas.first == Pizza(name: "Pineapple", pricePerSquareInch: 0.07))
        let removed = try menu.remove(at: 0)
        #expect(removed.name == "Pineapple")
        #expect(menu == Menu.standard)
    }

    @Test func namesMustBeNonEmptyAndUniqueIgnoringCaseAndSpaces() {
        var menu = Menu.standard
        #expect(throws: MenuError.emptyName) { try menu.add(name: "   ", pricePerSquareInch: 0.05) }
        #expect(throws: MenuError.duplicateName("Cheese")) { try menu.add(name: " cHEESE ", pricePerSquareInch: 0.05) }
        #expect(throws: MenuError.duplicateName("Sausage")) { try menu.rename(at: 0, to: "sausage") }
        #expect(throws: Never.self) { try menu.rename(at: 0, to: "CHEESE") }
        #expect(menu.pizzas[0].name == "CHEESE")
    }

    @Test func aNewNamesProblemIsToldWithoutAddingAndEveryNameProblemIsAboutTheName() {
        let menu = Menu.standard
        #expect(menu.problem(withNewName: " Funghi ") == nil)
        #expect(menu.problem(withNewName: " ") == .emptyName)
        #expect(menu.problem(withNewName: "cheese") == .duplicateName("Cheese"))
        #expect(menu.problem(withNewName: String(repeating: "x", count: 201)) == .nameTooLong(characters: 201))
        #expect(menu.problem(withNewName: String(repeating: "é", count: 231))?.description
                == "A name can be at most 200 characters long; this one has 231.")
        #expect(menu.problem(withNewName: "Fun\u{200B}ghi") == .hiddenCharacter(0x200B))
        #expect(menu == Menu.standard)
        for error in [MenuError.emptyName, .duplicateName("Cheese"), .nameTooLong(characters: 201), .hiddenCharacter(0x200B)] {
            #expect(error.isAboutName, "\(error)")
        }
        for error in [MenuError.priceNotANumber, .priceNotPositive(0), .priceTooHigh(101), .priceTooPrecise, .menuTooLarge] {
            #expect(!error.isAboutName, "\(error)")
        }
    }

    @Test func pricesMustBeFinitePositiveAndAtMostOneHundred() {
        var menu = Menu.standard
        #expect(throws: MenuError.priceNotANumber) { try menu.setPrice(at: 0, to: .nan) }
        #expect(throws: MenuError.priceNotANumber) { try menu.setPrice(at: 0, to: .infinity) }
        #expect(throws: MenuError.priceNotPositive(0)) { try menu.setPrice(at: 0, to: 0) }
        #expect(throws: MenuError.priceNotPositive(-1)) { try menu.setPrice(at: 0, to: -1) }
        #expect(throws: MenuError.priceTooHigh(100.01)) { try menu.setPrice(at: 0, to: 100.01) }
        #expect(throws: Never.self) { try menu.setPrice(at: 0, to: 100) }
        #expect(menu.pizzas[0].pricePerSquareInch == 100)
    }

    @Test func typedPricesAreParsedWithClearMessages() throws {
        #expect(try Menu.parsePrice(" 0.05 ") == 0.05)
        #expect(try Menu.parsePrice("$0.5") == 0.5)
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice("") }
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice("five cents") }
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice("nan") }
        #expect(MenuError.priceNotANumber.description == "Enter the price per square inch as a number, like 0.05.")
        #expect(MenuError.priceTooHigh(200).description == "The price per square inch can be at most $100.")
    }

    @Test func aPriceWithADecimalCommaIsRefusedSayingToUseAPoint() {
        for typed in ["0,05", " $0,05 ", ",5", "3,", "-0,05"] {
            #expect(throws: MenuError.priceDecimalComma, "\(typed)") { try Menu.parsePrice(typed) }
        }
        for typed in [",", "0,0,5", "0.0,5", "a,5"] {
            #expect(throws: MenuError.priceNotANumber, "\(typed)") { try Menu.parsePrice(typed) }
        }
        #expect(!MenuError.priceDecimalComma.isAboutName)
        #expect(MenuError.priceDecimalComma.description == "Write the price per square inch with a point for decimals, like 0.05.")
    }

    @Test func typedPricesArePlainDecimalsWithAtMostFourDecimalsSoTheyShowAsTyped() throws {
        #expect(try Menu.parsePrice("0.0125") == 0.0125)
        #expect(try Menu.parsePrice(".5") == 0.5)
        #expect(try Menu.parsePrice("3") == 3)
        #expect(throws: MenuError.priceTooPrecise) { try Menu.parsePrice("0.00001") }
        #expect(throws: MenuError.priceTooPrecise) { try Menu.parsePrice("0.03333") }
        #expect(try Menu.parsePrice("0.05000") == 0.05, "zeros at the end are no decimals")
        #expect(try Menu.parsePrice("0.012500000") == 0.0125)
        #expect(throws: MenuError.priceTooPrecise) { try Menu.parsePrice("0.000010") }
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice("1e-2") }
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice("inf") }
        #expect(throws: MenuError.priceNotANumber) { try Menu.parsePrice(".") }
        #expect(throws: MenuError.priceNotPositive(-1)) { try Menu.parsePrice("-1") }
        #expect(throws: MenuError.priceNotPositive(0)) { try Menu.parsePrice("0.00000") }
        #expect(MenuError.priceTooPrecise.description == "The price per square inch can have at most 4 decimals, like 0.0125.")
    }

    @Test func diametersMustBeBetweenOneAndOneHundredInches() {
        #expect(throws: MenuError.diameterOutOfRange(label: "Huge", diameter: 101)) {
            try Menu(pizzas: [Pizza(name: "A", pricePerSquareInch: 1)], sizes: [PizzaSize(label: "Huge", diameter: 101)])
        }
        #expect(throws: MenuError.diameterOutOfRange(label: "Tiny", diameter: 0.5)) {
            try Menu(pizzas: [], sizes: [PizzaSize(label: "Tiny", diameter: 0.5)])
        }
    }

    @Test func randomValidAndInvalidEditsDoExactlyWhatAPlainListWouldAndRejectTheRest() {
        var generator = SystemRandomNumberGenerator()
        var menu = Menu.standard
        // The oracle: a plain list of (name, price), edited by rules written here from the README, not by Menu.
        var expected = Menu.standard.pizzas.map { ($0.name, $0.pricePerSquareInch) }
        // Names not all ASCII come and go, so lookups run both with and without any on the menu.
        let names = ["Cheese", "cheese ", "Margherita", "Funghi", "  ", "Quattro", "FUNGHI", "Diavola", "Calzone",
                     "Café", "CAFE\u{301}", "K", "\u{212A}"]
        let prices: [Double] = [0.01, 0.05, -1, 0, .nan, 150, 99.99, .infinity, 0.0001]
        var applied = 0
        var rejected = 0

        func key(_ name: String) -> String { name.trimmingCharacters(in: .whitespaces).lowercased() }
        func priceError(_ price: Double) -> MenuError? {
            if !price.isFinite { return .priceNotANumber }
            if price <= 0 { return .priceNotPositive(price) }
            if price > 100 { return .priceTooHigh(price) }
            return nil
        }
        func nameError(_ name: String, replacing index: Int?) -> MenuError? {
            if name.trimmingCharacters(in: .whitespaces).isEmpty { return .emptyName }
            if let existing = expected.firstIndex(where: { key($0.0) == key(name) }), existing != index {
                return .duplicateName(expected[existing].0)
            }
            return nil
        }

        for _ in 0..<5_000 {
            let name = names.randomElement(using: &generator)!
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            let price = prices.randomElement(using: &generator)!
            let index = Int.random(in: -1...(menu.pizzas.count), using: &generator)
            let destination = Int.random(in: 0..<max(menu.pizzas.count, 1), using: &generator)
            let valid = expected.indices.contains(index)
            let before = menu
            let outcome: Result<Void, MenuError>
            let predicted: MenuError?
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                predicted = nameError(name, replacing: nil) ?? priceError(price)
                outcome = Result { () throws(MenuError) in _ = try menu.add(name: name, pricePerSquareInch: price) }
                if predicted == nil { expected.append((trimmed, price)) }
            case 1:
                predicted = valid ? nameError(name, replacing: index) : .noPizza(at: index)
                outcome = Result { () throws(MenuError) in try menu.rename(at: index, to: name) }
                if predicted == nil { expected[index].0 = trimmed }
            case 2:
                predicted = valid ? priceError(price) : .noPizza(at: index)
                outcome = Result { () throws(MenuError) in try menu.setPrice(at: index, to: price) }
                if predicted == nil { expected[index].1 = price }
            case 3:
                predicted = valid ? nil : .noPizza(at: index)
                outcome = Result { () throws(MenuError) in _ = try menu.remove(at: index) }
                if predicted == nil { expected.remove(at: index) }
            default:
                predicted = !valid ? .noPizza(at: index)
                    : expected.indices.contains(destination) ? nil : .noPizza(at: destination)
                outcome = Result { () throws(MenuError) in try menu.move(from: index, to: destination) }
                if predicted == nil { expected.insert(expected.remove(at: index), at: destination) }
            }
            switch (outcome, predicted) {
            case (.success, nil):
                applied += 1
            case (.failure(let error), let predicted?):
                rejected += 1
                // NaN prices are never equal to themselves; compare the kind of error for those.
                #expect(error == predicted || error.description == predicted.description)
                #expect(menu == before, "a rejected edit changes nothing")
            case (.success, let predicted?):
                Issue.record("the edit was applied, but should have been rejected with \(predicted)")
            case (.failure(let error), nil):
                Issue.record("the edit was rejected with \(error), but should have been applied")
            }
            #expect(menu.pizzas.map(\.name) == expected.map(\.0))
            #expect(menu.pizzas.map(\.pricePerSquareInch) == expected.map(\.1))
            let keys = menu.pizzas.map { MenuText.nameKey($0.name) }
            #expect(Set(keys).count == keys.count)
            #expect(menu.pizzas.allSatisfy { !$0.name.isEmpty && $0.pricePerSquareInch > 0 && $0.pricePerSquareInch <= 100 })
            #expect(menu.pizzas.allSatisfy { $0.name == MenuText.trim($0.name) })
            #expect(menu.nonASCIINames == menu.pizzas.filter { !MenuText.isASCII($0.name) }.count)
        }
        // Both kinds of edit were exercised many times.
        #expect(applied > 500)
        #expect(rejected > 500)
    }
}
