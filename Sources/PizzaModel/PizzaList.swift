/// The pizzas of a menu, in order, stored as a list of chunks of at most `chunkCapacity` pizzas.
///
/// A `Menu` is a value: the saver writes one copy of it while the window edits the next. With one
/// flat array, the first edit during a save copied every pizza (a million of them) on the main thread.
/// Here a copy shares the chunks, and an edit copies only the chunk it changes, plus the short list
/// of chunks. Reading by position finds the chunk by binary search over where each chunk starts.
///
/// A pizza is stored in its two parts (see `Pizza`): its core, what every pizza has (a name and a price,
/// 24 bytes), in every row; its details, what most pizzas leave out (a description, members the app does
/// not know), beside the rows, for the rows that have any. A `Pizza` read from the list has both back.
/// Neither part is copied field by field, so a field added to `Pizza` is stored with nothing to change here.
public struct PizzaList: RandomAccessCollection, Equatable, Hashable, Sendable, ExpressibleByArrayLiteral {
    static let chunkCapacity = 4096

    fileprivate struct Chunk: Sendable {
        var rows: [Pizza.Core] = []
        /// The details of the rows that have any, by offset in `rows`, in increasing order.
        var extras: [(offset: Int, details: Pizza.Details)] = []

        var count: Int { rows.count }

        func pizza(at offset: Int) -> Pizza {
            Pizza(core: rows[offset], details: details(at: offset))
        }

        func details(at offset: Int) -> Pizza.Details {
            if extras.isEmpty { return Pizza.Details() }
            let slot = firstSlot(atOrAfter: offset)
            return slot < extras.count && extras[slot].offset == offset ? extras[slot].details : Pizza.Details()
        }

        /// The first entry of `extras` whose offset is `offset` or more.
        func firstSlot(atOrAfter offset: Int) -> Int {
            var low = 0, high = extras.count
            while low < high {
                let middle = (low + high) / 2
                if extras[middle].offset < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }

        mutating func set(_ pizza: Pizza, at offset: Int) {
            rows[offset] = pizza.core
            if extras.isEmpty && pizza.details.isEmpty { return }
            let slot = firstSlot(atOrAfter: offset)
            let present = slot < extras.count && extras[slot].offset == offset
            switch (present, pizza.details.isEmpty) {
            case (true, true): extras.remove(at: slot)
            case (true, false): extras[slot].details = pizza.details
            case (false, false): extras.insert((offset, pizza.details), at: slot)
            case (false, true): break
            }
        }

        @inline(__always)
        mutating func append(_ pizza: consuming Pizza) {
            if !pizza.details.isEmpty { extras.append((rows.count, pizza.details)) }
            rows.append(pizza.core)
        }

        mutating func insert(_ pizza: Pizza, at offset: Int) {
            rows.insert(pizza.core, at: offset)
            if extras.isEmpty && pizza.details.isEmpty { return }
            let slot = firstSlot(atOrAfter: offset)
            for later in slot..<extras.count { extras[later].offset += 1 }
            if !pizza.details.isEmpty { extras.insert((offset, pizza.details), at: slot) }
        }

        mutating func remove(at offset: Int) -> Pizza {
            let pizza = self.pizza(at: offset)
            rows.remove(at: offset)
            if extras.isEmpty { return pizza }
            var slot = firstSlot(atOrAfter: offset)
            if slot < extras.count && extras[slot].offset == offset { extras.remove(at: slot) }
            while slot < extras.count { extras[slot].offset -= 1; slot += 1 }
            return pizza
        }

        /// Moves the rows from `offset` on into a chunk of their own, and returns it.
        mutating func split(at offset: Int) -> Chunk {
            let slot = firstSlot(atOrAfter: offset)
            let upper = Chunk(rows: Array(rows[offset...]), extras: extras[slot...].map { ($0.offset - offset, $0.details) })
            rows.removeSubrange(offset...)
            extras.removeSubrange(slot...)
            return upper
        }
    }

    private var chunks: [Chunk] = []
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
            return chunks[chunk].pizza(at: offset)
        }
        set {
            let (chunk, offset) = locate(position)
            chunks[chunk].set(newValue, at: offset)
        }
    }

    public mutating func append(_ pizza: consuming Pizza) {
        if let lastStart = starts.last, count - lastStart < Self.chunkCapacity {
            chunks[chunks.count - 1].append(pizza)
        } else {
            var chunk = Chunk()
            chunk.rows.reserveCapacity(Self.chunkCapacity)
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
            let upper = chunks[chunk].split(at: half)
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
        if chunks[chunk].count == 0 {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        }
        return pizza
    }

    /// The first position whose pizza satisfies `predicate`, walking the chunks directly.
    public func firstIndex(where predicate: (Pizza) throws -> Bool) rethrows -> Int? {
        var iterator = makeIterator()
        var position = 0
        while let pizza = iterator.next() {
            if try predicate(pizza) { return position }
            position += 1
        }
        return nil
    }

    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Walks the chunks in order, without a search per pizza.
    public struct Iterator: IteratorProtocol {
        private let chunks: [Chunk]
        private var chunk = 0
        private var offset = 0
        /// The next entry of the chunk's details to come.
        private var slot = 0

        fileprivate init(chunks: [Chunk]) { self.chunks = chunks }

        public mutating func next() -> Pizza? {
            guard chunk < chunks.count else { return nil }
            let current = chunks[chunk]
            let row = current.rows[offset]
            var details = Pizza.Details()
            if slot < current.extras.count && current.extras[slot].offset == offset {
                details = current.extras[slot].details
                slot += 1
            }
            offset += 1
            if offset == current.count {
                chunk += 1
                offset = 0
                slot = 0
            }
            return Pizza(core: row, details: details)
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

/// Rows whose names the duplicate check can look up by position.
protocol PizzaNames {
    func name(ofRow row: Int) -> String
}

extension PizzaList: PizzaNames {
    func name(ofRow row: Int) -> String { self[row].name }

    /// A list being read, a pizza at a time. The chunk being filled is kept apart until it is full, so an
    /// append touches one array, not an array inside an array.
    struct Builder: PizzaNames {
        private var list = PizzaList()
        private var tail = Chunk()

        @inline(__always)
        mutating func append(_ pizza: consuming Pizza) {
            if tail.rows.capacity == 0 { tail.rows.reserveCapacity(PizzaList.chunkCapacity) }
            tail.append(pizza)
            if tail.count == PizzaList.chunkCapacity { flush() }
        }

        func name(ofRow row: Int) -> String {
            row >= list.count ? tail.rows[row - list.count].name : list[row].name
        }

        /// The list of the pizzas appended so far, sharing their storage with this builder.
        func snapshot() -> PizzaList {
            let copy = self
            return copy.finish()
        }

        /// The list of every pizza appended.
        consuming func finish() -> PizzaList {
            flush()
            return list
        }

        private mutating func flush() {
            guard tail.count > 0 else { return }
            list.chunks.append(tail)
            list.starts.append(list.count)
            list.count += tail.count
            tail = Chunk()
        }
    }
}
