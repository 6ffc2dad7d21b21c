import BentoJSON

/// An HTML page being written. Markup the renderer writes itself goes in as
/// it is; every string that comes from the input (ids, types, props, file
/// names) goes in through `text` or `attribute`, which escape it.
///
/// A card of a report of 100,000 rows is a few dozen appends, so they go to
/// memory of the buffer's own (`ByteWriter`), without the checks an array
/// makes on each. The buffer is not copyable, as its writer is not.
///
/// The sections of a page are drawn later, when it is written
/// (`draw(later:)`, `write(to:)`): runs of them on all cores, each run
/// written out as soon as it and those before it are drawn, and its memory
/// then freed.
/// So a page of 100,000 rows is never held whole: its memory is touched
/// once (fresh pages cost the most here) and is not there to tear down at
/// exit.
public struct HTMLBuffer: ~Copyable {
    /// A part of the page drawn when it is written, into a buffer of its
    /// own, with room for about `size` bytes.
    public struct Drawing: Sendable {
        let size: Int
        let draw: @Sendable (inout HTMLBuffer) -> Void

        /// A part of about `size` bytes, drawn by `draw`.
        public init(size: Int, draw: @escaping @Sendable (inout HTMLBuffer) -> Void) {
            self.size = size
            self.draw = draw
        }
    }

    private enum Piece {
        case text(ByteStorage)
        case drawing(Drawing)

        /// A text's bytes (a drawing has none until it is drawn).
        var text: ByteStorage {
            guard case .text(let text) = self else { preconditionFailure("a text") }
            return text
        }
    }

    /// What was written before `bytes`, in order: the text so far is
    /// `finished` drawn and joined, then `bytes`.
    private var finished: [Piece] = []
    @usableFromInline var bytes: ByteWriter

    /// An empty page, with room for `capacity` bytes before it grows.
    public init(reservingCapacity capacity: Int = 4096) {
        bytes = ByteWriter(capacity: capacity)
    }

    /// Appends a part to be drawn when the page is written.
    public mutating func draw(later drawing: Drawing) {
        finishBytes()
        finished.append(.drawing(drawing))
    }

    /// Calls `write` with the text in pieces, in order: the parts drawn
    /// later are drawn then, on all cores, a run of them (`HTMLBuffer.bytesPerPart` bytes
    /// or more) by the first core free, and each run is written out with
    /// the text around it as soon as it is drawn, while the next are drawn;
    /// at most about `ahead` bytes (or two of the largest runs) are drawn
    /// and not yet written.
    /// - Complexity: O(n) in the size of the text.
    public consuming func write(ahead: Int = HTMLBuffer.bytesAhead, to write: ([ByteStorage]) -> Void) {
        finishBytes()
        let pieces = finished
        finished = []
        // The parts to draw, and where each is among the pieces.
        let parts = pieces.enumerated().compactMap { k, piece -> (place: Int, drawing: Drawing)? in
            guard case .drawing(let drawing) = piece else { return nil }
            return (k, drawing)
        }
        let (places, drawings) = (parts.map(\.place), parts.map(\.drawing))
        // Runs of drawings, so that a page of many small sections is not
        // drawn (and handed over) one small section at a time.
        let (runs, sizes) = Parallel.runs(weighing: drawings.map(\.size), atLeast: HTMLBuffer.bytesPerPart)
        // Two of the largest runs at least, so that two sections of a few
        // megabytes each (a row of 100k members on each side) are drawn at
        // once, not one after the other.
        let ahead = max(ahead, 2 * (sizes.max() ?? 0))
        // Each run into one writer of its own, the text between its
        // drawings copied in: a page of thousands of small sections is then
        // a few dozen buffers, each made, written and freed once, not one
        // per section freed by the writing thread while the drawing
        // threads allocate.
        var start = 0  // the first piece not yet written
        Parallel.streamed(
            runs.count, ahead: ahead, weight: { sizes[$0] },
            make: { r in
                let run = runs[r]
                // The text between a drawing and the one before it in the run.
                let between = { (d: Int) in pieces[places[d - 1] + 1..<places[d]].lazy.map(\.text) }
                let texts = run.dropFirst().reduce(0) { sum, d in between(d).reduce(sum) { $0 + $1.count } }
                var buffer = HTMLBuffer(reservingCapacity: sizes[r] + texts)
                for d in run {
                    if d > run.lowerBound {
                        for text in between(d) { text.withSpan { buffer.bytes.append($0) } }
                    }
                    drawings[d].draw(&buffer)
                }
                return (run, buffer.takeText())
            }
        ) { run, storages in
            write(pieces[start..<places[run.lowerBound]].map(\.text) + storages)
            start = places[run.upperBound - 1] + 1
        }
        let rest = pieces[start...].map(\.text)
        if !rest.isEmpty { write(rest) }
    }

    /// The text in pieces, each copied into an array.
    public consuming func pieces() -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        write { pieces += $0.map { $0.copy(0..<$0.count) } }
        return pieces
    }

    /// The text written, handed over. A part drawn later has no parts of
    /// its own to draw later.
    private consuming func takeText() -> [ByteStorage] {
        var pieces = finished.map { piece -> ByteStorage in
            guard case .text(let text) = piece else { preconditionFailure("a part drawn later draws the rest itself") }
            return text
        }
        // The last bytes are handed over as they are: no writer follows them.
        if bytes.count > 0 { pieces.append(bytes.finish()) }
        return pieces
    }

    private mutating func finishBytes() {
        guard bytes.count > 0 else { return }
        var full = ByteWriter(capacity: 4096)
        swap(&full, &bytes)
        finished.append(.text(full.finish()))
    }

    /// Appends markup written in the renderer's source: copied as it is,
    /// the quickest append there is.
    @inlinable @inline(__always)
    public mutating func markup(_ html: StaticString) {
        bytes.append(html)
    }

    /// Appends markup the renderer put together (a class name, a label).
    /// Never pass input text here.
    @inlinable
    public mutating func markup(built html: String) {
        bytes.append(utf8: html)
    }

    /// Appends markup the renderer keeps as bytes (an id prefix).
    /// Never pass input text here.
    @inlinable
    public mutating func markup(bytes html: [UInt8]) {
        bytes.append(html)
    }

    /// Appends `number` in decimal: no string is made.
    public mutating func markup(number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(decimal: number.magnitude)
    }

    /// Appends text from the input, escaped for an element's content.
    @inlinable
    public mutating func text(_ text: String) {
        HTMLEscaping.appendText(text, to: &bytes)
    }

    /// Appends UTF-8 text from the input, escaped for an element's content.
    @inlinable
    public mutating func text(utf8 text: Span<UInt8>) {
        HTMLEscaping.append(text, quotes: false, to: &bytes)
    }

    /// Appends text from the input, escaped for a double-quoted attribute value.
    @inlinable
    public mutating func attribute(_ text: String) {
        HTMLEscaping.appendAttribute(text, to: &bytes)
    }

    /// Appends a count with thousands separators: `99,760`. The same in every
    /// locale, so the page stays byte-for-byte deterministic; written digit
    /// by digit, as a page of 100,000 rows has thousands of counts.
    public mutating func count(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        appendGrouped(n.magnitude)
    }

    /// `n` with a comma every three digits.
    private mutating func appendGrouped(_ n: UInt) {
        guard n >= 1000 else { return bytes.append(decimal: n) }
        appendGrouped(n / 1000)
        let group = n % 1000
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "0") + UInt8(group / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(group / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(group % 10))
    }
}

/// How much a thread takes at a time.
extension HTMLBuffer {
    /// Bytes of a page drawn per part (a few sections of a hundred rows, a few hundred of one row)...
    static let bytesPerPart = 256 << 10
    /// ...and drawn ahead of the writer: a few dozen sections, all cores busy.
    public static let bytesAhead = 4 << 20
}
