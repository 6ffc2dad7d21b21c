/// An HTML page being written. Markup the renderer writes itself goes in as
/// it is; every string that comes from the input (ids, types, props, file
/// names) goes in through `text` or `attribute`, which escape it.
struct HTMLBuffer: Sendable {
    /// What was written before `bytes`: the text so far is `finished`
    /// joined, then `bytes`.
    private var finished: [[UInt8]] = []
    private var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends what another buffer holds (a part drawn on its own), as
    /// pieces of its own: a page of 100k rows is not copied into one text.
    mutating func append(_ other: HTMLBuffer) {
        if !bytes.isEmpty {
            finished.append(bytes)
            bytes = []
        }
        finished += other.finished
        if !other.bytes.isEmpty { finished.append(other.bytes) }
    }

    /// The text in pieces, in order.
    var pieces: [[UInt8]] { bytes.isEmpty ? finished : finished + [bytes] }

    /// Appends markup written by the renderer. Never pass input text here.
    mutating func markup(_ html: String) {
        bytes.append(contentsOf: html.utf8)
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
        markup(Self.grouped(n))
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
