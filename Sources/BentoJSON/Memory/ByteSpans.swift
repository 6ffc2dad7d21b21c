#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place where bytes in memory are looked at through pointers: the
/// word loads, searches and comparisons that readers need at the speed of
/// memory, each behind a safe function of `Span`, which checks its bounds.
/// Everything above reads text through spans (`Array.withSpan`,
/// `String.withUTF8Span`, the owners' `withSpan`) and these functions.
extension SIMDMask where Storage == SIMD16<Int8> {
    /// Whether any lane is set, told from the mask's two words: `any(_:)`
    /// reduces it lane by lane where it is not inlined.
    @inlinable @inline(__always)
    public var anyLane: Bool {
        let words = unsafe unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }
}

extension Span where Element == UInt8 {
    /// The eight bytes at `offset`, the first one lowest: how a scanner
    /// steps over text that needs no attention a word at a time.
    /// - Precondition: `offset + 8 <= count`.
    @inlinable @inline(__always)
    public func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset &+ 8 <= count, "word out of range")
        return UInt64(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: UInt64.self))
    }

    /// The `count` bytes at `offset` (eight at most), the first one lowest,
    /// zeros above them: how a short name is compared as a number. Read
    /// as one word where the span has eight bytes there.
    /// - Precondition: `0 <= count <= 8`, `offset + count <= self.count`.
    @inlinable @inline(__always)
    public func word(at offset: Int, count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        precondition(count <= 8 && offset >= 0 && offset &+ count <= self.count, "word out of range")
        if offset &+ 8 <= self.count {
            let word = word(at: offset)
            return count == 8 ? word : word & (1 &<< UInt64(8 &* count) &- 1)
        }
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(self[offset &+ k]) &<< UInt64(8 &* k) }
        return word
    }

    /// A word that holds each of the `count` bytes at `offset` (four to
    /// eight), some of them twice: two overlapping halves. What a test
    /// for bytes of a set needs of a short text, in two loads.
    /// - Precondition: `4 <= count <= 8`, `offset + count <= self.count`.
    @inlinable @inline(__always)
    public func coveringWord(at offset: Int, count: Int) -> UInt64 {
        precondition(count >= 4 && count <= 8 && offset >= 0 && offset &+ count <= self.count, "word out of range")
        let low = unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: UInt32.self)
        let high = unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset &+ count &- 4, as: UInt32.self)
        return UInt64(UInt32(littleEndian: low)) | UInt64(UInt32(littleEndian: high)) &<< 32
    }

    /// A vector that holds each of the `count` bytes at `offset` (eight to
    /// sixteen), some of them twice: two overlapping words. What a test for
    /// bytes of a set needs of a short text, in two loads.
    /// - Precondition: `8 <= count <= 16`, `offset + count <= self.count`.
    @inlinable @inline(__always)
    public func coveringVector(at offset: Int, count: Int) -> SIMD16<UInt8> {
        precondition(count >= 8 && count <= 16 && offset >= 0 && offset &+ count <= self.count, "vector out of range")
        let low = unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: UInt64.self)
        let high = unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset &+ count &- 8, as: UInt64.self)
        return unsafe unsafeBitCast(SIMD2<UInt64>(low, high), to: SIMD16<UInt8>.self)
    }

    /// The sixteen bytes at `offset` as one vector, the first one in lane 0:
    /// how a scanner steps over a long run of plain text (`ByteWords`).
    /// - Precondition: `offset + 16 <= count`.
    @inlinable @inline(__always)
    public func vector(at offset: Int) -> SIMD16<UInt8> {
        precondition(offset >= 0 && offset &+ 16 <= count, "vector out of range")
        return unsafe bytes.unsafeLoadUnaligned(fromUncheckedByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    /// Whether the two spans are the same bytes, compared a word at a time
    /// in place, with no call out: a call makes the compiler keep whatever
    /// owns the bytes alive across it, retained and released, and the diff
    /// compares every matched pair of rows so.
    /// A loop of its own, not `commonPrefixCount(with:)`'s: it is the
    /// diff's hottest comparison, and leaves at the first word that differs.
    /// - Complexity: O(n) in the length.
    @inlinable @inline(__always)
    public func sameBytes(as other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        var i = 0
        while i &+ 8 <= count {
            guard word(at: i) == other.word(at: i) else { return false }
            i &+= 8
        }
        while i < count {
            if self[i] != other[i] { return false }
            i &+= 1
        }
        return true
    }

    /// How many bytes the two spans begin with alike, compared a word at a
    /// time in place (see `sameBytes(as:)`).
    /// - Complexity: O(n) in that count.
    @inlinable @inline(__always)
    public func commonPrefixCount(with other: Span<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        var i = 0
        while i &+ 8 <= common && word(at: i) == other.word(at: i) { i &+= 8 }
        while i < common && self[i] == other[i] { i &+= 1 }
        return i
    }

    /// Whether the bytes in `range` are `other`'s (`memcmp`, for long texts).
    /// - Complexity: O(n) in the length of the range.
    public func sameBytes(_ range: Range<Int>, as other: Span<UInt8>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        guard range.count == other.count else { return false }
        guard !range.isEmpty else { return true }
        return unsafe withUnsafeBufferPointer { a in
            unsafe other.withUnsafeBufferPointer { b in
                unsafe memcmp(a.baseAddress! + range.lowerBound, b.baseAddress!, range.count) == 0
            }
        }
    }

    /// The order of the two texts by their bytes (code point order for
    /// UTF-8): negative, zero or positive.
    /// - Complexity: O(n) in the common length.
    public func compareBytes(with other: Span<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        let order =
            common == 0
            ? 0
            : unsafe withUnsafeBufferPointer { a in
                unsafe other.withUnsafeBufferPointer { b in unsafe Int(memcmp(a.baseAddress!, b.baseAddress!, common)) }
            }
        return order != 0 ? order : count - other.count
    }

    /// Where `byte` is first found at or after `start`, before `end`.
    /// - Complexity: O(n) in the distance searched (`memchr`).
    public func firstIndex(of byte: UInt8, from start: Int, to end: Int? = nil) -> Int? {
        let end = end ?? count
        precondition(start >= 0 && start <= end && end <= count, "range out of bounds")
        guard start < end else { return nil }
        return unsafe withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            guard let found = unsafe memchr(base + start, Int32(byte), end - start) else { return nil }
            return unsafe UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// Where `byte` is last found at or after `start`, before `end`: eight
    /// bytes at a time, from the end (`memrchr` is not everywhere).
    /// - Complexity: O(n) in the distance searched.
    public func lastIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        precondition(start >= 0 && start <= end && end <= count, "range out of bounds")
        let pattern = ByteWords.ones &* UInt64(byte)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var end = end
        while end - start >= 8 {
            let x = word(at: end - 8) ^ pattern
            // The high bit of each byte that is zero: exact, byte by byte
            // (no borrow runs into the bytes above a match).
            let zero = ~(((x & low) &+ low) | x | low)
            if zero != 0 { return end - 8 + (63 - zero.leadingZeroBitCount) / 8 }
            end -= 8
        }
        while end > start {
            end -= 1
            if self[end] == byte { return end }
        }
        return nil
    }

    /// The bytes as a string, invalid UTF-8 repaired.
    /// - Complexity: O(n) in the length.
    @inlinable
    public var string: String {
        unsafe withUnsafeBufferPointer { unsafe String(decoding: $0, as: UTF8.self) }
    }

    /// A copy of the bytes.
    /// - Complexity: O(n) in the length.
    @inlinable
    public var array: [UInt8] {
        unsafe withUnsafeBufferPointer { unsafe Array($0) }
    }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    @inlinable
    public func array(_ range: Range<Int>) -> [UInt8] { extracting(range).array }

    /// Feeds the bytes to `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        unsafe withUnsafeBufferPointer { unsafe hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension Array {
    /// `body`'s result with the elements as a span: read in place, an
    /// element passed on borrowed, so nothing is copied and no reference
    /// is counted up and down (which, where both cores read the same rows,
    /// costs more than the work).
    @inlinable @inline(__always)
    public func withSpan<R, E: Error>(_ body: (Span<Element>) throws(E) -> R) throws(E) -> R {
        try unsafe withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(unsafe Span(_unsafeElements: buffer)) }
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of `span`.
    /// - Complexity: O(n) in its length.
    @inlinable @inline(__always)
    public mutating func append(_ span: Span<UInt8>) {
        let count = span.count
        guard count > 0 else { return }
        // Room made as appending grows an array (geometrically), then one
        // copy: the generic `append(contentsOf:)` goes through an iterator.
        append(addingCapacity: count) { output in
            unsafe output.withUnsafeMutableBufferPointer { room, initialized in
                unsafe span.withUnsafeBufferPointer { source in
                    unsafe room.baseAddress!.initialize(from: source.baseAddress!, count: count)
                }
                initialized = count
            }
        }
    }

    /// Appends the bytes of `literal`.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withSpan { append($0) }
    }

    /// Appends `value` in decimal, as `String(value)` spells it, without
    /// making the string.
    /// - Complexity: O(d) in the number of digits.
    @inlinable
    public mutating func append(decimal value: Int) {
        append(addingCapacity: OutputSpan<UInt8>.decimalBytes) { $0.append(decimal: value) }
    }
}

extension OutputSpan where Element == UInt8 {
    /// The most bytes `append(decimal:)` writes.
    public static var decimalBytes: Int { 20 }

    /// Appends `value` in decimal, as `String(value)` spells it; there must
    /// be room for `decimalBytes`.
    /// - Complexity: O(d) in the number of digits.
    @inlinable
    public mutating func append(decimal value: Int) {
        guard value >= 0, let (word, count) = ByteWords.decimalDigits(UInt(value)) else {
            for byte in String(value).utf8 { append(byte) }
            return
        }
        var digits = word
        for _ in 0..<count {
            append(UInt8(truncatingIfNeeded: digits))
            digits &>>= 8
        }
    }

    /// Appends the bytes of `span`, which must fit in the room left.
    /// - Complexity: O(n) in its length.
    @inlinable @inline(__always)
    public mutating func append(_ span: Span<UInt8>) {
        let count = span.count
        precondition(count <= freeCapacity, "no room in the output")
        guard count > 0 else { return }
        unsafe withUnsafeMutableBufferPointer { room, initialized in
            unsafe span.withUnsafeBufferPointer { source in
                unsafe room.baseAddress!.advanced(by: initialized).initialize(from: source.baseAddress!, count: count)
            }
            initialized += count
        }
    }
}

extension ArraySlice where Element == UInt8 {
    /// `body`'s result with the bytes as a span.
    @inlinable @inline(__always)
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try unsafe withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(unsafe Span(_unsafeElements: buffer)) }
    }
}

extension StaticString {
    /// `body`'s result with the literal's UTF-8 bytes as a span.
    @inlinable @inline(__always)
    public func withSpan<R>(_ body: (Span<UInt8>) -> R) -> R {
        unsafe body(Span(_unsafeStart: utf8Start, count: utf8CodeUnitCount))
    }

    /// The byte at `offset` of the literal.
    @inlinable @inline(__always)
    public func byte(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < utf8CodeUnitCount, "offset out of range")
        return unsafe utf8Start[offset]
    }
}

extension String {
    /// `body`'s result with the string's UTF-8 bytes as a span (a bridged
    /// string is made native first).
    @inlinable @inline(__always)
    public func withUTF8Span<R>(_ body: (Span<UInt8>) -> R) -> R {
        // Read where it is, borrowed: a copy would count a reference up and
        // down, and a type name shared by every row is read on all cores.
        if let result = unsafe utf8.withContiguousStorageIfAvailable({ buffer in body(unsafe Span(_unsafeElements: buffer)) }) {
            return result
        }
        var copy = self
        return copy.withUTF8 { buffer in body(unsafe Span(_unsafeElements: buffer)) }
    }

    /// A string of `count` UTF-8 bytes that `fill` writes, in order, into
    /// the output it is given; made in place, without an array between.
    /// - Complexity: O(n) in the count.
    @inlinable
    public init(utf8Count count: Int, _ fill: (inout OutputSpan<UInt8>) -> Void) {
        self = unsafe String(unsafeUninitializedCapacity: count) { buffer in
            var output = unsafe OutputSpan(buffer: buffer, initializedCount: 0)
            fill(&output)
            return unsafe output.finalize(for: buffer)
        }
    }

    /// True when the two strings are the same bits, and so equal: a small
    /// string's bytes are in them, a large one's storage is shared (type
    /// names are interned as they are read), and its length is in them too.
    /// False says nothing. Only loads: no call that would keep the strings
    /// alive (retained) across it.
    @inlinable @inline(__always)
    public static func sameBits(_ a: String, _ b: String) -> Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        return unsafe unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
    }
}
