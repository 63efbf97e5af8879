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
