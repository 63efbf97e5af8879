/// Finds a pizza name already seen (by `MenuText`'s rule), without building a key for every name.
///
/// Each name is hashed to 64 bits by `MenuText.foldedHash`. One open-addressing table of 32-bit slots,
/// a power of two of them, holds the row number (plus one) in the low bits, as many as it takes to
/// number the slots, and bits of the hash in the rest (the tag); the hash's top bits pick the home
/// slot. Real names are compared only when the tags match. Growing the table hashes the names again.
///
/// For a million names the table is 8 MB, and each insert would wait for a cache miss of its own.
/// Rows are therefore queued and inserted a batch at a time: the batch's slots are loaded first,
/// so their misses overlap, and the inserts then find them in cache. (With 64-bit slots holding a
/// 32-bit tag, the table was 16 MB and its misses a fifth of the reading time at a million pizzas.)
struct DuplicateNameFinder {
    /// A row whose name was seen before, at `earlierRow`. `position` is what the caller passed with it.
    struct Duplicate: Equatable {
        let row: Int
        let earlierRow: Int
        let position: Int
    }

    /// `tag << rowBits | (row + 1)`; 0 marks an empty slot.
    private var slots: [UInt32]
    /// log2 of the slot count: the bits a row number takes, since a row count stays below it.
    private var rowBits: Int
    private var count = 0
    private var queue: [(hash: UInt64, row: Int, position: Int)] = []
    /// Where the batch's first loads go, so the compiler keeps them.
    private var warmed: UInt32 = 0

    private static let batchSize = 128

    init(capacity: Int = 0) {
        rowBits = Self.slotBits(holding: capacity)
        slots = Array(repeating: 0, count: 1 << rowBits)
        queue.reserveCapacity(Self.batchSize)
    }

    /// log2 of the smallest power of two, 16 at least, that holds `entries` at most three quarters full.
    private static func slotBits(holding entries: Int) -> Int {
        var bits = 4
        while (1 << bits) * 3 < entries * 4 { bits += 1 }
        return bits
    }

    private var mask: Int { slots.count - 1 }

    /// The slot a hash starts probing from: its top bits.
    @inline(__always)
    private func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> UInt64(64 - rowBits)) }

    /// The bits of the hash a slot keeps beside the row number.
    @inline(__always)
    private func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) >> UInt32(rowBits) }

    /// Queues a row whose name is already trimmed and hashed with `MenuText.foldedHash`. Returns true when a
    /// batch is full: then `finish` checks it.
    mutating func add(hash: UInt64, row: Int, position: Int) -> Bool {
        precondition(row < Int(UInt32.max), "more rows than a menu can hold")
        queue.append((hash, row, position))
        return queue.count == Self.batchSize
    }

    /// Checks every queued row, in order; returns the first that repeats an earlier name.
    mutating func finish<Rows: PizzaNames>(among rows: Rows) -> Duplicate? {
        defer { queue.removeAll(keepingCapacity: true) }
        if Self.slotBits(holding: count + queue.count) > rowBits { grow(toHold: count + queue.count, among: rows) }
        var loaded: UInt32 = 0
        for entry in queue { loaded ^= slots[home(entry.hash)] }
        warmed = loaded
        // The table is taken out of `self` for the batch, so that its writes are checked for sharing once.
        var table: [UInt32] = []
        swap(&table, &slots)
        defer { swap(&table, &slots) }
        let mask = table.count - 1, rowMask = UInt32(mask)
        for entry in queue {
            let tag = tag(entry.hash)
            var slot = home(entry.hash)
            while table[slot] != 0 {
                if table[slot] >> UInt32(rowBits) == tag {
                    let earlier = Int(table[slot] & rowMask) - 1
                    if Self.sameName(entry.row, earlier, among: rows) {
                        return Duplicate(row: entry.row, earlierRow: earlier, position: entry.position)
                    }
                }
                slot = (slot + 1) & mask
            }
            table[slot] = tag << UInt32(rowBits) | UInt32(entry.row + 1)
            count += 1
        }
        return nil
    }

    /// Whether two rows whose tags match have the same name; kept out of `insert`, which rarely needs it.
    @inline(never)
    private static func sameName<Rows: PizzaNames>(_ row: Int, _ other: Int, among rows: Rows) -> Bool {
        MenuText.nameKey(rows.name(ofRow: row)) == MenuText.nameKey(rows.name(ofRow: other))
    }

    /// A larger table, with every row in it hashed again from its name (a slot keeps too few of its bits).
    private mutating func grow<Rows: PizzaNames>(toHold entries: Int, among rows: Rows) {
        let old = slots.filter { $0 != 0 }.map { Int($0 & UInt32(mask)) - 1 }
        rowBits = Self.slotBits(holding: entries)
        slots = Array(repeating: 0, count: 1 << rowBits)
        for row in old {
            let hash = MenuText.foldedHash(rows.name(ofRow: row))
            var slot = home(hash)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = tag(hash) << UInt32(rowBits) | UInt32(row + 1)
        }
    }
}
