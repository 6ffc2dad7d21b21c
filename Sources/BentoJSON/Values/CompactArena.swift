/// Where a screen's compact texts are kept as it is read: one after another
/// in blocks, rather than an array each. A screen has a component per row;
/// an array each cost an allocation and 48 bytes of header and bookkeeping
/// per row, and fresh memory is much of what reading costs. The first
/// blocks hold 64 KB, so a small screen takes little; past 1 MB of text
/// they hold 2 MB each, in the system's large pages where it has them
/// (`CompactBlock`).
///
/// One arena serves one reader on one thread; the texts it makes may go
/// anywhere.
public struct CompactArena {
    private var block: CompactBlock?
    /// How many blocks the arena has made.
    private var blocks = 0

    /// How much a block holds (the first `smallBlocks` of them; then a
    /// large page's worth); a text of more than a quarter of it gets a
    /// block of its own, of its size.
    static let blockSize = 64 << 10
    static let smallBlocks = 16

    /// An arena with no blocks yet.
    public init() {}

    /// The next block: small at first, then a large page.
    private mutating func newBlock() -> CompactBlock {
        blocks += 1
        return CompactBlock.make(capacity: blocks > Self.smallBlocks ? CompactBlock.largePage : Self.blockSize)
    }

    /// A copy of `text`, which must be compact JSON text, in the arena.
    /// - Complexity: O(n) in the length of the text.
    public mutating func store(_ text: UnsafeBufferPointer<UInt8>) -> CompactJSON {
        if text.count > Self.blockSize / 4 { return CompactJSON(copying: text) }
        let block = self.block.flatMap { $0.free >= text.count ? $0 : nil } ?? newBlock()
        self.block = block
        return CompactJSON(block: block, start: block.append(text), count: text.count)
    }
}
