import Testing
@testable import SplitDemosModel

@Suite struct DateListTests {
    @Test func insertsGoOnTopAndKeepTheSelectedEntry() {
        var list = DateList()
        list.insertAtTop(1)
        list.insertAtTop(2)
        list.select(1)
        #expect(list.selectedTimestamp == 1)
        list.insertAtTop(3)
        #expect(list.timestamps == [3, 2, 1])
        #expect(list.selection == 2)
        #expect(list.selectedTimestamp == 1)
    }

    @Test func deletingTheShownRowClearsTheSelection() {
        var list = DateList()
        for stamp in [1, 2, 3] as [Int64] { list.insertAtTop(stamp) }
        list.select(1)
        #expect(list.delete(at: 1) == .selectionCleared)
        #expect(list.selection == nil)
        #expect(list.timestamps == [3, 1])
    }

    @Test func deletingAnotherRowKeepsTheSameEntrySelected() {
        var list = DateList()
        for stamp in [1, 2, 3, 4] as [Int64] { list.insertAtTop(stamp) }
        list.select(2)
        #expect(list.delete(at: 0) == .selectionKept)
        #expect(list.selectedTimestamp == 2)
        #expect(list.delete(at: 2) == .selectionKept)
        #expect(list.selectedTimestamp == 2)
        #expect(list.delete(at: 9) == nil)
    }

    @Test func randomEditsKeepTheSelectionValidAndOnTheSameEntry() {
        var generator = SystemRandomNumberGenerator()
        var list = DateList()
        var next: Int64 = 0
        for _ in 0..<5_000 {
            let before = list.selectedTimestamp
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                next += 1
                list.insertAtTop(next)
                #expect(list.selectedTimestamp == before)
            case 1:
                let index = Int.random(in: -1...list.count, using: &generator)
                let wasSelected = list.selection == index
                let outcome = list.delete(at: index)
                if outcome == .selectionKept { #expect(list.selectedTimestamp == before) }
                if outcome == .selectionCleared { #expect(wasSelected && list.selection == nil) }
            default:
                list.select(list.count == 0 ? nil : Int.random(in: 0..<list.count, using: &generator))
            }
            if let selection = list.selection { #expect(list.timestamps.indices.contains(selection)) }
            #expect(list.timestamps == list.timestamps.sorted(by: >), "newest first")
        }
    }

    @Test func coloursAreTheTemplatesEightInAStableOrder() {
        #expect(DemoColour.allCases.map(\.name) == ["Red", "Blue", "Green", "Cyan", "Yellow", "White", "Black", "Gray"])
        #expect(DemoColour.red.cssClass == "swatch-red")
    }
}
