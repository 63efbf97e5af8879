import Foundation
import XCTest
@testable import Gtk

final class FileChooserNativeTests: XCTestCase {
    func testSaveModeSuggestsTheNameAndFolderItIsGiven() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chooser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        MainActor.assumeIsolated {
            let chooser = FileChooserNative(savingWithTitle: "Save Menu As", parent: nil, acceptLabel: "_Save",
                                            suggestedName: "menu copy.json")
            XCTAssertEqual(chooser.mode, .save)
            XCTAssertEqual(chooser.currentName, "menu copy.json")
            XCTAssertTrue(chooser.setCurrentFolder(Array(folder.path.utf8)))
            XCTAssertFalse(chooser.setCurrentFolder(Array("/tmp/a\0b".utf8)), "a path with a NUL byte names no folder")
            XCTAssertEqual(FileChooserNative(title: "Open", parent: nil, acceptLabel: "_Open").mode, .open)
        }
    }
}
