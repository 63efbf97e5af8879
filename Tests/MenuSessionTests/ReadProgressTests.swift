import MenuSession
import PizzaModel
import Testing

private let path: FilePath = "/tmp/pizza-split-tests/large.json"

private func menu(_ count: Int) -> Menu {
    try! Menu(pizzas: (0..<count).map { Pizza(name: "Pizza \($0)", pricePerSquareInch: 0.05) })
}

private func readingApp(choosing name: String? = "Pizza 5") -> AppSession {
    AppSession(path: path, ownMenuPath: path, reading: nil, selectedName: name)
}

private func saves(_ update: AppSession.Update) -> Int {
    update.effects.count { if case .save = $0 { true } else { false } }
}

/// A large file shows its rows as they are read: the reader's progress adds rows, and the end of the file
/// adds the rest, or replaces them all when the file is found bad late.
@Suite struct ReadProgressTests {
    @Test func theRowsReadSoFarShowAndTheRestAreAddedAfterThem() {
        var app = readingApp(choosing: nil)
        let first = app.handle(.readProgress(path: path, menu(4)))
        #expect(first.rows == .replaced(at: 0, removed: 0, added: 4))
        #expect(app.menu.rowCount == 4)
        #expect(app.reading != nil, "the file is still being read")
        let more = app.handle(.readProgress(path: path, menu(8)))
        #expect(more.rows == .replaced(at: 4, removed: 0, added: 4))
        let end = app.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil)))
        #expect(end.rows == .replaced(at: 8, removed: 0, added: 2))
        #expect(app.menu.rowCount == 10)
        #expect(app.reading == nil)
        #expect(app.view.canAdd && app.view.canSearch)
    }

    @Test func thePizzaChosenLastTimeIsChosenOnceItIsRead() {
        var app = readingApp(choosing: "Pizza 5")
        _ = app.handle(.readProgress(path: path, menu(4)))
        #expect(app.menu.selection == nil, "Pizza 5 is not read yet")
        let reached = app.handle(.readProgress(path: path, menu(8)))
        #expect(reached.selectionChanged)
        #expect(app.menu.selectedPizza?.name == "Pizza 5")
        _ = app.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil)))
        #expect(app.menu.selectedPizza?.name == "Pizza 5")
    }

    @Test func aPizzaChosenWhileTheFileIsReadStaysChosenAndIsRememberedOnQuitting() {
        var app = readingApp(choosing: "Pizza 9")
        _ = app.handle(.readProgress(path: path, menu(4)))
        _ = app.handle(.menu(.select(app.menu.id(at: 2))))
        let closing = app.handle(.closeRequested)
        #expect(closing.effects.contains { if case .saveWindowState(_, "Pizza 2") = $0 { true } else { false } })
        var reading = readingApp(choosing: "Pizza 9")
        _ = reading.handle(.readProgress(path: path, menu(4)))
        _ = reading.handle(.menu(.select(reading.menu.id(at: 2))))
        _ = reading.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil)))
        #expect(reading.menu.selectedPizza?.name == "Pizza 2", "the user's choice wins over last time's")
    }

    @Test func quittingBeforeThePizzaChosenLastTimeIsReachedStillRemembersIt() {
        var app = readingApp(choosing: "Pizza 9")
        _ = app.handle(.readProgress(path: path, menu(4)))
        let closing = app.handle(.closeRequested)
        #expect(closing.effects.contains { if case .saveWindowState(_, "Pizza 9") = $0 { true } else { false } })
    }

    @Test func editsAndSearchWaitUntilTheWholeFileIsRead() {
        var app = readingApp(choosing: "Pizza 1")
        _ = app.handle(.readProgress(path: path, menu(4)))
        let id = try! #require(app.menu.selection)
        for event: MenuSession.Event in [.delete(id), .rename(id, to: "Early"), .move(id, to: 3),
                                         .editText(id, key: "description", to: "Early"), .typePrice("0.09"), .commitPrice] {
            let update = app.handle(.menu(event))
            #expect(saves(update) == 0)
            #expect(update.rows == .unchanged)
        }
        #expect(app.menu.menu.pizzas.map(\.name) == ["Pizza 0", "Pizza 1", "Pizza 2", "Pizza 3"])
        #expect(app.menu.menu.pizzas[1].pricePerSquareInch == 0.05)
        #expect(!app.view.canSearch && !app.view.canAdd && app.view.detail.isReading)
        _ = app.handle(.searchTyped("Pizza 3"))
        #expect(app.menu.search == nil)
        _ = app.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil)))
        let renamed = app.handle(.menu(.rename(id, to: "Later")))
        #expect(saves(renamed) == 1, "once read, the menu takes edits")
    }

    @Test func aFileFoundBadLateReplacesTheRowsReadWithTheDefaultMenuAndNothingIsSaved() {
        var app = readingApp()
        _ = app.handle(.readProgress(path: path, menu(8)))
        let problem = "line 1000002, column 13: \"sizes\" must be a list [...], found a number"
        let end = app.handle(.readFinished(path: path, MenuReading(menu: .standard, problem: problem)))
        #expect(end.rows == .reload)
        #expect(saves(end) == 0)
        #expect(app.banner == .loadProblem(path: path, problem: problem))
        #expect(app.menu.menu.pizzas.map(\.name) == Menu.standard.pizzas.map(\.name))
        #expect(app.menu.mustKeepBrokenFile)
    }

    @Test func progressOfAFileNoLongerReadOrOlderThanWhatIsShownIsDropped() {
        var app = readingApp(choosing: nil)
        _ = app.handle(.readProgress(path: path, menu(8)))
        #expect(app.handle(.readProgress(path: path, menu(4))).rows == .unchanged)
        #expect(app.handle(.readProgress(path: "/tmp/pizza-split-tests/other.json", menu(16))).rows == .unchanged)
        _ = app.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil)))
        #expect(app.handle(.readProgress(path: path, menu(16))).rows == .unchanged)
        #expect(app.menu.rowCount == 10)
    }
}

private let readFile = ExpectedFile.version(FileVersion(device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5))

private func startedWithFirstRows(_ count: Int, choosing name: String?) -> AppSession {
    AppSession(path: path, ownMenuPath: path, reading: nil, firstRows: MenuStore.FirstRows(menu: menu(count), file: readFile),
               selectedName: name)
}

/// A large file's first rows are read before the window shows, so that its first frame has rows; the rest is read
/// in the background as before.
@Suite struct FirstRowsTests {
    @Test func theWindowStartsWithTheFirstRowsWhileTheRestIsRead() {
        let app = startedWithFirstRows(4, choosing: "Pizza 2")
        #expect(app.menu.rowCount == 4)
        #expect(app.menu.selectedPizza?.name == "Pizza 2", "the pizza chosen last time is chosen when it is among them")
        #expect(app.reading != nil)
        #expect(app.startEffects.contains { if case .read(path) = $0 { true } else { false } })
        #expect(!app.view.canAdd && !app.view.canSearch && !app.view.canExport)
    }

    @Test func theRestFollowsTheFirstRowsOnceTheSameFileIsRead() {
        var app = startedWithFirstRows(4, choosing: "Pizza 9")
        #expect(app.handle(.readProgress(path: path, menu(4))).rows == .unchanged, "the read's own first rows are shown already")
        #expect(app.handle(.readProgress(path: path, menu(8))).rows == .replaced(at: 4, removed: 0, added: 4))
        let end = app.handle(.readFinished(path: path, MenuReading(menu: menu(10), problem: nil, expected: readFile)))
        #expect(end.rows == .replaced(at: 8, removed: 0, added: 2))
        #expect(app.menu.selectedPizza?.name == "Pizza 9")
        #expect(app.reading == nil && app.view.canAdd)
    }

    @Test func editsWaitAndAFileFoundBadLateIsReplacedWithNothingSaved() {
        var app = startedWithFirstRows(4, choosing: "Pizza 1")
        let id = try! #require(app.menu.selection)
        #expect(saves(app.handle(.menu(.rename(id, to: "Early")))) == 0)
        #expect(app.menu.selectedPizza?.name == "Pizza 1")
        let problem = "line 900001, column 2: expected \",\" or \"]\", found the end of the file"
        let end = app.handle(.readFinished(path: path, MenuReading(menu: .standard, problem: problem, expected: readFile)))
        #expect(end.rows == .reload)
        #expect(saves(end) == 0)
        #expect(app.banner == .loadProblem(path: path, problem: problem))
        #expect(app.menu.mustKeepBrokenFile)
    }

    @Test func aFileChangedAfterItsFirstRowsWereReadReplacesThemAsAWhole() {
        var app = startedWithFirstRows(4, choosing: nil)
        let other = ExpectedFile.version(FileVersion(device: 1, inode: 9, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5))
        let changed = try! Menu(pizzas: (0..<6).map { Pizza(name: "New \($0)", pricePerSquareInch: 0.05) })
        let end = app.handle(.readFinished(path: path, MenuReading(menu: changed, problem: nil, expected: other)))
        #expect(end.rows == .reload)
        #expect(app.menu.menu.pizzas.map(\.name) == changed.pizzas.map(\.name))
    }
}
