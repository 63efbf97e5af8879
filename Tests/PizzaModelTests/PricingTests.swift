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
            #expect(PriceQuote.unitPriceText(unit) == String(format: "$%.3f / sq in", unit))
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

    @Test func seedFiguresAreTheDemoFormatExactly() throws {
        let lines = try Menu.standard.pizzas.indices.flatMap { index in
            try Self.sizes.map { label, _ in try Menu.standard.quote(pizzaAt: index, sizeLabelled: label).priceLine }
        }
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.contains(" sq in at $  0.0") })
        #expect(lines[14] == "113.10 sq in at $  0.05 is $  5.65")
    }

    @Test func priceWithThreeDecimalsShowsThemSoTheLineAddsUp() throws {
        let quote = PriceQuote(pizza: Pizza(name: "Funghi", pricePerSquareInch: 0.045), size: try Menu.standard.size(labelled: "16\""))
        #expect(quote.priceLine == "201.06 sq in at $ 0.045 is $  9.05")
        #expect(quote.sizeLine == "  16.0in Pizza")
        let shownTotal = Self.shownNumbers(quote.priceLine)
        #expect(Self.roundedCents(shownTotal[0] * shownTotal[1]) == shownTotal[2])
    }

    @Test(arguments: [0.0001, 0.0005, 0.0125, 0.045, 0.05, 0.1234, 1.5, 2.25, 12.3456, 0.999])
    func everyShownLineAddsUpAtEverySize(price: Double) throws {
        for (label, _) in Self.sizes {
            let quote = PriceQuote(pizza: Pizza(name: "Test", pricePerSquareInch: price), size: try Menu.standard.size(labelled: label))
            let shown = Self.shownNumbers(quote.priceLine)
            #expect(shown[1] == price, "\(quote.priceLine) shows the price as it is")
            // The total is money: two decimals, the whole total rounded to the cent.
            #expect(quote.priceLine.wholeMatch(of: /.* is \$ *[0-9]+\.[0-9]{2}/) != nil, "\(quote.priceLine) ends in dollars and cents")
            #expect(shown[2] == Self.roundedCents(quote.total), "\(quote.priceLine)")
            // The shown area times the shown price is within half a cent plus the area's own rounding of the total.
            #expect(abs(shown[0] * shown[1] - shown[2]) <= 0.005 + 0.005 * price + 1e-9, "\(quote.priceLine)")
        }
    }

    @Test func priceWithMoreThanFourDecimalsIsRoundedToFour() throws {
        let quote = PriceQuote(pizza: Pizza(name: "Dust", pricePerSquareInch: 0.00012345), size: try Menu.standard.size(labelled: "Personal"))
        #expect(quote.priceLine.contains("at $0.0001 is"), "\(quote.priceLine)")
        #expect(PriceQuote.unitPriceText(0.00012345) == "$0.0001 / sq in")
    }

    @Test(arguments: [(0.05, "$0.050 / sq in"), (0.0001, "$0.0001 / sq in"), (0.045, "$0.045 / sq in"),
                      (0.1234, "$0.1234 / sq in"), (1.5, "$1.500 / sq in"), (0.03, "$0.030 / sq in")])
    func listPriceSaysItsUnitAndNeverHidesDigits(price: Double, text: String) {
        #expect(PriceQuote.unitPriceText(price) == text)
        #expect(PriceQuote.spokenUnitPrice(price) == text.dropFirst().replacingOccurrences(of: " / sq in", with: " dollars per square inch"))
    }

    @Test func decimalsNeededIsTheFewestThatShowTheValue() {
        #expect(DecimalFormat.decimalsNeeded(0.05, minimum: 2, maximum: 4) == 2)
        #expect(DecimalFormat.decimalsNeeded(0.045, minimum: 2, maximum: 4) == 3)
        #expect(DecimalFormat.decimalsNeeded(0.0001, minimum: 2, maximum: 4) == 4)
        #expect(DecimalFormat.decimalsNeeded(0.00001, minimum: 2, maximum: 4) == 4)
        #expect(DecimalFormat.decimalsNeeded(3, minimum: 0, maximum: 4) == 0)
        #expect(DecimalFormat.decimalsNeeded(0.1 + 0.2, minimum: 1, maximum: 4) == 1)
        #expect(DecimalFormat.decimalsNeeded(.nan, minimum: 2, maximum: 4) == 2)
    }

    /// The three numbers of a price line: area, price, total.
    static func shownNumbers(_ line: String) -> [Double] {
        line.split(whereSeparator: { $0 == " " || $0 == "$" }).compactMap { Double($0) }
    }

    static func roundedCents(_ value: Double) -> Double { (value * 100).rounded() / 100 }

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
