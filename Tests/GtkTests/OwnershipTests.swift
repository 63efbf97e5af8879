import CGtk
import XCTest
@testable import Gtk

final class OwnershipTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testWidgetDroppedFromSwiftIsFinalized() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Drop me")
            let probe = FinalizationProbe(button!)
            XCTAssertFalse(button!.isFloating, "a new widget's floating reference is sunk by its wrapper")
            XCTAssertEqual(button!.referenceCount, 1)
            button = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testFloatingWidgetAdoptedByContainerIsOwnedExactlyOnceByEach() {
        MainActor.assumeIsolated {
            var box: Box? = Box(.vertical)
            var label: Label? = Label("child")
            let labelProbe = FinalizationProbe(label!)
            box!.append(label!)
            XCTAssertEqual(label!.referenceCount, 2, "one reference for the wrapper, one for the box")
            label = nil
            XCTAssertFalse(labelProbe.isFinalized, "the box still holds the label")
            let child = Object.wrapper(for: gtk_widget_get_first_child(box!.widget), as: Label.self, ownership: .none)
            XCTAssertEqual(child?.text, "child")
            XCTAssertEqual(child?.referenceCount, 2)
            _ = child
            box = nil
            XCTAssertFalse(labelProbe.isFinalized, "a wrapper still holds the label")
        }
    }

    func testControllerGivenToAWidgetLivesWithTheWidget() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Keys")
            var controller: KeyController? = KeyController()
            let probe = FinalizationProbe(controller!)
            button!.addController(controller!)
            XCTAssertEqual(controller!.referenceCount, 2, "one reference for the wrapper, one for the widget")
            controller = nil
            XCTAssertFalse(probe.isFinalized, "the widget still holds its controller")
            button = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testModelSelectionAndFactoryHandedOverTransferFullLiveExactlyAsLongAsTheirUsers() {
        MainActor.assumeIsolated {
            var model: IndexListModel? = IndexListModel(count: 3)
            var selection: SingleSelection? = SingleSelection(model: model!)
            var factory: SignalListItemFactory? = SignalListItemFactory()
            var view: ListView? = ListView(selection: selection!, factory: factory!)
            let probes = [FinalizationProbe(model!), FinalizationProbe(selection!), FinalizationProbe(factory!)]
            model = nil
            selection = nil
            factory = nil
            XCTAssertTrue(probes.allSatisfy { !$0.isFinalized }, "the view keeps what it was given")
            XCTAssertEqual(view?.typeName, "GtkListView")
            view = nil
            MainContext.drainPending()
            XCTAssertTrue(probes.allSatisfy { $0.isFinalized }, "and nothing outlives the view")
        }
    }

    func testContainerDropReleasesChildren() {
        MainActor.assumeIsolated {
            var box: Box? = Box(.vertical)
            let probe: FinalizationProbe = {
                let label = Label("child")
                box!.append(label)
                return FinalizationProbe(label)
            }()
            XCTAssertFalse(probe.isFinalized)
            box = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testWrapperIdentitySurvivesRoundTripThroughC() {
        MainActor.assumeIsolated {
            let paned = Paned(.horizontal)
            let label = Label("start")
            paned.startChild = label
            XCTAssertTrue(paned.startChild === label)
            paned.startChild = nil
            XCTAssertNil(paned.startChild)
        }
    }

    func testClosedWindowIsFinalized() {
        MainActor.assumeIsolated {
            var window: Window? = Window()
            let probe = FinalizationProbe(window!)
            window!.child = Label("inside")
            window!.present()
            MainContext.iterate(until: { window!.isMapped }, limit: 2_000)
            XCTAssertTrue(window!.isMapped)
            window!.destroy()
            window = nil
            MainContext.drainPending()
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testDroppingTheWrapperOfAnOpenWindowDoesNotCloseIt() {
        MainActor.assumeIsolated {
            let before = Window.toplevelCount
            var window: Window? = Window()
            let probe = FinalizationProbe(window!)
            let rawWindow = window!.gobject
            window = nil
            XCTAssertFalse(probe.isFinalized, "GTK's window list owns a top-level window")
            XCTAssertEqual(Window.toplevelCount, before + 1)
            var again = Object.wrapper(for: rawWindow, as: Window.self, ownership: .none)
            again?.destroy()
            MainContext.drainPending()
            XCTAssertEqual(Window.toplevelCount, before)
            XCTAssertFalse(probe.isFinalized, "Swift still holds the wrapper")
            again = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    // MARK: Identity: one wrapper per GObject, alive exactly as long as the GObject

    func testGettingTheWrapperOfAPointerTwiceGivesTheSameObjectAndTakesNoReference() {
        MainActor.assumeIsolated {
            let label = Label("once")
            let first = Object.wrapper(for: label.gobject, as: Label.self, ownership: .none)
            let second = Object.wrapper(for: label.gobject, as: Widget.self, ownership: .none)
            XCTAssertTrue(first === label)
            XCTAssertTrue(second === label)
            XCTAssertEqual(label.referenceCount, 1)
            XCTAssertNil(Object.wrapper(for: label.gobject, as: Button.self, ownership: .none),
                         "a label's wrapper is not a button")
            XCTAssertEqual(label.referenceCount, 1)
        }
    }

    func testAWrapperDroppedBySwiftWhileGtkHoldsTheObjectComesBackWithItsState() {
        MainActor.assumeIsolated {
            let parent = Box(.vertical)
            weak var dropped: TaggedBox?
            do {
                let row = TaggedBox(.horizontal)
                row.tag = "kept"
                parent.append(row)
                dropped = row
            }
            XCTAssertNotNil(dropped, "the parent holds the box, so its wrapper lives on")
            let child = Object.wrapper(for: gtk_widget_get_first_child(parent.widget), as: Widget.self, ownership: .none)
            let row = child as? TaggedBox
            XCTAssertTrue(row === dropped)
            XCTAssertEqual(row?.tag, "kept")
        }
    }

    func testTheWrapperIsFreedWhenItsObjectIsFinalized() {
        MainActor.assumeIsolated {
            var parent: Box? = Box(.vertical)
            weak var dropped: TaggedBox?
            let probe: FinalizationProbe = {
                let row = TaggedBox(.horizontal)
                parent!.append(row)
                dropped = row
                return FinalizationProbe(row)
            }()
            XCTAssertNotNil(dropped)
            parent = nil
            XCTAssertTrue(probe.isFinalized, "the box went with its parent")
            XCTAssertNil(dropped, "and its wrapper with it")
        }
    }

    func testAWidgetTakenOutOfItsParentGoesWithItsLastSwiftReference() {
        MainActor.assumeIsolated {
            let parent = Box(.vertical)
            weak var dropped: Label?
            let probe: FinalizationProbe = {
                let label = Label("out")
                parent.append(label)
                dropped = label
                return FinalizationProbe(label)
            }()
            guard dropped != nil else { return XCTFail("the parent holds the label, so its wrapper lives on") }
            var label = dropped
            parent.remove(label!)
            XCTAssertEqual(label?.referenceCount, 1, "only the wrapper's toggle reference is left")
            XCTAssertFalse(probe.isFinalized, "Swift still holds the wrapper")
            label = nil
            XCTAssertTrue(probe.isFinalized, "the wrapper dropped the toggle reference")
            XCTAssertNil(dropped)
        }
    }

    func testTenThousandCreateDestroyCyclesLeaveNoLiveObjects() {
        MainActor.assumeIsolated {
            let counter = LiveObjectCounter()
            for index in 0..<10_000 {
                let box = Box(.horizontal)
                let label = Label("row \(index)")
                let button = Button(label: "go")
                button.onClicked { _ in _ = label.text }
                box.append(label)
                box.append(button)
                counter.watch(box)
                counter.watch(label)
                counter.watch(button)
            }
            MainContext.drainPending()
            XCTAssertEqual(counter.live, 0)
        }
    }
}

/// A box with state of its own, as a composite widget or a list row has.
@MainActor
private final class TaggedBox: Box {
    var tag = ""
}
