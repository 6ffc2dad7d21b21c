import BentoJSON

/// Interns ids: every distinct id (by the code points of its canonical JSON)
/// gets a dense number, 0, 1, 2…, so that the engine works on arrays of
/// integers instead of hashing ids again and again.
///
/// An open-addressing table with linear probing. Hashes are the ids' own
/// (`ScreenID.hashCode`, from Swift's `Hasher`, which is seeded per process,
/// so ids crafted to collide cannot be prepared in advance).
struct IDTable {
    /// Per slot: the upper 32 bits of the hash, and the key number + 1 in
    /// the lower 32 (0: an empty slot). One load finds a likely match.
    private var slots: [UInt64]
    private var mask: Int
    /// Per key: its canonical text and its hash.
    private var texts: [String] = []
    private var hashes: [UInt64] = []

    /// The number of distinct ids.
    var count: Int { texts.count }

    /// A table for about `capacity` distinct ids.
    init(capacity: Int) {
        var size = 16
        while size < capacity + capacity / 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        texts.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// The number of `id`, given a new one if the table has not seen it.
    /// - Complexity: O(1) expected.
    mutating func intern(_ id: ScreenID) -> Int {
        intern(id.canonical, hash: id.hashBits)
    }

    /// The number of the id whose canonical text is `canonical` and whose
    /// hash (`ScreenID.hashCode`) is `hash`.
    /// - Complexity: O(1) expected.
    mutating func intern(_ canonical: String, hash: UInt64) -> Int {
        let (slot, found) = probe(canonical, hash: hash)
        if let found { return found }
        let key = texts.count
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(key + 1)
        texts.append(canonical)
        hashes.append(hash)
        if texts.count * 4 > slots.count * 3 { grow() }  // at most 3/4 full
        return key
    }

    /// The number of `id`, trying `hint` first: the number the id likely has
    /// (the next old row's, when new rows follow old ones), which saves a
    /// probe into the table for most rows.
    mutating func intern(_ id: ScreenID, hint: Int) -> Int {
        intern(id.canonical, hash: id.hashBits, hint: hint)
    }

    /// `intern(canonical, hash:)`, trying `hint` first.
    mutating func intern(_ canonical: String, hash: UInt64, hint: Int) -> Int {
        if hint >= 0 && hint < texts.count && hashes[hint] == hash && CodePoints.equal(texts[hint], canonical) {
            return hint
        }
        return intern(canonical, hash: hash)
    }

    /// The number of `id`, if the table has seen it.
    func find(_ id: ScreenID) -> Int? {
        probe(id.canonical, hash: id.hashBits).key
    }

    /// The number of the id, if the table has it; else the empty slot
    /// where it goes.
    private func probe(_ canonical: String, hash: UInt64) -> (slot: Int, key: Int?) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return (slot, nil) }
            if stored >> 32 == hash >> 32 && CodePoints.equal(texts[Int(stored & 0xFFFF_FFFF) - 1], canonical) {
                return (slot, Int(stored & 0xFFFF_FFFF) - 1)
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for stored in old where stored != 0 {
            let key = Int(stored & 0xFFFF_FFFF) - 1
            var slot = Int(truncatingIfNeeded: hashes[key]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

}
