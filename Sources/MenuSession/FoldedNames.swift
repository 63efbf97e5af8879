import Glibc
import PizzaModel

/// Every pizza's name folded by `TextFolding`, in menu order, in one buffer: each name is followed by a 0
/// byte (names hold no control characters), so one scan of the buffer finds a query in all of them.
/// Made once, at the first search, and kept in step with each edit after that.
struct FoldedNames: Sendable {
    private var bytes: [UInt8] = []
    /// Where each name starts in `bytes`.
    private var starts: [Int] = []

    init(_ pizzas: some Collection<Pizza>) {
        starts.reserveCapacity(pizzas.count)
        bytes.reserveCapacity(pizzas.count * 16)
        for pizza in pizzas {
            starts.append(bytes.count)
            TextFolding.append(pizza.name, to: &bytes)
            bytes.append(0)
        }
    }

    var count: Int { starts.count }

    /// The folded name at `index`, without its 0 byte.
    private func range(of index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count) - 1
    }

    func name(at index: Int, contains query: [UInt8]) -> Bool {
        let range = range(of: index)
        return bytes.withUnsafeBufferPointer { buffer in
            query.withUnsafeBufferPointer { needle in
                Self.find(needle, in: UnsafeBufferPointer(rebasing: buffer[range])) != nil
            }
        }
    }

    /// The indices of the names that contain `query`, ascending.
    func indices(containing query: [UInt8]) -> [Int] {
        guard !query.isEmpty else { return Array(0..<count) }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            query.withUnsafeBufferPointer { needle in
                var offset = 0
                var index = 0
                while offset < buffer.count, let hit = Self.find(needle, in: UnsafeBufferPointer(rebasing: buffer[offset...])) {
                    let position = offset + hit
                    while index + 1 < starts.count && starts[index + 1] <= position { index += 1 }
                    found.append(index)
                    index += 1
                    offset = index < starts.count ? starts[index] : buffer.count
                }
            }
        }
        return found
    }

    /// Those of `candidates` whose names contain `query`, in the same order.
    func indices(among candidates: [Int], containing query: [UInt8]) -> [Int] {
        // One scan of the whole buffer beats a search per name once the candidates are many.
        if candidates.count > count / 4 {
            let all = indices(containing: query)
            var result: [Int] = []
            var next = 0
            for index in all {
                while next < candidates.count && candidates[next] < index { next += 1 }
                if next < candidates.count && candidates[next] == index { result.append(index) }
            }
            return result
        }
        return candidates.filter { name(at: $0, contains: query) }
    }

    /// Where `needle` (not empty) first starts in `haystack`: `memchr` finds each candidate first byte,
    /// `memcmp` checks the rest.
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first, needle.count <= haystack.count else { return nil }
        let lastStart = haystack.count - needle.count
        var start = 0
        while start <= lastStart {
            guard let hit = memchr(base + start, Int32(first), lastStart - start + 1) else { return nil }
            let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + position + 1, needle.baseAddress! + 1, needle.count - 1) == 0 { return position }
            start = position + 1
        }
        return nil
    }

    mutating func insert(_ name: String, at index: Int) {
        let offset = index < starts.count ? starts[index] : bytes.count
        var folded = TextFolding.folded(name)
        folded.append(0)
        bytes.insert(contentsOf: folded, at: offset)
        for later in index..<starts.count { starts[later] += folded.count }
        starts.insert(offset, at: index)
    }

    mutating func remove(at index: Int) {
        let range = range(of: index)
        let length = range.count + 1
        bytes.removeSubrange(range.lowerBound..<range.upperBound + 1)
        starts.remove(at: index)
        for later in index..<starts.count { starts[later] -= length }
    }

    mutating func rename(at index: Int, to name: String) {
        remove(at: index)
        insert(name, at: index)
    }

    mutating func move(from source: Int, to destination: Int) {
        let range = range(of: source)
        let name = Array(bytes[range])
        remove(at: source)
        let offset = destination < starts.count ? starts[destination] : bytes.count
        bytes.insert(contentsOf: name + [0], at: offset)
        for later in destination..<starts.count { starts[later] += name.count + 1 }
        starts.insert(offset, at: destination)
    }
}
