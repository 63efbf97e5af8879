/// A pizza's identity for as long as a menu file is open: it survives renames, moves and price changes,
/// and a deleted pizza that comes back through undo gets the same one.
public struct PizzaID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    public var description: String { "#\(value)" }
}

/// The identity of each row, in row order. A freshly opened menu's rows are numbered by position, and the
/// list of identities is only written out at the first add, delete or move, so a large menu costs nothing
/// until it changes shape.
struct PizzaIdentities: Equatable, Sendable {
    private var explicit: [PizzaID]?
    private(set) var count: Int
    private var nextValue: Int

    init(count: Int) {
        self.count = count
        nextValue = count
    }

    func id(at index: Int) -> PizzaID? {
        guard index >= 0 && index < count else { return nil }
        return explicit?[index] ?? PizzaID(value: index)
    }

    func index(of id: PizzaID) -> Int? {
        guard let explicit else { return id.value >= 0 && id.value < count ? id.value : nil }
        return explicit.firstIndex(of: id)
    }

    mutating func makeID() -> PizzaID {
        defer { nextValue += 1 }
        return PizzaID(value: nextValue)
    }

    mutating func insert(_ id: PizzaID, at index: Int) {
        materialize()
        explicit!.insert(id, at: index)
        count += 1
    }

    mutating func remove(at index: Int) {
        materialize()
        explicit!.remove(at: index)
        count -= 1
    }

    mutating func move(from source: Int, to destination: Int) {
        materialize()
        explicit!.insert(explicit!.remove(at: source), at: destination)
    }

    private mutating func materialize() {
        if explicit == nil { explicit = (0..<count).map { PizzaID(value: $0) } }
    }
}
