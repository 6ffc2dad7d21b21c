/// Compact JSON text (`CompactJSON`'s form: no white space, members in the
/// order given, numbers as written, strings escaped only where JSON
/// requires) written a token at a time. It is the one writer of that text:
/// it places every comma and colon, so that whatever reads a value (the
/// pull reader, a tape, compact text, a screen's component) only says
/// what it read. It writes to a `ByteSink`: a `ByteWriter` where text is
/// kept (a component's, as it is read), an array where it joins one.
public struct CompactWriter<Sink: ByteSink & ~Copyable>: ~Copyable {
    /// The text written.
    public var bytes: Sink
    /// Whether what comes next follows a sibling, after a comma.
    @usableFromInline var followsSibling = false

    /// How the bytes of a string given to the writer stand.
    public enum StringText {
        /// Between its quotes, as compact JSON writes it (no escape, or
        /// only the ones compact JSON writes): copied.
        case compact
        /// Between its quotes, as a reader checked it, escapes and all:
        /// decoded, then escaped where JSON requires.
        case escaped
        /// The string's UTF-8 bytes: escaped where JSON requires.
        case decoded
    }

    /// A writer that appends to `sink`.
    public init(_ sink: consuming Sink) {
        bytes = sink
    }

    @inlinable @inline(__always)
    mutating func separate() {
        if followsSibling { bytes.append(UInt8(ascii: ",")) }
    }

    /// Opens an object (`isObject`) or an array.
    @inlinable @inline(__always)
    public mutating func open(isObject: Bool) {
        separate()
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        followsSibling = false
    }

    /// Closes the object (`isObject`) or array opened last.
    @inlinable @inline(__always)
    public mutating func close(isObject: Bool) {
        bytes.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        followsSibling = true
    }

    /// A member's name, then its colon: its value comes next.
    @inlinable @inline(__always)
    public mutating func name(_ text: Span<UInt8>, _ form: StringText) {
        if form == .compact {
            bytes.append(quoted: text, afterComma: followsSibling, colon: true)
        } else {
            string(text, form)
            bytes.append(UInt8(ascii: ":"))
        }
        followsSibling = false
    }

    /// A string value.
    @inlinable @inline(__always)
    public mutating func string(_ text: Span<UInt8>, _ form: StringText) {
        separate()
        switch form {
        case .compact:
            bytes.append(UInt8(ascii: "\""))
            bytes.append(text)
            bytes.append(UInt8(ascii: "\""))
        case .escaped: writeEscaped(JSONTape.unescape(text))
        case .decoded: writeEscaped(text)
        }
        followsSibling = true
    }

    /// UTF-8 text as a string literal, escaped where JSON requires: made
    /// apart and then appended (strings that need this are few).
    @usableFromInline
    mutating func writeEscaped(_ text: Span<UInt8>) {
        var literal: [UInt8] = []
        JSONWriter.writeString(utf8: text, to: &literal)
        literal.withSpan { bytes.append($0) }
    }

    @usableFromInline
    mutating func writeEscaped(_ text: [UInt8]) {
        text.withSpan { writeEscaped($0) }
    }

    /// A number or a literal (`true`, `false`, `null`), as written.
    @inlinable @inline(__always)
    public mutating func scalar(_ text: Span<UInt8>) {
        separate()
        bytes.append(text)
        followsSibling = true
    }

    /// A whole member, `"name":value`, given as compact text.
    @inlinable @inline(__always)
    public mutating func member(compact text: Span<UInt8>) { scalar(text) }

    /// A whole value given as compact text.
    @inlinable
    public mutating func value(compact text: Span<UInt8>) { scalar(text) }

    /// The members of `object`, an object's compact text, as members of
    /// the object being written.
    /// - Complexity: O(n) in the size of the text.
    @inlinable
    public mutating func members(ofCompact object: Span<UInt8>) {
        guard object.count > 2 else { return }
        separate()
        bytes.append(object.extracting(1..<(object.count - 1)))
        followsSibling = true
    }
}

extension CompactWriter where Sink == ByteWriter {
    /// A writer of its own text, with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        self.init(ByteWriter(capacity: capacity))
    }

    /// Forgets what was written, keeping the memory.
    public mutating func removeAll() {
        bytes.removeAll()
        followsSibling = false
    }
}

/// Where bytes are appended: what `CompactWriter` writes to.
public protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`.
    mutating func append(_ bytes: Span<UInt8>)
    /// Appends `text` between quotes, after a comma (`afterComma`) and
    /// before a colon (`colon`): a string or a member's name as one piece.
    mutating func append(quoted text: Span<UInt8>, afterComma: Bool, colon: Bool)
}

extension ByteWriter: ByteSink {}

extension Array: ByteSink where Element == UInt8 {
    /// Room made once for all the pieces: each append to an array checks
    /// that it is unique and has room.
    @inlinable @inline(__always)
    public mutating func append(quoted text: Span<UInt8>, afterComma: Bool, colon: Bool) {
        append(addingCapacity: text.count + 4) { output in
            if afterComma { output.append(UInt8(ascii: ",")) }
            output.appendQuoted(text)
            if colon { output.append(UInt8(ascii: ":")) }
        }
    }
}
