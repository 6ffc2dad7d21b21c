import BentoJSON

/// An HTML page being written. Markup the renderer writes itself goes in as
/// it is; every string that comes from the input (ids, types, props, file
/// names) goes in through `text` or `attribute`, which escape it.
///
/// A card of a report of 100,000 rows is a few dozen appends, so they go to
/// memory of the buffer's own (`ByteWriter`), without the checks an array
/// makes on each; and the page is written out from there, in pieces, never
/// copied into one text. The buffer is not copyable: it frees that memory
/// itself.
struct HTMLBuffer: ~Copyable {
    /// What was written before `bytes`, in order: the text so far is
    /// `finished` joined, then `bytes`.
    private var finished: [ByteWriter] = []
    private var bytes: ByteWriter

    init(reservingCapacity capacity: Int = 4096) {
        bytes = ByteWriter(capacity: capacity)
    }

    deinit {
        for piece in finished { piece.deallocate() }
        bytes.deallocate()
    }

    /// The text in pieces, handed over: the caller frees each (a part
    /// drawn on a core of its own, to be appended with `append(pieces:)`).
    consuming func takePieces() -> [ByteWriter] {
        finishBytes()
        let pieces = finished
        finished = []
        return pieces
    }

    /// Appends pieces taken from another buffer, which this one now frees.
    mutating func append(pieces: [ByteWriter]) {
        finishBytes()
        finished += pieces
    }

    /// Calls `body` with the text in pieces, in order, then frees them.
    consuming func withPieces<R>(_ body: ([UnsafeRawBufferPointer]) -> R) -> R {
        finishBytes()
        return body(finished.map { UnsafeRawBufferPointer($0.bytes) })
    }

    /// The text in pieces, each copied into an array.
    consuming func pieces() -> [[UInt8]] {
        withPieces { $0.map { Array($0) } }
    }

    private mutating func finishBytes() {
        guard bytes.count > 0 else { return }
        finished.append(bytes)
        bytes = ByteWriter(capacity: 4096)
    }

    /// Appends markup written in the renderer's source: copied as it is,
    /// the quickest append there is.
    @inline(__always)
    mutating func markup(_ html: StaticString) {
        html.withUTF8Buffer { bytes.append($0) }
    }

    /// Appends markup the renderer put together (a class name, a label).
    /// Never pass input text here.
    mutating func markup(built html: String) {
        var html = html
        html.withUTF8 { bytes.append($0) }
    }

    /// Appends text from the input, escaped for an element's content.
    mutating func text(_ text: String) {
        HTMLEscaping.appendText(text, to: &bytes)
    }

    /// Appends UTF-8 text from the input, escaped for an element's content.
    mutating func text(utf8 text: UnsafeBufferPointer<UInt8>) {
        HTMLEscaping.append(text, quotes: false, to: &bytes)
    }

    /// Appends text from the input, escaped for a double-quoted attribute value.
    mutating func attribute(_ text: String) {
        HTMLEscaping.appendAttribute(text, to: &bytes)
    }

    /// Appends a count with thousands separators: `99,760`. The same in every
    /// locale, so the page stays byte-for-byte deterministic.
    mutating func count(_ n: Int) {
        markup(built: Self.grouped(n))
    }

    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = n < 0 ? "-" : ""
        for (k, digit) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
