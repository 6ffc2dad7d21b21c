/// Swift's `String ==` and `hashValue` use Unicode canonical equivalence, so
/// `"café"` written with U+00E9 equals `"cafe\u{301}"`. bento compares by code
/// points, as bento-screen(5) says: these helpers compare and hash UTF-8 bytes.
public enum CodePoints {
    /// True when the two strings hold the same Unicode scalars.
    @inlinable @inline(__always)
    public static func equal(_ a: String, _ b: String) -> Bool {
        // The bits inline: where they decide (an interned type name, a
        // short id), the strings are not even copied for the call.
        String.sameBits(a, b) || equalBytes(a, b)
    }

    /// True when the two strings are the same bits, and so equal
    /// (`String.sameBits`); false says nothing.
    @inlinable @inline(__always)
    public static func sameBits(_ a: String, _ b: String) -> Bool { String.sameBits(a, b) }

    /// `equal` for strings whose bits differ.
    @usableFromInline
    static func equalBytes(_ a: String, _ b: String) -> Bool {
        a.withUTF8Span { x in b.withUTF8Span { y in x.sameBytes(as: y) } }
    }

    /// Orders strings by code point (UTF-8 byte order is code point order).
    public static func less(_ a: String, _ b: String) -> Bool {
        a.withUTF8Span { x in b.withUTF8Span { y in x.compareBytes(with: y) < 0 } }
    }

    /// Feeds the string's UTF-8 bytes to the hasher.
    @inlinable
    public static func hash(_ s: String, into hasher: inout Hasher) {
        s.withUTF8Span { $0.hash(into: &hasher) }
        hasher.combine(0xFF as UInt8)  // terminator: "ab"+"c" ≠ "a"+"bc"
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
