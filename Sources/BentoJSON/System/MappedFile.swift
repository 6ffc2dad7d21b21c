import Synchronization

/// A regular file mapped read-only into memory: its bytes without a copy.
///
/// A reader that goes through the bytes once, front to back, hands back what
/// it has read (`release(upTo:)`), so that only a window of a large file is
/// resident at a time: the pages come back from the page cache if they are
/// touched again. This is what keeps `bento diff` of two 45 MB screens from
/// holding both files whole while it reads them.
public final class MappedFile: Sendable {
    /// The mapped bytes.
    public let storage: ByteStorage
    /// The file, kept open for `read(_:)` when asked (-1: closed once
    /// mapped, so that a directory of thousands of mapped files holds no
    /// descriptor for each).
    private let descriptor: Int32
    /// How far the bytes have been handed back (page aligned). Asked after
    /// every row a reader reads, and nearly always too near to hand back
    /// more: a plain load says so, where a lock would be taken and left.
    private let released = Atomic<Int>(0)
    /// How much is handed back at a time: fewer system calls.
    private static let releaseStep = 4 << 20

    /// Maps the regular file at `path`; nil for any other kind of file, an
    /// empty or too large one, or when mapping fails (the caller reads it).
    /// - Parameter readsAtRandom: keep the file open for `read(_:)` too.
    public init?(_ path: FilePath, readsAtRandom: Bool = false) {
        guard !path.isStandardStream, case .success(let fd) = Platform.open(path, for: .read) else { return nil }
        guard case .success(let status) = Platform.status(fd), status.kind == .regular, status.size > 0,
            status.size <= InputFile.maximumSize, let storage = ByteStorage.mapping(fd, size: status.size)
        else {
            Platform.close(fd)
            return nil
        }
        self.storage = storage
        if readsAtRandom {
            descriptor = fd
        } else {
            Platform.close(fd)
            descriptor = -1
        }
    }

    /// The file's size in bytes.
    public var count: Int { storage.count }

    /// `body`'s result with the bytes as a span.
    @inlinable
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R { try storage.withSpan(body) }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { storage.copy(range) }

    /// A copy of the bytes in `range`, read from the file rather than
    /// through the mapping: a few bytes wanted far from where a reader is
    /// do not map the pages (or the large page-cache folio) around them.
    /// Through the mapping when the read fails, or the file was not kept
    /// open for it.
    /// - Complexity: O(n) in the length of the range, one system call.
    public func read(_ range: Range<Int>) -> [UInt8] {
        guard descriptor >= 0, let bytes = Platform.read(descriptor, at: range) else { return copy(range) }
        return bytes
    }

    /// Hands back the pages before `offset`: they leave the process's
    /// resident memory, and reading them again reads the file again.
    /// - Complexity: O(1) system calls per 4 MB read.
    public func release(upTo offset: Int) {
        let end = offset / Platform.pageSize * Platform.pageSize
        let start = released.load(ordering: .relaxed)
        guard end - start >= Self.releaseStep,
            released.compareExchange(expected: start, desired: end, ordering: .relaxed).exchanged
        else { return }
        storage.handBack(start..<end)
    }

    /// What a second reader, reading from `start` out of turn, calls with
    /// how far it has read: the whole pages it has passed are handed back,
    /// as many at a time as `release(upTo:)` hands back for the first.
    /// - Complexity: O(1) system calls per 4 MB read.
    public func releaser(from start: Int) -> (Int) -> Void {
        var handedBack = start
        return { offset in
            guard offset - handedBack >= Self.releaseStep else { return }
            self.release(handedBack..<offset)
            handedBack = offset
        }
    }

    /// Hands back the whole pages inside `range`.
    private func release(_ range: Range<Int>) {
        let start = (range.lowerBound + Platform.pageSize - 1) / Platform.pageSize * Platform.pageSize
        let end = range.upperBound / Platform.pageSize * Platform.pageSize
        if start < end { storage.handBack(start..<end) }
    }

    /// Hands back every page: a writer that copies from the file here and
    /// there, in no order, lets go of what it has touched.
    /// - Complexity: O(1) system calls.
    public func handBack() { storage.handBack(0..<storage.count) }

    deinit {
        if descriptor >= 0 { Platform.close(descriptor) }
    }
}
