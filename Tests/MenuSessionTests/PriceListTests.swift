import MenuSession
import PizzaModel
import Testing

private let path: FilePath = "/tmp/pizza-split-tests/menu.json"

private func pizzas(_ prices: [(String, Double)]) -> Menu {
    try! Menu(pizzas: prices.map { Pizza(name: $0.0, pricePerSquareInch: $0.1) })
}

private let menu = pizzas([("Cheese", 0.03), ("Sausage", 0.06), ("Pepperoni", 0.05), ("Veggie", 0.04), ("Pepper Jack", 0.02)])

private func names(_ rows: PriceListRows) -> [String] {
    (0..<rows.count).map { rows.cell(atRow: $0, .name)! }
}

@Suite struct PriceListRowsTests {
    @Test func withoutASortTheRowsAreTheMainListsInMenuOrder() {
        var session = MenuSession(path: path, menu: menu)
        #expect(names(PriceListRows(session, sort: nil)) == ["Cheese", "Sausage", "Pepperoni", "Veggie", "Pepper Jack"])
        _ = session.handle(.search("pep"))
        let rows = PriceListRows(session, sort: nil)
        #expect(names(rows) == ["Pepperoni", "Pepper Jack"], "the search's rows")
        #expect(rows.cell(atRow: 0, .size(2)) == "5.65" && rows.cell(atRow: 0, .unitPrice) == "0.050")
        #expect(rows.cell(atRow: 2, .name) == nil, "no row past the end")
    }

    @Test func sortedRowsAreTheSearchsRowsInTheColumnsOrder() {
        var session = MenuSession(path: path, menu: menu)
        #expect(names(PriceListRows(session, sort: .init(.name))) == ["Cheese", "Pepper Jack", "Pepperoni", "Sausage", "Veggie"])
        #expect(names(PriceListRows(session, sort: .init(.size(3), ascending: false)))
                == ["Sausage", "Pepperoni", "Veggie", "Cheese", "Pepper Jack"])
        _ = session.handle(.search("e"))
        _ = session.handle(.search("pe"))
        #expect(names(PriceListRows(session, sort: .init(.unitPrice))) == ["Pepper Jack", "Pepperoni"])
    }

    @Test func anEditShowsInTheRowsMadeAfterIt() {
        var session = MenuSession(path: path, menu: menu)
        _ = session.handle(.select(session.id(at: 0)!))
        _ = session.handle(.typePrice("0.09"))
        _ = session.handle(.commitPrice)
        let rows = PriceListRows(session, sort: .init(.unitPrice, ascending: false))
        #expect(names(rows).first == "Cheese")
        #expect(rows.cell(atRow: 0, .unitPrice) == "0.090")
    }

    @Test func aSortByASizeTheMenuDoesNotHaveShowsMenuOrder() {
        let session = MenuSession(path: path, menu: try! Menu(pizzas: [Pizza(name: "B", pricePerSquareInch: 0.01),
                                                                         Pizza(name: "A", pricePerSquareInch: 0.02)],
                                                                sizes: [PizzaSize(label: "S", diameter: 8)]))
        let rows = PriceListRows(session, sort: .init(.size(4)))
        #expect(rows.sort == nil)
        #expect(names(rows) == ["B", "A"])
        #expect(rows.cell(atRow: 0, .size(4)) == nil)
    }
}

@Suite struct AppSessionPriceListTests {
    private func app() -> AppSession {
        AppSession(path: path, ownMenuPath: path, reading: MenuReading(menu: menu, problem: nil), selectedName: nil)
    }

    private func presents(_ update: AppSession.Update) -> Bool {
        update.effects.contains { if case .presentPriceList = $0 { true } else { false } }
    }

    @Test func openingShowsItInMenuOrderAndClosingForgetsItsSort() {
        var app = app()
        #expect(app.view.priceList == nil)
        #expect(presents(app.handle(.priceListOpened)))
        #expect(app.view.priceList != nil && app.view.priceList?.sort == nil)
        _ = app.handle(.priceListSorted(.init(.size(1), ascending: false)))
        #expect(app.view.priceList?.sort == .init(.size(1), ascending: false))
        _ = app.handle(.priceListClosed)
        #expect(app.view.priceList == nil)
        _ = app.handle(.priceListOpened)
        #expect(app.view.priceList?.sort == nil)
    }

    @Test func openingItAgainBringsItToTheFrontAsItWas() {
        var app = app()
        _ = app.handle(.priceListOpened)
        _ = app.handle(.priceListSorted(.init(.name)))
        #expect(presents(app.handle(.priceListOpened)))
        #expect(app.view.priceList?.sort == .init(.name))
    }

    @Test func aSortAfterTheListClosedIsIgnored() {
        var app = app()
        _ = app.handle(.priceListSorted(.init(.name)))
        #expect(app.view.priceList == nil)
    }

    /// The names of the pizzas an Export PDF… asked now would write.
    private func pdfNames(_ app: inout AppSession) -> [String] {
        let pdfPath: FilePath = "/tmp/pizza-split-tests/prices.pdf"
        let update = app.handle(.exportRequested(to: pdfPath, format: .pdf))
        _ = app.handle(.exportFinished(path: pdfPath, failure: nil))
        let shown = update.effects.compactMap { if case .exportPDF(_, let shown, _, _) = $0 { shown } else { nil } }
        return shown.flatMap { $0.map(\.name) }
    }

    @Test func printAndPDFFollowThePriceListsSortWithinTheSearchAndMenuOrderOnceItCloses() {
        var app = app()
        #expect(app.pizzasOnPaper.map(\.name) == ["Cheese", "Sausage", "Pepperoni", "Veggie", "Pepper Jack"])
        _ = app.handle(.priceListOpened)
        #expect(pdfNames(&app) == ["Cheese", "Sausage", "Pepperoni", "Veggie", "Pepper Jack"], "menu order until sorted")
        _ = app.handle(.priceListSorted(.init(.size(2), ascending: false)))
        #expect(app.pizzasOnPaper.map(\.name) == ["Sausage", "Pepperoni", "Veggie", "Cheese", "Pepper Jack"])
        #expect(pdfNames(&app) == ["Sausage", "Pepperoni", "Veggie", "Cheese", "Pepper Jack"])
        let opened = app.handle(.searchTyped(""))
        let fold = opened.effects.compactMap { if case .foldNames(let pizzas) = $0 { pizzas } else { nil } }
        _ = app.handle(.namesFolded(FoldedNames(fold[0]), from: fold[0]))
        _ = app.handle(.searchTyped("pe"))
        _ = app.handle(.priceListSorted(.init(.name)))
        #expect(pdfNames(&app) == ["Pepper Jack", "Pepperoni"], "the search's pizzas, by name")
        _ = app.handle(.priceListClosed)
        #expect(pdfNames(&app) == ["Pepperoni", "Pepper Jack"], "menu order once the price list is closed")
        #expect(app.pizzasOnPaper.map(\.name) == ["Pepperoni", "Pepper Jack"])
    }
}
