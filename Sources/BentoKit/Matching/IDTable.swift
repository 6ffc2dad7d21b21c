/// Interns ids: every distinct id (by the code points of its canonical JSON)
/// gets a dense number, 0, 1, 2…, so that the engine works on arrays of
/// integers instead of hashing ids again and again.
///
/// An open-addressing table with linear probing. Hashes come from Swift's
/// `Hasher`, which is seeded per process, so ids crafted to collide cannot be
/// prepared in advance.
struct IDTable {
    /// Key number + 1 per slot; 0 is an empty slot.
    private var slots: [Int32]
    private var mask: Int
    /// Per key: its hash and its canonical text.
    private var hashes: [Int] = []
    private var texts: [String] = []

    /// The number of distinct ids.
    var count: Int { texts.count }

    /// A table for about `capacity` distinct ids.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        hashes.reserveCapacity(capacity)
        texts.reserveCapacity(capacity)
    }

    /// The number of `id`, given a new one if the table has not seen it.
    /// - Complexity: O(1) expected.
    mutating func intern(_ id: ScreenID) -> Int {
        let hash = Self.hash(id.canonical)
        var slot = hash & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if hashes[stored - 1] == hash && CodePoints.equal(texts[stored - 1], id.canonical) { return stored - 1 }
            slot = (slot + 1) & mask
        }
        let key = texts.count
        slots[slot] = Int32(key + 1)
        hashes.append(hash)
        texts.append(id.canonical)
        if texts.count * 2 > slots.count { grow() }
        return key
    }

    /// The number of `id`, if the table has seen it.
    func find(_ id: ScreenID) -> Int? {
        let hash = Self.hash(id.canonical)
        var slot = hash & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if hashes[stored - 1] == hash && CodePoints.equal(texts[stored - 1], id.canonical) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (key, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(key + 1)
        }
    }

    private static func hash(_ text: String) -> Int {
        var hasher = Hasher()
        CodePoints.hash(text, into: &hasher)
        return hasher.finalize()
    }
}
