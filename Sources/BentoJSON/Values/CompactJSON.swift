/// A JSON value kept as text: exactly the bytes `JSONWriter(style: .compact)`
/// writes for it (no white space, members in written order, numbers as
/// written, strings escaped only where JSON requires it).
///
/// Component content is most of a screen, and most of it is compared and
/// never looked into. As text it costs a share of a block (`CompactArena`)
/// instead of a tree of allocations, equal text means an equal value (one
/// comparison of bytes), and it is written out, indented, straight from the
/// text. The value is built only when it is asked for: when text differs
/// (members in another order, `1.0` for `1`), and for field changes.
///
public struct CompactJSON: Sendable {
    /// The storage the text is in (which keeps it), where it starts there,
    /// and its length.
    @usableFromInline let storage: ByteStorage
    @usableFromInline let start: Int
    /// The length of the text, in bytes.
    public let count: Int

    /// The text of `value`.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        JSONWriter(style: .compact).write(value, to: &bytes)
        self.init(validated: bytes)
    }

    /// Text already in the compact form (written from a tape). A long text
    /// is kept in its array, not copied (a string of megabytes would be
    /// copied, and its memory touched, once more); a short one is copied
    /// into storage of its exact size.
    public init(validated bytes: [UInt8]) {
        guard bytes.count >= Self.keptInItsArray else {
            self = bytes.withSpan { CompactJSON(copying: $0) }
            return
        }
        self.init(storage: ByteStorage(adopting: bytes), start: 0, count: bytes.count)
    }

    /// Texts of at least this many bytes are kept in the array they were written in.
    static let keptInItsArray = 64 << 10

    /// A copy of compact text, in storage of its own.
    init(copying text: Span<UInt8>) {
        self.init(storage: ByteStorage(copying: text), start: 0, count: text.count)
    }

    /// Text written in `storage` (by a `CompactArena`).
    init(storage: ByteStorage, start: Int, count: Int) {
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// `body`'s result with the text's bytes as a span.
    @inlinable @inline(__always)
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try storage.withSpan(start..<start + count, body)
    }

    /// Whether the two texts are the same bytes, and so the values equal.
    /// Different texts may still hold equal values. Compared in place, a
    /// word at a time.
    /// - Complexity: O(n) in the length of the texts.
    @inlinable
    public func sameText(as other: CompactJSON) -> Bool {
        count == other.count && withSpan { a in other.withSpan { b in a.sameBytes(as: b) } }
    }

    /// Whether the two texts hold equal values: members in any order,
    /// numbers by value, strings by code point. Read in place, as field
    /// changes are found (`JSONDiff.changes(fromCompact:toCompact:at:)`):
    /// the same text is an equal value, objects of other sizes differ, and
    /// objects whose members are not in one order are compared as canonical
    /// text; no value is built.
    /// - Complexity: O(n) for texts in one order, else O(n log n) in their
    ///   size (members are sorted).
    public func sameValue(as other: CompactJSON) -> Bool {
        withSpan { a in other.withSpan { b in CompactPair.sameValue(a, b, 0..<a.count, 0..<b.count) } }
    }

    /// Feeds `hasher` the canonical text: equal values (`sameValue`) hash
    /// alike however they are written.
    /// - Complexity: O(n log n) in the size of the text.
    public func hashValue(into hasher: inout Hasher) {
        hasher.combine(withSpan { Self.canonicalText($0) })
    }

    /// A copy of the text.
    public var bytes: [UInt8] { withSpan { $0.array } }

    /// The value, read back from the text.
    /// - Complexity: O(n) in the size of the text.
    public var value: JSONValue { JSONTape(compact: bytes).value(at: 0) }

    /// `{}` or `[]`.
    public var isEmptyContainer: Bool { count == 2 }

    /// Writes the value with `writer`'s style, as `writer.write(value)` would.
    public func write(with writer: JSONWriter, to out: inout [UInt8], indent: Int) {
        withSpan { writer.write(compact: $0, to: &out, indent: indent) }
    }

    /// Writes the members of an object (the text without its braces) into
    /// `object`, after those it has, in its layout.
    public func writeMembers(into object: inout JSONWriter.Container, to out: inout [UInt8]) {
        guard !isEmptyContainer else { return }
        object.element(&out)
        let (writer, indent) = (object.writer, object.indent + 1)
        withSpan { text in writer.write(compact: text.extracting(1..<text.count - 1), to: &out, indent: indent) }
    }
}
