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
/// never looked into. As text it costs a share of a block (`CompactArena`)
/// instead of a tree of allocations, equal text means an equal value (one
/// comparison of bytes), and it is written out, indented, straight from the
/// text. The value is built only when it is asked for: when text differs
/// (members in another order, `1.0` for `1`), and for field changes.
///
/// Sendable, though its block is a class: the bytes of a text never change
/// once written (an arena writes only past them).
public struct CompactJSON: @unchecked Sendable {
    /// The block the text is in (which keeps it), where it starts there,
    /// and its length. The start is an address, not an offset: reading the
    /// text then needs nothing from the block, which rows on every core
    /// share (counting its references up and down from both cores made
    /// comparing components cost twice what it should).
    @usableFromInline let block: CompactBlock
    @usableFromInline let start: UnsafePointer<UInt8>
    /// The length of the text, in bytes.
    public let count: Int

    /// The text of `value`.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        JSONWriter(style: .compact).write(value, to: &bytes)
        self.init(validated: bytes)
    }

    /// Text already in the compact form (written from a tape).
    public init(validated bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { CompactJSON(copying: $0) }
    }

    /// A copy of compact text, in a block of its own.
    init(copying text: UnsafeBufferPointer<UInt8>) {
        let block = CompactBlock.make(capacity: text.count)
        self.init(block: block, start: block.append(text), count: text.count)
    }

    /// Text written in `block` (by a `CompactArena`).
    init(block: CompactBlock, start: Int, count: Int) {
        self.block = block
        // A block's bytes stay where they are while it lives.
        self.start = block.withUnsafeMutablePointerToElements { UnsafePointer($0 + start) }
        self.count = count
    }

    /// Calls `body` with the text's bytes, which live as long as the value.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(block) { try body(UnsafeBufferPointer(start: start, count: count)) }
    }

    /// The text's bytes, for a caller that keeps the value alive while it
    /// reads them (rows in an array it holds): reading them so touches
    /// nothing in the block, which rows on every core share.
    @inlinable
    public var unsafeBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Whether the two texts are the same bytes, compared in place: both
    /// values are held by the caller for the call, so their bytes are read
    /// without touching the blocks that rows on every core share.
    /// - Complexity: O(n) in the length of the texts.
    @inlinable
    public func hasSameBytes(as other: CompactJSON) -> Bool { CodePoints.sameBytes(unsafeBytes, other.unsafeBytes) }

    /// A copy of the text.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// The value, read back from the text.
    /// - Complexity: O(n) in the size of the text.
    public var value: JSONValue { JSONTape(compact: bytes).value(at: 0) }

    /// `{}` or `[]`.
    public var isEmptyContainer: Bool { count == 2 }

    /// True when the two texts are the same bytes, and so the values equal.
    /// Different texts may still hold equal values.
    /// Compared in place (`CodePoints.sameBytes`).
    @inlinable
    public func sameText(as other: CompactJSON) -> Bool {
        withBytes { a in other.withBytes { b in CodePoints.sameBytes(a, b) } }
    }

    /// Writes the value with `writer`'s style, as `writer.write(value)` would.
    public func write(with writer: JSONWriter, to out: inout [UInt8], indent: Int) {
        withBytes { writer.write(compact: $0, to: &out, indent: indent) }
    }

    /// Writes the members of an object (the text without its braces) into
    /// `object`, after those it has, in its layout.
    public func writeMembers(into object: inout JSONWriter.Container, to out: inout [UInt8]) {
        guard !isEmptyContainer else { return }
        object.element(&out)
        let (writer, indent) = (object.writer, object.indent + 1)
        withBytes { text in
            writer.write(compact: UnsafeBufferPointer(rebasing: text[1..<text.count - 1]), to: &out, indent: indent)
        }
    }
}
