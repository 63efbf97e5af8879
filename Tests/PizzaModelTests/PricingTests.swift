import Foundation
import Testing
@testable import PizzaModel

@Suite struct PricingTests {
    static let types = ["Cheese": 0.03, "Sausage": 0.06, "Pepperoni": 0.05, "Veggie": 0.04]
    static let sizes: [(String, Double)] = [("Personal", 8), ("10\"", 10), ("12\"", 12), ("16\"", 16), ("18\"", 18), ("24\"", 24)]

    @Test func defaultMenuIsTheDemoMenuInOrder() {
        #expect(Menu.standard.pizzas.map(\.name) == ["Cheese", "Sausage", "Pepperoni", "Veggie"])
        #expect(Menu.standard.pizzas.map(\.pricePerSquareInch) == [0.03, 0.06, 0.05, 0.04])
        #expect(Menu.standard.sizes == PizzaSize.standard)
        #expect(Menu.standard == Menu.demo)
    }

    @Test func pepperoniTwelveInchMatchesTheDemoExample() throws {
        let quote = try Menu.standard.quote(pizzaAt: 2, sizeLabelled: "12\"")
        #expect(quote.priceLine == "113.10 sq in at $  0.05 is $  5.65")
        #expect(quote.sizeLine == "  12.0in Pizza")
    }

    @Test(arguments: ["Cheese", "Sausage", "Pepperoni", "Veggie"])
    func everySizeOfEveryTypeMatchesTheDemoFormulaAndStrings(type: String) throws {
        let menu = Menu.standard
        let index = try #require(menu.index(ofPizzaNamed: type))
        let unit = try #require(Self.types[type])
        for (label, diameter) in Self.sizes {
            let quote = try menu.quote(pizzaAt: index, sizeLabelled: label)
            let area = Double.pi * (diameter / 2) * (diameter / 2)
            #expect(quote.area == area)
            #expect(quote.total == area * unit)
            #expect(quote.sizeLine == String(format: "%6.1fin Pizza", diameter))
            #expect(quote.priceLine == String(format: "%6.2f sq in at $%6.2f is $%6.2f", area, unit, area * unit))
            #expect(PriceQuote.unitPriceText(unit) == String(format: "%6.3f", unit))
        }
    }

    @Test func knownFiguresForAllTwentyFourCombinations() throws {
        let expected: [String: [String]] = [
            "Cheese": ["$  1.51", "$  2.36", "$  3.39", "$  6.03", "$  7.63", "$ 13.57"],
            "Sausage": ["$  3.02", "$  4.71", "$  6.79", "$ 12.06", "$ 15.27", "$ 27.14"],
            "Pepperoni": ["$  2.51", "$  3.93", "$  5.65", "$ 10.05", "$ 12.72", "$ 22.62"],
            "Veggie": ["$  2.01", "$  3.14", "$  4.52", "$  8.04", "$ 10.18", "$ 18.10"],
        ]
        for (type, totals) in expected {
            let index = try #require(Menu.standard.index(ofPizzaNamed: type))
            for ((label, _), total) in zip(Self.sizes, totals) {
                let line = try Menu.standard.quote(pizzaAt: index, sizeLabelled: label).priceLine
                #expect(line.hasSuffix("is " + total), "\(type) \(label): \(line)")
            }
        }
    }

    @Test func fifteenInchLabelMeansSixteenInches() throws {
        #expect(try Menu.standard.size(labelled: "15\"").diameter == 16)
    }

    @Test func unknownSizeAndUnknownPizzaAreErrorsNotZeroPrices() {
        #expect(throws: MenuError.unknownSize("11\"")) { try Menu.standard.quote(pizzaAt: 0, sizeLabelled: "11\"") }
        #expect(throws: MenuError.noPizza(at: 4)) { try Menu.standard.quote(pizzaAt: 4, sizeLabelled: "12\"") }
        #expect(throws: MenuError.noPizza(at: -1)) { try Menu.standard.quote(pizzaAt: -1, sizeLabelled: "12\"") }
    }

    @Test func priceGrowsWithDiameterAndAreaIsPiRSquared() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let unit = Double.random(in: 0.001...100, using: &generator)
            let small = Double.random(in: 1...99, using: &generator)
            let large = Double.random(in: small.nextUp...100, using: &generator)
            #expect(PizzaPricing.price(diameter: large, pricePerSquareInch: unit) > PizzaPricing.price(diameter: small, pricePerSquareInch: unit))
            let r = small / 2
            #expect(abs(PizzaPricing.area(diameter: small) - Double.pi * r * r) <= 1e-12 * Double.pi * r * r)
        }
    }

    @Test func fixedFormatMatchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        let specials: [Double] = [0, -0.0, 0.125, 0.375, 2.675, 1.005, 999.995, 0.0005, -1.5, 123456.789, 1e-9]
        let randoms = (0..<5_000).map { _ in Double.random(in: -10_000...10_000, using: &generator) }
        for value in specials + randoms {
            for decimals in [1, 2, 3] {
                #expect(DecimalFormat.fixed(value, width: 6, decimals: decimals) == String(format: "%6.\(decimals)f", value))
            }
        }
    }
}
