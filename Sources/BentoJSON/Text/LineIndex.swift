/// Where each line of a text starts, to turn byte offsets into line numbers:
/// what an annotation at a value's line needs, for many values at once.
public struct LineIndex: Sendable {
    /// The offset of each line feed, in order.
    private let lineFeeds: [Int]

    /// The lines of `bytes`.
    /// - Complexity: O(n) in the number of bytes.
    public init(_ bytes: [UInt8]) {
        lineFeeds = bytes.withSpan(Self.lineFeeds)
    }

    /// The lines of a mapped file.
    /// - Complexity: O(n) in the size of the file.
    public init(_ file: MappedFile) {
        lineFeeds = file.withSpan(Self.lineFeeds)
    }

    private static func lineFeeds(_ bytes: Span<UInt8>) -> [Int] {
        var feeds: [Int] = []
        var from = 0
        while let feed = bytes.firstIndex(of: 0x0A, from: from) {
            feeds.append(feed)
            from = feed + 1
        }
        return feeds
    }

    /// The line (from 1) that holds the byte at `offset`: one more than the
    /// line feeds before it, as editors and GitHub count lines.
    /// - Complexity: O(log n) in the number of lines.
    public func line(ofByte offset: Int) -> Int {
        var low = 0, high = lineFeeds.count
        while low < high {
            let mid = (low + high) / 2
            if lineFeeds[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low + 1
    }
}
