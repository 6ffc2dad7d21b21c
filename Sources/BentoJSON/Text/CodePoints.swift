#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swift's `String ==` and `hashValue` use Unicode canonical equivalence, so
/// `"café"` written with U+00E9 equals `"cafe\u{301}"`. bento compares by code
/// points, as bento-screen(5) says: these helpers compare and hash UTF-8 bytes.
public enum CodePoints {
    /// True when the two strings hold the same Unicode scalars.
    @inlinable @inline(__always)
    public static func equal(_ a: String, _ b: String) -> Bool {
        // The bits inline: where they decide (an interned type name, a
        // short id), the strings are not even copied for the call.
        sameBits(a, b) || equalBytes(a, b)
    }

    /// `equal` for strings whose bits differ.
    @usableFromInline
    static func equalBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                sameBytes(x, y)
            }
        }
    }

    /// True when the two strings are the same bits, and so equal: a small
    /// string's bytes are in them, a large one's storage is shared (type
    /// names are interned as they are read), and its length is in them too.
    /// False says nothing. Only loads: no call that would keep the strings
    /// alive (retained) across it.
    @inlinable @inline(__always)
    public static func sameBits(_ a: String, _ b: String) -> Bool {
        MemoryLayout<String>.size == 16
            && unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
    }

    /// Orders strings by code point (UTF-8 byte order is code point order).
    public static func less(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    /// Feeds the string's UTF-8 bytes to the hasher.
    @inlinable
    public static func hash(_ s: String, into hasher: inout Hasher) {
        var s = s
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)  // terminator: "ab"+"c" ≠ "a"+"bc"
    }

    /// Whether two texts are the same bytes (and so the same length),
    /// compared a word at a time in place, with no call out (`memcmp`): a
    /// call makes the compiler keep whatever owns the bytes alive across
    /// it, retained and released, and the diff compares every matched pair
    /// of rows so.
    @inlinable @inline(__always)
    public static func sameBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        guard let p = x.baseAddress.map(UnsafeRawPointer.init), let q = y.baseAddress.map(UnsafeRawPointer.init) else {
            return true
        }
        var i = 0
        while i + 8 <= x.count {
            guard ByteWords.word(p, at: i) == ByteWords.word(q, at: i) else { return false }
            i += 8
        }
        while i < x.count {
            if x[i] != y[i] { return false }
            i += 1
        }
        return true
    }
}

/// A string key for hash tables that compares by code points, not by
/// canonical equivalence.
struct ExactString: Hashable, Sendable {
    let value: String
    init(_ value: String) { self.value = value }
    static func == (a: ExactString, b: ExactString) -> Bool { CodePoints.equal(a.value, b.value) }
    func hash(into hasher: inout Hasher) { CodePoints.hash(value, into: &hasher) }
}
