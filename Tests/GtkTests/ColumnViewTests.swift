import CGtk
import XCTest
@testable import Gtk

/// A column whose cells say its title and row; `made` runs for each cell made.
@MainActor private func column(_ title: String, _ made: @escaping @MainActor () -> Void = {}) -> ColumnViewColumn {
    let factory = SignalListItemFactory()
    factory.onSetup { _, item in
        made()
        item.child = Label()
    }
    factory.onBind { _, item in (item.child as? Label)?.text = "\(title) \(item.position ?? -1)" }
    return ColumnViewColumn(title: title, factory: factory)
}

final class ColumnViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheViewKeepsItsSelectionColumnsAndFactoriesExactlyAsLongAsItLives() {
        MainActor.assumeIsolated {
            var model: IndexListModel? = IndexListModel(count: 3)
            var selection: SingleSelection? = SingleSelection(model: model!)
            var view: ColumnView? = ColumnView(selection: selection!)
            var first: ColumnViewColumn? = column("First")
            first!.isSortable = true
            view!.append(first!)
            let probes = [FinalizationProbe(model!), FinalizationProbe(selection!), FinalizationProbe(first!)]
            XCTAssertFalse(view!.isFloating, "the view's floating reference is sunk by its wrapper")
            model = nil
            selection = nil
            first = nil
            XCTAssertTrue(probes.allSatisfy { !$0.isFinalized }, "the view keeps what it was given")
            XCTAssertEqual(view?.typeName, "GtkColumnView")
            view = nil
            MainContext.drainPending()
            XCTAssertTrue(probes.allSatisfy { $0.isFinalized }, "and nothing outlives the view")
        }
    }

    func testAColumnsSorterAndItsClosureGoWithTheColumn() {
        MainActor.assumeIsolated {
            var column: ColumnViewColumn? = column("Alone")
            column!.isSortable = true
            let sorter = gtk_column_view_column_get_sorter(column!.column)!
            let sorterProbe = FinalizationProbe(pointer: UnsafeMutableRawPointer(sorter))
            XCTAssertTrue(column!.isSortable)
            column!.isSortable = false
            XCTAssertFalse(column!.isSortable)
            XCTAssertTrue(sorterProbe.isFinalized, "the column held the only reference to its sorter")
            column!.isSortable = true
            let probe = FinalizationProbe(column!)
            column = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testTheSortingIsTheColumnAndDirectionSetOrClickedAndIsReportedEachTime() {
        MainActor.assumeIsolated {
            let view = ColumnView(selection: SingleSelection(model: IndexListModel(count: 3)))
            let name = column("Name"), price = column("Price"), plain = column("Plain")
            name.isSortable = true
            price.isSortable = true
            for each in [name, price, plain] { view.append(each) }
            var reported: [(String?, Bool)?] = []
            view.onSortingChanged { _, sorting in reported.append(sorting.map { ($0.column.title, $0.ascending) }) }
            XCTAssertNil(view.sorting, "nothing is sorted at first")
            view.sort(by: price, ascending: false)
            XCTAssertTrue(view.sorting?.column === price)
            XCTAssertEqual(view.sorting?.ascending, false)
            view.sort(by: name, ascending: true)
            XCTAssertTrue(view.sorting?.column === name)
            XCTAssertEqual(view.sorting?.ascending, true)
            view.sort(by: nil, ascending: true)
            XCTAssertNil(view.sorting)
            XCTAssertEqual(reported.map { $0?.0 }, ["Price", "Name", nil])
            XCTAssertEqual(reported.map { $0?.1 }, [false, true, nil])
        }
    }

    func testAMillionRowsMakeCellsOnlyForTheRowsOnScreen() {
        MainActor.assumeIsolated {
            var made = 0
            let view = ColumnView(selection: SingleSelection(model: IndexListModel(count: 1_000_000)))
            view.append(column("Name") { made += 1 })
            view.append(column("Price") { made += 1 })
            let scrolled = ScrolledWindow()
            scrolled.child = view
            let window = presentedWindow(showing: scrolled, width: 400, height: 300)
            defer { window.destroy() }
            runMainLoop(for: 5) { made > 0 }
            runMainLoop(turns: 20)
            XCTAssertGreaterThan(made, 0, "the rows on screen have cells")
            XCTAssertLessThan(made, 2 * 250, "cells for a screenful of rows (GTK makes at most about 200 rows), not a million")
        }
    }
}
