/// The member names of one wide object, for finding a duplicate in O(1):
/// an open-addressing table of their numbers (the reader keeps the bytes),
/// hashed eight bytes at a time (`WordHash`). No name is copied and no
/// array is made per name, as a `Set<[UInt8]>` would.
struct NameTable {
    /// A name's number, or -1 for an empty slot; a power of two long.
    private var slots: [Int32]
    /// Each name's number and hash, for growing.
    private var entries: [(name: Int32, hash: Int)] = []

    /// A random seed per process: crafted names cannot be made to collide
    /// from one run to the next.
    static let seed = UInt64.random(in: .min ... .max)

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        entries.reserveCapacity(capacity)
    }

    /// Adds name `name` whose bytes hash to `hash`; false when a name
    /// `isSame` says is equal is in the table already (nothing is added).
    /// - Complexity: O(1) expected; O(n) when the table grows.
    mutating func insert(_ name: Int, hash: Int, isSame: (Int) -> Bool) -> Bool {
        var k = hash & (slots.count - 1)
        while slots[k] >= 0 {
            if isSame(Int(slots[k])) { return false }
            k = (k + 1) & (slots.count - 1)
        }
        slots[k] = Int32(name)
        entries.append((Int32(name), hash))
        if 2 * entries.count > slots.count { grow() }
        return true
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        for entry in entries {
            var k = entry.hash & (slots.count - 1)
            while slots[k] >= 0 { k = (k + 1) & (slots.count - 1) }
            slots[k] = entry.name
        }
    }
}
