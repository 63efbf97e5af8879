/// The pizzas of a menu, in order, stored as a list of chunks of at most `chunkCapacity` pizzas.
///
/// A `Menu` is a value: the saver writes one copy of it while the window edits the next. With one
/// flat array, the first edit during a save copied every pizza (a million of them) on the main thread.
/// Here a copy shares the chunks, and an edit copies only the chunk it changes, plus the short list
/// of chunks. Reading by position finds the chunk by binary search over where each chunk starts.
public struct PizzaList: RandomAccessCollection, Equatable, Hashable, Sendable, ExpressibleByArrayLiteral {
    static let chunkCapacity = 4096

    private var chunks: [[Pizza]] = []
    /// `starts[i]` is the position of `chunks[i]`'s first pizza. No chunk is empty.
    private var starts: [Int] = []
    public private(set) var count = 0

    public init() {}

    public init(_ pizzas: some Sequence<Pizza>) {
        for pizza in pizzas { append(pizza) }
    }

    public init(arrayLiteral pizzas: Pizza...) { self.init(pizzas) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Pizza {
        get {
            let (chunk, offset) = locate(position)
            return chunks[chunk][offset]
        }
        set {
            let (chunk, offset) = locate(position)
            chunks[chunk][offset] = newValue
        }
    }

    public mutating func append(_ pizza: Pizza) {
        if let lastStart = starts.last, count - lastStart < Self.chunkCapacity {
            chunks[chunks.count - 1].append(pizza)
        } else {
            var chunk: [Pizza] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunk.append(pizza)
            chunks.append(chunk)
            starts.append(count)
        }
        count += 1
    }

    /// Inserts `pizza` so that it is at `position` (`0...count`).
    public mutating func insert(_ pizza: Pizza, at position: Int) {
        precondition(position >= 0 && position <= count, "position out of range")
        if position == count { return append(pizza) }
        let (chunk, offset) = locate(position)
        chunks[chunk].insert(pizza, at: offset)
        count += 1
        shiftStarts(after: chunk, by: 1)
        if chunks[chunk].count > Self.chunkCapacity {
            let half = chunks[chunk].count / 2
            let upper = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(upper, at: chunk + 1)
            starts.insert(starts[chunk] + half, at: chunk + 1)
        }
    }

    @discardableResult
    public mutating func remove(at position: Int) -> Pizza {
        let (chunk, offset) = locate(position)
        let pizza = chunks[chunk].remove(at: offset)
        count -= 1
        shiftStarts(after: chunk, by: -1)
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        }
        return pizza
    }

    /// The first position whose pizza satisfies `predicate`, walking the chunks directly.
    public func firstIndex(where predicate: (Pizza) throws -> Bool) rethrows -> Int? {
        for (chunk, pizzas) in chunks.enumerated() {
            if let offset = try pizzas.firstIndex(where: predicate) { return starts[chunk] + offset }
        }
        return nil
    }

    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Walks the chunks in order, without a search per pizza.
    public struct Iterator: IteratorProtocol {
        private let chunks: [[Pizza]]
        private var chunk = 0
        private var offset = 0

        fileprivate init(chunks: [[Pizza]]) { self.chunks = chunks }

        public mutating func next() -> Pizza? {
            guard chunk < chunks.count else { return nil }
            let pizza = chunks[chunk][offset]
            offset += 1
            if offset == chunks[chunk].count {
                chunk += 1
                offset = 0
            }
            return pizza
        }
    }

    /// Whether this list is `earlier` with no edit made to either since one was copied from the other.
    /// Constant time: every edit makes the list's storage its own, so the storage is still shared only
    /// while neither was edited.
    public func isUnedited(since earlier: PizzaList) -> Bool {
        count == earlier.count && chunks.withUnsafeBufferPointer { mine in
            earlier.chunks.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

    public static func == (lhs: PizzaList, rhs: PizzaList) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for pizza in self { hasher.combine(pizza) }
    }

    /// The chunk that holds `position`, and where in it.
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "index out of range")
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - starts[low])
    }

    private mutating func shiftStarts(after chunk: Int, by delta: Int) {
        var index = chunk + 1
        while index < starts.count {
            starts[index] += delta
            index += 1
        }
    }
}
