/// Bytes of compact JSON text, one allocation: the texts of many components
/// one after another (`CompactArena`), or the text of one. A text, once
/// written, never changes; the arena that owns the block writes only past
/// what it wrote before.
@usableFromInline
final class CompactBlock: ManagedBuffer<CompactBlock.Room, UInt8> {
    /// How many bytes the block holds, and how many are written.
    @usableFromInline
    struct Room {
        let capacity: Int
        var used: Int
    }

    /// A block with room for `capacity` bytes, none written.
    static func make(capacity: Int) -> CompactBlock {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in Room(capacity: capacity, used: 0) }, to: CompactBlock.self)
    }

    /// Room left past the bytes written.
    var free: Int { header.capacity - header.used }

    /// Writes `text` past the bytes written, which must leave room for it,
    /// and returns where it starts.
    /// - Complexity: O(n) in the length of the text.
    func append(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        let start = header.used
        precondition(text.count <= free, "no room in the block")
        withUnsafeMutablePointerToElements { base in
            if let source = text.baseAddress { (base + start).initialize(from: source, count: text.count) }
        }
        header.used += text.count
        return start
    }
}
