import PizzaModel
import Testing

/// The English the model's problems say in logs and tests (the app words the same values in the user's language).
@Suite struct ProblemWordingTests {
    @Test func aTooLargeFileSaysItsSizeAndTheLimitInBytesOrMegabytes() {
        #expect(StorageProblem.tooLarge(size: 3_000, limit: 1_000, role: .menu).description
                == "the file is 3,000 bytes, more than a menu can be (1,000 bytes at most)")
        #expect(StorageProblem.tooLarge(size: 300 * 1_048_576 + 1, limit: 256 * 1_048_576, role: .menu).description
                == "the file is 301 MB, more than a menu can be (256 MB at most)")
        #expect(StorageProblem.tooLarge(size: 70_000, limit: 65_536, role: .windowState).description
                == "the file is 70,000 bytes, more than a window-state file can be (65,536 bytes at most)")
        #expect(StorageProblem.tooLarge(size: nil, limit: 1, role: .recentFiles).description
                == "the file is more than a recent-files list can be (1 byte at most)")
    }

    @Test func aFileErrorSaysItsPlaceAndThenWhatIsWrong() {
        let error = MenuFileError(path: "m.json", line: 3, column: 7,
                                  problem: .expected(.commaOrBraceAfterValue(of: "name"), found: .text("x")))
        #expect(error.description == "m.json: line 3, column 7: expected ',' or '}' after the value of \"name\", found 'x'")
        #expect(MenuFileError(path: "m.json", problem: .empty).description == "m.json: the file is empty")
    }
}
