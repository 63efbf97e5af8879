import MenuSession
import PizzaModel
import Testing

private let ownMenu: FilePath = "/tmp/pizza-split-tests/menu.json"
private let otherMenu: FilePath = "/tmp/pizza-split-tests/other.json"

private func reading(_ names: [String] = ["Cheese", "Pepperoni", "Veggie"], problem: String? = nil) -> MenuReading {
    let menu = try! Menu(pizzas: names.map { Pizza(name: $0, pricePerSquareInch: 0.05) })
    return MenuReading(menu: menu, problem: problem)
}

private func app(_ names: [String] = ["Cheese", "Pepperoni", "Veggie"], selecting name: String? = "Cheese") -> AppSession {
    AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: reading(names), selectedName: name)
}

/// The saves an update asks for, by revision.
private func saves(_ update: AppSession.Update) -> [Int] {
    update.effects.compactMap { if case .save(_, let revision, _, _, _) = $0 { revision } else { nil } }
}

private func questions(_ update: AppSession.Update) -> [AppSession.Question] {
    update.effects.compactMap { if case .ask(let question) = $0 { question } else { nil } }
}

private func closes(_ update: AppSession.Update) -> Bool {
    update.effects.contains { if case .closeWindow = $0 { true } else { false } }
}

private func switched(_ update: AppSession.Update) -> FilePath? {
    update.effects.lazy.compactMap { if case .switchedMenu(let path) = $0 { path } else { nil } }.first
}

private func toasts(_ update: AppSession.Update) -> [AppSession.Toast] {
    update.effects.compactMap { if case .toast(let toast) = $0 { toast } else { nil } }
}

private func selectedName(_ app: AppSession) -> String? { app.menu.selectedPizza?.name }

@Suite struct AppSessionSavingTests {
    @Test func anEditAsksForOneSaveAndEditsDuringItAreSavedTogetherAfterIt() {
        var app = app()
        #expect(saves(app.handle(.menu(.typePrice("0.06")))) == [])
        #expect(saves(app.handle(.menu(.commitPrice))) == [1])
        // Two more edits while revision 1 is written: neither starts a write of its own.
        let id = app.menu.selection!
        #expect(saves(app.handle(.menu(.rename(id, to: "Mozzarella")))) == [])
        #expect(saves(app.handle(.menu(.move(id, to: 2)))) == [])
        // Only the newest menu is written after the first write.
        #expect(saves(app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))) == [3])
        #expect(saves(app.handle(.saveFinished(revision: 3, keptBrokenFileAt: nil))) == [])
        #expect(!app.menu.hasUnsavedChanges)
    }

    @Test func aFailedSaveShowsItsReasonAndTryAgainWritesOnceMore() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "No space left on device"))
        #expect(app.banner == .saveFailed(reason: "No space left on device"))
        #expect(saves(app.handle(.saveAgain)) == [1])
        #expect(app.banner == nil)
        _ = app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))
        #expect(app.menu.saveStatus == .saved)
    }

    @Test func changesThatCannotBeSavedWhereTheyAreCanBeSavedAsAnotherFileWhenLeaving() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "Not a directory"))
        #expect(questions(app.handle(.closeRequested)) == [.unsavedChanges(isClosing: true, failure: "Not a directory")])
        let choosing = app.handle(.answered(.saveAs))
        #expect(choosing.effects.contains { if case .chooseSaveAsFile(ownMenu) = $0 { true } else { false } })
        let copy: FilePath = "/tmp/pizza-split-tests/elsewhere.json"
        _ = app.handle(.saveAsChosen(copy))
        #expect(closes(app.handle(.savedAs(path: copy, revision: 1, next: .anything))), "and the window closes once it is")
    }
}

@Suite struct AppSessionLeavingTests {
    @Test func closingWithNothingPendingClosesAtOnceAndKeepsTheWindowState() {
        var app = app()
        let update = app.handle(.closeRequested)
        #expect(app.mayClose)
        // The close request itself is let through: GTK ignores a close from inside it.
        #expect(!closes(update))
        #expect(update.effects.contains { if case .saveWindowState(ownMenu, "Cheese") = $0 { true } else { false } })
    }

    @Test func closingWaitsForTheRunningSaveThenCloses() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.closeRequested)
        #expect(!app.mayClose)
        #expect(app.banner == .saving)
        let update = app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))
        #expect(app.mayClose)
        #expect(closes(update))
    }

    @Test func closingAfterAFailedSaveAsksAndCancelStays() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.closeRequested)
        let update = app.handle(.saveFailed(revision: 1, reason: "disk full"))
        #expect(questions(update) == [.unsavedChanges(isClosing: true, failure: "disk full")])
        // A second close while the question is open asks the same question again, not another one.
        #expect(questions(app.handle(.closeRequested)) == [.unsavedChanges(isClosing: true, failure: "disk full")])
        _ = app.handle(.answered(.cancel))
        #expect(!app.mayClose)
        #expect(app.leaving == nil)
    }

    @Test func closingAfterAFailedSaveAsksAndTryAgainClosesOnceSaved() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.closeRequested)
        _ = app.handle(.saveFailed(revision: 1, reason: "disk full"))
        #expect(saves(app.handle(.answered(.tryAgain))) == [1])
        #expect(!app.mayClose)
        #expect(closes(app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))))
    }

    @Test func discardingUnsavedChangesCloses() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "disk full"))
        _ = app.handle(.closeRequested)
        #expect(closes(app.handle(.answered(.discard))))
        #expect(app.mayClose)
    }

    @Test func closingWithARefusedTypedNameAsksAndKeepEditingGoesBackToTheField() {
        var app = app()
        _ = app.handle(.menu(.typeName("Pepperoni")))
        let update = app.handle(.closeRequested)
        #expect(questions(update) == [.discardTypedName(name: "Pepperoni", error: .duplicateName("Pepperoni"))])
        let kept = app.handle(.answered(.cancel))
        #expect(kept.effects.contains { if case .focus(.nameField) = $0 { true } else { false } })
        #expect(app.menu.nameDraft == "Pepperoni")
        #expect(app.menu.nameError == .duplicateName("Pepperoni"))
        #expect(!app.mayClose)
    }

    @Test func closingWithARefusedTypedPriceAsksAndDiscardCloses() {
        var app = app()
        _ = app.handle(.menu(.typePrice("abc")))
        let update = app.handle(.closeRequested)
        #expect(questions(update).count == 1)
        if case .discardTypedPrice(let text, _)? = questions(update).first { #expect(text == "abc") } else {
            Issue.record("expected the typed-price question, got \(questions(update))")
        }
        let discarded = app.handle(.answered(.discard))
        #expect(app.menu.priceDraft == nil)
        #expect(closes(discarded))
    }

    @Test func aValidTypedNameIsAppliedAndSavedBeforeClosing() {
        var app = app()
        _ = app.handle(.menu(.typeName("Margherita")))
        let update = app.handle(.closeRequested)
        #expect(saves(update) == [1])
        #expect(!app.mayClose)
        #expect(closes(app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil))))
        #expect(selectedName(app) == "Margherita")
    }

    @Test func openingAnotherFileSwitchesToItWithItsOwnChoice() {
        var app = app()
        let update = app.handle(.openRequested(path: otherMenu, reading: reading(["Calzone", "Hawaii"]), selectedName: "Hawaii"))
        #expect(switched(update) == otherMenu)
        #expect(app.menu.path == otherMenu)
        #expect(selectedName(app) == "Hawaii")
        #expect(update.rows == .reload)
        #expect(app.view.fileName == otherMenu)
    }

    @Test func aFileThatCannotBeOpenedIsReportedAndTheMenuStays() {
        var app = app()
        _ = app.handle(.openRequested(path: otherMenu, reading: reading(problem: "line 1, column 1: not JSON"), selectedName: nil))
        #expect(app.menu.path == ownMenu)
        #expect(app.banner == .couldNotOpen(path: otherMenu, problem: "line 1, column 1: not JSON"))
    }

    @Test func openingWaitsForTheSaveAndAsksAboutChangesThatCouldNotBeSaved() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let waiting = app.handle(.openRequested(path: otherMenu, reading: reading(["Calzone"]), selectedName: nil))
        #expect(switched(waiting) == nil)
        let failed = app.handle(.saveFailed(revision: 1, reason: "disk full"))
        #expect(questions(failed) == [.unsavedChanges(isClosing: false, failure: "disk full")])
        let discarded = app.handle(.answered(.discard))
        #expect(switched(discarded) == otherMenu)
        #expect(app.menu.menu.pizzas.map(\.name) == ["Calzone"])
        #expect(!app.menu.canUndo)
    }
}

@Suite struct AppSessionReadingTests {
    private func readingApp() -> (AppSession, [AppSession.Effect]) {
        let app = AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: nil, selectedName: "Veggie")
        return (app, app.startEffects)
    }

    @Test func aLargeFileIsReadElsewhereAndItsPizzaChosenOnceRead() {
        var (app, effects) = readingApp()
        #expect(effects.contains { if case .read(ownMenu) = $0 { true } else { false } })
        #expect(app.view.emptyList == .reading(ownMenu))
        #expect(!app.view.canAdd)
        #expect(app.menu.menu.pizzas.isEmpty)
        let update = app.handle(.readFinished(path: ownMenu, reading()))
        #expect(update.rows == .reload)
        #expect(selectedName(app) == "Veggie")
        #expect(app.view.canAdd)
        #expect(app.reading == nil)
    }

    @Test func nothingCanBeAddedWhileTheFileIsRead() {
        var (app, _) = readingApp()
        let update = app.handle(.menu(.add(name: "Early", priceText: "0.05")))
        #expect(saves(update) == [])
        #expect(app.menu.menu.pizzas.isEmpty)
    }

    @Test func aFileFoundBadAtItsEndIsReportedAndNothingIsSavedOverIt() {
        var (app, _) = readingApp()
        let update = app.handle(.readFinished(path: ownMenu, reading(problem: "line 90000, column 3: expected ‘}’")))
        #expect(app.banner == .loadProblem(path: ownMenu, problem: "line 90000, column 3: expected ‘}’"))
        #expect(saves(update) == [])
        #expect(app.menu.mustKeepBrokenFile)
        // The first change keeps the bad file aside before writing.
        let edit = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(edit.effects.contains { if case .save(_, _, _, true, _) = $0 { true } else { false } })
    }

    @Test func aReadOfAFileNoLongerOpenIsDropped() {
        var (app, _) = readingApp()
        _ = app.handle(.openRequested(path: otherMenu, reading: reading(["Calzone"]), selectedName: nil))
        _ = app.handle(.readFinished(path: ownMenu, reading()))
        #expect(app.menu.path == otherMenu)
        #expect(app.menu.menu.pizzas.map(\.name) == ["Calzone"])
    }

    @Test func quittingWhileReadingKeepsTheChoiceOfLastTime() {
        var (app, _) = readingApp()
        let update = app.handle(.closeRequested)
        #expect(update.effects.contains { if case .saveWindowState(_, "Veggie") = $0 { true } else { false } })
    }
}

@Suite struct AppSessionSearchTests {
    @Test func theFirstSearchFoldsNamesElsewhereAndAQueryTypedMeanwhileWaitsForThem() {
        var app = app()
        let opened = app.handle(.searchTyped(""))
        let fold = opened.effects.compactMap { if case .foldNames(let pizzas) = $0 { pizzas } else { nil } }
        #expect(fold.count == 1)
        // A letter typed before the names come is not searched yet.
        _ = app.handle(.searchTyped("pep"))
        #expect(app.folding == .running(awaitingQuery: "pep"))
        #expect(app.menu.search?.query != "pep")
        let folded = app.handle(.namesFolded(FoldedNames(fold[0]), from: fold[0]))
        #expect(app.folding == .idle)
        #expect(app.menu.search?.query == "pep")
        #expect(app.menu.rowCount == 1)
        #expect(folded.rows == .reload)
    }

    @Test func namesFoldedFromAMenuEditedMeanwhileAreNotUsedAndTheQueryStillRuns() {
        var app = app()
        let opened = app.handle(.searchTyped(""))
        let pizzas = opened.effects.compactMap { if case .foldNames(let pizzas) = $0 { pizzas } else { nil } }[0]
        _ = app.handle(.searchTyped("veg"))
        _ = app.handle(.menu(.add(name: "Vegan", priceText: "0.07")))
        _ = app.handle(.namesFolded(FoldedNames(pizzas), from: pizzas))
        #expect(app.menu.search?.query == "veg")
        #expect(app.menu.rowCount == 2)
    }

    @Test func closingTheSearchWhileNamesFoldDropsTheWaitingQuery() {
        var app = app()
        let opened = app.handle(.searchTyped(""))
        let pizzas = opened.effects.compactMap { if case .foldNames(let pizzas) = $0 { pizzas } else { nil } }[0]
        _ = app.handle(.searchTyped("pep"))
        _ = app.handle(.searchClosed)
        _ = app.handle(.namesFolded(FoldedNames(pizzas), from: pizzas))
        #expect(app.menu.search == nil)
        #expect(app.menu.rowCount == 3)
    }
}

@Suite struct AppSessionToastTests {
    @Test func aDeleteOffersUndoAndTheToastsUndoOffersNoRedoButton() {
        var app = app()
        let deleted = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(toasts(deleted) == [AppSession.Toast(message: .deleted(name: "Cheese"), action: .undo)])
        let undone = app.handle(.toastPressed(.undo))
        #expect(toasts(undone).map(\.action) == [nil])
        #expect(selectedName(app) == "Cheese")
        #expect(undone.effects.contains { if case .focus(.list) = $0 { true } else { false } })
    }

    @Test func ctrlZOffersRedoInItsToast() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let undone = app.handle(.menu(.undo))
        #expect(toasts(undone).map(\.action) == [.redo])
    }

    @Test func anotherEditTakesAwayTheToastWhoseUndoNoLongerFits() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let renamed = app.handle(.menu(.rename(app.menu.selection!, to: "Diavola")))
        #expect(renamed.effects.contains { if case .dismissToast = $0 { true } else { false } })
    }
}

@Suite struct AppSessionTypedValueTests {
    @Test func choosingAnotherPizzaWithARefusedTypedNameKeepsItWithItsReason() {
        var app = app()
        let cheese = app.menu.selection
        _ = app.handle(.menu(.typeName("Veggie")))
        let update = app.handle(.menu(.select(app.menu.id(at: 1))))
        #expect(update.refused)
        #expect(app.menu.selection == cheese)
        #expect(app.view.detail.name == "Veggie")
        #expect(app.view.detail.nameError == .duplicateName("Veggie"))
        #expect(update.effects.contains { if case .focus(.nameField) = $0 { true } else { false } })
    }

    @Test func leavingTheFieldShowsTheReasonWithoutTakingTheFocusBack() {
        var app = app()
        _ = app.handle(.menu(.typeName("Veggie")))
        let update = app.handle(.fieldLeft)
        #expect(app.view.detail.nameError == .duplicateName("Veggie"))
        #expect(!update.effects.contains { if case .focus = $0 { true } else { false } })
    }

    @Test func undoWithANameTypedPutsTheNameBackAndUndoesNothingElse() {
        var app = app()
        _ = app.handle(.menu(.delete(app.menu.id(at: 2)!)))
        _ = app.handle(.menu(.typeName("Diavola")))
        _ = app.handle(.menu(.undo))
        #expect(app.view.detail.name == "Cheese")
        #expect(app.menu.menu.pizzas.count == 2)
    }
}

/// What the state knows of the file on disk: which one a save may replace, and what the bar says of it.
@Suite struct AppSessionFileTests {
    /// The file a save expects on disk.
    private func expected(_ update: AppSession.Update) -> [ExpectedFile] {
        update.effects.compactMap { if case .save(_, _, _, _, let expecting) = $0 { expecting } else { nil } }
    }

    @Test func eachSaveExpectsTheFileAsReadThenAsTheLastSaveLeftIt() {
        let menu = try! Menu(pizzas: [Pizza(name: "Cheese", pricePerSquareInch: 0.05), Pizza(name: "Veggie", pricePerSquareInch: 0.04)])
        var app = AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: MenuReading(menu: menu, problem: nil, expected: .nothing),
                             selectedName: "Cheese")
        #expect(expected(app.handle(.menu(.delete(app.menu.selection!)))) == [.nothing])
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(expected(app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil, next: .anything))) == [.anything])
        _ = app.handle(.saveFailed(revision: 2, reason: "another program changed it", next: .anything))
        #expect(app.expectedFile == .anything)
    }

    @Test func aFileNamedToOpenThatIsNotThereYetIsToldWithoutAnErrorButTheOwnMenuIsNot() {
        let new = MenuReading(menu: .standard, problem: nil, expected: .nothing, isNewFile: true)
        let named = AppSession(path: otherMenu, ownMenuPath: ownMenu, reading: new, selectedName: nil)
        #expect(named.banner == .newFile(path: otherMenu))
        #expect(named.banner?.isError == false)
        #expect(AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: new, selectedName: nil).banner == nil)
    }

    @Test func theNotYetThereBarGoesOnceTheFirstChangeHasCreatedTheFile() {
        let new = MenuReading(menu: .standard, problem: nil, expected: .nothing, isNewFile: true)
        var named = AppSession(path: otherMenu, ownMenuPath: ownMenu, reading: new, selectedName: "Cheese")
        _ = named.handle(.menu(.delete(named.menu.selection!)))
        #expect(named.banner == .newFile(path: otherMenu), "still not there while it is written")
        _ = named.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil, next: .anything))
        #expect(named.banner == nil)
    }

    @Test func aReadOnlyFileIsToldWhenItIsReadAtOnceOrLater() {
        let readOnly = MenuReading(menu: .standard, problem: nil, isReadOnly: true)
        #expect(AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: readOnly, selectedName: nil).banner == .readOnly(path: ownMenu))
        var later = AppSession(path: otherMenu, ownMenuPath: ownMenu, reading: nil, selectedName: nil)
        _ = later.handle(.readFinished(path: otherMenu, readOnly))
        #expect(later.banner == .readOnly(path: otherMenu))
    }
}

@Suite struct AppSessionNewPizzaTests {
    private func closesNewPizza(_ update: AppSession.Update) -> Bool {
        update.effects.contains { if case .closeNewPizza = $0 { true } else { false } }
    }

    @Test func escapeInAnEmptyNewPizzaClosesItAndWithTypingAsksFirst() {
        var app = app()
        _ = app.handle(.newPizzaOpened)
        #expect(closesNewPizza(app.handle(.newPizzaCancelled)))
        _ = app.handle(.newPizzaOpened)
        _ = app.handle(.newPizzaTyped(.init(name: "Half", price: "0.09")))
        let asked = app.handle(.newPizzaCancelled)
        #expect(questions(asked) == [.discardNewPizza(.init(name: "Half", price: "0.09"))])
        #expect(!closesNewPizza(asked))
        let kept = app.handle(.answered(.cancel))
        #expect(kept.effects.contains { if case .presentNewPizza = $0 { true } else { false } })
        #expect(app.newPizza?.name == "Half")
        _ = app.handle(.newPizzaCancelled)
        #expect(closesNewPizza(app.handle(.answered(.discard))))
        #expect(app.newPizza == nil)
    }

    @Test func openingAnotherFileAsksAboutATypedNewPizzaFirstSoItIsNeverAddedToTheOtherMenu() {
        var app = app()
        _ = app.handle(.newPizzaOpened)
        _ = app.handle(.newPizzaTyped(.init(name: "Half", price: "0.09")))
        let asked = app.handle(.openRequested(path: otherMenu, reading: reading(["Calzone"]), selectedName: nil))
        #expect(questions(asked) == [.discardNewPizza(.init(name: "Half", price: "0.09"))])
        #expect(app.menu.path == ownMenu)
        let discarded = app.handle(.answered(.discard))
        #expect(closesNewPizza(discarded))
        #expect(switched(discarded) == otherMenu)
    }

    @Test func keepEditingTheNewPizzaStaysOnTheMenu() {
        var app = app()
        _ = app.handle(.newPizzaOpened)
        _ = app.handle(.newPizzaTyped(.init(name: "Half", price: "")))
        _ = app.handle(.closeRequested)
        _ = app.handle(.answered(.cancel))
        #expect(!app.mayClose)
        #expect(app.leaving == nil)
    }

    @Test func quittingWithAnEmptyNewPizzaClosesItAndTheWindow() {
        var app = app()
        _ = app.handle(.newPizzaOpened)
        let update = app.handle(.closeRequested)
        #expect(closesNewPizza(update))
        #expect(app.mayClose)
    }
}

@Suite struct ToastWordingTests {
    @Test func aLongNameIsShortenedInTheUndoMessageSoTheToastStaysOneLine() {
        let name = String(repeating: "Quattro Formaggi ", count: 11)
        var app = app([name, "Cheese"], selecting: name)
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let undone = app.handle(.menu(.undo))
        guard case .undid(let edit)? = toasts(undone).first?.message else {
            Issue.record("expected an Undid toast, got \(toasts(undone))")
            return
        }
        let summary = edit.summary
        #expect(summary.count < 60)
        #expect(summary.hasPrefix("deleting “Quattro Formaggi"))
        #expect(summary.contains("…"))
    }
}

@Suite struct AppSessionChangedOnDiskTests {
    private let before = ExpectedFile.nothing
    private let after = ExpectedFile.anything

    private func readsChangedFile(_ update: AppSession.Update) -> Bool {
        update.effects.contains { if case .readChangedFile(ownMenu) = $0 { true } else { false } }
    }

    private func changed(_ names: [String]) -> MenuReading {
        MenuReading(menu: try! Menu(pizzas: names.map { Pizza(name: $0, pricePerSquareInch: 0.05) }), problem: nil, expected: after)
    }

    private func appExpecting() -> AppSession {
        let menu = try! Menu(pizzas: ["Cheese", "Pepperoni", "Veggie"].map { Pizza(name: $0, pricePerSquareInch: 0.05) })
        return AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: MenuReading(menu: menu, problem: nil, expected: before),
                          selectedName: "Pepperoni")
    }

    @Test func aFileChangedOnDiskWithNothingUnsavedIsReloadedKeepingTheChosenPizzaByName() {
        var app = appExpecting()
        let update = app.handle(.fileChanged(path: ownMenu, changed(["Alpha", "Pepperoni"]), savesEnded: app.savesEnded))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Alpha", "Pepperoni"])
        #expect(selectedName(app) == "Pepperoni")
        #expect(app.expectedFile == after)
        #expect(update.rows == .reload)
        #expect(questions(update).isEmpty)
    }

    @Test func theAppsOwnWriteIsNotAChange() {
        var app = appExpecting()
        _ = app.handle(.fileChanged(path: ownMenu, MenuReading(menu: .standard, problem: nil, expected: before), savesEnded: app.savesEnded))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Cheese", "Pepperoni", "Veggie"])
    }

    @Test func aSaveRefusedBecauseOfAChangeReadsItAndAsksAndKeepsTheEditsUntilAnswered() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let failed = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        #expect(readsChangedFile(failed))
        #expect(app.banner == nil, "no save failure shown before the other program's file is read")
        let asked = app.handle(.fileChanged(path: ownMenu, changed(["Alpha", "Cheese", "Pepperoni", "Veggie"]), savesEnded: app.savesEnded))
        #expect(questions(asked) == [.fileChangedOnDisk])
        #expect(app.banner == .changedOnDisk(path: ownMenu))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Cheese", "Veggie"])
        // Keep mine: the save overwrites exactly the file just read, no later one.
        let overwrite = app.handle(.answered(.tryAgain))
        #expect(overwrite.effects.compactMap { if case .save(_, _, _, _, let e) = $0 { e } else { nil } } == [after])
    }

    @Test func aSaveRefusedAsChangedOnDiskWhenNothingChangedAfterAllShowsTheFailureWithTryAgain() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        _ = app.handle(.fileChanged(path: ownMenu, MenuReading(menu: .standard, problem: nil, expected: before), savesEnded: app.savesEnded))
        #expect(app.banner == .saveFailed(reason: "another program changed it"))
    }

    @Test func reloadingAfterTheQuestionLosesTheEditsForTheOtherProgramsFile() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        _ = app.handle(.fileChanged(path: ownMenu, changed(["Alpha", "Cheese", "Pepperoni", "Veggie"]), savesEnded: app.savesEnded))
        let reloaded = app.handle(.answered(.discard))
        #expect(saves(reloaded) == [])
        #expect(app.menu.menu.pizzas.map(\.name) == ["Alpha", "Cheese", "Pepperoni", "Veggie"])
        #expect(!app.menu.hasUnsavedChanges)
    }

    @Test func aReadBegunBeforeTheAppsOwnSavesEndedIsNotTakenForAnotherProgramsChange() {
        var app = appExpecting()
        let pepperoni = app.menu.selection!
        _ = app.handle(.menu(.delete(pepperoni)))
        // The first save's write sets off a read of the file, which comes back last, after an undo and its save.
        let savesEndedWhenTheReadBegan = app.savesEnded
        _ = app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil, next: after))
        _ = app.handle(.menu(.undo))
        _ = app.handle(.saveFinished(revision: 2, keptBrokenFileAt: nil, next: before))
        let update = app.handle(.fileChanged(path: ownMenu, changed(["Cheese", "Veggie"]), savesEnded: savesEndedWhenTheReadBegan))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Cheese", "Pepperoni", "Veggie"], "the undone delete stays undone")
        #expect(app.menu.canRedo, "and the history is kept")
        #expect(update.rows == .unchanged)
    }

    @Test func quittingWhileTheChangedFileQuestionIsOpenQuitsOnceItIsAnswered() {
        var app = appExpecting()
        _ = app.handle(.menu(.typePrice("0.07")))
        _ = app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))
        // The price is applied; its save meets the other file, and the question is asked.
        _ = app.handle(.menu(.commitTyped))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        #expect(questions(app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))) == [.fileChangedOnDisk])
        let quit = app.handle(.closeRequested)
        #expect(questions(quit) == [.fileChangedOnDisk])
        let reloaded = app.handle(.answered(.discard))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Alpha"])
        #expect(app.mayClose)
        #expect(reloaded.effects.contains { if case .closeWindow = $0 { true } else { false } })
    }

    private func appReadFromAFile() -> AppSession {
        let menu = try! Menu(pizzas: ["Cheese", "Pepperoni"].map { Pizza(name: $0, pricePerSquareInch: 0.05) })
        let read = ExpectedFile.version(FileVersion(device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5))
        return AppSession(path: ownMenu, ownMenuPath: ownMenu, reading: MenuReading(menu: menu, problem: nil, expected: read),
                          selectedName: "Cheese")
    }

    /// What each save asked for expects on disk.
    private func expectations(_ update: AppSession.Update) -> [ExpectedFile] {
        update.effects.compactMap { effect -> ExpectedFile? in
            if case .save(_, _, _, _, let expecting) = effect { expecting } else { nil }
        }
    }

    private let nothingThere = MenuReading(menu: .standard, problem: nil, expected: .nothing, isNewFile: true)

    @Test func aFileDeletedByAnotherProgramKeepsTheMenuShownAndSaysSoWithoutAsking() {
        var app = appReadFromAFile()
        let update = app.handle(.fileChanged(path: ownMenu, nothingThere, savesEnded: app.savesEnded))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Cheese", "Pepperoni"], "not replaced by the default menu")
        #expect(selectedName(app) == "Cheese")
        #expect(app.banner == .deletedOnDisk(path: ownMenu, savedAgain: false))
        #expect(questions(update).isEmpty)
        #expect(saves(update).isEmpty, "nothing is written back until the user changes something or asks")
        // Save Again writes it where it was, expecting nothing there.
        let again = app.handle(.saveAgain)
        #expect(expectations(again) == [.nothing])
        _ = app.handle(.saveFinished(revision: 0, keptBrokenFileAt: nil, next: .anything))
        #expect(app.banner == .deletedOnDisk(path: ownMenu, savedAgain: true))
    }

    @Test func aSaveRefusedBecauseTheFileWasDeletedIsWrittenAgainAtOnceInsteadOfFailingForever() {
        var app = appReadFromAFile()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        let failed = app.handle(.saveFailed(revision: 1, reason: "another program deleted or moved it", changedOnDisk: true))
        #expect(readsChangedFile(failed))
        let update = app.handle(.fileChanged(path: ownMenu, nothingThere, savesEnded: app.savesEnded))
        #expect(questions(update).isEmpty, "there is nothing on disk to lose or to reload")
        #expect(expectations(update) == [.nothing])
        #expect(app.menu.menu.pizzas.map(\.name) == ["Pepperoni"])
        _ = app.handle(.saveFinished(revision: 1, keptBrokenFileAt: nil, next: .anything))
        #expect(!app.menu.hasUnsavedChanges)
        #expect(app.banner == .deletedOnDisk(path: ownMenu, savedAgain: true))
    }

    @Test func openingAnotherFileAfterTheChangedFileQuestionWasCancelledAsksItAgainNotAGeneralOne() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        #expect(questions(app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))) == [.fileChangedOnDisk])
        _ = app.handle(.answered(.cancel))
        let other: FilePath = "/tmp/pizza-split-tests/other.json"
        let open = app.handle(.openRequested(path: other, reading: MenuReading(menu: .standard, problem: nil), selectedName: nil))
        #expect(questions(open) == [.fileChangedOnDisk])
        #expect(questions(app.handle(.closeRequested)) == [.fileChangedOnDisk])
    }

    @Test func aFileLeftUnreadableByAnotherProgramKeepsTheMenuShownAndTheNextSaveKeepsThatFileAside() {
        var app = appReadFromAFile()
        let theirs = ExpectedFile.version(FileVersion(device: 1, inode: 9, size: 8, modifiedSeconds: 7, modifiedNanoseconds: 6))
        let broken = MenuReading(menu: .standard, problem: "line 1, column 2: not JSON", expected: theirs)
        let update = app.handle(.fileChanged(path: ownMenu, broken, savesEnded: app.savesEnded))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Cheese", "Pepperoni"], "never the default menu over the user's")
        #expect(app.banner == .brokenOnDisk(path: ownMenu, problem: "line 1, column 2: not JSON"))
        #expect(questions(update).isEmpty && saves(update).isEmpty)
        let saved = app.handle(.saveAgain)
        #expect(keepsBrokenFile(in: saved) == [true])
        #expect(expectations(saved) == [theirs], "over exactly the file read, no later one")
        _ = app.handle(.saveFinished(revision: 0, keptBrokenFileAt: "/tmp/pizza-split-tests/menu.json.broken", next: .anything))
        #expect(app.banner != .brokenOnDisk(path: ownMenu, problem: "line 1, column 2: not JSON"))
    }

    private func keepsBrokenFile(in update: AppSession.Update) -> [Bool] {
        update.effects.compactMap { effect -> Bool? in if case .save(_, _, _, let keep, _) = effect { keep } else { nil } }
    }

    @Test func anEditAfterTheFileWasLeftUnreadableIsSavedKeepingTheirFileAsideAndOverExactlyIt() {
        var app = appReadFromAFile()
        let theirs = ExpectedFile.version(FileVersion(device: 1, inode: 9, size: 8, modifiedSeconds: 7, modifiedNanoseconds: 6))
        _ = app.handle(.fileChanged(path: ownMenu, MenuReading(menu: .standard, problem: "not JSON", expected: theirs), savesEnded: app.savesEnded))
        let edit = app.handle(.menu(.delete(app.menu.selection!)))
        #expect(app.menu.menu.pizzas.map(\.name) == ["Pepperoni"], "the edit made to the menu shown, which was kept")
        #expect(keepsBrokenFile(in: edit) == [true])
        #expect(expectations(edit) == [theirs])
        _ = app.handle(.saveFinished(revision: 1, keptBrokenFileAt: "/tmp/pizza-split-tests/menu.json.broken", next: .anything))
        #expect(!app.isLostOnDisk)
        #expect(keepsBrokenFile(in: app.handle(.menu(.undo))) == [false], "their file is kept once")
    }

    @Test func closingWhileTheFileIsGoneAsksAndDiscardClosesAndSaveAgainWritesItFirst() {
        var app = appReadFromAFile()
        _ = app.handle(.fileChanged(path: ownMenu, nothingThere, savesEnded: app.savesEnded))
        #expect(questions(app.handle(.closeRequested)) == [.lostOnDisk(path: ownMenu, isClosing: true)])
        let saving = app.handle(.answered(.tryAgain))
        #expect(expectations(saving) == [.nothing])
        #expect(!closes(saving), "not before the menu is written")
        #expect(closes(app.handle(.saveFinished(revision: 0, keptBrokenFileAt: nil, next: .anything))))

        var other = appReadFromAFile()
        _ = other.handle(.fileChanged(path: ownMenu, nothingThere, savesEnded: other.savesEnded))
        _ = other.handle(.closeRequested)
        #expect(closes(other.handle(.answered(.discard))))
    }

    @Test func tryAgainAfterTheChangedFileQuestionWasCancelledAsksItAgainInsteadOfFailingOnceMore() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        _ = app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))
        _ = app.handle(.answered(.cancel))
        let again = app.handle(.saveAgain)
        #expect(questions(again) == [.fileChangedOnDisk])
        #expect(saves(again).isEmpty)
    }

    @Test func aChangeWhileAPriceIsBeingTypedIsSaidInTheBarWithoutAQuestionOverTheTypingAndKeepsIt() {
        var app = appExpecting()
        _ = app.handle(.menu(.typePrice("0.07")))
        let changed = app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))
        #expect(questions(changed).isEmpty, "no dialog takes the focus from the field")
        #expect(app.banner == .changedOnDisk(path: ownMenu))
        #expect(app.menu.menu.pizzas.count == 3, "not reloaded over the typing")
        #expect(app.menu.hasDraft)
        // The bar's button asks what to keep; cancelled, the bar still says the file differs.
        #expect(questions(app.handle(.saveAgain)) == [.fileChangedOnDisk])
        _ = app.handle(.answered(.cancel))
        #expect(app.banner == .changedOnDisk(path: ownMenu))
        // Keeping mine overwrites their file and the bar goes.
        _ = app.handle(.saveAgain)
        _ = app.handle(.answered(.tryAgain))
        #expect(app.banner == nil)
    }

    @Test func aQuestionCancelledAfterAnEditMetAnotherProgramsChangeLeavesTheBarSayingSo() {
        var app = appExpecting()
        _ = app.handle(.menu(.delete(app.menu.selection!)))
        _ = app.handle(.saveFailed(revision: 1, reason: "another program changed it", changedOnDisk: true))
        #expect(questions(app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))) == [.fileChangedOnDisk])
        _ = app.handle(.answered(.cancel))
        #expect(app.banner == .changedOnDisk(path: ownMenu))
    }

    @Test func withNothingLeftToKeepTheBarsButtonReadsTheOtherProgramsFile() {
        var app = appExpecting()
        _ = app.handle(.menu(.typePrice("0.07")))
        _ = app.handle(.fileChanged(path: ownMenu, changed(["Alpha"]), savesEnded: app.savesEnded))
        _ = app.handle(.menu(.revertPrice))
        let reloaded = app.handle(.saveAgain)
        #expect(questions(reloaded).isEmpty)
        #expect(app.menu.menu.pizzas.map(\.name) == ["Alpha"])
        #expect(app.banner == nil)
    }
}
