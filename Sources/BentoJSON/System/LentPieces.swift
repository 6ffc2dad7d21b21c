/// Pieces of text lent for the length of a call, in order: what a report
/// written in parts hands to the output (`FileDescriptor.writeAll`, `writev`)
/// without joining them into one text or copying them into batches.
///
/// Valid only inside the call that receives them; do not keep them.
public struct LentPieces {
    @usableFromInline let pieces: [UnsafeRawBufferPointer]

    init(_ pieces: [UnsafeRawBufferPointer]) { self.pieces = pieces }

    /// How many pieces there are.
    public var count: Int { pieces.count }

    /// Each piece copied into an array of its own.
    /// - Complexity: O(n) in the total size.
    public func copies() -> [[UInt8]] { pieces.map { Array($0) } }
}
