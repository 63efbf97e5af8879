import Testing
@testable import PizzaModel

@Suite struct PizzaListTests {
    private func pizza(_ number: Int) -> Pizza { Pizza(name: "Pizza \(number)", pricePerSquareInch: 1) }

    @Test func randomEditsAcrossManyChunksMatchAnArray() {
        var generator = SystemRandomNumberGenerator()
        let start = (0..<(3 * PizzaList.chunkCapacity + 17)).map(pizza)
        var list = PizzaList(start)
        var model = start
        var next = start.count
        for step in 0..<4_000 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let position = Int.random(in: 0...model.count, using: &generator)
                list.insert(pizza(next), at: position)
                model.insert(pizza(next), at: position)
                next += 1
            case 1 where !model.isEmpty:
                let position = Int.random(in: 0..<model.count, using: &generator)
                #expect(list.remove(at: position) == model.remove(at: position))
            case 2 where !model.isEmpty:
                let position = Int.random(in: 0..<model.count, using: &generator)
                list[position].pricePerSquareInch = Double(step)
                model[position].pricePerSquareInch = Double(step)
            case 3:
                list.append(pizza(next))
                model.append(pizza(next))
                next += 1
            default:
                // Inserting often in one place splits its chunk.
                for _ in 0..<50 {
                    list.insert(pizza(next), at: min(5, model.count))
                    model.insert(pizza(next), at: min(5, model.count))
                    next += 1
                }
            }
            if step % 500 == 0 {
                #expect(Array(list) == model)
                #expect(list.indices.allSatisfy { list[$0] == model[$0] })
            }
        }
        #expect(list.count == model.count)
        #expect(Array(list) == model)
        #expect(list.firstIndex { $0.name == model.last?.name } == model.indices.last)
        #expect(list == PizzaList(model))
    }

    /// Every third pizza has members the app does not know; the list keeps them beside its rows.
    private func pizzaWithNotes(_ number: Int) -> Pizza {
        var members = UnknownMembers()
        if number % 3 == 0 { members.append(key: "notes", value: Array("\"\(number)\"".utf8), afterField: number % 2) }
        return Pizza(name: "Pizza \(number)", pricePerSquareInch: 1, unknownMembers: members)
    }

    @Test func unknownMembersStayWithTheirPizzasThroughRandomEdits() {
        var generator = SystemRandomNumberGenerator()
        let start = (0..<(2 * PizzaList.chunkCapacity + 5)).map(pizzaWithNotes)
        var list = PizzaList(start)
        var model = start
        var next = start.count
        for step in 0..<3_000 {
            let position = Int.random(in: 0...model.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                list.insert(pizzaWithNotes(next), at: position)
                model.insert(pizzaWithNotes(next), at: position)
                next += 1
            case 1 where position < model.count:
                #expect(list.remove(at: position) == model.remove(at: position))
            case 2 where position < model.count:
                // Replacing a whole pizza gives it members, changes them or takes them away.
                list[position] = pizzaWithNotes(next)
                model[position] = pizzaWithNotes(next)
                next += 1
            case 3 where position < model.count:
                list[position].name = "Renamed \(step)"
                model[position].name = "Renamed \(step)"
            default:
                for _ in 0..<40 {
                    list.insert(pizzaWithNotes(next), at: min(7, model.count))
                    model.insert(pizzaWithNotes(next), at: min(7, model.count))
                    next += 1
                }
            }
            if step % 300 == 0 {
                #expect(Array(list) == model)
                #expect(list.indices.allSatisfy { list[$0] == model[$0] })
            }
        }
        #expect(Array(list) == model)
        #expect(list.indices.allSatisfy { list[$0].unknownMembers == model[$0].unknownMembers })
        #expect(list == PizzaList(model))
        #expect(list.hashValue == PizzaList(model).hashValue)
    }

    @Test func removingEveryPizzaLeavesAnEmptyListThatStillTakesNewOnes() {
        var list = PizzaList((0..<(PizzaList.chunkCapacity + 3)).map(pizza))
        while !list.isEmpty { list.remove(at: list.count / 2) }
        #expect(Array(list) == [])
        list.insert(pizza(1), at: 0)
        list.insert(pizza(0), at: 0)
        #expect(Array(list) == [pizza(0), pizza(1)])
    }

    @Test func aCopyKeepsItsPizzasWhileTheOriginalIsEdited() {
        let original = PizzaList((0..<(2 * PizzaList.chunkCapacity)).map(pizza))
        let copy = original
        var edited = original
        edited[10].name = "Renamed"
        edited.remove(at: PizzaList.chunkCapacity + 1)
        edited.insert(pizza(-1), at: 0)
        #expect(copy == original)
        #expect(copy[10].name == "Pizza 10")
        #expect(copy.count == 2 * PizzaList.chunkCapacity)
        #expect(edited[11].name == "Renamed")
    }

    @Test func aCopyIsUneditedUntilEitherIsEdited() {
        let original = PizzaList((0..<(PizzaList.chunkCapacity + 5)).map(pizza))
        #expect(original.isUnedited(since: original))
        for edit in 0..<4 {
            var edited = original
            #expect(edited.isUnedited(since: original))
            switch edit {
            case 0: edited[3].pricePerSquareInch = 0.07
            case 1: edited.append(pizza(-1))
            case 2: edited.insert(pizza(-1), at: PizzaList.chunkCapacity)
            default: edited.remove(at: 0)
            }
            #expect(!edited.isUnedited(since: original) && !original.isUnedited(since: edited), "edit \(edit)")
        }
        #expect(!PizzaList(original).isUnedited(since: original), "an equal list built anew is another list")
    }
}
