/// Bytes written a few at a time into memory of its own, without what an
/// array does on every append (a uniqueness check and a capacity check, each
/// a call): the compact text of every component of a screen is written
/// this way as it is read, a member name, a colon, a string at a time.
///
/// A value type over memory it does not free by itself: its owner calls
/// `deallocate()`, once, when done with it and all its copies, or holds it
/// in a `ScratchBytes`, which frees it.
public struct ByteWriter {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes are written.
    public var count: Int { written }
    @usableFromInline var written = 0

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: written + 1) }
        base[written] = byte
        written += 1
    }

    /// Appends `bytes`.
    /// - Complexity: O(n) in their count.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if written + bytes.count > capacity { grow(toHold: written + bytes.count) }
        if bytes.count <= 32 {
            Self.copyShort(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + written), count: bytes.count)
        } else {
            (base + written).initialize(from: source, count: bytes.count)
        }
        written += bytes.count
    }

    /// Copies `count` bytes, at most 32, in a few word moves (overlapping
    /// where the count is not a multiple of the word), not a call to
    /// `memmove`: most appends are a tag or a short name, and the call
    /// costs more than the copy.
    @inlinable @inline(__always)
    static func copyShort(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count n: Int) {
        if n >= 8 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            if n > 16 {
                let second = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let third = source.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self)
                target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                target.storeBytes(of: third, toByteOffset: n - 16, as: UInt64.self)
            }
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n { target.storeBytes(of: source.load(fromByteOffset: k, as: UInt8.self), toByteOffset: k, as: UInt8.self) }
        }
    }

    /// Appends the bytes of `literal` (one held as a single scalar too).
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends `bytes`.
    /// - Complexity: O(n) in their count.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Forgets what was written, keeping the memory.
    public mutating func removeAll() { written = 0 }

    /// The bytes written, valid until the next write.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: written) }

    /// Frees the memory. The writer, and every copy of it, is not used again.
    public func deallocate() { base.deallocate() }

    /// Moves the bytes to memory with room for at least `needed`.
    @usableFromInline
    mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: written)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
