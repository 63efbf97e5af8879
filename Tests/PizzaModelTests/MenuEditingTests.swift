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

    @Test func diametersMustBeBetweenOneAndOneHundredInches() {
        #expect(throws: MenuError.diameterOutOfRange(label: "Huge", diameter: 101)) {
            try Menu(pizzas: [Pizza(name: "A", pricePerSquareInch: 1)], sizes: [PizzaSize(label: "Huge", diameter: 101)])
        }
        #expect(throws: MenuError.diameterOutOfRange(label: "Tiny", diameter: 0.5)) {
            try Menu(pizzas: [], sizes: [PizzaSize(label: "Tiny", diameter: 0.5)])
        }
    }

    @Test func randomValidAndInvalidEditsKeepTheMenuConsistent() {
        var generator = SystemRandomNumberGenerator()
        var menu = Menu.standard
        let names = ["Cheese", "cheese ", "Margherita", "Funghi", "  ", "Quattro", "FUNGHI", "Diavola", "Calzone"]
        let prices: [Double] = [0.01, 0.05, -1, 0, .nan, 150, 99.99, .infinity, 0.0001]
        for _ in 0..<5_000 {
            let name = names.randomElement(using: &generator)!
            let price = prices.randomElement(using: &generator)!
            let index = Int.random(in: -1...(menu.pizzas.count), using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: _ = try? menu.add(name: name, pricePerSquareInch: price)
            case 1: try? menu.rename(at: index, to: name)
            case 2: try? menu.setPrice(at: index, to: price)
            case 3: _ = try? menu.remove(at: index)
            default: try? menu.move(from: index, to: Int.random(in: 0..<max(menu.pizzas.count, 1), using: &generator))
            }
            let keys = menu.pizzas.map { MenuText.nameKey($0.name) }
            #expect(Set(keys).count == keys.count)
            #expect(menu.pizzas.allSatisfy { !$0.name.isEmpty && $0.pricePerSquareInch > 0 && $0.pricePerSquareInch <= 100 })
            #expect(menu.pizzas.allSatisfy { $0.name == MenuText.trim($0.name) })
        }
    }
}
