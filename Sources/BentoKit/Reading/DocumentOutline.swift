import BentoJSON

/// Where the parts of a screen document are in its text, as written: the
/// members of the document, of its boxes and of their sections, each row's
/// text and whether it has `$` members.
///
/// It is what `--format patch` needs of the documents beside their screens
/// (`PatchRenderer`): values are read from the text only where an operation
/// carries them, and the text is not copied (a mapped file stays mapped).
/// `ScreenReader.readOutlined` makes one while it reads the screen.
public struct DocumentOutline: Sendable {
    /// A member of an object: its name, where the name is written (quotes
    /// and all) and where its value is.
    struct Member: Equatable {
        let name: String
        let nameRange: Range<Int>
        let value: Range<Int>
    }

    /// One section: where it is written, its members, and its rows (nil
    /// when it has no `rows` array).
    struct SectionPart: Equatable {
        var range: Range<Int>
        var members: [Member]
        var rows: [Range<Int>]?
        /// For each row, whether it has a `$` member beside `id` and
        /// `component` (inside a component everything is compared).
        var dollarRows: [Bool]
        /// For each row, where the name of its `id` member is written; -1
        /// for a row without one.
        var rowIDs: [Int]
    }

    /// One box object: its members, and the sections of its `sections` array.
    struct BoxPart: Equatable {
        var members: [Member] = []
        var sections: [SectionPart] = []
    }

    /// The text: a mapped file, or bytes read.
    private let mapped: MappedFile?
    private let bytes: [UInt8]
    /// Where the document is written.
    let whole: Range<Int>
    /// The document's members; nil when it is no object.
    let root: [Member]?
    /// The main box (the document itself, in the Box form) and the pinned
    /// one, when they are objects.
    let main: BoxPart?, pinned: BoxPart?

    init(mapped: MappedFile?, bytes: [UInt8], whole: Range<Int>, root: [Member]?, main: BoxPart?, pinned: BoxPart?) {
        (self.mapped, self.bytes, self.whole, self.root, self.main, self.pinned) = (mapped, bytes, whole, root, main, pinned)
    }

    /// The outline of a parsed document.
    /// - Complexity: O(n) in the number of sections and rows, and of the
    ///   members of the objects down to them.
    public init(tape: JSONTape) {
        var recorder = Recorder()
        func member(_ member: (name: Int, value: Int)) -> Member {
            Member(name: tape.string(at: member.name), nameRange: tape.range(of: member.name), value: tape.range(of: member.value))
        }
        // The sections of the box object at `index`.
        func sections(in index: Int) {
            recorder.beginSections()
            if let sections = tape.member("sections", in: index).map({ $0 + 1 }), tape.kind(sections) == .array {
                for entry in tape.elements(of: sections) { section(at: entry) }
            }
        }
        func section(at index: Int) {
            let range = tape.range(of: index)
            recorder.beginSection(at: range.lowerBound)
            if tape.kind(index) == .object {
                for entry in tape.members(of: index) { recorder.sectionMember(member(entry)) }
                if let rows = tape.member("rows", in: index).map({ $0 + 1 }), tape.kind(rows) == .array {
                    recorder.beginRows()
                    for row in tape.elements(of: rows) {
                        let dollar = tape.kind(row) == .object
                            && tape.members(of: row).contains { tape.string(at: $0.name, startsWith: UInt8(ascii: "$")) }
                        let id = tape.kind(row) == .object ? tape.member("id", in: row).map { tape.range(of: $0).lowerBound } : nil
                        recorder.row(tape.range(of: row), hasDollarMember: dollar, idAt: id ?? -1)
                    }
                }
            }
            recorder.endSection(at: range.upperBound)
        }
        let isObject = tape.kind(0) == .object
        let isBoxForm = isObject && tape.member("box", in: 0) == nil && tape.member("sections", in: 0) != nil
        if !isObject {
            recorder.documentIsNoObject()
        } else {
            for entry in tape.members(of: 0) {
                recorder.documentMember(member(entry))
                let name = tape.string(at: entry.name)
                if BoxName(rawValue: name) != nil, tape.kind(entry.value) == .object {
                    sections(in: entry.value)
                    recorder.endBox(name, members: tape.members(of: entry.value).map(member))
                }
            }
            // In the Box form the document is the main box: its sections last.
            if isBoxForm { sections(in: 0) }
        }
        self = recorder.outline(mapped: nil, bytes: tape.source.bytes, whole: tape.range(of: 0), isBoxForm: isBoxForm)
    }

    /// The outline of the document `value`.
    public init(_ value: JSONValue) {
        self.init(tape: JSONTape(compact: CompactJSON(value).bytes))
    }

    // MARK: Values

    /// The value written at `range`.
    /// - Complexity: O(n) in the size of the value.
    func value(_ range: Range<Int>) -> JSONValue { tape(range).value(at: 0) }

    /// Calls `body` with the text at `range`, where it lies.
    func withText<R>(_ range: Range<Int>, _ body: (Span<UInt8>) -> R) -> R {
        if let mapped { return mapped.withSpan { body($0.extracting(range)) } }
        return bytes.withSpan { body($0.extracting(range)) }
    }

    /// Whether `members` of this document and `others` of `other` are the
    /// same names with the same text in the same order, but those named in
    /// `names`: then they are equal as values, and nothing tells them apart.
    /// - Complexity: O(n) in the size of their text.
    func sameText(_ members: [Member]?, as others: [Member]?, of other: DocumentOutline, without names: [String]) -> Bool {
        // Walked in step, the members left out skipped on each side: no
        // lists are made, as it is asked for every section of a screen.
        func kept(_ member: Member) -> Bool { !names.contains { CodePoints.equal($0, member.name) } }
        let (a, b) = (members ?? [], others ?? [])
        var (k, m) = (0, 0)
        while true {
            while k < a.count, !kept(a[k]) { k += 1 }
            while m < b.count, !kept(b[m]) { m += 1 }
            guard k < a.count, m < b.count else { return k == a.count && m == b.count }
            let (x, y) = (a[k], b[m])
            guard x.value.count == y.value.count, CodePoints.equal(x.name, y.name),
                withText(x.value, { mine in other.withText(y.value) { mine.sameBytes(as: $0) } })
            else { return false }
            (k, m) = (k + 1, m + 1)
        }
    }

    /// The tape of the value written at `range`.
    func tape(_ range: Range<Int>) -> JSONTape {
        let text = mapped?.copy(range) ?? Array(bytes[range])
        guard let tape = try? JSONReader.parse(text) else { preconditionFailure("the outline's text was read before") }
        return tape
    }

    /// The document as a value.
    var document: JSONValue { value(whole) }

    /// The members in `members` but those named in `names`, as values.
    func object(_ members: [Member]?, without names: [String]) -> JSONObject {
        JSONObject(
            (members ?? []).filter { m in !names.contains { CodePoints.equal($0, m.name) } }.map { ($0.name, value($0.value)) })
    }
}

extension [DocumentOutline.Member] {
    /// The member named `name`, compared by code points.
    func named(_ name: String) -> DocumentOutline.Member? { first { CodePoints.equal($0.name, name) } }
}

extension DocumentOutline {
    /// The line index of the text.
    /// - Complexity: O(n) in the size of the text.
    var lineIndex: LineIndex { mapped.map(LineIndex.init) ?? LineIndex(bytes) }

    /// The box named `name`, as outlined.
    func box(_ name: BoxName) -> BoxPart? { name == .box ? main : pinned }

    /// Where box `name` is written: its member's value, or the document
    /// itself in the Box form; nil when the document has no such box.
    func boxOffset(_ name: BoxName) -> Int? {
        if let member = root?.named(name.rawValue) { return member.value.lowerBound }
        return name == .box && main != nil ? whole.lowerBound : nil
    }

    /// Where the `id` of section `section` of box `name` is written.
    func sectionIDOffset(_ name: BoxName, section: Int) -> Int? {
        guard let sections = box(name)?.sections, section < sections.count else { return nil }
        return sections[section].members.named("id")?.value.lowerBound
    }

    /// Where the `id` of row `row` of section `section` of box `name` is
    /// written (its member's name), as recorded when the row was read.
    func rowIDOffset(_ name: BoxName, section: Int, row: Int) -> Int? {
        guard let sections = box(name)?.sections, section < sections.count, row < sections[section].rowIDs.count,
            sections[section].rowIDs[row] >= 0
        else { return nil }
        return sections[section].rowIDs[row]
    }
}
