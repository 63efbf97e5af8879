/// Finds a pizza name already seen, ignoring case, without building a lowercased copy of every name:
/// it keeps a 64-bit hash of each name's case-folded bytes in an open-addressing table, and compares
/// real names only on a hash hit.
struct DuplicateNameFinder {
    private var hashes: [UInt64]
    private var indices: [Int32]
    private var count = 0
    private var mask: Int

    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        indices = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// Records `name` (already trimmed, with `hash` from `foldedHash`) as the pizza at `index`; returns the
    /// index of an earlier pizza with the same name ignoring case, if there is one.
    mutating func insert(_ name: String, hash: UInt64, at index: Int, among pizzas: [Pizza]) -> Int? {
        if (count + 1) * 2 > hashes.count { grow() }
        var slot = Int(truncatingIfNeeded: hash) & mask
        var key: String?
        while indices[slot] >= 0 {
            if hashes[slot] == hash {
                let candidate = Int(indices[slot])
                key = key ?? Menu.nameKey(name)
                if Menu.nameKey(pizzas[candidate].name) == key { return candidate }
            }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        indices[slot] = Int32(index)
        count += 1
        return nil
    }

    private mutating func grow() {
        let old = zip(hashes, indices).filter { $0.1 >= 0 }
        self = DuplicateNameFinder(capacity: hashes.count)
        for (hash, index) in old {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while indices[slot] >= 0 { slot = (slot + 1) & mask }
            hashes[slot] = hash
            indices[slot] = index
            count += 1
        }
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// FNV-1a over ASCII bytes with letters folded to lower case.
    static func foldedHash(asciiBytes: ArraySlice<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in asciiBytes {
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            hash = (hash ^ UInt64(folded)) &* prime
        }
        return hash
    }

    /// The same hash for any name: ASCII is folded byte by byte, other text by `lowercased()` first, so
    /// that both give equal hashes for an ASCII name.
    static func foldedHash(_ name: String) -> UInt64 {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return foldedHash(asciiBytes: ArraySlice(name.utf8)) }
        var hash = offsetBasis
        for byte in name.lowercased().utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }
}
