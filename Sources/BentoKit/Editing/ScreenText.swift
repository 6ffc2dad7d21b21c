import BentoJSON

/// A screen and the text it was read from, with where each of its parts is
/// written: what a write that keeps the person's file edits (bento-changeset(5),
/// WRITING), and what a merge copies THEIRS' additions from.
///
/// The text is read once, by the one-pass decoder, which records the byte
/// ranges of the document's members, its boxes', sections' and rows'
/// (`DocumentOutline`); no tape of the whole text is made. A value the
/// editor must look into (a row whose component changed, an attribute) is
/// parsed again on its own, from its range.
///
/// Sections and rows are found by position (the model's i-th section is
/// the text's i-th) and by id: sections and rows through indices made once,
/// a row in its own section by a scan from where the walk is (sections are
/// short, and most rows stay where they were). Immutable once made, it is
/// read from several threads at once.
public final class ScreenText: Sendable {
    /// The screen.
    public let screen: Screen
    /// The text.
    public let bytes: SourceBytes
    /// Where the document and its parts are written.
    let outline: DocumentOutline
    /// How the text is laid out.
    public let style: TextStyle
    /// The sections of each box, held apart from the screen so that a
    /// look-up does not copy a box.
    private let boxSections: [Section], pinnedSections: [Section]
    /// Each box's sections and rows by id, made on another core while the
    /// screen goes on to be used (a changeset checked against it, a diff),
    /// and waited for only when something is first looked up by id.
    private let index: Parallel.Once<Index>

    private struct Index: Sendable {
        /// Each box's sections, by id, in `BoxName.allCases`' order.
        var sections: [[ScreenID: Int]] = []
        /// Each box's rows by id (numbered by an `IDTable`), with where
        /// each is: nil for an id in more than one section.
        var rows: [(ids: IDTable, places: [(section: Int, row: Int)?])] = []

        /// Where box `name`'s entries are: looked up for every row, an
        /// index, not a hash.
        static func slot(_ name: BoxName) -> Int { name == .box ? 0 : 1 }
    }

    typealias Member = DocumentOutline.Member

    /// Reads `source` as a screen and keeps a copy of its text.
    /// - Throws: a `Diagnostic` for text that is not a valid screen.
    /// - Complexity: as `init(_:named:)`.
    public convenience init(_ source: SourceText) throws(Diagnostic) {
        try self.init(SourceBytes(source.bytes), named: source.name)
    }

    /// Reads `bytes` as a screen and keeps them; diagnostics name the text
    /// `name`. Its index by id is started on another core now (unless the
    /// text is small), or, when not `indexesNow`, by `startIndexing()` (or
    /// the first look-up). `helper`
    /// reads the later part of a long box (`SectionSplit`).
    /// - Throws: a `Diagnostic` for text that is not a valid screen.
    /// - Complexity: O(n) in the size of the text, and the hashing of every
    ///   section and row id.
    public init(_ bytes: SourceBytes, named name: String, indexesNow: Bool = true, helper: SectionSplit.Helper? = nil)
        throws(Diagnostic)
    {
        if let (screen, outline) = ScreenPullDecoder.outlined(bytes, helper: helper) {
            (self.screen, self.outline) = (screen, outline)
        } else {
            // An odd form the one-pass decoder leaves to the tape, or an
            // error, which the tape's decoder reports.
            let (screen, tape) = try Screen.decoded(from: SourceText(name: name, bytes: bytes.array))
            (self.screen, self.outline) = (screen, DocumentOutline(tape: tape))
        }
        self.bytes = bytes
        boxSections = screen.box.sections
        pinnedSections = screen.pinnedToBottomBox?.sections ?? []
        index = Parallel.Once { [boxSections, pinnedSections] in Self.index(boxSections, pinnedSections) }
        style = Self.style(bytes, outline)
        if indexesNow { startIndexing() }
    }

    /// Texts of this many bytes or fewer are indexed by their first
    /// look-up: starting a thread for them would take longer.
    static let bytesIndexedWhenAsked = 256 << 10

    /// The empty screen, as the text `{"box": {"sections": []}}`: a side
    /// of a merge that has no document (`/dev/null`, an empty file).
    public static var empty: ScreenText {
        // The text is valid: the read cannot fail.
        try! ScreenText(SourceBytes(Array(#"{"box": {"sections": []}}"#.utf8)), named: "/dev/null")
    }

    /// Starts making the index by id on another core, if it is not made
    /// or being made, and the text is not small: for a caller that knows
    /// when a core is free.
    public func startIndexing() {
        if bytes.count > Self.bytesIndexedWhenAsked { index.start() }
    }

    /// The index of the sections and rows of each box.
    /// - Complexity: O(n) in the number of sections and rows, and the
    ///   hashing of each id.
    private static func index(_ boxSections: [Section], _ pinnedSections: [Section]) -> Index {
        var index = Index()
        for name in BoxName.allCases {
            let sections = name == .box ? boxSections : pinnedSections
            var bySection: [ScreenID: Int] = [:]
            bySection.reserveCapacity(sections.count)
            let rowCount = sections.reduce(0) { $0 + $1.rows.count }
            // Interned, not hashed into a dictionary: a hundred thousand
            // rows are numbered in a fraction of the time.
            var ids = IDTable(capacity: rowCount)
            var places: [(section: Int, row: Int)?] = []
            places.reserveCapacity(rowCount)
            for (i, section) in sections.enumerated() {
                bySection[section.id] = i
                for (r, node) in section.rows.enumerated() {
                    let k = ids.intern(node.id)
                    if k == places.count { places.append((i, r)) } else { places[k] = nil }
                }
            }
            precondition(index.sections.count == Index.slot(name), "boxes out of slot order")
            index.sections.append(bySection)
            index.rows.append((ids, places))
        }
        return index
    }

    /// The text's style, read off the outline where it reaches and off the
    /// value parsed alone below it. The walk goes down first children only:
    /// a box's first section, that section's rows.
    private static func style(_ bytes: SourceBytes, _ outline: DocumentOutline) -> TextStyle {
        let boxes = [outline.main, outline.pinned].compactMap { $0 }
        func firstTwo(_ members: [Member]) -> [JSONEdit.Span] { members.prefix(2).map(span) }
        return TextStyle(of: bytes, document: outline.whole) { range in
            if range == outline.whole, let root = outline.root { return (true, firstTwo(root)) }
            if let box = outline.root?.first(where: { $0.value == range && BoxName(rawValue: $0.name) != nil }),
                let part = outline.box(BoxName(rawValue: box.name)!)
            {
                return (true, firstTwo(part.members))
            }
            for box in boxes {
                if let sections = box.members.named("sections"), sections.value == range {
                    return (false, box.sections.prefix(2).map { element($0.range) })
                }
                guard let section = box.sections.first else { continue }
                if section.range == range { return (true, firstTwo(section.members)) }
                if let rows = section.members.named("rows"), rows.value == range, let ranges = section.rows {
                    return (false, ranges.prefix(2).map(element))
                }
            }
            let tape = JSONReader.parse(bytes, valueAt: range)
            switch tape.kind(0) {
            case .object: return (true, tape.children(of: 0, limit: 2))
            case .array: return (false, tape.children(of: 0, limit: 2))
            default: return nil
            }
        }
    }

    // MARK: Where things are written

    /// The layout of the object written at `whole` with `members`.
    static func layout(_ whole: Range<Int>, _ members: [Member]) -> JSONEdit.Layout {
        JSONEdit.Layout(whole: whole, children: members.map(span))
    }

    /// A member of an object, written from its name.
    static func span(_ member: Member) -> JSONEdit.Span { JSONEdit.Span(start: member.nameRange.lowerBound, value: member.value) }

    /// An element of an array, written at `range`.
    static func element(_ range: Range<Int>) -> JSONEdit.Span { JSONEdit.Span(start: range.lowerBound, value: range) }

    /// The document's members, when it is a Screen (a Box-form document
    /// has no attributes).
    var rootMembers: [Member]? { screen.shape == .screen ? outline.root : nil }

    /// The layout of the document, as an object of `rootMembers`.
    var rootLayout: JSONEdit.Layout { Self.layout(outline.whole, outline.root ?? []) }

    /// Whether the document itself is the main box (the Box form).
    var isBoxDocument: Bool { screen.shape == .box }

    /// Where box `name` is written, and its members; nil when the text has none.
    func box(_ name: BoxName) -> (layout: JSONEdit.Layout, members: [Member])? {
        guard let part = outline.box(name) else { return nil }
        if isBoxDocument { return name == .box ? (Self.layout(outline.whole, part.members), part.members) : nil }
        guard let member = outline.root?.named(name.rawValue) else { return nil }
        return (Self.layout(member.value, part.members), part.members)
    }

    /// The `sections` array of box `name`, as an array of its sections.
    func sectionsLayout(_ name: BoxName, _ array: Range<Int>) -> JSONEdit.Layout {
        JSONEdit.Layout(whole: array, children: outline.box(name)!.sections.map { Self.element($0.range) })
    }

    /// Section `i` of box `name`, as outlined.
    func section(_ name: BoxName, _ i: Int) -> DocumentOutline.SectionPart { outline.box(name)!.sections[i] }

    /// The `rows` array of section `i` of box `name`, if written, as an
    /// array of its rows.
    func rowsLayout(_ name: BoxName, _ i: Int) -> JSONEdit.Layout? {
        let part = section(name, i)
        guard let array = part.members.named("rows"), let rows = part.rows else { return nil }
        return JSONEdit.Layout(whole: array.value, children: rows.map(Self.element))
    }

    /// Where row `r` of section `i` of box `name` is written.
    func row(_ name: BoxName, _ i: Int, _ r: Int) -> Range<Int> { section(name, i).rows![r] }

    /// The value written at `range`, parsed alone, as a place of source
    /// `source` for `JSONEditor`.
    func place(_ range: Range<Int>, source: Int) -> JSONEditor.Place {
        JSONEditor.Place(source: source, tape: JSONReader.parse(bytes, valueAt: range), value: 0)
    }

    /// Whether the value written at `range` is `null`.
    func isNull(_ range: Range<Int>) -> Bool { bytes[range.lowerBound] == UInt8(ascii: "n") }

    // MARK: Finding by id

    /// The sections of box `name` (none for a missing box).
    func sections(_ name: BoxName) -> [Section] { name == .box ? boxSections : pinnedSections }

    /// The index of the section `id` of box `name`.
    func sectionIndex(_ name: BoxName, _ id: ScreenID) -> Int? { index.value.sections[Index.slot(name)][id] }

    /// Where row `id` of the section `section` of box `name` is: in that
    /// section, else anywhere in the box where it is in one section only.
    /// An id the box has once, or not at all, is answered by the index; an
    /// id in several sections is looked for in `section`, scanned from row
    /// `near` (ids are distinct within a section).
    /// - Complexity: O(1), or O(r) in the section's rows for an id in
    ///   several sections.
    func find(row id: ScreenID, in section: ScreenID, _ name: BoxName, near: Int = 0) -> (section: Int, row: Int)? {
        let index = index.value.rows[Index.slot(name)]
        guard let k = index.ids.find(id) else { return nil }
        if let place = index.places[k] { return place }
        guard let i = sectionIndex(name, section) else { return nil }
        let rows = sections(name)[i].rows
        let start = min(max(near, 0), rows.count)
        guard let r = rows[start...].firstIndex(where: { $0.id == id }) ?? rows[..<start].firstIndex(where: { $0.id == id })
        else { return nil }
        return (i, r)
    }
}
