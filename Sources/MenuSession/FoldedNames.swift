import Glibc
import PizzaModel

/// Every pizza's name folded by `TextFolding`, in menu order, in one buffer: each name is followed by a 0
/// byte (names hold no control characters), so one scan of the buffer finds a query in all of them.
/// Made once, at the first search or before it on another thread (`MenuSession.Event.namesFolded`), and
/// kept in step with each edit after that.
public struct FoldedNames: Sendable {
    private var bytes: [UInt8] = []
    /// Where each name starts in `bytes`.
    private var starts: [Int] = []

    public init(_ pizzas: some Collection<Pizza>) {
        starts.reserveCapacity(pizzas.count)
        // Written in place, growing when a name does not fit: appending byte by byte costs twice as long.
        bytes = [UInt8](repeating: 0, count: pizzas.count * 16 + 256)
        var used = 0
        for pizza in pizzas {
            starts.append(used)
            while true {
                let written = bytes.withUnsafeMutableBufferPointer { buffer in
                    TextFolding.write(pizza.name, terminatedBy: 0, into: UnsafeMutableBufferPointer(rebasing: buffer[used...]))
                }
                if let written {
                    used += written
                    break
                }
                bytes.append(contentsOf: repeatElement(0, count: bytes.count))
            }
        }
        bytes.removeSubrange(used...)
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
        // Pages of it that stay unwritten cost no memory; regrowing a million rows would copy them.
        found.reserveCapacity(count)
        forEachName(containing: query) { found.append($0) }
        return found
    }

    /// Those of `candidates` whose names contain `query`, in the same order.
    func indices(among candidates: [Int], containing query: [UInt8]) -> [Int] {
        // One scan of the whole buffer beats a search per name once the candidates are many.
        guard candidates.count > count / 4 else { return candidates.filter { name(at: $0, contains: query) } }
        var result: [Int] = []
        result.reserveCapacity(candidates.count)
        var next = 0
        forEachName(containing: query) { index in
            while next < candidates.count && candidates[next] < index { next += 1 }
            if next < candidates.count && candidates[next] == index { result.append(index) }
        }
        return result
    }

    /// Calls `body` with the index of each name that contains `query` (not empty), ascending.
    private func forEachName(containing query: [UInt8], _ body: (Int) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            query.withUnsafeBufferPointer { needle in
                var index = 0
                Self.forEachMatch(of: needle, in: buffer) { position in
                    while index + 1 < starts.count && starts[index + 1] <= position { index += 1 }
                    body(index)
                    index += 1
                    // The next match to look for is in the next name.
                    return index < starts.count ? starts[index] : buffer.count
                }
            }
        }
    }

    /// Calls `body` with where `needle` (not empty) starts in `haystack`, left to right; `body` returns
    /// where to go on looking. Eight positions are tried at a time: a position is a candidate when its
    /// byte is the needle's first and the byte `needle.count - 1` on is its last (a zero byte of
    /// `(word ^ first) | (later word ^ last)`); only candidates are compared in full.
    private static func forEachMatch(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                                     _ body: (Int) -> Int) {
        guard let base = UnsafeRawPointer(haystack.baseAddress), needle.count <= haystack.count else { return }
        let lastStart = haystack.count - needle.count
        let first = UInt64(needle[0]) &* 0x0101_0101_0101_0101
        let last = UInt64(needle[needle.count - 1]) &* 0x0101_0101_0101_0101
        // A needle of up to eight bytes is compared as one word where eight bytes are left to load.
        let needleWord = word(needle.prefix(8)), wordMask = word(repeatElement(0xFF, count: min(needle.count, 8)))
        func matches(at start: Int) -> Bool {
            if needle.count <= 8 && start + 8 <= haystack.count {
                return base.loadUnaligned(fromByteOffset: start, as: UInt64.self) & wordMask == needleWord
            }
            return memcmp(base + start, needle.baseAddress!, needle.count) == 0
        }
        var start = 0
        while start + 8 <= lastStart + 1 {
            let word = base.loadUnaligned(fromByteOffset: start, as: UInt64.self) ^ first
            let later = base.loadUnaligned(fromByteOffset: start + needle.count - 1, as: UInt64.self) ^ last
            let either = word | later
            var candidates = (either &- 0x0101_0101_0101_0101) & ~either & 0x8080_8080_8080_8080
            var next = start + 8
            while candidates != 0 {
                let position = start + candidates.trailingZeroBitCount / 8
                candidates &= candidates &- 1
                if matches(at: position) {
                    next = body(position)
                    break
                }
            }
            start = next
        }
        while start <= lastStart {
            start = matches(at: start) ? body(start) : start + 1
        }
    }

    /// Up to eight bytes as the word a load of them reads, zero after them.
    private static func word(_ bytes: some Collection<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { word in
            for (offset, byte) in bytes.enumerated() { word[offset] = byte }
        }
        return word
    }

    /// Where `needle` (not empty) first starts in `haystack`.
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        forEachMatch(of: needle, in: haystack) { position in
            found = position
            return haystack.count
        }
        return found
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
