import CGtk
import Foundation
import XCTest
@testable import Gtk

final class IndexListModelTests: XCTestCase {
    func testARowsItemIsTheSameObjectWhileItIsHeldAndIsFreedWhenLetGo() {
        MainActor.assumeIsolated {
            let model = IndexListModel(count: 5)
            let held = g_list_model_get_item(model.listModel, 2)!
            let again = g_list_model_get_item(model.listModel, 2)!
            let other = g_list_model_get_item(model.listModel, 3)!
            XCTAssertEqual(held, again, "row 2 asked for twice while held")
            XCTAssertNotEqual(held, other)
            let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
            defer { slot.deallocate() }
            slot.initialize(to: held)
            g_object_add_weak_pointer(held.assumingMemoryBound(to: GObject.self), slot)
            g_object_unref(again)
            g_object_unref(other)
            XCTAssertNotNil(slot.pointee, "one reference is still held")
            g_object_unref(held)
            XCTAssertNil(slot.pointee, "the model keeps no row item alive by itself")
            let fresh = g_list_model_get_item(model.listModel, 2)!
            XCTAssertEqual(g_type_check_instance_is_a(fresh.assumingMemoryBound(to: GTypeInstance.self), cgtk_type_object()), 1)
            g_object_unref(fresh)
            XCTAssertNil(g_list_model_get_item(model.listModel, 5), "no item past the end")
        }
    }

    func testAfterRowsMoveNoItemStillHeldIsHandedToAnotherRow() {
        MainActor.assumeIsolated {
            let model = IndexListModel(count: 3)
            let removedRow = g_list_model_get_item(model.listModel, 0)!
            let secondRow = g_list_model_get_item(model.listModel, 1)!
            model.replace(at: 0, removed: 1, added: 0)
            let newFirst = g_list_model_get_item(model.listModel, 0)!
            XCTAssertNotEqual(newFirst, removedRow, "the removed row's widget still holds its item: GTK would see one item twice")
            XCTAssertNotEqual(newFirst, secondRow)
            model.replace(at: 0, removed: 1, added: 1)
            let replacedInPlace = g_list_model_get_item(model.listModel, 0)!
            XCTAssertEqual(replacedInPlace, newFirst, "a row replaced in place keeps its item")
            for item in [removedRow, secondRow, newFirst, replacedInPlace] { g_object_unref(item) }
        }
    }

    func testAnItemOutlivingItsModelIsStillAnObject() {
        MainActor.assumeIsolated {
            var model: IndexListModel? = IndexListModel(count: 2)
            let item = g_list_model_get_item(model!.listModel, 0)!
            model = nil
            g_object_unref(item)
            XCTAssertNil(model)
        }
    }

    func testReplacedRowsAreRebound() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let shown = CountedList(count: 1000)
            defer { shown.window.destroy() }
            runMainLoop(turns: 20)
            let rowsMade = shown.setUps, bindsBefore = shown.binds
            XCTAssertGreaterThan(rowsMade, 0)
            shown.model.replace(at: 0, removed: 1000, added: 400)
            runMainLoop(turns: 20)
            XCTAssertEqual(shown.setUps, rowsMade, "the rows on screen are reused, not built again")
            XCTAssertGreaterThan(shown.binds, bindsBefore, "and bound to their rows again")
        }
    }

    func testRowsShownFarDownAreRebuiltAtTheTopOnlyWhenTheirItemsAreNotHandedOver() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            @MainActor func setUpsWhenEveryRowIsReplaced(handingOver: Bool) -> (before: Int, after: Int) {
                let shown = CountedList(count: 5000)
                defer { shown.window.destroy() }
                shown.list.scrollTo(4999)
                runMainLoop(turns: 30)
                let before = shown.setUps
                if handingOver { shown.model.handLiveItemsToFirstRows() }
                shown.model.replace(at: 0, removed: 5000, added: 256)
                shown.model.replace(at: 256, removed: 0, added: 3000)
                shown.list.scrollTo(0)
                runMainLoop(turns: 30)
                return (before, shown.setUps)
            }
            let handedOver = setUpsWhenEveryRowIsReplaced(handingOver: true)
            XCTAssertGreaterThan(handedOver.before, 0)
            XCTAssertEqual(handedOver.after, handedOver.before, "the row widgets are reused for the new first rows")
            let kept = setUpsWhenEveryRowIsReplaced(handingOver: false)
            XCTAssertGreaterThan(kept.after, kept.before, "without it, GTK builds the rows again (so the test can tell)")
        }
    }
}

/// A list of `count` rows shown in a 200 × 300 window, counting the row widgets GTK builds and binds.
/// It returns once the first row is bound.
@MainActor
private final class CountedList {
    let model: IndexListModel
    let list: ListView
    let window = Window()
    private let counts = Counts()
    var setUps: Int { counts.setUps }
    var binds: Int { counts.binds }

    private final class Counts {
        var setUps = 0, binds = 0
    }

    init(count: Int) {
        model = IndexListModel(count: count)
        let factory = SignalListItemFactory()
        factory.onSetup { [counts] _, item in
            counts.setUps += 1
            item.child = Label("")
        }
        factory.onBind { [counts] _, _ in counts.binds += 1 }
        list = ListView(selection: SingleSelection(model: model), factory: factory)
        let scrolled = ScrolledWindow()
        scrolled.child = list
        window.child = scrolled
        window.defaultSize = (200, 300)
        window.present()
        runMainLoop { counts.binds > 0 }
    }
}
