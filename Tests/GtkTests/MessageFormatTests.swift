import XCTest
@testable import Gtk

/// What `String(translating:)` does with a message once gettext has chosen it: no display needed.
final class MessageFormatTests: XCTestCase {
    func testArgumentsFillTheDirectivesInOrder() {
        XCTAssertEqual(MessageFormat.fill("Deleted “%s” (%d left)", ["Cheese", 3]), "Deleted “Cheese” (3 left)")
    }

    func testPositionsLetATranslationReorderTheArguments() {
        XCTAssertEqual(MessageFormat.fill("%2$s: %1$s", ["first", "second"]), "second: first")
        XCTAssertEqual(MessageFormat.fill("%1$s, %1$s", ["again"]), "again, again")
    }

    func testADoublePercentIsOnePercentSign() {
        XCTAssertEqual(MessageFormat.fill("100%% of %s", ["pizzas"]), "100% of pizzas")
        XCTAssertEqual(MessageFormat.fill("50%%", []), "50%")
    }

    func testAnUnknownOrUnfilledDirectiveIsLeftAsWritten() {
        XCTAssertEqual(MessageFormat.fill("%x and %s and %s", ["one"]), "%x and one and %s")
        XCTAssertEqual(MessageFormat.fill("%3$s", ["one"]), "%3$s")
        XCTAssertEqual(MessageFormat.fill("ends in %", ["one"]), "ends in %")
    }

    func testUntranslatedMessagesComeBackInEnglishFilled() {
        XCTAssertEqual(String(translating: "No such message %s in %d", "here", 2), "No such message here in 2")
        XCTAssertEqual(String(translating: "%d pizza", plural: "%d pizzas", count: 1, 1), "1 pizza")
        XCTAssertEqual(String(translating: "%d pizza", plural: "%d pizzas", count: 2, 2), "2 pizzas")
        XCTAssertEqual(String(translating: "Open", context: "no such context"), "Open")
    }
}
