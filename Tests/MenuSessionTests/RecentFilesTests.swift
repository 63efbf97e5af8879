import MenuSession
import PizzaModel
import Testing

@Suite struct RecentFilesTests {
    private let own: FilePath = "/home/ann/.local/share/pizza-split/menu.json"

    @Test func theOwnMenuComesFirstThenTheOthersNewestFirstWithoutRepeats() {
        var recent = RecentFiles(ownMenuPath: own)
        recent.opened("/tmp/a.json")
        recent.opened("/tmp/b.json")
        recent.opened(own)
        recent.opened("/tmp/a.json")
        #expect(recent.all == [own, "/tmp/a.json", "/tmp/b.json"])
    }

    @Test func onlyTheLastFewFilesAreKept() {
        var recent = RecentFiles(ownMenuPath: own)
        for index in 0..<(RecentFiles.limit + 2) { recent.opened(FilePath("/tmp/\(index).json")) }
        #expect(recent.others.count == RecentFiles.limit)
        #expect(recent.others.first == FilePath("/tmp/\(RecentFiles.limit + 1).json"))
        // A kept list read back is cleaned the same way.
        #expect(RecentFiles(ownMenuPath: own, others: [own, "/tmp/x.json", "/tmp/x.json"]).all == [own, "/tmp/x.json"])
    }

    @Test func aFolderIsNamedOnlyWhenTwoRecentFilesShareAName() {
        var recent = RecentFiles(ownMenuPath: own)
        recent.opened("/home/ann/party/menu.json")
        recent.opened("/tmp/other.json")
        #expect(recent.distinguishingFolder(of: "/home/ann/party/menu.json") == "/home/ann/party")
        #expect(recent.distinguishingFolder(of: own) == "/home/ann/.local/share/pizza-split")
        #expect(recent.distinguishingFolder(of: "/tmp/other.json") == nil)
    }
}

@Suite struct AppSessionTitleFolderTests {
    private let own: FilePath = "/home/ann/.local/share/pizza-split/menu.json"

    @Test func theTitleNamesTheFolderOnlyWhenAnotherFileOpenedHereHasTheSameName() {
        let reading = MenuReading(menu: .standard, problem: nil)
        var app = AppSession(path: own, ownMenuPath: own, reading: reading, selectedName: nil)
        _ = app.handle(.openRequested(path: "/tmp/party.json", reading: reading, selectedName: nil))
        #expect(app.view.fileName == "/tmp/party.json")
        #expect(app.view.fileFolder == nil)
        _ = app.handle(.openRequested(path: "/home/ann/party/menu.json", reading: reading, selectedName: nil))
        #expect(app.view.fileFolder == "/home/ann/party")
        _ = app.handle(.openRequested(path: own, reading: reading, selectedName: nil))
        #expect(app.view.fileName == nil)
        #expect(app.view.fileFolder == nil)
    }
}

@Suite struct RecentFilesKeptTests {
    private let own: FilePath = "/home/ann/.local/share/pizza-split/menu.json"

    @Test func everyPathComesBackWholeFromItsKeptForm() {
        let odd = FilePath(bytes: Array("/tmp/two\nlines %41 caf".utf8) + [0xE9] + Array(".json".utf8))
        let recent = RecentFiles(ownMenuPath: own, others: ["/tmp/a b.json", odd, "/home/ann/party/menu.json"])
        let kept = recent.encoded
        #expect(kept.filter { $0 == UInt8(ascii: "\n") }.count == 3, "one line a file")
        #expect(!kept.contains(0xE9))
        #expect(RecentFiles(ownMenuPath: own, encoded: kept) == recent)
    }

    @Test func linesThatAreNotAKeptAbsolutePathAreLeftOut() {
        let kept = Array("relative.json\n/tmp/bad%4.json\n/tmp/bad%zz.json\n/tmp/nul%00.json\n\n/tmp/good%20one.json\n/tmp/tab\there.json\n".utf8)
        #expect(RecentFiles(ownMenuPath: own, encoded: kept).others == ["/tmp/good one.json"])
    }

    @Test func openRecentOffersEveryFileButTheOpenOneTheOwnMenuFirst() {
        let recent = RecentFiles(ownMenuPath: own, others: ["/tmp/b.json", "/tmp/a.json"])
        #expect(recent.offered(whileOpen: own) == ["/tmp/b.json", "/tmp/a.json"])
        #expect(recent.offered(whileOpen: "/tmp/b.json") == [own, "/tmp/a.json"])
    }
}

@Suite struct AppSessionRecentFilesTests {
    private let own: FilePath = "/home/ann/.local/share/pizza-split/menu.json"
    private let reading = MenuReading(menu: .standard, problem: nil)

    private func kept(_ effects: [AppSession.Effect]) -> [RecentFiles] {
        effects.compactMap { if case .keepRecentFiles(let files) = $0 { files } else { nil } }
    }

    @Test func theFilesOfEarlierRunsAreOfferedAndEachFileOpenedIsKeptFirst() {
        var app = AppSession(path: own, ownMenuPath: own, reading: reading, selectedName: nil,
                             recentFiles: ["/tmp/b.json", "/tmp/a.json"])
        #expect(kept(app.startEffects).isEmpty, "nothing new to keep")
        #expect(app.view.recentFiles == ["/tmp/b.json", "/tmp/a.json"])
        let update = app.handle(.openRequested(path: "/tmp/a.json", reading: reading, selectedName: nil))
        #expect(kept(update.effects).map(\.others) == [["/tmp/a.json", "/tmp/b.json"]])
        #expect(app.view.recentFiles == [own, "/tmp/b.json"])
    }

    @Test func aFileNamedAtStartIsKeptFirstAtOnce() {
        let app = AppSession(path: "/tmp/c.json", ownMenuPath: own, reading: nil, selectedName: nil,
                             recentFiles: ["/tmp/a.json", "/tmp/c.json"])
        #expect(kept(app.startEffects).map(\.others) == [["/tmp/c.json", "/tmp/a.json"]])
        #expect(app.view.recentFiles == [own, "/tmp/a.json"])
    }

    @Test func aFileThatCannotBeOpenedIsNotKept() {
        var app = AppSession(path: own, ownMenuPath: own, reading: reading, selectedName: nil)
        let update = app.handle(.openRequested(path: "/tmp/bad.json", reading: MenuReading(menu: .standard, problem: "not JSON"),
                                               selectedName: nil))
        #expect(kept(update.effects).isEmpty)
        #expect(app.view.recentFiles.isEmpty)
    }
}
