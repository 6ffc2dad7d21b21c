import BentoJSON
import Synchronization

/// A long `sections` array read by two threads: the reader of the document
/// reads its sections in order, while another thread (`Helper`) finds a
/// boundary between two sections further on and reads from there
/// to the array's end. When the first reader arrives at that boundary it
/// takes the other's sections and steps over them (`rest(at:)`); when it
/// never arrives there exactly (the place only looked like a boundary) or
/// the other found them invalid, it reads on by itself.
///
/// The first reader stays the one that decides: the other reads with the
/// same rules from the same containers (`JSONPullReader.continuing(at:)`),
/// so the sections and the outline are those one reader makes, and an error
/// is still met, and named, by the one reader.
public struct SectionSplit {
    /// The sections read on the other thread, their outline, and where the
    /// last of them ends.
    struct Rest: Sendable {
        var sections: [Section]
        var outline: DocumentOutline.Recorder
        var end: Int
    }

    /// What the two threads tell each other.
    private final class Signals: Sendable {
        /// Where the first reader is: just past its last section, or the
        /// array's opening bracket.
        let reached: Atomic<Int>
        /// The boundary the other thread reads from: 0 not yet known, -1
        /// none.
        let boundary = Atomic<Int>(0)
        /// Set when the first reader will not take the rest.
        let stopped = Atomic<Bool>(false)

        init(_ start: Int) { reached = Atomic(start) }
    }

    /// Who reads the later sections.
    public enum Helper: Sendable {
        /// Another thread, started at once: a core is free.
        case newThread
        /// A thread that comes to help when it has done its own work
        /// (`Parallel.Offers.help()`), as when two files are read at once.
        case offered(Parallel.Offers)
    }

    /// Below this many bytes of text left, one reader reads on alone: a
    /// quarter megabyte is about a millisecond of reading, as long as a
    /// second reader takes to find a boundary and begin. Two files read
    /// at once end a few milliseconds apart, and the first to end helps
    /// with what the other has left.
    static let smallestRest = 256 << 10

    private let signals: Signals
    private let rest: Parallel.Once<Rest?>

    /// Hands the later part of the array whose opening bracket `reader` has
    /// just read to `helper`; nil when too little of the text is left.
    /// With `readsRestFirst`, the later part is read at once, on this
    /// thread, before the first reader goes on (tests).
    /// The other thread hands back the pages of `mapping` it has read.
    init?(
        _ reader: JSONPullReader, outlining: Bool, mapping: MappedFile?, helper: Helper, smallestRest: Int,
        readsRestFirst: Bool = false
    ) {
        guard reader.byteCount - reader.offset >= smallestRest else { return nil }
        let signals = Signals(reader.offset)
        let rest = Parallel.Once {
            Self.read(reader, signals, outlining: outlining, mapping: mapping, smallestRest: smallestRest)
        }
        switch helper {
        case _ where readsRestFirst: _ = rest.value
        case .newThread: rest.start()
        case .offered(let offers): offers.offer { _ = rest.value }
        }
        (self.signals, self.rest) = (signals, rest)
    }

    /// The first reader has read a section, and stands at `offset`.
    func reached(_ offset: Int) { signals.reached.store(offset, ordering: .relaxed) }

    /// The sections from `offset` to the array's end, read on the other
    /// thread (waited for), when `offset` is its boundary (just past the
    /// comma before a section); nil when it is not, or they are not all valid.
    func rest(at offset: Int) -> Rest? {
        let boundary = signals.boundary.load(ordering: .acquiring)
        guard boundary > 0, offset >= boundary else { return nil }
        guard offset == boundary else {
            // Passed without meeting it: the boundary was no boundary.
            stop()
            return nil
        }
        return rest.value
    }

    /// The first reader will not take the rest: the other stops, or does
    /// not begin.
    func stop() { signals.stopped.store(true, ordering: .relaxed) }

    /// The other thread's work: a boundary past the middle of what the
    /// first reader has left (where both end at about the same time), then
    /// the sections after it.
    ///
    /// Sections are looked for where they are set apart as the one the
    /// first reader has just read is from the next (as the first two are,
    /// before it has read one): on lines, a comma, a line break and their
    /// indentation, which no string holds; on one line, what rows are set
    /// apart by too. So each place is tried by reading a section there: one
    /// that is none (a row, the inside of a string) fails at once, and the
    /// next is tried. The boundary is told only once a section is read.
    private static func read(
        _ reader: JSONPullReader, _ signals: Signals, outlining: Bool, mapping: MappedFile?, smallestRest: Int
    ) -> Rest? {
        let start = signals.reached.load(ordering: .relaxed)
        let stopped = { signals.stopped.load(ordering: .relaxed) }
        var from = start + (reader.byteCount - start) / 2
        if !stopped(), reader.byteCount - start >= smallestRest,
            let separator = start > reader.offset
                ? reader.separator(after: start) : reader.elementSeparator(within: Self.firstSectionLimit)
        {
            for _ in 0..<Self.placesTried {
                guard !stopped(), let comma = reader.separator(separator, from: from) else { break }
                let boundary = comma + 1
                let rest = ScreenPullDecoder.sections(
                    continuing: reader.continuing(at: boundary), outlining: outlining, mapping: mapping,
                    begun: { signals.boundary.store(boundary, ordering: .releasing) }, stopped: stopped)
                // Begun and failed: the text is not valid, as the first reader will find.
                if rest != nil || signals.boundary.load(ordering: .relaxed) > 0 { return rest }
                from = boundary
            }
        }
        signals.boundary.store(-1, ordering: .releasing)
        return nil
    }

    /// A box whose first section is longer than this has no boundary looked
    /// for before the first reader has read it: it is one long section, or
    /// a few.
    static let firstSectionLimit = 256 << 10
    /// The places tried before the other thread gives up: a section on one
    /// line is about as many places on as it has rows.
    static let placesTried = 256
}
