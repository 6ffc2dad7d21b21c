/// The member names of one wide object, for finding one (or a duplicate) in O(1):
/// an open-addressing table of their numbers (the reader keeps the bytes)
/// and hashes, hashed eight bytes at a time (`WordHash`). No name is copied
/// and no array is made per name, as a `Set<[UInt8]>` would; names are
/// compared only when their hashes are equal.
struct NameTable {
    /// Per slot: a name's number plus one in the low 32 bits (0: empty),
    /// its hash's high bits above; a power of two long.
    private var slots: [UInt64]
    /// Each name's number and hash, for growing.
    private var entries: [(name: Int32, hash: Int)] = []

    /// A random seed per process: crafted names cannot be made to collide
    /// from one run to the next.
    private static let seed = UInt64.random(in: .min ... .max)

    /// The hash a name is kept under, from its text between the quotes
    /// (`escaped`: escapes decoded first, so that a name hashes alike
    /// however it is written), eight bytes at a time with this process's seed.
    /// - Complexity: O(n) in the length of the name.
    static func hash(_ text: Span<UInt8>, escaped: Bool) -> Int {
        guard escaped else { return WordHash.hash(text, seed: seed) }
        return JSONTape.unescape(text).withSpan { WordHash.hash($0, seed: seed) }
    }

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        entries.reserveCapacity(capacity)
    }

    /// Adds name `name` whose bytes hash to `hash`; false when a name
    /// `isSame` says is equal is in the table already (nothing is added).
    /// - Complexity: O(1) expected; O(n) when the table grows.
    mutating func insert(_ name: Int, hash: Int, isSame: (Int) -> Bool) -> Bool {
        insertOrFind(name, hash: hash, isSame: isSame) == nil
    }

    /// Adds name `name` whose bytes hash to `hash`, and gives nil; or gives
    /// the number of the equal name (`isSame`) the table has already, and
    /// adds nothing.
    /// - Complexity: O(1) expected; O(n) when the table grows.
    mutating func insertOrFind(_ name: Int, hash: Int, isSame: (Int) -> Bool) -> Int? {
        if let found = find(hash: hash, isSame: isSame) { return found }
        slots[emptySlot(for: hash)] = Self.tag(hash) | UInt64(name + 1)
        entries.append((Int32(name), hash))
        if 2 * entries.count > slots.count { grow() }
        return nil
    }

    /// The number of the name `isSame` says is the one hashed to `hash`,
    /// if the table has it.
    /// - Complexity: O(1) expected.
    func find(hash: Int, isSame: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        let mask = slots.count - 1
        var k = hash & mask
        while slots[k] != 0 {
            let found = Int(slots[k] & 0xFFFF_FFFF) - 1
            if slots[k] & 0xFFFF_FFFF_0000_0000 == tag && isSame(found) { return found }
            k = (k + 1) & mask
        }
        return nil
    }

    /// The first empty slot of the run where `hash` starts.
    private func emptySlot(for hash: Int) -> Int {
        let mask = slots.count - 1
        var k = hash & mask
        while slots[k] != 0 { k = (k + 1) & mask }
        return k
    }

    /// A hash's high bits, as a slot keeps them above the name's number.
    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash >> 32)) << 32 }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: 2 * slots.count)
        for entry in entries { slots[emptySlot(for: entry.hash)] = Self.tag(entry.hash) | UInt64(Int(entry.name) + 1) }
    }
}
