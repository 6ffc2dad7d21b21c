#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes written a few at a time into memory of its own, without what an
/// array does on every append (a uniqueness check and a capacity check, each
/// a call): the compact text of every component of a screen is written
/// this way as it is read, a member name, a colon, a string at a time.
///
/// Not copyable: the writer owns its memory, and frees it when it goes,
/// unless it hands it over whole (`finish()`).
@safe public struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        unsafe base = Self.allocate(self.capacity)
    }

    deinit { unsafe Self.release(base) }

    /// Memory from `malloc`, so that growing it is a `realloc`: a large
    /// block is moved by remapping its pages, not copied into fresh ones.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = unsafe malloc(capacity) else { fatalError("out of memory") }
        return unsafe memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Gives back memory a writer allocated (and a storage adopted).
    static func release(_ memory: UnsafeMutablePointer<UInt8>) { unsafe free(memory) }

    /// How many bytes are written.
    public var count: Int { written }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: written + 1) }
        unsafe base[written] = byte
        written += 1
    }

    /// Appends `bytes`.
    /// - Complexity: O(n) in their count.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        let n = bytes.count
        guard n > 0 else { return }
        if written + n > capacity { grow(toHold: written + n) }
        let target = unsafe base + written
        unsafe bytes.withUnsafeBufferPointer { source in
            let from = source.baseAddress!
            if n <= 32 {
                unsafe Self.copyShort(UnsafeRawPointer(from), to: UnsafeMutableRawPointer(target), count: n)
            } else {
                unsafe target.initialize(from: from, count: n)
            }
        }
        written += n
    }

    /// Appends `text` between quotes, after a comma (`afterComma`) and
    /// before a colon (`colon`), with room made once: a member's name as
    /// the compact text of a component is written.
    /// - Complexity: O(n) in the length of `text`.
    @inlinable @inline(__always)
    public mutating func append(quoted text: Span<UInt8>, afterComma: Bool, colon: Bool) {
        let n = text.count
        if written + n + 4 > capacity { grow(toHold: written + n + 4) }
        if afterComma {
            unsafe base[written] = UInt8(ascii: ",")
            written += 1
        }
        unsafe base[written] = UInt8(ascii: "\"")
        written += 1
        append(text)
        unsafe base[written] = UInt8(ascii: "\"")
        written += 1
        if colon {
            unsafe base[written] = UInt8(ascii: ":")
            written += 1
        }
    }

    /// Copies `count` bytes, at most 32, in a few word moves (overlapping
    /// where the count is not a multiple of the word), not a call to
    /// `memmove`: most appends are a tag or a short name, and the call
    /// costs more than the copy.
    @inlinable @inline(__always)
    static func copyShort(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count n: Int) {
        if n >= 8 {
            let first = unsafe source.loadUnaligned(as: UInt64.self)
            let last = unsafe source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            if n > 16 {
                let second = unsafe source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = unsafe source.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self)
                unsafe target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                unsafe target.storeBytes(of: third, toByteOffset: n - 16, as: UInt64.self)
            }
            unsafe target.storeBytes(of: first, as: UInt64.self)
            unsafe target.storeBytes(of: last, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let first = unsafe source.loadUnaligned(as: UInt32.self)
            let last = unsafe source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            unsafe target.storeBytes(of: first, as: UInt32.self)
            unsafe target.storeBytes(of: last, toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n {
                unsafe target.storeBytes(of: source.load(fromByteOffset: k, as: UInt8.self), toByteOffset: k, as: UInt8.self)
            }
        }
    }

    /// Appends the bytes of `literal`.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withSpan { append($0) }
    }

    /// Appends `bytes`.
    /// - Complexity: O(n) in their count.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withSpan { append($0) }
    }

    /// Appends the UTF-8 bytes of `string`.
    /// - Complexity: O(n) in their count.
    public mutating func append(utf8 string: String) {
        string.withUTF8Span { append($0) }
    }

    /// Appends `value` in decimal. Up to eight digits are made in a word
    /// (dividing by the constant 10 is a multiplication) and stored at once.
    /// - Complexity: O(d) in the number of digits.
    public mutating func append(decimal value: UInt) {
        guard let (digits, count) = ByteWords.decimalDigits(value) else { return append(utf8: String(value)) }
        if written + 8 > capacity { grow(toHold: written + 8) }
        unsafe UnsafeMutableRawPointer(base + written).storeBytes(of: digits.littleEndian, as: UInt64.self)
        written += count
    }

    /// Forgets what was written, keeping the memory.
    public mutating func removeAll() { written = 0 }

    /// `body`'s result with the bytes written as a span.
    @inlinable
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(unsafe Span(_unsafeStart: base, count: written))
    }

    /// A copy of the bytes written.
    public var array: [UInt8] { withSpan { $0.array } }

    /// The bytes written, handed over without a copy: the writer's memory
    /// becomes the storage's.
    public consuming func finish() -> ByteStorage {
        let storage = unsafe ByteStorage(adopting: base, capacity: capacity, count: written)
        discard self
        return storage
    }

    /// Moves the bytes to memory with room for at least `needed`.
    @usableFromInline
    mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        guard let larger = unsafe realloc(base, grown) else { fatalError("out of memory") }
        unsafe base = larger.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }
}
