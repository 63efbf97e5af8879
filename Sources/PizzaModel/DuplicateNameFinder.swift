/// Finds a pizza name already seen, ignoring case, without building a lowercased copy of every name:
/// it keeps a 64-bit hash of each name's case-folded bytes and compares real names only on a hash hit.
struct DuplicateNameFinder {
    private var firstIndex: [UInt64: Int]
    private var collisions: [UInt64: [Int]] = [:]

    init(capacity: Int = 0) { firstIndex = Dictionary(minimumCapacity: capacity) }

    /// Records `name` (already trimmed) as the pizza at `index`; returns the index of an earlier pizza
    /// with the same name ignoring case, if there is one.
    mutating func insert(_ name: String, at index: Int, among pizzas: [Pizza]) -> Int? {
        let hash = Self.foldedHash(name)
        guard let earlier = firstIndex[hash] else {
            firstIndex[hash] = index
            return nil
        }
        let key = Menu.nameKey(name)
        for candidate in [earlier] + (collisions[hash] ?? []) where Menu.nameKey(pizzas[candidate].name) == key {
            return candidate
        }
        collisions[hash, default: []].append(index)
        return nil
    }

    /// FNV-1a over the name's bytes with ASCII letters folded to lower case; other text is folded by
    /// `lowercased()` first.
    static func foldedHash(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var ascii = true
        for byte in name.utf8 {
            if byte >= 0x80 { ascii = false; break }
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            hash = (hash ^ UInt64(folded)) &* 0x100_0000_01b3
        }
        if ascii { return hash }
        hash = 0xcbf2_9ce4_8422_2325
        for byte in name.lowercased().utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
