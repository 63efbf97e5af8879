import Testing
@testable import PizzaModel

@Suite struct PriceListPagesTests {
    /// A monospaced stand-in for the renderer's font at 10 pt: 6 pt a character, 6.5 bold.
    private static func measure(_ text: String, _ bold: Bool) -> Double { Double(text.count) * (bold ? 6.5 : 6) }

    private static func menu(pizzas count: Int, name: (Int) -> String = { "Pizza \($0)" },
                             sizes: [PizzaSize] = PizzaSize.standard) throws -> Menu {
        try Menu(pizzas: (1...count).map { Pizza(name: name($0), pricePerSquareInch: 0.05 + Double($0 % 7) / 100) }, sizes: sizes)
    }

    private static func pages(_ menu: Menu, paper: PriceListPages.Paper, title: String = "menu.json, 2026-12-04") -> PriceListPages {
        PriceListPages(title: title, header: ["Pizza"] + menu.sizes.map(\.label), rows: PriceListPages.rows(of: menu.pizzas, in: menu),
                       paper: paper, pageLabel: { "Page \($0) of \($1)" }, measure: measure)!
    }

    @Test(arguments: [("A4", PriceListPages.Paper.a4, 22), ("Letter", PriceListPages.Paper.letter, 24)])
    func aThousandPizzasTakeTheExpectedPagesEachNumberedOfTheCount(paperName: String, paper: PriceListPages.Paper, expected: Int) throws {
        // 15 pt lines; the table starts at 77.25 pt (margin, title, half a line, header, rule) and ends half a
        // line above the footer: 47 rows an A4 page (22 pages), 43 a Letter page (24 pages).
        let layout = Self.pages(try Self.menu(pizzas: 1000), paper: paper)
        #expect(layout.pages.count == expected, "\(paperName)")
        for page in layout.pages {
            #expect(page.texts.last?.text == "Page \(page.number) of \(expected)", "\(paperName)")
        }
        let names = layout.pages.flatMap { $0.texts.filter { $0.text.hasPrefix("Pizza ") } }.map(\.text)
        #expect(names == (1...1000).map { "Pizza \($0)" }, "every pizza once, in menu order")
    }

    @Test func everyPageRepeatsTheTitleAndTheHeaderAtTheSamePlace() throws {
        let menu = try Self.menu(pizzas: 300)
        let layout = Self.pages(menu, paper: .a4)
        #expect(layout.pages.count > 1)
        let first = layout.pages[0].texts.filter(\.isBold)
        #expect(first.map(\.text) == ["menu.json, 2026-12-04", "Pizza"] + menu.sizes.map(\.label))
        for page in layout.pages {
            #expect(page.texts.filter(\.isBold) == first, "page \(page.number)")
            #expect(page.rules.count == 1, "page \(page.number)")
        }
    }

    @Test func theCaptionIsSetPlainOnALineOfItsOwnUnderTheTitleOfEveryPage() throws {
        let menu = try Self.menu(pizzas: 300)
        let layout = PriceListPages(title: "menu.json, 2026-12-04", caption: "Prices in USD ($)", header: ["Pizza"] + menu.sizes.map(\.label),
                                    rows: PriceListPages.rows(of: menu.pizzas, in: menu), paper: .a4,
                                    pageLabel: { "Page \($0) of \($1)" }, measure: Self.measure)!
        let plain = Self.pages(menu, paper: .a4)
        #expect(layout.pages.count > 1)
        for page in layout.pages {
            let captions = page.texts.filter { $0.text == "Prices in USD ($)" }
            #expect(captions.count == 1 && captions.first?.isBold == false, "page \(page.number)")
            #expect(captions.first?.y == page.texts[0].y + layout.lineHeight, "the line under the title, page \(page.number)")
            #expect(captions.first?.x == page.texts[0].x)
        }
        let header = try #require(layout.pages[0].texts.first { $0.text == "Pizza" && $0.isBold })
        let plainHeader = try #require(plain.pages[0].texts.first { $0.text == "Pizza" && $0.isBold })
        #expect(header.y == plainHeader.y + layout.lineHeight, "the table starts a line lower")
    }

    @Test func eachRowShowsTheCSVFiguresWithThePricesRightAlignedUnderTheirSize() throws {
        let menu = try Self.menu(pizzas: 3)
        let page = Self.pages(menu, paper: .letter).pages[0]
        let csvRows = String(decoding: PriceListCSV.encode(menu), as: UTF8.self).split(separator: "\r\n").dropFirst()
        for (row, csv) in zip(menu.pizzas, csvRows) {
            let nameText = try #require(page.texts.first { $0.text == row.name })
            let cells = page.texts.filter { $0.y == nameText.y && !$0.isBold }.map(\.text)
            #expect(cells.joined(separator: ",") == csv)
        }
        for label in menu.sizes.map(\.label) {
            let headerCell = try #require(page.texts.first { $0.text == label && $0.isBold })
            let column = page.texts.filter { !$0.isBold && abs(($0.x + $0.width) - (headerCell.x + headerCell.width)) < 0.001 }
            #expect(column.count == 3, "\(label): a price per pizza, right-aligned with the label")
        }
    }

    @Test(arguments: [PriceListPages.Paper.a4, .letter])
    func nothingIsSetPastTheMarginsEvenForTwelveWideSizesAndLongNames(paper: PriceListPages.Paper) throws {
        let sizes = (1...12).map { PizzaSize(label: "Size number \($0)", diameter: Double(88 + $0)) }
        let long = String(repeating: "Quattro stagioni ", count: 8) + String(repeating: "x", count: 60)
        let menu = try Self.menu(pizzas: 120, name: { $0 % 10 == 0 ? "\($0) " + long : "Pizza \($0)" }, sizes: sizes)
        let layout = Self.pages(menu, paper: paper, title: String(repeating: "a very long menu file name ", count: 12))
        #expect(layout.fontSize < 10, "a table this wide is set smaller")
        let tolerance = 0.0001
        for page in layout.pages {
            for text in page.texts {
                #expect(text.x >= paper.margin - tolerance, "\(text.text) on page \(page.number)")
                #expect(text.x + text.width <= paper.width - paper.margin + tolerance, "\(text.text) on page \(page.number)")
                #expect(text.y >= paper.margin - tolerance, "\(text.text) on page \(page.number)")
                #expect(text.y + layout.lineHeight <= paper.height - paper.margin + tolerance, "\(text.text) on page \(page.number)")
                #expect(abs(text.width - Self.measure(text.text, text.isBold) * layout.fontSize / 10) < tolerance)
            }
            for rule in page.rules {
                #expect(rule.x >= paper.margin - tolerance && rule.x + rule.width <= paper.width - paper.margin + tolerance)
            }
        }
        let longLines = layout.pages.flatMap(\.texts).filter { $0.text.hasPrefix("Quattro") || $0.text.hasPrefix("xxx") || $0.text.hasPrefix("stagioni") }
        #expect(longLines.count > 12, "the long names are wrapped over several lines")
        let wrapped = longLines.map(\.text).joined(separator: " ")
        #expect(wrapped.contains(long.split(separator: " ").prefix(4).joined(separator: " ")), "wrapped between words")
    }

    @Test func aWordTooLongForItsLineIsBrokenInsideAndNothingIsLost() {
        let lines = PriceListPages.wrap("ab " + String(repeating: "w", count: 25) + " cd", width: 60, bold: false, measure: Self.measure)
        #expect(lines == ["ab", "wwwwwwwwww", "wwwwwwwwww", "wwwww cd"])
        #expect(PriceListPages.wrap("", width: 60, bold: false, measure: Self.measure) == [""])
        #expect(PriceListPages.wrap("two\nlines", width: 600, bold: false, measure: Self.measure) == ["two lines"])
    }

    @Test func progressGoesFromNoneToAllAndAStopLaysOutNothing() throws {
        let menu = try Self.menu(pizzas: 3000)
        let rows = PriceListPages.rows(of: menu.pizzas, in: menu)
        var fractions: [Double] = []
        let layout = PriceListPages(title: "t", header: ["Pizza"] + menu.sizes.map(\.label), rows: rows, paper: .a4,
                                    pageLabel: { "\($0)/\($1)" }, measure: Self.measure, goOn: { fractions.append($0); return true })
        #expect(layout != nil)
        #expect(fractions.first == 0 && fractions == fractions.sorted() && fractions.last! < 1 && fractions.last! > 0.5)
        var asked = 0
        #expect(PriceListPages(title: "t", header: ["Pizza"], rows: rows, paper: .a4, pageLabel: { "\($0)/\($1)" },
                               measure: Self.measure, goOn: { _ in asked += 1; return asked < 3 }) == nil)
        #expect(asked == 3)
    }
}
