import XCTest
@testable import Gtk

/// GMenu and GSimpleAction are GIO only: these tests need no display.
final class MenuModelTests: XCTestCase {
    func testSubmenuIsAnItemUnderItsLabelThatOpensTheSameMenu() {
        MainActor.assumeIsolated {
            let menu = MenuModel()
            let recent = MenuModel()
            menu.append("_Open…", action: "win.open")
            menu.appendSubmenu("Open _Recent", recent)
            XCTAssertEqual(menu.itemCount, 2)
            XCTAssertEqual(menu.attribute("label", at: 1), "Open _Recent")
            XCTAssertNil(menu.submenu(at: 0))
            XCTAssertTrue(menu.submenu(at: 1) === recent, "the submenu keeps its one wrapper")
        }
    }

    func testItemWithATargetCarriesItsActionAndTargetAsGiven() {
        MainActor.assumeIsolated {
            let menu = MenuModel()
            menu.append("a.json", action: "win.open-recent", target: "2::'x'")
            XCTAssertEqual(menu.attribute("action", at: 0), "win.open-recent")
            XCTAssertEqual(menu.attribute("target", at: 0), "2::'x'")
            XCTAssertNil(menu.attribute("icon", at: 0))
        }
    }

    func testRemoveAllEmptiesTheMenuForItToBeFilledAgain() {
        MainActor.assumeIsolated {
            let menu = MenuModel()
            menu.append("a", action: "win.a")
            menu.append("b", action: "win.b")
            menu.removeAll()
            XCTAssertEqual(menu.itemCount, 0)
            menu.append("c", action: "win.c")
            XCTAssertEqual(menu.attribute("label", at: 0), "c")
        }
    }

    func testStringParameterActionReceivesTheTargetItIsActivatedWith() {
        MainActor.assumeIsolated {
            let action = SimpleAction(name: "open-recent", parameter: .string)
            var received: [String?] = []
            action.onActivate { _, parameter in received.append(parameter) }
            action.activate("1")
            action.activate("0")
            XCTAssertEqual(received, ["1", "0"])
        }
    }
}
