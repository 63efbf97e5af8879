import MenuSession
import PizzaModel
import Testing

private let ownMenu: FilePath = "/tmp/pizza-split-tests/menu.json"
private let readOnlyMenu: FilePath = "/tmp/pizza-split-tests/locked.json"
private let copyPath: FilePath = "/tmp/pizza-split-tests/copy.json"

private func names(_ app: AppSession) -> [String] { app.menu.menu.pizzas.map(\.name) }

private func menu(_ names: [String]) -> Menu {
    try! Menu(pizzas: names.map { Pizza(name: $0, pricePerSquareInch: 0.05) })
}

private func saves(_ update: AppSession.Update) -> [FilePath] {
    update.effects.compactMap { if case .save(_, _, let path, _, _) = $0 { path } else { nil } }
}

private func questions(_ update: AppSession.Update) -> [AppSession.Question] {
    update.effects.compactMap { if case .ask(let question) = $0 { question } else { nil } }
}

private func choosesFile(_ update: AppSession.Update) -> Bool {
    update.effects.contains { if case .chooseSaveAsFile = $0 { true } else { false } }
}

/// The copies Save As writes: the names in each, and where.
private func copies(_ update: AppSession.Update) -> [([String], FilePath, Int)] {
    update.effects.compactMap { if case .saveAs(let menu, let revision, let path) = $0 { (menu.pizzas.map(\.name), path, revision) } else { nil } }
}

private func closes(_ update: AppSession.Update) -> Bool {
    update.effects.contains { if case .closeWindow = $0 { true } else { false } }
}

@Suite struct ReadOnlySaveACopyTests {
    private func readOnlyApp() -> AppSession {
        AppSession(path: readOnlyMenu, ownMenuPath: ownMenu,
                   reading: MenuReading(menu: menu(["Cheese", "Veggie"]), problem: nil, isReadOnly: true), selectedName: "Cheese")
    }

    @Test func editsToAReadOnlyMenuAreKeptInTheWindowAndNeverSavedOverIt() {
        var app = readOnlyApp()
        _ = app.handle(.bannerDismissed)
        let deleted = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(!deleted.refused)
        #expect(saves(deleted).isEmpty)
        #expect(names(app) == ["Veggie"])
        #expect(app.menu.hasUnsavedChanges)
        // The bar comes back to say why nothing is saved, and offers a copy.
        #expect(app.banner == .readOnly(path: readOnlyMenu))
        #expect(app.banner?.action.map { if case .saveAsRequested = $0 { true } else { false } } == true)
        _ = app.handle(.menu(.typePrice("0.07")))
        #expect(saves(app.handle(.fieldLeft)).isEmpty)
        #expect(app.menu.selectedPizza?.pricePerSquareInch == 0.07)
    }

    @Test func saveACopyWritesTheEditedMenuElsewhereAndEditsThatFileFromThenOn() {
        var app = readOnlyApp()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(choosesFile(app.handle(.saveAsRequested)))
        let chosen = app.handle(.saveAsChosen(copyPath))
        #expect(copies(chosen).map(\.0) == [["Veggie"]])
        #expect(copies(chosen).map(\.1) == [copyPath])
        _ = app.handle(.savedAs(path: copyPath, revision: 1, next: .nothing))
        #expect(app.menu.path == copyPath)
        #expect(!app.isReadOnly)
        #expect(!app.menu.hasUnsavedChanges)
        #expect(app.banner == nil)
        #expect(app.view.fileName == copyPath)
        #expect(app.recentFiles.others.first == copyPath)
        // The next edit is saved to the copy, and can still be undone with the history kept.
        let edited = app.handle(.menu(.undo))
        #expect(saves(edited) == [copyPath])
        #expect(names(app) == ["Cheese", "Veggie"])
    }

    @Test func closingWithChangesToAReadOnlyMenuAsksForACopyAndClosesOnceItIsWritten() {
        var app = readOnlyApp()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(questions(app.handle(.closeRequested)) == [.readOnlyChanges(isClosing: true)])
        #expect(!app.mayClose)
        #expect(choosesFile(app.handle(.answered(.saveAs))))
        // Cancelling the file dialog asks again: the changes are still in no file.
        #expect(questions(app.handle(.saveAsChosen(nil))) == [.readOnlyChanges(isClosing: true)])
        _ = app.handle(.answered(.saveAs))
        _ = app.handle(.saveAsChosen(copyPath))
        #expect(!app.mayClose, "not before the copy is written")
        let written = app.handle(.savedAs(path: copyPath, revision: 1, next: .nothing))
        #expect(app.mayClose)
        #expect(closes(written))
    }

    @Test func aCopyThatCannotBeWrittenSaysWhyAndStopsClosingWithTheChangesKept() throws {
        var app = readOnlyApp()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.closeRequested)
        _ = app.handle(.answered(.saveAs))
        _ = app.handle(.saveAsChosen(readOnlyMenu))
        let failed = app.handle(.saveAsFailed(path: readOnlyMenu, reason: "it is read-only"))
        #expect(!closes(failed))
        #expect(!app.mayClose)
        #expect(app.banner == .copyFailed(path: readOnlyMenu, reason: "it is read-only"))
        #expect(app.menu.path == readOnlyMenu)
        #expect(names(app) == ["Veggie"])
        // The bar's button chooses another file.
        #expect(choosesFile(app.handle(try #require(app.banner?.action))))
    }

    @Test func discardingChangesToAReadOnlyMenuCloses() {
        var app = readOnlyApp()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.closeRequested)
        #expect(closes(app.handle(.answered(.discard))))
    }
}

@Suite struct ChangedOnDiskSaveAsTests {
    @Test func saveAsKeepsMyChangesInAnotherFileAndLeavesTheOtherProgramsFileAsItIs() {
        var app = AppSession(path: ownMenu, ownMenuPath: ownMenu,
                             reading: MenuReading(menu: menu(["Cheese", "Veggie"]), problem: nil, expected: .nothing), selectedName: "Cheese")
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        let theirs = MenuReading(menu: menu(["Alpha"]), problem: nil, expected: .anything)
        #expect(questions(app.handle(.fileChanged(path: ownMenu, theirs, savesEnded: app.savesEnded))) == [.fileChangedOnDisk])
        #expect(choosesFile(app.handle(.answered(.saveAs))))
        // Cancelled: the question stands.
        #expect(questions(app.handle(.saveAsChosen(nil))) == [.fileChangedOnDisk])
        _ = app.handle(.answered(.saveAs))
        let chosen = app.handle(.saveAsChosen(copyPath))
        #expect(copies(chosen).map(\.0) == [["Veggie"]])
        #expect(saves(chosen).isEmpty, "nothing is written over the other program's file")
        _ = app.handle(.savedAs(path: copyPath, revision: 1, next: .nothing))
        #expect(app.menu.path == copyPath)
        #expect(app.changedOnDisk == nil)
        #expect(!app.menu.hasUnsavedChanges)
        #expect(app.expectedFile == .nothing)
    }

    @Test func anEditWhileTheCopyIsWrittenIsSavedToTheCopyAfterIt() {
        var app = AppSession(path: ownMenu, ownMenuPath: ownMenu,
                             reading: MenuReading(menu: menu(["Cheese", "Veggie"]), problem: nil, isReadOnly: true), selectedName: "Cheese")
        _ = app.handle(.saveAsRequested)
        _ = app.handle(.saveAsChosen(copyPath))
        #expect(saves(app.handle(.menu(.delete(app.menu.selection!)))).isEmpty)
        let written = app.handle(.savedAs(path: copyPath, revision: 0, next: .nothing))
        #expect(saves(written) == [copyPath])
    }
}

@Suite struct SaveAsWhileASaveIsRefusedTests {
    /// The question is asked from the bar while a price is typed; leaving the field for the dialog applies it and starts a save,
    /// which the changed file refuses while the user chooses where to save theirs.
    @Test func aChangeReadWhileTheFileIsChosenAsksNothingMoreAndTheCopyIsTheOpenFile() {
        var app = AppSession(path: ownMenu, ownMenuPath: ownMenu,
                             reading: MenuReading(menu: menu(["Cheese", "Veggie"]), problem: nil, expected: .nothing), selectedName: "Cheese")
        _ = app.handle(.menu(.typePrice("0.09")))
        let theirs = MenuReading(menu: menu(["Alpha"]), problem: nil, expected: .anything)
        #expect(questions(app.handle(.fileChanged(path: ownMenu, theirs, savesEnded: app.savesEnded))).isEmpty)
        #expect(questions(app.handle(.saveAgain)) == [.fileChangedOnDisk])
        #expect(saves(app.handle(.fieldLeft)) == [ownMenu])
        _ = app.handle(.answered(.saveAs))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        #expect(questions(app.handle(.fileChanged(path: ownMenu, theirs, savesEnded: app.savesEnded))).isEmpty, "the user is answering already")
        let chosen = app.handle(.saveAsChosen(copyPath))
        #expect(copies(chosen).map(\.0) == [["Cheese", "Veggie"]])
        _ = app.handle(.savedAs(path: copyPath, revision: 1, next: .nothing))
        #expect(app.menu.path == copyPath)
        #expect(app.banner == nil)
        #expect(app.question == nil)
        let closed = app.handle(.closeRequested)
        #expect(questions(closed).isEmpty)
        #expect(app.mayClose)
    }
}
