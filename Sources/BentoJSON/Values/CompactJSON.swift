#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON value kept as text: exactly the bytes `JSONWriter(style: .compact)`
/// writes for it (no white space, members in written order, numbers as
/// written, strings escaped only where JSON requires it).
///
/// Component content is most of a screen, and most of it is compared and
/// never looked into. As text it costs one allocation instead of a tree of
/// them, equal text means an equal value (one `memcmp`), and it is written
/// out, indented, straight from the text. The value is built only when it is
/// asked for: when text differs (members in another order, `1.0` for `1`),
/// and for field changes.
public struct CompactJSON: Sendable {
    /// The text.
    public let bytes: [UInt8]

    /// The text of `value`.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        JSONWriter(style: .compact).write(value, to: &bytes)
        self.bytes = bytes
    }

    /// Text already in the compact form (written from a tape).
    public init(validated bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value, read back from the text.
    /// - Complexity: O(n) in the size of the text.
    public var value: JSONValue { JSONTape(compact: bytes).value(at: 0) }

    /// `{}` or `[]`.
    public var isEmptyContainer: Bool { bytes.count == 2 }

    /// True when the two texts are the same bytes, and so the values equal.
    /// Different texts may still hold equal values.
    @inlinable
    public func sameText(as other: CompactJSON) -> Bool {
        bytes.count == other.bytes.count
            && bytes.withUnsafeBufferPointer { a in
                other.bytes.withUnsafeBufferPointer { b in
                    a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
                }
            }
    }

    /// Writes the value with `writer`'s style, as `writer.write(value)` would.
    public func write(with writer: JSONWriter, to out: inout [UInt8], indent: Int) {
        bytes.withUnsafeBufferPointer { writer.write(compact: $0, to: &out, indent: indent) }
    }

    /// Writes the members of an object (the text without its braces), each
    /// preceded by a comma, as members following others in `writer`'s style.
    public func writeMembers(with writer: JSONWriter, to out: inout [UInt8], indent: Int) {
        guard !isEmptyContainer else { return }
        out.append(UInt8(ascii: ","))
        writer.newline(&out, indent)
        bytes.withUnsafeBufferPointer { text in
            writer.write(compact: UnsafeBufferPointer(rebasing: text[1..<text.count - 1]), to: &out, indent: indent)
        }
    }
}
