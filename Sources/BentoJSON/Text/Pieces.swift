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
