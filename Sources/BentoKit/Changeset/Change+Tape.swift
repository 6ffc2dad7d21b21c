import BentoJSON

extension Change: JSONTapeDecodable {
    /// The fast path of `init(from:)`: the record's members found by name in
    /// one walk, then read by their own fast paths. Anything `init(from:)`
    /// would refuse, or that this is not sure of, returns nil, and
    /// `init(from:)` reports it.
    public init?(tape reader: inout JSONTapeReader, at index: Int) {
        guard reader.tape.kind(index) == .object else { return nil }
        // Where each member's value is, by key (no dictionary: one is made
        // per record, and a changeset has one record per change).
        var at = Members()
        let known = reader.forEachMember(of: index) { reader, name, value in
            guard let key = reader.tape.key(at: name, among: CodingKeys.all), at[key] == nil else { return false }
            at[key] = value
            return true
        }
        let tape = reader.tape
        func string(_ key: CodingKeys) -> String? {
            guard let i = at[key], tape.kind(i) == .string else { return nil }
            return tape.string(at: i)
        }
        guard known, let kind = string(.kind).flatMap(Kind.init(rawValue:)),
            let op = string(.op).flatMap(Operation.init(rawValue:))
        else { return nil }
        let allowed = Self.memberKeys(kind, op)
        guard CodingKeys.all.allSatisfy({ at[$0] == nil || allowed.contains($0) }) else { return nil }

        func position(_ key: CodingKeys, hasRow: Bool) -> Position? {
            guard let i = at[key], tape.kind(i) == .object else { return nil }
            var section: Int?, row: Int?
            let valid = reader.forEachMember(of: i) { reader, name, value in
                let tape = reader.tape
                guard tape.kind(value) == .number, let n = Int(tape.numberText(at: value)) else { return false }
                switch tape.key(at: name, among: Position.CodingKeys.all) {
                case .section? where section == nil: section = n
                case .row? where row == nil: row = n
                default: return false
                }
                return true
            }
            guard valid, let section, (row != nil) == hasRow else { return nil }
            return Position(section: section, row: row)
        }
        func rowPosition(_ key: CodingKeys) -> RowPosition? { position(key, hasRow: true)?.rowPosition }
        var fields: [FieldChange]? = []
        if let i = at[.fields] {
            fields = reader.array(at: i) { reader, entry in FieldChange(tape: reader.tape, at: entry) }
            if fields?.isEmpty ?? true { return nil }
        } else if op == .update {
            return nil
        }
        guard let fields else { return nil }

        switch kind {
        case .screen:
            guard op == .update else { return nil }
            self = .screen(fields: fields)
            return
        case .section, .row:
            break
        }
        guard let box = string(.box).flatMap(BoxName.init(rawValue:)), let idAt = at[.id],
            let id = reader.decode(ScreenID.self, at: idAt)
        else { return nil }
        if kind == .section {
            let edit: Edit<Int, Section>
            switch op {
            case .insert:
                guard let to = position(.to, hasRow: false), let i = at[.new], let new = reader.decode(Section.self, at: i)
                else { return nil }
                edit = .insert(to: to.section, new: new)
            case .delete:
                guard let from = position(.from, hasRow: false), let i = at[.old],
                    let old = reader.decode(Section.self, at: i)
                else { return nil }
                edit = .delete(from: from.section, old: old)
            case .move, .update:
                guard let from = position(.from, hasRow: false), let to = position(.to, hasRow: false) else { return nil }
                edit =
                    op == .move
                    ? .move(from: from.section, to: to.section, fields: fields)
                    : .update(from: from.section, to: to.section, fields: fields)
            }
            self = .section(SectionChange(box: box, id: id, edit))
            return
        }
        guard let sectionAt = at[.section], let section = reader.decode(ScreenID.self, at: sectionAt) else { return nil }
        if let fromAt = at[.fromSection] {
            guard let fromSection = reader.decode(ScreenID.self, at: fromAt), let from = rowPosition(.from),
                let to = rowPosition(.to)
            else { return nil }
            self = .row(RowChange(box: box, id: id, section: section, movedFrom: fromSection, from: from, to: to, fields: fields))
            return
        }
        let edit: Edit<RowPosition, Node>
        switch op {
        case .insert:
            guard let to = rowPosition(.to), let i = at[.new], let new = reader.decode(Node.self, at: i)
            else { return nil }
            edit = .insert(to: to, new: new)
        case .delete:
            guard let from = rowPosition(.from), let i = at[.old], let old = reader.decode(Node.self, at: i)
            else { return nil }
            edit = .delete(from: from, old: old)
        case .move, .update:
            guard let from = rowPosition(.from), let to = rowPosition(.to) else { return nil }
            edit = op == .move ? .move(from: from, to: to, fields: fields) : .update(from: from, to: to, fields: fields)
        }
        self = .row(RowChange(box: box, id: id, section: section, edit))
    }
}

/// The members of one record: where each key's value is on the tape.
private struct Members {
    private var places = [Int](repeating: -1, count: Change.CodingKeys.all.count)

    subscript(key: Change.CodingKeys) -> Int? {
        get {
            let place = places[Change.CodingKeys.all.firstIndex(of: key)!]
            return place < 0 ? nil : place
        }
        set { places[Change.CodingKeys.all.firstIndex(of: key)!] = newValue ?? -1 }
    }
}
