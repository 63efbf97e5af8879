/// Finds a pizza name already seen (by `MenuText`'s rule), without building a key for every name.
///
/// Each name is hashed to 64 bits by `MenuText.foldedHash`. One open-addressing table of 64-bit slots
/// holds the hash's upper half (the tag, which also picks the slot) beside the row number, and real
/// names are compared only when the tags match.
///
/// For a million names the table is 16 MB, and each insert would wait for a cache miss of its own.
/// Rows are therefore queued and inserted a batch at a time: the batch's slots are loaded first,
/// so their misses overlap, and the inserts then find them in cache.
struct DuplicateNameFinder {
    /// A row whose name was seen before, at `earlierRow`. `position` is what the caller passed with it.
    struct Duplicate: Equatable {
        let row: Int
        let earlierRow: Int
        let position: Int
    }

    /// `tag << 32 | (row + 1)`; 0 marks an empty slot.
    private var slots: [UInt64]
    private var count = 0
    private var queue: [(hash: UInt64, row: Int, position: Int)] = []
    /// Where the batch's first loads go, so the compiler keeps them.
    private var warmed: UInt64 = 0

    private static let batchSize = 128

    init(capacity: Int = 0) {
        slots = Array(repeating: 0, count: Self.slotCount(holding: capacity))
        queue.reserveCapacity(Self.batchSize)
    }

    /// The smallest power of two, 16 at least, that holds `entries` at most three quarters full.
    private static func slotCount(holding entries: Int) -> Int {
        var size = 16
        while size * 3 < entries * 4 { size <<= 1 }
        return size
    }

    private var mask: Int { slots.count - 1 }

    /// Queues a row whose name is already trimmed and hashed with `MenuText.foldedHash`. Returns true when a
    /// batch is full: then `finish` checks it.
    mutating func add(hash: UInt64, row: Int, position: Int) -> Bool {
        precondition(row < Int(UInt32.max), "more rows than a menu can hold")
        queue.append((hash, row, position))
        return queue.count == Self.batchSize
    }

    /// Checks every queued row, in order; returns the first that repeats an earlier name.
    mutating func finish(among rows: PizzaList) -> Duplicate? {
        defer { queue.removeAll(keepingCapacity: true) }
        if Self.slotCount(holding: count + queue.count) > slots.count { grow(toHold: count + queue.count) }
        var loaded: UInt64 = 0
        for entry in queue { loaded ^= slots[Self.home(ofTag: entry.hash >> 32) & mask] }
        warmed = loaded
        for entry in queue {
            if let earlier = insert(entry.hash, row: entry.row, among: rows) {
                return Duplicate(row: entry.row, earlierRow: earlier, position: entry.position)
            }
        }
        return nil
    }

    private mutating func insert(_ hash: UInt64, row: Int, among rows: PizzaList) -> Int? {
        let tag = hash >> 32
        var slot = Self.home(ofTag: tag) & mask
        var key: String?
        while slots[slot] != 0 {
            if slots[slot] >> 32 == tag {
                let candidate = Int(slots[slot] & 0xFFFF_FFFF) - 1
                key = key ?? MenuText.nameKey(rows[row].name)
                if MenuText.nameKey(rows[candidate].name) == key { return candidate }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag << 32 | UInt64(row + 1)
        count += 1
        return nil
    }

    /// The slot a tag starts probing from (Fibonacci hashing), known again from the tag when the table grows.
    private static func home(ofTag tag: UInt64) -> Int {
        Int(truncatingIfNeeded: tag &* 0x9E37_79B9_7F4A_7C15 >> 32)
    }

    private mutating func grow(toHold entries: Int) {
        let old = slots.filter { $0 != 0 }
        slots = Array(repeating: 0, count: Self.slotCount(holding: entries))
        for entry in old {
            var slot = Self.home(ofTag: entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
