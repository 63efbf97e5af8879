import Testing
@testable import MenuSession

@Suite struct PizzaIdentitiesTests {
    @Test func runsAnswerLikeAPlainListOfIdentitiesThroughRandomEdits() {
        var generator = SystemRandomNumberGenerator()
        var identities = PizzaIdentities(count: 50)
        var model = (0..<50).map { PizzaID(value: $0) }
        for step in 0..<2_000 {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let id = identities.makeID()
                let index = Int.random(in: 0...model.count, using: &generator)
                identities.insert(id, at: index)
                model.insert(id, at: index)
            case 1 where !model.isEmpty:
                // A delete, often undone at once: the identity goes back where it was.
                let index = Int.random(in: 0..<model.count, using: &generator)
                let id = model.remove(at: index)
                identities.remove(at: index)
                if Bool.random(using: &generator) {
                    identities.insert(id, at: index)
                    model.insert(id, at: index)
                }
            case 2 where !model.isEmpty:
                let source = Int.random(in: 0..<model.count, using: &generator)
                let destination = Int.random(in: 0..<model.count, using: &generator)
                identities.move(from: source, to: destination)
                model.insert(model.remove(at: source), at: destination)
            default:
                break
            }
            #expect(identities.count == model.count)
            guard step % 10 == 0 else { continue }
            #expect(model.indices.allSatisfy { identities.id(at: $0) == model[$0] })
            #expect(model.indices.allSatisfy { identities.index(of: model[$0]) == $0 })
        }
        #expect(identities.id(at: model.count) == nil)
        #expect(identities.index(of: identities.makeID()) == nil)
    }

    @Test func anUndoneDeleteLeavesTheSameIdentitiesAsBefore() {
        let before = PizzaIdentities(count: 1_000_000)
        var identities = before
        identities.remove(at: 500_000)
        #expect(identities != before)
        identities.insert(PizzaID(value: 500_000), at: 500_000)
        #expect(identities == before)
    }
}
