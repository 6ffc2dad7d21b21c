#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file mapped read-only into memory: its bytes without a copy.
///
/// A reader that goes through the bytes once, front to back, hands back what
/// it has read (`release(upTo:)`), so that only a window of a large file is
/// resident at a time: the pages come back from the page cache if they are
/// touched again. This is what keeps `bento diff` of two 45 MB screens from
/// holding both files whole while it reads them.
public final class MappedFile {
    /// The mapped bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The file, kept open for `read(_:)` when asked (-1: closed once
    /// mapped, so that a directory of thousands of mapped files holds no
    /// descriptor for each).
    private let descriptor: Int32
    /// How far the bytes have been handed back (page aligned).
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// How much is handed back at a time: fewer system calls.
    private static let releaseStep = 4 << 20

    /// Maps the regular file at `path`; nil for any other kind of file, an
    /// empty or too large one, or when mapping fails (the caller reads it).
    /// - Parameter readsAtRandom: keep the file open for `read(_:)` too.
    public init?(_ path: FilePath, readsAtRandom: Bool = false) {
        guard !path.isStandardStream else { return nil }
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
            Int(info.st_size) <= InputFile.maximumSize,
            let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED
        else {
            close(fd)
            return nil
        }
        let size = Int(info.st_size)
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        if readsAtRandom {
            descriptor = fd
        } else {
            close(fd)
            descriptor = -1
        }
        #if os(Linux)
            _ = madvise(base, size, MADV_SEQUENTIAL)
        #endif
    }

    /// The file's size in bytes.
    public var count: Int { bytes.count }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { Array(bytes[range]) }

    /// A copy of the bytes in `range`, read from the file rather than
    /// through the mapping: a few bytes wanted far from where a reader is
    /// do not map the pages (or the large page-cache folio) around them.
    /// Through the mapping when the read fails, or the file was not kept
    /// open for it.
    /// - Complexity: O(n) in the length of the range, one system call.
    public func read(_ range: Range<Int>) -> [UInt8] {
        guard descriptor >= 0 else { return Array(bytes[range]) }
        var failed = false
        let copy = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            count = 0
            while count < range.count {
                let got = pread(descriptor, buffer.baseAddress! + count, range.count - count, off_t(range.lowerBound + count))
                if got <= 0 {
                    failed = true
                    break
                }
                count += got
            }
        }
        return failed ? Array(bytes[range]) : copy
    }

    /// Hands back the pages before `offset`: they leave the process's
    /// resident memory, and reading them again reads the file again.
    /// - Complexity: O(1) system calls per 4 MB read.
    public func release(upTo offset: Int) {
        let end = offset / Self.pageSize * Self.pageSize
        guard end - released >= Self.releaseStep else { return }
        #if os(Linux)
            _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + released), end - released, MADV_DONTNEED)
        #endif
        released = end
    }

    /// Hands back every page: a writer that copies from the file here and
    /// there, in no order, lets go of what it has touched. The mapping is
    /// private and never written to, so a page touched again is the file's.
    /// - Complexity: O(1) system calls.
    public func handBack() {
        #if os(Linux)
            _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count, MADV_DONTNEED)
        #endif
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
        if descriptor >= 0 { close(descriptor) }
    }
}
