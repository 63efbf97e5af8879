import Testing
@testable import PizzaModel

@Suite struct NumberFormatTests {
    static let german = NumberFormat(decimalMark: ",", groupingMark: ".")
    /// glibc's fr_FR: a comma, and a narrow no-break space between groups.
    static let french = NumberFormat(decimalMark: ",", groupingMark: "\u{202F}")

    @Test func figuresAreWrittenWithTheLocalesDecimalMarkAndGrouping() {
        #expect(Self.german.localized("113.10") == "113,10")
        #expect(Self.german.localized("  0.05") == "  0,05")
        #expect(Self.german.localized("7853.98") == "7.853,98")
        #expect(Self.german.localized("1234567") == "1.234.567")
        #expect(Self.french.localized("  12.0") == "  12,0")
        #expect(Self.french.localized("7853.98") == "7\u{202F}853,98")
        #expect(Self.french.localized("-1000.5") == "-1\u{202F}000,5")
    }

    @Test func theCFormWritesFiguresAsTheyAre() {
        for figure in ["113.10", "  0.05", "7853.98", "nan", "-inf", ""] {
            #expect(NumberFormat.c.localized(figure) == figure)
        }
        #expect(NumberFormat(decimalMark: "", groupingMark: "") == .c)
    }

    @Test func aPriceIsTypedTheWayTheLocaleWritesIt() throws {
        for format in [Self.german, Self.french] {
            #expect(try Menu.parsePrice("0,05", format: format) == 0.05)
            #expect(try Menu.parsePrice(" $0,045 ", format: format) == 0.045)
            #expect(try Menu.parsePrice(",5", format: format) == 0.5)
            #expect(try Menu.parsePrice("3", format: format) == 3)
        }
    }

    @Test func aPointIsAcceptedWhereItCannotBeAGroupingMark() throws {
        #expect(try Menu.parsePrice("0.05", format: Self.german) == 0.05)
        #expect(try Menu.parsePrice("0.0125", format: Self.german) == 0.0125)
        #expect(try Menu.parsePrice("0.05", format: Self.french) == 0.05)
        #expect(try Menu.parsePrice("0.125", format: Self.french) == 0.125)
        // A number never starts with a zero and then a group: "0.005" is five thousandths, not five.
        #expect(try Menu.parsePrice("0.005", format: Self.german) == 0.005)
        #expect(try Menu.parsePrice("0.012", format: Self.german) == 0.012)
        #expect(try Menu.parsePrice("00.005", format: Self.german) == 0.005)
        // In German "1.000" is a thousand, too high a price: the message says how it was read and which form is meant.
        #expect(throws: MenuError.priceReadAsGrouped(typed: "1.000", read: "1000")) { try Menu.parsePrice("1.000", format: Self.german) }
        #expect(throws: MenuError.priceReadAsGrouped(typed: "1.005", read: "1005")) { try Menu.parsePrice("1.005", format: Self.german) }
        #expect(MenuError.priceReadAsGrouped(typed: "1.005", read: "1005").description
                == "“1.005” is read as 1005, since a point separates thousands here. Write decimals with a comma, like 1,005.")
        // With a decimal comma beside it, the point is surely a grouping mark: the price is just too high.
        #expect(throws: MenuError.priceTooHigh(1000.5)) { try Menu.parsePrice("1.000,5", format: Self.german) }
        #expect(throws: MenuError.priceTooHigh(1000.5)) { try Menu.parsePrice("1\u{202F}000,5", format: Self.french) }
    }

    @Test func aPriceMixingTheMarksIsNotANumber() {
        for typed in ["0,0,5", "0.05,1", "1,000.5", "12.34,5", "a,5", ","] {
            #expect(throws: MenuError.priceNotANumber, "\(typed)") { try Menu.parsePrice(typed, format: Self.german) }
        }
        for typed in ["0,0,5", "1.5,2", "1\u{202F}00,5"] {
            #expect(throws: MenuError.priceNotANumber, "\(typed)") { try Menu.parsePrice(typed, format: Self.french) }
        }
    }

    @Test func figuresReadBackAsTheyWereWritten() throws {
        for format in [Self.german, Self.french, .c] {
            for price in [0.05, 0.045, 0.0125, 1.5, 99.9999] {
                #expect(try Menu.parsePrice(format.localized(MenuFile.number(price)), format: format) == price)
            }
        }
    }

    @Test func moneyIsWrittenWithTheSignWhereTheLocalePutsIt() throws {
        let euro = try Currency.named("EUR")
        #expect(MoneyFormat.c.amount("  5.65", in: .usDollar) == "$  5.65")
        #expect(MoneyFormat.c.amount("3.39", in: euro) == "€3.39")
        let german = MoneyFormat(localCurrency: "EUR", localSymbol: "€", symbolFirst: false, spaced: true)
        #expect(german.amount("3,39", in: euro) == "3,39 €")
        #expect(german.amount("3,39", in: .usDollar) == "3,39 $")
        let italian = MoneyFormat(localCurrency: "EUR", localSymbol: "Eu", symbolFirst: true, spaced: true)
        #expect(italian.amount("3,39", in: euro) == "Eu 3,39", "the locale's own sign for its own currency")
        #expect(italian.amount("3,39", in: try Currency.named("CHF")) == "CHF 3,39", "the code where there is no sign")
    }

    @Test func aPriceHasItsCurrencysDecimals() throws {
        let pizza = Pizza(name: "Margherita", pricePerSquareInch: 0.5)
        let size = PizzaSize(label: "32 cm", diameter: 32)
        let yen = PriceQuote(pizza: pizza, size: size, measures: MenuMeasures(currency: try Currency.named("JPY"), unit: .centimetre))
        #expect(yen.figures.total == "   402")
        let dinar = PriceQuote(pizza: pizza, size: size, measures: MenuMeasures(currency: try Currency.named("KWD"), unit: .centimetre))
        #expect(dinar.figures.total == "402.124")
        #expect(PriceQuote(pizza: pizza, size: size).figures.total == "402.12")
    }
}
