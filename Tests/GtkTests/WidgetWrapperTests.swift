import CGtk
import XCTest
@testable import Gtk

/// The wrappers a list-and-detail app needs beyond the basics: each is owned exactly once by its wrapper and once
/// by a container, goes when both let go, and does what its C functions say.
final class WidgetWrapperTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAWrappingLabelThatBreaksLongWordsNeedsNoMoreWidthThanAFewCharacters() {
        MainActor.assumeIsolated {
            @MainActor func wrappingLabel(breaksLongWords: Bool) -> Label {
                let label = Label(String(repeating: "W", count: 200))
                label.wraps = true
                label.breaksLongWords = breaksLongWords
                return label
            }
            let byWords = wrappingLabel(breaksLongWords: false)
            let byCharacters = wrappingLabel(breaksLongWords: true)
            XCTAssertFalse(byWords.breaksLongWords)
            XCTAssertTrue(byCharacters.breaksLongWords)
            XCTAssertGreaterThan(byWords.measureWidth().minimum, 1000, "one word of 200 letters is one line's minimum")
            XCTAssertLessThan(byCharacters.measureWidth().minimum, 100, "broken between letters, a few letters are")
        }
    }

    func testTextViewAndItsBufferAreOwnedOnceAndShareTheText() {
        MainActor.assumeIsolated {
            assertOwnedOnceAndFreed { TextView() }
            var buffer: TextBuffer? = TextBuffer()
            let bufferProbe = FinalizationProbe(buffer!)
            var view: TextView? = TextView(buffer: buffer!)
            XCTAssertTrue(view!.buffer === buffer, "the view's buffer is the same wrapper")
            XCTAssertGreaterThan(buffer!.referenceCount, 1, "the view holds the buffer too (and its layout does)")
            var changes = 0
            buffer!.onChanged { _ in changes += 1 }
            buffer!.text = "Tomato, mozzarella, basil"
            XCTAssertEqual(view!.buffer.text, "Tomato, mozzarella, basil")
            XCTAssertEqual(buffer!.characterCount, 25)
            XCTAssertEqual(changes, 1)
            view!.wrapsWords = true
            XCTAssertTrue(view!.wrapsWords)
            buffer = nil
            XCTAssertFalse(bufferProbe.isFinalized, "the view holds its buffer")
            view = nil
            XCTAssertTrue(bufferProbe.isFinalized)
        }
    }

    func testDropDownIsOwnedOnceAndReportsTheChosenPosition() {
        MainActor.assumeIsolated {
            assertOwnedOnceAndFreed { DropDown(strings: ["Small", "Large"]) }
            let dropDown = DropDown(strings: ["Small", "Medium", "Large"])
            XCTAssertEqual(dropDown.selected, 0)
            var reported: [Int?] = []
            dropDown.onSelectedChanged { _, position in reported.append(position) }
            dropDown.selected = 2
            dropDown.selected = nil
            XCTAssertEqual(reported, [2, nil])
        }
    }

    func testSpinnerAndProgressBarAreOwnedOnceAndShowProgress() {
        MainActor.assumeIsolated {
            assertOwnedOnceAndFreed { Spinner() }
            assertOwnedOnceAndFreed { ProgressBar() }
            let spinner = Spinner()
            XCTAssertFalse(spinner.isSpinning)
            spinner.isSpinning = true
            XCTAssertTrue(spinner.isSpinning)
            let bar = ProgressBar()
            bar.fraction = 0.5
            bar.text = "Exporting"
            XCTAssertEqual(bar.fraction, 0.5)
            XCTAssertEqual(bar.text, "Exporting")
            XCTAssertEqual(bar.property("show-text").boolValue, true)
            bar.fraction = 2
            XCTAssertEqual(bar.fraction, 1, "GTK clamps the fraction")
        }
    }

    func testCheckButtonAndSwitchAreOwnedOnceAndReportTheirState() {
        MainActor.assumeIsolated {
            assertOwnedOnceAndFreed { CheckButton(label: "Vegetarian") }
            assertOwnedOnceAndFreed { Switch() }
            let first = CheckButton(label: "Thin")
            let second = CheckButton(label: "Thick")
            second.setGroup(first)
            var toggles: [String] = []
            first.onToggled { toggles.append("\($0.label ?? ""): \($0.isActive)") }
            first.isActive = true
            second.isActive = true
            XCTAssertFalse(first.isActive, "a group is exclusive")
            XCTAssertEqual(toggles, ["Thin: true", "Thin: false"])
            let toggle = Switch()
            var states: [Bool] = []
            toggle.onActiveChanged { _, isOn in states.append(isOn) }
            toggle.isActive = true
            XCTAssertEqual(states, [true])
        }
    }

    func testPictureIsOwnedOnceAndHoldsItsTexture() {
        MainActor.assumeIsolated {
            assertOwnedOnceAndFreed { Picture() }
            let png: [UInt8] = [
                0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
                0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
                0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
                0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
            ]
            guard var texture = Texture(data: png) else { return XCTFail("a 1×1 PNG decodes") }
            let probe = FinalizationProbe(texture)
            var picture: Picture? = Picture(texture: texture)
            picture!.alternativeText = "A pizza"
            picture!.canShrink = false
            XCTAssertEqual(picture!.alternativeText, "A pizza")
            XCTAssertFalse(picture!.canShrink)
            XCTAssertEqual(texture.referenceCount, 2, "one for the wrapper, one for the picture")
            texture = Texture(data: png)!
            XCTAssertFalse(probe.isFinalized, "the picture holds the first texture")
            picture = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }
}

/// A new widget is sunk and owned once by its wrapper, once more by a box, and finalized when both let go.
@MainActor
private func assertOwnedOnceAndFreed(_ make: () -> Widget, file: StaticString = #filePath, line: UInt = #line) {
    var box: Box? = Box(.vertical)
    var widget: Widget? = make()
    let probe = FinalizationProbe(widget!)
    XCTAssertFalse(widget!.isFloating, "\(widget!.typeName) is sunk", file: file, line: line)
    XCTAssertEqual(widget!.referenceCount, 1, file: file, line: line)
    box!.append(widget!)
    XCTAssertEqual(widget!.referenceCount, 2, "one for the wrapper, one for the box", file: file, line: line)
    widget = nil
    XCTAssertFalse(probe.isFinalized, "the box still holds it", file: file, line: line)
    box = nil
    XCTAssertTrue(probe.isFinalized, file: file, line: line)
}
