import MenuSession
import PizzaModel
import Testing

@Suite struct AppSessionExportTests {
    private let menuPath: FilePath = "/tmp/pizza-split-tests/menu.json"
    private let csvPath: FilePath = "/tmp/pizza-split-tests/prices.csv"

    private func session(readNow: Bool = true) -> AppSession {
        let menu = try! Menu(pizzas: [Pizza(name: "Cheese", pricePerSquareInch: 0.03), Pizza(name: "Veggie", pricePerSquareInch: 0.04)])
        return AppSession(path: menuPath, ownMenuPath: menuPath, reading: readNow ? MenuReading(menu: menu, problem: nil) : nil,
                          selectedName: "Cheese")
    }

    /// The exports an update asks for: the menu's names and where.
    private func exports(_ update: AppSession.Update) -> [([String], FilePath)] {
        update.effects.compactMap { if case .exportPriceList(let menu, menuPath, let path) = $0 { (menu.pizzas.map(\.name), path) } else { nil } }
    }

    private func toastMessages(_ update: AppSession.Update) -> [AppSession.Toast.Message] {
        update.effects.compactMap { if case .toast(let toast) = $0 { toast.message } else { nil } }
    }

    @Test func exportingWritesTheMenuAsItIsAndOffersNoSecondExportUntilTheFirstEnds() {
        var app = session()
        _ = app.handle(.menu(.rename(app.menu.selection!, to: "Margherita")))
        #expect(app.view.canExport)
        let started = exports(app.handle(.exportRequested(to: csvPath)))
        #expect(started.map(\.0) == [["Margherita", "Veggie"]] && started.map(\.1) == [csvPath])
        #expect(app.exportingTo == csvPath)
        #expect(!app.view.canExport)
        #expect(exports(app.handle(.exportRequested(to: "/tmp/pizza-split-tests/again.csv"))).isEmpty)
        #expect(toastMessages(app.handle(.exportFinished(path: csvPath, failure: nil))) == [.exported(path: csvPath)])
        #expect(app.exportingTo == nil)
        #expect(app.view.canExport)
    }

    @Test func aFailedExportSaysWhereAndWhyAndMayBeTriedAgain() {
        var app = session()
        _ = app.handle(.exportRequested(to: csvPath))
        let failed = app.handle(.exportFinished(path: csvPath, failure: "this is a folder, not a regular file; it is left as it is"))
        #expect(toastMessages(failed) == [.exportFailed(path: csvPath, reason: "this is a folder, not a regular file; it is left as it is")])
        #expect(exports(app.handle(.exportRequested(to: csvPath))).count == 1)
    }

    @Test func theExportDialogOpensWhereTheLastExportWentElseInDocumentsForTheOwnMenuNeverItsDataFolder() {
        var app = session()
        let documents: FilePath = "/home/ana/Documents", home: FilePath = "/home/ana"
        #expect(app.exportFolder(documents: documents, home: home) == documents)
        #expect(app.exportFolder(documents: nil, home: home) == home)
        _ = app.handle(.exportRequested(to: "/srv/shop/prices.csv"))
        _ = app.handle(.exportFinished(path: "/srv/shop/prices.csv", failure: "the disk is full"))
        #expect(app.exportFolder(documents: documents, home: home) == documents, "a failed export is no place to go back to")
        _ = app.handle(.exportRequested(to: "/srv/shop/prices.csv"))
        _ = app.handle(.exportFinished(path: "/srv/shop/prices.csv", failure: nil))
        #expect(app.exportFolder(documents: documents, home: home) == "/srv/shop")
    }

    @Test func theExportDialogOpensBesideAMenuFileThatIsNotTheOwnOne() {
        let menu = try! Menu(pizzas: [Pizza(name: "Cheese", pricePerSquareInch: 0.03)])
        let app = AppSession(path: "/home/ana/party/napoli.json", ownMenuPath: menuPath,
                             reading: MenuReading(menu: menu, problem: nil), selectedName: nil)
        #expect(app.exportFolder(documents: "/home/ana/Documents", home: "/home/ana") == "/home/ana/party")
    }

    @Test func nothingIsExportedWhileTheMenuIsStillBeingRead() {
        var app = session(readNow: false)
        #expect(!app.view.canExport)
        #expect(exports(app.handle(.exportRequested(to: csvPath))).isEmpty)
        #expect(app.exportingTo == nil)
    }

    @Test func aPDFHasThePizzasTheSearchShowsAndACSVEveryPizza() {
        var app = session()
        let opened = app.handle(.searchTyped(""))
        let fold = opened.effects.compactMap { if case .foldNames(let pizzas) = $0 { pizzas } else { nil } }
        _ = app.handle(.namesFolded(FoldedNames(fold[0]), from: fold[0]))
        _ = app.handle(.searchTyped("veg"))
        let pdfPath: FilePath = "/tmp/pizza-split-tests/prices.pdf"
        let pdf = app.handle(.exportRequested(to: pdfPath, format: .pdf)).effects.compactMap {
            if case .exportPDF(let menu, let shown, menuPath, pdfPath) = $0 { (menu.pizzas.count, shown.map(\.name)) } else { nil }
        }
        #expect(pdf.count == 1 && pdf[0].0 == 2 && pdf[0].1 == ["Veggie"])
        _ = app.handle(.exportFinished(path: pdfPath, failure: nil))
        #expect(exports(app.handle(.exportRequested(to: csvPath))).map(\.0) == [["Cheese", "Veggie"]])
    }

    @Test func aLongExportShowsItsProgressAfterHalfASecondAndCancelStopsIt() {
        var app = session()
        _ = app.handle(.exportRequested(to: csvPath))
        _ = app.handle(.exportProgressed(0.25))
        #expect(app.view.exportProgress == nil, "nothing shown in the first half second")
        _ = app.handle(.exportTakingLong)
        #expect(app.view.exportProgress == 0.25)
        _ = app.handle(.exportProgressed(0.5))
        #expect(app.view.exportProgress == 0.5)
        #expect(app.handle(.exportCancelRequested).effects.contains { if case .cancelExport = $0 { true } else { false } })
        #expect(app.view.exportProgress == 0.5, "shown until the export has stopped")
        #expect(toastMessages(app.handle(.exportCancelled(path: csvPath))) == [.exportCancelled(path: csvPath)])
        #expect(app.view.exportProgress == nil && app.view.canExport && app.exportingTo == nil)
        _ = app.handle(.exportTakingLong)
        _ = app.handle(.exportRequested(to: csvPath))
        #expect(app.view.exportProgress == nil, "a late timer and the last export's figures do not show on the next one")
        #expect(app.handle(.exportCancelRequested).effects.contains { if case .cancelExport = $0 { true } else { false } })
        _ = app.handle(.exportFinished(path: csvPath, failure: nil))
        #expect(app.handle(.exportCancelRequested).effects.isEmpty, "nothing to cancel once it has ended")
    }
}
