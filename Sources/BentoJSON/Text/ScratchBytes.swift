/// A `ByteWriter` that frees its memory when its owner goes: scratch text
/// for a reader above this module, written a few bytes at a time, reused
/// value after value, and never freed by hand.
public struct ScratchBytes: ~Copyable {
    /// The writer. Its memory is this owner's: write through it, never keep
    /// a copy of it.
    public var writer: ByteWriter

    /// Scratch memory with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) { writer = ByteWriter(capacity: capacity) }

    deinit { writer.deallocate() }
}

extension CompactArena {
    /// Keeps the text written in `scratch` (a value's compact text).
    /// - Complexity: O(n) in its size.
    public mutating func store(_ scratch: borrowing ScratchBytes) -> CompactJSON { store(scratch.writer.bytes) }
}
