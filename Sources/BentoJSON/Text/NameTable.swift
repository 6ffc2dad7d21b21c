/// The member names of one wide object, for finding one (or a duplicate) in O(1):
/// an open-addressing table of their numbers (the reader keeps the bytes)
/// and hashes, hashed eight bytes at a time (`WordHash`). No name is copied
/// and no array is made per name, as a `Set<[UInt8]>` would; names are
/// compared only when their hashes are alike.
///
/// A look goes through a byte per slot, seven bits of the name's hash (the
/// slot's tag), and reads the slot's name number only when its tag is the
/// one sought: the tags of 100,000 names take 256 KB, which the core's own
/// cache holds, where the numbers take a megabyte more.
struct NameTable {
    /// Per slot: 0 when empty, else the high bit and seven bits of the
    /// name's hash; a power of two long.
    private var tags: [UInt8]
    /// Per slot: the number of the name there.
    private var slots: [Int32]
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
        hash(text, escaped: escaped, seed: seed)
    }

    /// `NameTable.hash`, with the seed this table read once: a loop that
    /// hashes many names does not look the process's seed up for each.
    func hash(_ text: Span<UInt8>, escaped: Bool) -> Int {
        Self.hash(text, escaped: escaped, seed: seed)
    }

    private static func hash(_ text: Span<UInt8>, escaped: Bool, seed: UInt64) -> Int {
        guard escaped else { return WordHash.hash(text, seed: seed) }
        return JSONTape.unescape(text).withSpan { WordHash.hash($0, seed: seed) }
    }

    /// The process's seed.
    private let seed = NameTable.seed

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        tags = [UInt8](repeating: 0, count: size)
        slots = [Int32](repeating: 0, count: size)
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
        put(Int32(name), hash: hash)
        entries.append((Int32(name), hash))
        if 2 * entries.count > tags.count { grow() }
        return nil
    }

    /// The number of the name `isSame` says is the one hashed to `hash`,
    /// if the table has it.
    /// - Complexity: O(1) expected.
    func find(hash: Int, isSame: (Int) -> Bool) -> Int? {
        let tag = Self.tag(hash)
        let mask = tags.count - 1
        var k = hash & mask
        while tags[k] != 0 {
            if tags[k] == tag && isSame(Int(slots[k])) { return Int(slots[k]) }
            k = (k + 1) & mask
        }
        return nil
    }

    /// Puts name `name` in the first empty slot of the run where `hash` starts.
    private mutating func put(_ name: Int32, hash: Int) {
        let mask = tags.count - 1
        var k = hash & mask
        while tags[k] != 0 { k = (k + 1) & mask }
        tags[k] = Self.tag(hash)
        slots[k] = name
    }

    /// Seven of a hash's high bits, and the high bit, which no empty slot has.
    private static func tag(_ hash: Int) -> UInt8 { 0x80 | UInt8(truncatingIfNeeded: UInt(bitPattern: hash) >> 57) }

    private mutating func grow() {
        tags = [UInt8](repeating: 0, count: 2 * tags.count)
        slots = [Int32](repeating: 0, count: tags.count)
        for entry in entries { put(entry.name, hash: entry.hash) }
    }
}
