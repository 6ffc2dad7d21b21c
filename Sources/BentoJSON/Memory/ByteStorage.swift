#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes in memory of their own, which stay where they are while the
/// storage lives and never change once written: a file mapped read-only, a
/// file read whole, an array adopted as it is, the finished text of a
/// `ByteWriter`, or a block of compact texts that one writer fills from the
/// front (`append`).
///
/// Everything reads them through `withSpan`, whose bounds are checked; the
/// memory is freed (or unmapped) once, when the last reference goes.
///
/// Sendable, though the count of a block grows: only the one writer that
/// made it appends, past the bytes already handed out, and no reader looks
/// past the range it was given.
@safe public final class ByteStorage: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    /// How many bytes it can hold.
    public let capacity: Int
    /// How many bytes are written. Only the writer that made a block
    /// changes it, and every read of a span checks it: the run-time
    /// exclusivity check on each read would cost more than the scan itself.
    @exclusivity(unchecked) @usableFromInline var written: Int
    /// How many bytes are written.
    @inlinable public var count: Int { unsafe written }
    /// Where the bytes live, and so how they are given back.
    private enum Home { case heap, malloc, mapping, array([UInt8]) }
    private let home: Home
    private var isMapped: Bool { if case .mapping = home { true } else { false } }

    /// An empty block with room for `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
        unsafe base = .allocate(capacity: Swift.max(capacity, 1))
        unsafe written = 0
        home = .heap
    }

    /// A copy of `bytes`.
    /// - Complexity: O(n) in their number.
    public convenience init(copying bytes: Span<UInt8>) {
        self.init(capacity: bytes.count)
        _ = append(bytes)
    }

    /// A copy of `bytes`.
    /// - Complexity: O(n) in their number.
    public convenience init(copying bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withSpan { _ = append($0) }
    }

    /// Takes over memory a `ByteWriter` wrote, from `malloc`.
    init(adopting base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        unsafe self.base = base
        self.capacity = capacity
        unsafe written = count
        home = .malloc
    }

    private init(mapping base: UnsafeMutablePointer<UInt8>, count: Int) {
        unsafe self.base = base
        capacity = count
        unsafe written = count
        home = .mapping
    }

    /// The `size` bytes of the regular file open at `descriptor`, mapped
    /// read-only; nil when mapping fails (the caller reads the file).
    public static func mapping(_ descriptor: Int32, size: Int) -> ByteStorage? {
        guard size > 0, let address = unsafe mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), unsafe address != MAP_FAILED
        else { return nil }
        let storage = unsafe ByteStorage(mapping: address.assumingMemoryBound(to: UInt8.self), count: size)
        #if os(Linux)
            _ = unsafe madvise(address, size, MADV_SEQUENTIAL)
        #endif
        return storage
    }

    /// Up to `size` bytes read from `descriptor` (until the input ends),
    /// and the `errno` of a read that failed (else 0).
    /// - Complexity: O(n) in the size.
    public static func reading(_ descriptor: Int32, upTo size: Int) -> (storage: ByteStorage, error: Int32) {
        let storage = ByteStorage(capacity: size)
        var failure: Int32 = 0
        while storage.count < size {
            let n = unsafe systemRead(descriptor, storage.base + storage.count, size - storage.count)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if n == 0 { break }
            unsafe storage.written += n
        }
        return (storage, failure)
    }

    /// The bytes of `array`, read where they are: the storage keeps the
    /// array, which nothing mutates, so its buffer stays put while the
    /// storage lives. An input read whole is not copied to be read.
    /// - Complexity: O(1) (O(1) allocation for an empty array).
    public init(adopting array: [UInt8]) {
        if array.isEmpty {
            unsafe base = .allocate(capacity: 1)
            home = .heap
        } else {
            unsafe base = unsafe array.withUnsafeBufferPointer { unsafe UnsafeMutablePointer(mutating: $0.baseAddress!) }
            home = .array(array)
        }
        capacity = array.count
        unsafe written = array.count
    }

    deinit {
        switch home {
        case .mapping: unsafe munmap(base, capacity)
        case .heap: unsafe base.deallocate()
        case .malloc: unsafe ByteWriter.release(base)
        case .array: break  // the array goes with the storage
        }
    }

    /// Room left past the bytes written.
    public var free: Int { capacity - count }

    /// Writes `bytes` past those written, which must leave room for them,
    /// and returns where they start.
    /// - Complexity: O(n) in their number.
    public func append(_ bytes: Span<UInt8>) -> Int {
        guard case .heap = home, bytes.count <= free else { preconditionFailure("no room in the storage") }
        let start = count
        unsafe bytes.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { unsafe (base + start).initialize(from: from, count: source.count) }
        }
        unsafe written += bytes.count
        return start
    }

    /// `body`'s result with the bytes written as a span.
    @inlinable @inline(__always)
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        // A method's `self` lives through the call: the span cannot outlive it.
        try body(unsafe Span(_unsafeStart: base, count: count))
    }

    /// `body`'s result with the bytes in `range` as a span.
    @inlinable @inline(__always)
    public func withSpan<R, E: Error>(_ range: Range<Int>, _ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        return try body(unsafe Span(_unsafeStart: base + range.lowerBound, count: range.count))
    }

    /// The byte at `offset`.
    @inlinable
    public subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "offset out of range")
        return unsafe base[offset]
    }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { withSpan(range) { $0.array } }

    /// Hands back the pages of `range` (page aligned) of a mapping: they
    /// leave the process's resident memory, and reading them again reads
    /// the file again. The mapping is private and never written to, so a
    /// page read again is the file's. Nothing happens to memory of its own.
    /// - Complexity: O(1) system calls.
    public func handBack(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= capacity, "range out of bounds")
        #if os(Linux)
            guard isMapped, !range.isEmpty else { return }
            _ = unsafe madvise(base + range.lowerBound, range.count, MADV_DONTNEED)
        #endif
    }
}

/// The bytes written, as a collection, for generic code; a slice of them
/// is copied in one go with `withSpan` or `array`.
extension ByteStorage: RandomAccessCollection {
    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// The number of bytes written.
    public var endIndex: Int { count }
}

extension Slice where Base == ByteStorage {
    /// `body`'s result with the slice's bytes as a span.
    @inlinable
    public func withSpan<R>(_ body: (Span<UInt8>) -> R) -> R { base.withSpan(startIndex..<endIndex, body) }

    /// A copy of the slice's bytes.
    public var array: [UInt8] { withSpan { $0.array } }
}

// At file scope, where no Swift function of the same name shadows it.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { unsafe read(fd, buffer, count) }
