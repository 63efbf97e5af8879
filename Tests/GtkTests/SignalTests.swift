import CGtk
import Foundation
import XCTest
@testable import Gtk

final class SignalTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testVoidSignalRunsClosure() {
        MainActor.assumeIsolated {
            let button = Button(label: "Press")
            var clicks = 0
            button.onClicked { _ in clicks += 1 }
            button.emit("clicked")
            button.emit("clicked")
            XCTAssertEqual(clicks, 2)
        }
    }

    func testIntAndDoubleArgumentsArriveTyped() {
        MainActor.assumeIsolated {
            let gesture = ClickGesture()
            var received: (Int32, Double, Double)?
            gesture.onPressed { _, count, x, y in received = (count, x, y) }
            gesture.emit("pressed", .int(2), .double(12.75), .double(-3.5))
            XCTAssertEqual(received?.0, 2)
            XCTAssertEqual(received?.1, 12.75)
            XCTAssertEqual(received?.2, -3.5)
        }
    }

    func testTwoDoubleArgumentsArriveTypedInOrder() {
        MainActor.assumeIsolated {
            let gesture = DragGesture()
            var updates: [(Double, Double)] = []
            var emitter: DragGesture?
            gesture.onUpdate { emitter = $0; updates.append(($1, $2)) }
            gesture.emit("drag-update", .double(48.5), .double(-2.25))
            XCTAssertTrue(emitter === gesture, "the handler is handed the gesture that emitted")
            XCTAssertEqual(updates.count, 1)
            XCTAssertEqual(updates.first?.0, 48.5)
            XCTAssertEqual(updates.first?.1, -2.25)
        }
    }

    func testUnsignedArgumentArrivesTyped() {
        MainActor.assumeIsolated {
            let model = IndexListModel(count: 10)
            let view = ListView(selection: SingleSelection(model: model), factory: SignalListItemFactory())
            var activated: Int?
            view.onActivate { activated = $1 }
            view.emit("activate", .uint(7))
            XCTAssertEqual(activated, 7)
        }
    }

    func testBoolArgumentAndBoolResultArriveTyped() {
        MainActor.assumeIsolated {
            let label = Label("_Name")
            var seen: [Bool] = []
            label.onMnemonicActivate { _, cycling in seen.append(cycling); return true }
            let handled = label.emit("mnemonic-activate", .bool(true), returning: .bool)
            _ = label.emit("mnemonic-activate", .bool(false), returning: .bool)
            XCTAssertEqual(seen, [true, false])
            XCTAssertEqual(handled?.boolValue, true)
        }
    }

    func testStringArgumentArrivesTyped() {
        MainActor.assumeIsolated {
            let label = Label("")
            var uri: String?
            label.onActivateLink { uri = $1; return true }
            let handled = label.emit("activate-link", .string("https://example.org/pizza?size=12\""), returning: .bool)
            XCTAssertEqual(uri, "https://example.org/pizza?size=12\"")
            XCTAssertEqual(handled?.boolValue, true)
        }
    }

    func testObjectArgumentArrivesAsItsWrapper() {
        MainActor.assumeIsolated {
            let factory = SignalListItemFactory()
            let item = ListItem(cgtk_object_new(gtk_list_item_get_type()).assumingMemoryBound(to: GObject.self),
                                ownership: .full)
            var received: ListItem?
            factory.onSetup { received = $1 }
            factory.emit("setup", .object(item))
            XCTAssertTrue(received === item, "the existing wrapper is found again, not a second one")
        }
    }

    func testObjectArgumentMadeByGTKArrivesAsTheWrapperTypeTheSignalPromises() {
        MainActor.assumeIsolated {
            let model = IndexListModel(count: 3)
            let factory = SignalListItemFactory()
            var positions: [Int] = []
            factory.onBind { _, item in if let position = item.position { positions.append(position) } }
            let window = Window()
            window.child = ListView(selection: SingleSelection(model: model), factory: factory)
            window.defaultSize = (200, 200)
            window.present()
            runMainLoop { positions.count >= 3 }
            window.destroy()
            XCTAssertEqual(positions.sorted(), [0, 1, 2], "GTK's own list items reach the handler as ListItems")
        }
    }

    func testNotifyDeliversTypedNewValue() {
        MainActor.assumeIsolated {
            let paned = Paned(.horizontal)
            var positions: [Int] = []
            paned.onPositionChanged { positions.append($1) }
            paned.position = 120
            paned.position = 240
            XCTAssertEqual(positions, [120, 240])
        }
    }

    func testFocusChangedNamesTheWindowsNewFocusWidgetAndNilWhenItGoes() {
        MainActor.assumeIsolated {
            let window = Window()
            let entry = Entry()
            window.child = entry
            var seen: [Widget?] = []
            window.onFocusChanged { _, focus in seen.append(focus) }
            window.focus = entry
            XCTAssertEqual(seen.count, 1)
            let focused = try? XCTUnwrap(seen.last ?? nil)
            XCTAssertTrue(focused === entry || focused?.isDescendant(of: entry) == true, "the entry or its text")
            window.focus = nil
            XCTAssertEqual(seen.count, 2)
            XCTAssertNil(seen.last ?? nil, "no focus widget")
            window.destroy()
        }
    }

    func testDisconnectReleasesClosureAndItsCaptures() {
        MainActor.assumeIsolated {
            let button = Button(label: "Press")
            var tracker: CaptureTracker? = CaptureTracker()
            weak let weakTracker = tracker
            var clicks = 0
            let connection = button.onClicked { [tracker] _ in _ = tracker; clicks += 1 }
            tracker = nil
            XCTAssertNotNil(weakTracker, "the connected closure keeps its capture")
            XCTAssertTrue(connection.isConnected)
            connection.disconnect()
            XCTAssertNil(weakTracker, "disconnecting released the closure")
            XCTAssertFalse(connection.isConnected)
            button.emit("clicked")
            XCTAssertEqual(clicks, 0)
        }
    }

    func testFinalizingTheObjectReleasesClosureAndItsCaptures() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Press")
            var tracker: CaptureTracker? = CaptureTracker()
            weak let weakTracker = tracker
            let connection = button!.onClicked { [tracker] _ in _ = tracker }
            tracker = nil
            XCTAssertNotNil(weakTracker)
            button = nil
            XCTAssertNil(weakTracker, "finalization ran the destroy-notify")
            XCTAssertFalse(connection.isConnected)
            connection.disconnect()
        }
    }

    func testDisconnectingTwiceIsHarmless() {
        MainActor.assumeIsolated {
            let button = Button(label: "Press")
            var clicks = 0
            let first = button.onClicked { _ in clicks += 1 }
            let second = button.onClicked { _ in clicks += 10 }
            first.disconnect()
            first.disconnect()
            button.emit("clicked")
            XCTAssertEqual(clicks, 10, "the second handler is untouched")
            XCTAssertTrue(second.isConnected)
        }
    }

    func testHandlerIsHandedItsOwnerSoItNeedNotCaptureIt() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Self")
            let probe = FinalizationProbe(button!)
            button!.onClicked { $0.label = "pressed" }
            button!.emit("clicked")
            XCTAssertEqual(button!.label, "pressed")
            button = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }
}

final class SignalDeclarationTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testDeclarationMatchingGLibsRegisteredSignatureIsAccepted() {
        MainActor.assumeIsolated {
            XCTAssertNil(Signal<KeyHandler>("key-pressed").signatureMismatch(on: KeyController()))
            XCTAssertNil(Signal<PressHandler>("pressed").signatureMismatch(on: ClickGesture()))
            for name in ["drag-begin", "drag-update", "drag-end"] {
                XCTAssertNil(Signal<PointHandler>(name).signatureMismatch(on: DragGesture()), name)
            }
            XCTAssertNil(Signal<PointToBoolHandler>("scroll").signatureMismatch(on: ScrollController()))
            XCTAssertNil(Signal<VoidHandler>("scroll-end").signatureMismatch(on: ScrollController()))
            XCTAssertNil(Signal<VoidHandler>.notify("label").signatureMismatch(on: Button(label: "x")))
            XCTAssertNil(Signal<OptionalStringHandler>(stringVariant: "activate").signatureMismatch(on: SimpleAction(name: "a")))
        }
    }

    func testDeclarationWithTheWrongCSignatureIsCaughtAgainstGLib() {
        MainActor.assumeIsolated {
            let toggle = ToggleButton(toggleLabel: "x")
            let mismatch = Signal<UIntHandler>("toggled").signatureMismatch(on: toggle)
            XCTAssertEqual(mismatch, "GtkToggleButton::toggled is registered as () -> void, not as this trampoline's signature")
            XCTAssertNotNil(Signal<VoidHandler>("key-pressed").signatureMismatch(on: KeyController()))
            XCTAssertNotNil(Signal<VoidHandler>("no-such-signal").signatureMismatch(on: toggle))
        }
    }
}
