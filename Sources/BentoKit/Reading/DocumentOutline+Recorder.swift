import BentoJSON

extension DocumentOutline {
    /// Builds an outline from the parts of a document as a reader meets
    /// them, in the order of the text: the one place that decides what an
    /// outline holds. `ScreenPullDecoder` records as it reads a file;
    /// `DocumentOutline(tape:)` records from a parsed text.
    struct Recorder {
        /// The document's members, nil when it is no object.
        private var root: [Member]? = []
        /// Each box object's part, by its member's name.
        private var boxes: [String: BoxPart] = [:]
        /// The sections of the `sections` array read last.
        private var sections: [SectionPart] = []
        /// The section being read.
        private var section: SectionPart?
        /// Its rows so far, kept apart from it until it ends, in arrays
        /// that keep their room from section to section: each section's
        /// arrays are then made once, at their size, not grown row by row.
        private var rows: [Range<Int>] = [], dollarRows: [Bool] = [], rowIDs: [Int] = []
        private var members: [Member] = []
        private var hasRows = false

        /// A member of the document, its value read.
        mutating func documentMember(_ member: Member) { root?.append(member) }

        /// The document is not an object: it has no members.
        mutating func documentIsNoObject() { root = nil }

        /// A `sections` array begins.
        mutating func beginSections() { sections.removeAll() }

        /// A section begins at `start`.
        mutating func beginSection(at start: Int) {
            section = SectionPart(range: start..<start, members: [], rows: nil, dollarRows: [], rowIDs: [])
        }

        /// A member of the section, its value read.
        mutating func sectionMember(_ member: Member) { if section != nil { members.append(member) } }

        /// The section's `rows` array begins.
        mutating func beginRows() { hasRows = section != nil }

        /// A row of the section, whether it has a `$` member, and where its
        /// `id` member's name is (-1: nowhere).
        mutating func row(_ range: Range<Int>, hasDollarMember: Bool, idAt: Int) {
            guard hasRows else { return }
            rows.append(range)
            dollarRows.append(hasDollarMember)
            rowIDs.append(idAt)
        }

        /// The section ends at `end`.
        mutating func endSection(at end: Int) {
            guard var part = section else { return }
            part.range = part.range.lowerBound..<end
            if hasRows { part.rows = Array(rows) }
            (part.members, part.dollarRows, part.rowIDs) = (Array(members), Array(dollarRows), Array(rowIDs))
            members.removeAll(keepingCapacity: true)
            rows.removeAll(keepingCapacity: true)
            dollarRows.removeAll(keepingCapacity: true)
            rowIDs.removeAll(keepingCapacity: true)
            hasRows = false
            sections.append(part)
            section = nil
        }

        /// The sections another recorder met after those met here, in the
        /// same `sections` array (read on another thread: `SectionSplit`).
        mutating func append(sectionsOf other: Recorder) { sections += other.sections }

        /// The box object of member `name` ends, with its members; its
        /// sections are those read last.
        mutating func endBox(_ name: String, members: [Member]) {
            boxes[name] = BoxPart(members: members, sections: sections)
        }

        /// The outline of the document written at `whole` of the text; in
        /// the Box form the document itself is the main box.
        func outline(mapped: MappedFile?, bytes: [UInt8], whole: Range<Int>, isBoxForm: Bool) -> DocumentOutline {
            let main = isBoxForm ? BoxPart(members: root ?? [], sections: sections) : boxes[BoxName.box.rawValue]
            return DocumentOutline(
                mapped: mapped, bytes: bytes, whole: whole, root: root, main: main,
                pinned: boxes[BoxName.pinnedToBottomBox.rawValue])
        }
    }
}
