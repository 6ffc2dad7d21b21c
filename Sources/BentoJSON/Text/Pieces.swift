extension Array where Element == [UInt8] {
    /// The pieces as one text, made at its exact size: reports written in
    /// pieces (on all cores) are joined without growing and copying the
    /// text on the way.
    /// - Complexity: O(n) in the total size.
    public func joinedBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reduce(0) { $0 + $1.count })
        for piece in self { bytes += piece }
        return bytes
    }
}

extension Array where Element == [UInt8] {
    /// Calls `body` with the pieces lent, `count` at a time and in order,
    /// until it returns false: `withRawPieces` for callers above this module.
    /// - Complexity: O(n) in the number of pieces.
    public func withLentPieces(_ count: Int, _ body: (LentPieces) -> Bool) {
        withRawPieces(count) { body(LentPieces($0)) }
    }

    /// Calls `body` with raw views of the pieces, `count` at a time and in
    /// order, until it returns false: a large text written in pieces is
    /// handed to `writev` as it is, not joined into one or copied into
    /// batches. Each array lends its bytes for as long as the call, so they
    /// are lent one inside the other, `count` deep.
    /// - Complexity: O(n) in the number of pieces.
    func withRawPieces(_ count: Int, _ body: ([UnsafeRawBufferPointer]) -> Bool) {
        for group in Parallel.runs(covering: self.count, length: count) {
            var lent: [UnsafeRawBufferPointer] = []
            lent.reserveCapacity(group.count)
            guard Self.lending(self[group], into: &lent, body) else { return }
        }
    }

    private static func lending(
        _ pieces: ArraySlice<[UInt8]>, into lent: inout [UnsafeRawBufferPointer], _ body: ([UnsafeRawBufferPointer]) -> Bool
    ) -> Bool {
        guard let first = pieces.first else { return body(lent) }
        return first.withUnsafeBytes { bytes in
            lent.append(bytes)
            return lending(pieces.dropFirst(), into: &lent, body)
        }
    }
}
