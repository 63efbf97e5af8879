/// A pizza's identity for as long as a menu file is open: it survives renames, moves and price changes,
/// and a deleted pizza that comes back through undo gets the same one.
public struct PizzaID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    public var description: String { "#\(value)" }
}

/// The identity of each row, in row order, kept as runs of consecutive identities. A freshly opened
/// menu's rows are numbered by position, which is one run; each add, delete or move splits at most one
/// run in two and adds one, and runs that meet again (an undone delete) are joined. So a large menu costs
/// nothing until it changes shape, and then as much as it was edited, not as much as it has rows: finding
/// a row by identity, or an identity by row, walks the runs.
struct PizzaIdentities: Equatable, Sendable {
    private struct Run: Equatable, Sendable {
        var first: Int
        var count: Int
        var end: Int { first + count }
    }

    /// Never empty runs; no run continues where the one before it ends (they would be one run).
    private var runs: [Run]
    private(set) var count: Int
    private var nextValue: Int

    init(count: Int) {
        self.count = count
        nextValue = count
        runs = count > 0 ? [Run(first: 0, count: count)] : []
    }

    func id(at index: Int) -> PizzaID? {
        guard index >= 0 && index < count else { return nil }
        let (run, offset) = locate(index)
        return PizzaID(value: runs[run].first + offset)
    }

    func index(of id: PizzaID) -> Int? {
        var start = 0
        for run in runs {
            if id.value >= run.first && id.value < run.end { return start + id.value - run.first }
            start += run.count
        }
        return nil
    }

    mutating func makeID() -> PizzaID {
        defer { nextValue += 1 }
        return PizzaID(value: nextValue)
    }

    mutating func insert(_ id: PizzaID, at index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        let position = index == count ? runs.count : split(at: index)
        runs.insert(Run(first: id.value, count: 1), at: position)
        count += 1
        join(around: position)
    }

    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "index out of range")
        let position = split(at: index)
        runs[position].first += 1
        runs[position].count -= 1
        if runs[position].count == 0 { runs.remove(at: position) }
        count -= 1
        join(around: position)
    }

    mutating func move(from source: Int, to destination: Int) {
        guard let id = id(at: source) else { return }
        remove(at: source)
        insert(id, at: destination)
    }

    /// The run holding row `index`, and the row's offset in it.
    private func locate(_ index: Int) -> (run: Int, offset: Int) {
        var start = 0
        for (position, run) in runs.enumerated() {
            if index < start + run.count { return (position, index - start) }
            start += run.count
        }
        preconditionFailure("index out of range")
    }

    /// Splits the runs so that one starts at row `index`, and returns its position.
    private mutating func split(at index: Int) -> Int {
        let (position, offset) = locate(index)
        guard offset > 0 else { return position }
        let run = runs[position]
        runs[position].count = offset
        runs.insert(Run(first: run.first + offset, count: run.count - offset), at: position + 1)
        return position + 1
    }

    /// Joins the runs near `position` that continue one another.
    private mutating func join(around position: Int) {
        var index = min(position + 1, runs.count - 1)
        while index > 0 && index >= position - 1 {
            if runs[index - 1].end == runs[index].first {
                runs[index - 1].count += runs[index].count
                runs.remove(at: index)
            }
            index -= 1
        }
    }
}
