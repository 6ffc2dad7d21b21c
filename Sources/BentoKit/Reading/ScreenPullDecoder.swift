import BentoJSON

/// The fast path of reading a screen: one pass over the bytes with a
/// `JSONPullReader`, building the schema's values as it goes, with no tape
/// of the whole document and nothing behind the reader kept.
///
/// It gives the same `Screen` the Codable schema gives, matching member
/// names against the schema types' `CodingKeys`, and it gives up (nil)
/// wherever the schema would find a problem, and on the odd form it leaves
/// to it (a screen with both `box` and `sections`): the caller then reads
/// the text with `JSONReader` and decodes it by `init(from:)`, which says
/// what is wrong and where. It never reports an error of its own. It owns
/// its scratch text, and is not copied.
struct ScreenPullDecoder: ~Copyable {
    var reader: JSONPullReader
    /// Called with the offset read so far after each row: the bytes before
    /// it are not needed again.
    let consumed: (Int) -> Void
    /// Long component type names, one string each: equal ones share
    /// storage, in this document and in those read beside it.
    private var typeNames = StringPool(sharing: Component.typeNames)
    /// The compact text of the value at hand.
    private var text = CompactWriter()
    /// Where the components' texts are kept.
    private var arena = CompactArena()

    /// Whether the document's outline is recorded as it is read.
    var outlining = false
    /// The outline so far.
    var recorder = DocumentOutline.Recorder()
    /// How many rows the section read last had.
    private var rowsInSectionBefore = 0
    /// Whether the row read last had `$` members.
    private var rowHadDollar = false
    /// Where the name of the `id` member of the row read last is written.
    private var rowIDAt = -1
    /// Who reads the later part of a long `sections` array; nil: this
    /// decoder reads it all.
    var helper: SectionSplit.Helper?
    /// The fewest bytes left after a `sections` array's bracket for its
    /// later part to be read by `helper`.
    var smallestRest = SectionSplit.smallestRest
    /// Whether the later part is read first, on this thread (tests).
    var readsRestFirst = false
    /// How many sections were read by another decoder.
    var sectionsTakenOver = 0
    /// The mapped file read, whose pages `consumed` hands back: another
    /// decoder hands back those of its part.
    var mapping: MappedFile?

    /// The screen `bytes` hold, or nil when the tape path must read them.
    /// - Complexity: O(n) in the size of the text.
    static func screen(in bytes: [UInt8]) -> Screen? {
        JSONPullReader.reading(bytes) { screen(with: $0, consumed: { _ in }) }
    }

    /// The screen a mapped file holds, or nil when the tape path must read
    /// it; its pages are handed back as the rows are read.
    /// - Complexity: O(n) in the size of the file.
    /// - Parameter helper: who reads the later part of a long box.
    static func screen(in file: MappedFile, helper: SectionSplit.Helper? = nil) -> Screen? {
        screen(with: JSONPullReader(file), consumed: file.release(upTo:), mapping: file, helper: helper)
    }

    private static func screen(
        with reader: JSONPullReader, consumed: @escaping (Int) -> Void, mapping: MappedFile? = nil,
        helper: SectionSplit.Helper? = nil
    ) -> Screen? {
        document(with: reader, consumed: consumed) { (decoder: inout ScreenPullDecoder) throws(JSONSyntaxError) in
            (decoder.helper, decoder.mapping) = (helper, mapping)
            return try decoder.screen()
        }
    }

    /// What `read` reads with a decoder of `reader`, the document ending
    /// there; nil when anything is left to the tape path.
    static func document<T>(
        with reader: JSONPullReader, consumed: @escaping (Int) -> Void,
        _ read: (inout ScreenPullDecoder) throws(JSONSyntaxError) -> T
    ) -> T? {
        var decoder = ScreenPullDecoder(reader: reader, consumed: consumed)
        do {
            let value = try read(&decoder)
            try decoder.reader.finish()
            return value
        } catch {
            return nil
        }
    }

    /// The screen a mapped file holds, and the outline of its document;
    /// nil when the tape path must read it. The file stays mapped, for the
    /// outline.
    /// - Complexity: O(n) in the size of the text.
    /// - Parameter helper: who reads the later part of a long box.
    static func outlined(_ file: MappedFile, helper: SectionSplit.Helper? = nil)
        -> (screen: Screen, outline: DocumentOutline)?
    {
        outlined(JSONPullReader(file), helper: helper) { $0.outline(mapped: file, bytes: [], whole: $1, isBoxForm: $2) }
    }

    /// The screen `text` holds, and the outline of its document; nil when
    /// the tape path must read it. A mapped text's pages are handed back as
    /// the rows are read.
    /// - Complexity: O(n) in the size of the text.
    /// - Parameter helper: who reads the later part of a long box.
    static func outlined(_ text: SourceBytes, helper: SectionSplit.Helper? = nil)
        -> (screen: Screen, outline: DocumentOutline)?
    {
        let consumed = text.mapping?.release(upTo:) ?? { _ in }
        return outlined(JSONPullReader(text), consumed: consumed, mapping: text.mapping, helper: helper) {
            $0.outline(mapped: nil, bytes: [], whole: $1, isBoxForm: $2)
        }
    }

    /// The screen `bytes` hold, and the outline of its document, which
    /// keeps them; nil when the tape path must read them.
    /// - Complexity: O(n) in the size of the text.
    static func outlined(_ bytes: [UInt8]) -> (screen: Screen, outline: DocumentOutline)? {
        JSONPullReader.reading(bytes) { reader in
            outlined(reader) { $0.outline(mapped: nil, bytes: bytes, whole: $1, isBoxForm: $2) }
        }
    }

    private static func outlined(
        _ reader: JSONPullReader, consumed: @escaping (Int) -> Void = { _ in }, mapping: MappedFile? = nil,
        helper: SectionSplit.Helper? = nil, _ outline: (DocumentOutline.Recorder, Range<Int>, Bool) -> DocumentOutline
    ) -> (screen: Screen, outline: DocumentOutline)? {
        let read = document(with: reader, consumed: consumed) { (decoder: inout ScreenPullDecoder) throws(JSONSyntaxError) in
            decoder.outlining = true
            (decoder.helper, decoder.mapping) = (helper, mapping)
            let start = try decoder.valueStart()
            let screen = try decoder.screen()
            return (screen: screen, whole: start..<decoder.reader.offset, recorder: decoder.recorder)
        }
        return read.map { ($0.screen, outline($0.recorder, $0.whole, $0.screen.shape == .box)) }
    }

    init(reader: JSONPullReader, consumed: @escaping (Int) -> Void) {
        self.reader = reader
        self.consumed = consumed
    }

    // MARK: Outline

    /// Where the next value starts (white space skipped), when outlining.
    private mutating func valueStart() throws(JSONSyntaxError) -> Int {
        guard outlining else { return 0 }
        _ = try reader.kind()
        return reader.offset
    }

    /// The member `name` whose value comes next, its value still to be
    /// read (`ending(at:)`); nil when not outlining.
    private mutating func member(_ name: JSONPullReader.MemberName) throws(JSONSyntaxError)
        -> (name: String, nameRange: Range<Int>, start: Int)?
    {
        guard outlining else { return nil }
        let (name, nameRange) = (reader.string(of: name), reader.memberNameRange)  // before the reader moves on
        return (name, nameRange, try valueStart())
    }

    private func ended(_ member: (name: String, nameRange: Range<Int>, start: Int)) -> DocumentOutline.Member {
        DocumentOutline.Member(name: member.name, nameRange: member.nameRange, value: member.start..<reader.offset)
    }

    /// Skips a `$` member's value (it is still checked).
    mutating func skipValue() throws(JSONSyntaxError) {
        text.removeAll()
        try reader.writeCompact(to: &text)
    }

    // MARK: Schema

    mutating func screen() throws(JSONSyntaxError) -> Screen {
        try reader.beginObject()
        var box: Box?, pinned: Box?, sections: [Section]?
        var attributes: [(key: String, value: JSONValue)] = []
        while let name = try reader.nextMember() {
            let member = try self.member(name)
            defer { if let member { recorder.documentMember(ended(member)) } }
            switch reader.key(of: name, among: Screen.CodingKeys.all) {
            case .box?:
                box = try self.box(outlinedAs: .box)
            case .pinnedToBottomBox?:
                pinned = try self.box(outlinedAs: .pinnedToBottomBox)
            case .title?:
                guard try reader.kind() == .string else { throw reader.unexpected("a title") }
                attributes.append((reader.string(of: name), try reader.value()))
            case nil where MemberCheck.isIgnored(name, of: reader):
                try skipValue()
            case nil where reader.key(of: name, among: Box.CodingKeys.all) == .sections:
                sections = try self.sections()  // the Box form, unless there is a box
            case nil:
                attributes.append((reader.string(of: name), try reader.value()))
            }
        }
        switch (box, sections) {
        case (let box?, nil):
            return Screen(box: box, pinnedToBottomBox: pinned, attributes: JSONObject(attributes), shape: .screen)
        case (nil, let sections?) where pinned == nil && attributes.isEmpty:
            return Screen(box: try checked(sections), shape: .box)
        default:
            // No box, a box member in a Box, or `sections` as an attribute.
            throw reader.unexpected("an unusual screen")
        }
    }

    /// A box of `sections`, if their ids are distinct.
    private func checked(_ sections: [Section]) throws(JSONSyntaxError) -> Box {
        guard MemberCheck.allDistinct(sections.count, { sections[$0].id }) else { throw reader.unexpected("a box") }
        return Box(sections: sections)
    }

    private mutating func box(outlinedAs key: Screen.CodingKeys) throws(JSONSyntaxError) -> Box {
        try reader.beginObject()
        var sections: [Section]?
        var members: [DocumentOutline.Member] = []
        while let name = try reader.nextMember() {
            let member = try self.member(name)
            defer { if let member { members.append(ended(member)) } }
            switch reader.key(of: name, among: Box.CodingKeys.all) {
            case .sections?: sections = try self.sections()
            case nil where MemberCheck.isIgnored(name, of: reader): try skipValue()
            case nil: throw reader.unexpected("an unknown member")
            }
        }
        guard let sections else { throw reader.unexpected("a box") }
        if outlining { recorder.endBox(key.stringValue, members: members) }
        return try checked(sections)
    }

    mutating func section() throws(JSONSyntaxError) -> Section {
        let start = try valueStart()
        if outlining { recorder.beginSection(at: start) }
        try reader.beginObject()
        var id: ScreenID?, header: Component?, footer: Component?
        var rows: [Node] = []
        // Room for as many rows as the section before had: sections of a
        // screen tend to be alike, and rows are not moved from array to
        // array as it grows.
        rows.reserveCapacity(rowsInSectionBefore)
        defer { rowsInSectionBefore = rows.count }
        while let name = try reader.nextMember() {
            let member = try self.member(name)
            defer { if let member { recorder.sectionMember(ended(member)) } }
            let key = reader.key(of: name, among: Section.CodingKeys.all)
            switch key {
            case .id?:
                id = try screenID()
            case .header?, .footer?:
                let component: Component?
                if try reader.kind() == .null {
                    try reader.readNull()
                    component = nil
                } else {
                    component = try self.component()
                }
                if key == .header { header = component } else { footer = component }
            case .rows?:
                try reader.beginArray()
                if outlining { recorder.beginRows() }
                while try reader.nextElement() {
                    let rowStart = try valueStart()
                    rows.append(try node())
                    consumed(reader.offset)
                    if outlining { recorder.row(rowStart..<reader.offset, hasDollarMember: rowHadDollar, idAt: rowIDAt) }
                }
            case nil where MemberCheck.isIgnored(name, of: reader):
                try skipValue()
            case nil:
                throw reader.unexpected("an unknown member")
            }
        }
        guard let id, MemberCheck.allDistinct(rows.count, { rows[$0].id }) else { throw reader.unexpected("a section") }
        if outlining { recorder.endSection(at: reader.offset) }
        return Section(id: id, header: header, footer: footer, rows: rows)
    }

    mutating func node() throws(JSONSyntaxError) -> Node {
        try reader.beginObject()
        var id: ScreenID?, component: Component?
        rowHadDollar = false
        while let name = try reader.nextMember() {
            switch reader.key(of: name, among: Node.CodingKeys.all) {
            case .id?:
                rowIDAt = reader.memberNameRange.lowerBound
                id = try screenID()
            case .component?:
                component = try self.component()
            case nil where MemberCheck.isIgnored(name, of: reader):
                rowHadDollar = true
                try skipValue()
            case nil:
                throw reader.unexpected("an unknown member")
            }
        }
        guard let id, let component else { throw reader.unexpected("a row") }
        return Node(id: id, component: component)
    }

    /// The type, and every other member as compact text, in one pass.
    private mutating func component() throws(JSONSyntaxError) -> Component {
        try reader.beginObject()
        var type: String?
        text.removeAll()
        text.open(isObject: true)
        while let name = try reader.nextMember() {
            if reader.key(of: name, among: Component.CodingKeys.all) == .type {
                type = typeNames.string(try reader.readString(), of: reader)
                continue
            }
            reader.writeName(name, to: &text)
            try reader.writeCompact(to: &text)
        }
        text.close(isObject: true)
        guard let type else { throw reader.unexpected("a component") }
        return Component(type: type, compactProperties: arena.store(&text.bytes))
    }

    mutating func screenID() throws(JSONSyntaxError) -> ScreenID {
        if try reader.kind() == .string {
            let token = try reader.readStringAtHand()
            if !token.isEscaped {
                // The canonical form is the literal as written, quotes and all.
                return reader.withLiteral(of: token) { ScreenID(unescapedLiteral: $0) }
            }
            return ScreenID(.string(reader.string(token)))!
        }
        guard let id = ScreenID(try reader.value()) else { throw reader.unexpected("an id") }
        return id
    }
}
