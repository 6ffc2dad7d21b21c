/// Where a screen's compact texts are kept as it is read: one after another
/// in blocks of 64 KB, rather than an array each. A screen has a component
/// per row; an array each cost an allocation and 48 bytes of header and
/// bookkeeping per row, and fresh memory is much of what reading costs.
///
/// One arena serves one reader on one thread; the texts it makes may go
/// anywhere.
public struct CompactArena {
    private var block: ByteStorage?

    /// How much a block holds; a text of more than a quarter of it gets a
    /// block of its own, of its size.
    static let blockSize = 64 << 10

    /// An arena with no blocks yet.
    public init() {}

    /// A copy of `text`, which must be compact JSON text, in the arena.
    /// - Complexity: O(n) in the length of the text.
    public mutating func store(_ text: Span<UInt8>) -> CompactJSON {
        if text.count > Self.blockSize / 4 { return CompactJSON(copying: text) }
        // The block is looked at where it is held: a copy of the reference
        // would count it up and down for every component stored.
        if block == nil || block!.free < text.count { block = ByteStorage(capacity: Self.blockSize) }
        let start = block!.append(text)
        return CompactJSON(storage: block!, start: start, count: text.count)
    }

    /// Keeps the text written in `scratch` (a value's compact text): a
    /// short one copied into a block; a long one keeps the writer's memory
    /// as it is, and `scratch` starts afresh. A huge value is not copied
    /// again into memory that has to be faulted in once more.
    /// - Complexity: O(n) in its size; O(1) for a long one.
    public mutating func store(_ scratch: inout ByteWriter) -> CompactJSON {
        let count = scratch.count
        guard count > Self.blockSize / 4 else { return scratch.withSpan { store($0) } }
        let full = scratch
        scratch = ByteWriter()
        return CompactJSON(storage: full.finish(), start: 0, count: count)
    }
}
