import BentoJSON

/// The fast path of reading a JSON changeset: the same one pass as a
/// screen's, its sections and rows read as a screen's are.
///
/// It gives the `Changeset` the Codable schema gives, and gives up (nil)
/// wherever that would find a problem, and on the forms it leaves to the
/// tape (a record's `old` or `new` before its `kind`, a version spelled
/// `1.0`): the caller then reads the text with `JSONReader`, which says
/// what is wrong and where.
extension ScreenPullDecoder {
    /// The changeset a mapped file holds, or nil when the tape path must
    /// read it; its pages are handed back as the records are read.
    /// - Complexity: O(n) in the size of the file.
    static func changeset(in file: MappedFile) -> Changeset? {
        changeset(with: JSONPullReader(file), consumed: file.release(upTo:))
    }

    /// The changeset `bytes` hold, or nil when the tape path must read them.
    /// - Complexity: O(n) in the size of the text.
    static func changeset(in bytes: [UInt8]) -> Changeset? {
        JSONPullReader.reading(bytes) { changeset(with: $0, consumed: { _ in }) }
    }

    private static func changeset(with reader: JSONPullReader, consumed: @escaping (Int) -> Void) -> Changeset? {
        document(with: reader, consumed: consumed) { (decoder: inout ScreenPullDecoder) throws(JSONSyntaxError) in
            try decoder.changeset()
        }
    }

    private mutating func changeset() throws(JSONSyntaxError) -> Changeset {
        try reader.beginObject()
        var version: String?, old = "", new = "", changes: [Change]?, pointers: [String] = []
        while let name = try reader.nextMember() {
            let key = reader.key(of: name, among: Changeset.CodingKeys.all)
            switch key {
            case .version?:
                version = try reader.readNumber()
            case .old?, .new?:
                let text: String
                if try reader.kind() == .null {
                    try reader.readNull()
                    text = ""
                } else {
                    let token = try reader.readString()
                    text = reader.string(token)
                }
                if key == .old { old = text } else { new = text }
            case .summary?:
                pointers = try ignoredPointers()
            case .changes?:
                var records: [Change] = []
                try reader.beginArray()
                while try reader.nextElement() {
                    records.append(try change())
                    consumed(reader.offset)
                }
                changes = records
            case nil:
                try skipValue()
            }
        }
        guard version == String(Changeset.version), let changes, let ignoring = try? IgnoreRules(pointers) else {
            throw reader.unexpected("a changeset")
        }
        return Changeset(oldName: old, newName: new, changes: changes, ignoring: ignoring)
    }

    /// `summary.ignored`: the pointers the changeset was made ignoring.
    private mutating func ignoredPointers() throws(JSONSyntaxError) -> [String] {
        var pointers: [String] = []
        try reader.beginObject()
        while let name = try reader.nextMember() {
            guard reader.key(of: name, among: Changeset.SummaryKeys.all) == .ignored else {
                try skipValue()
                continue
            }
            if try reader.kind() == .null {
                try reader.readNull()
                continue
            }
            try reader.beginArray()
            while try reader.nextElement() {
                let token = try reader.readString()
                pointers.append(reader.string(token))
            }
        }
        return pointers
    }

    /// A record: its members read in one pass, then checked against the
    /// table of bento-changeset(5) as `Change.init(from:)` checks them.
    private mutating func change() throws(JSONSyntaxError) -> Change {
        try reader.beginObject()
        var kind: Change.Kind?, op: Change.Operation?, box: BoxName?
        var id: ScreenID?, section: ScreenID?, fromSection: ScreenID?
        var from: Position?, to: Position?, fields: [FieldChange]?
        var oldSection: Section?, newSection: Section?, oldRow: Node?, newRow: Node?
        var present = MemberSet()
        while let name = try reader.nextMember() {
            guard let key = reader.key(of: name, among: Change.CodingKeys.all) else { throw reader.unexpected("a record") }
            present.insert(key)
            switch key {
            // Each token is read before the reader is asked about it: an
            // argument that reads on would make the call copy the reader.
            case .kind:
                let token = try reader.readString()
                kind = reader.key(of: token, among: Self.kinds)
            case .op:
                let token = try reader.readString()
                op = reader.key(of: token, among: Self.operations)
            case .box:
                let token = try reader.readString()
                box = reader.key(of: token, among: Self.boxes)
            case .id: id = try screenID()
            case .section: section = try screenID()
            case .fromSection: fromSection = try screenID()
            case .from: from = try position()
            case .to: to = try position()
            case .old, .new:
                // What the value is depends on the kind, read before it.
                switch kind {
                case .section?:
                    if key == .old { oldSection = try self.section() } else { newSection = try self.section() }
                case .row?:
                    if key == .old { oldRow = try node() } else { newRow = try node() }
                case .screen?, nil:
                    throw reader.unexpected("a record")
                }
            case .fields:
                var list: [FieldChange] = []
                try reader.beginArray()
                while try reader.nextElement() { list.append(try FieldChange(pull: &reader)) }
                fields = list
            }
        }
        let refused = reader.unexpected("a record")
        guard let kind, let op, present.isSubset(of: MemberSet.carried(kind, op)) else { throw refused }
        if fields?.isEmpty == true || (fields == nil && op == .update) { throw refused }
        let changes = fields ?? []
        if kind == .screen {
            guard op == .update else { throw refused }
            return .screen(fields: changes)
        }
        guard let box, let id else { throw refused }
        // The record's edit, its places read by `place`, carrying `old`
        // or `new` as its operation does.
        func edit<Place, Content>(_ place: (Position?) throws(JSONSyntaxError) -> Place, old: Content?, new: Content?)
            throws(JSONSyntaxError) -> Edit<Place, Content>
        {
            switch op {
            case .insert:
                guard let new else { throw refused }
                return .insert(to: try place(to), new: new)
            case .delete:
                guard let old else { throw refused }
                return .delete(from: try place(from), old: old)
            case .move: return .move(from: try place(from), to: try place(to), fields: changes)
            case .update: return .update(from: try place(from), to: try place(to), fields: changes)
            }
        }
        if kind == .section {
            func index(_ position: Position?) throws(JSONSyntaxError) -> Int {
                guard let position, position.row == nil else { throw refused }
                return position.section
            }
            return .section(SectionChange(box: box, id: id, try edit(index, old: oldSection, new: newSection)))
        }
        func place(_ position: Position?) throws(JSONSyntaxError) -> RowPosition {
            guard let row = position?.rowPosition else { throw refused }
            return row
        }
        guard let section else { throw refused }
        if let fromSection {
            return .row(
                RowChange(
                    box: box, id: id, section: section, movedFrom: fromSection, from: try place(from), to: try place(to),
                    fields: changes))
        }
        return .row(RowChange(box: box, id: id, section: section, try edit(place, old: oldRow, new: newRow)))
    }

    /// The values of a record's `kind`, `op` and `box`, laid out once.
    private static let kinds = MemberKeys(cases: Change.Kind.self)
    private static let operations = MemberKeys(cases: Change.Operation.self)
    private static let boxes = MemberKeys(cases: BoxName.self)

    /// `{"section": 2}` or `{"section": 2, "row": 0}`, integers as written.
    private mutating func position() throws(JSONSyntaxError) -> Position {
        try reader.beginObject()
        var section: Int?, row: Int?
        while let name = try reader.nextMember() {
            guard let n = try reader.readInteger() else { throw reader.unexpected("a position") }
            switch reader.key(of: name, among: Position.CodingKeys.all) {
            case .section?: section = n
            case .row?: row = n
            case nil: throw reader.unexpected("a position")
            }
        }
        guard let section else { throw reader.unexpected("a position") }
        return Position(section: section, row: row)
    }
}

/// Which of a record's members are present: a bit per key, no allocation
/// per record.
private struct MemberSet {
    private var bits: UInt32 = 0

    private static func bit(_ key: Change.CodingKeys) -> UInt32 { 1 << UInt32(Change.CodingKeys.all.keys.firstIndex(of: key)!) }

    mutating func insert(_ key: Change.CodingKeys) { bits |= Self.bit(key) }

    func isSubset(of other: MemberSet) -> Bool { bits & ~other.bits == 0 }

    /// The members a record of `kind` and `op` carries (`Change.memberKeys`),
    /// worked out once for each pair.
    static func carried(_ kind: Change.Kind, _ op: Change.Operation) -> MemberSet {
        table[Change.Kind.allCases.firstIndex(of: kind)!][Change.Operation.allCases.firstIndex(of: op)!]
    }

    private static let table: [[MemberSet]] = Change.Kind.allCases.map { kind in
        Change.Operation.allCases.map { op in
            var set = MemberSet()
            for key in Change.memberKeys(kind, op) { set.insert(key) }
            return set
        }
    }
}
