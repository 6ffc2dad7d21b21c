import BentoJSON

/// An HTML page being written. Markup the renderer writes itself goes in as
/// it is; every string that comes from the input (ids, types, props, file
/// names) goes in through `text` or `attribute`, which escape it.
///
/// A card of a report of 100,000 rows is a few dozen appends, so they go to
/// memory of the buffer's own (`ByteWriter`), without the checks an array
/// makes on each. The buffer is not copyable: it frees that memory itself.
struct HTMLBuffer: ~Copyable {
    /// What was written before `bytes`: the text so far is `finished`
    /// joined, then `bytes`.
    private var finished: [[UInt8]] = []
    private var bytes: ByteWriter

    init(reservingCapacity capacity: Int = 4096) {
        bytes = ByteWriter(capacity: capacity)
    }

    deinit { bytes.deallocate() }

    /// Appends parts drawn on their own, as pieces of their own: a page of
    /// 100k rows is not copied into one text.
    mutating func append(pieces: [[UInt8]]) {
        finishBytes()
        finished += pieces.filter { !$0.isEmpty }
    }

    /// The text in pieces, in order.
    consuming func pieces() -> [[UInt8]] {
        finishBytes()
        return finished
    }

    private mutating func finishBytes() {
        guard bytes.count > 0 else { return }
        finished.append(Array(bytes.bytes))
        bytes.removeAll()
    }

    /// Appends markup written in the renderer's source: copied as it is,
    /// the quickest append there is.
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
