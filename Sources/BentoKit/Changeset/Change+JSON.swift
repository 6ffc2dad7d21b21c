import BentoJSON

extension Change: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, op, box, id, fromSection, section, from, to, old, new, fields

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    /// The record as the JSON of bento-changeset(5) changeset writes it, members in the
    /// bento-changeset(5)'s order.
    public var jsonValue: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("kind", .string(kind.rawValue)), ("op", .string(op.rawValue))]
        if let box { m.append(("box", .string(box.rawValue))) }
        if let id { m.append(("id", id.value)) }
        if let fromSection { m.append(("fromSection", fromSection.value)) }
        if let section { m.append(("section", section.value)) }
        if let from { m.append(("from", from.jsonValue)) }
        if let to { m.append(("to", to.jsonValue)) }
        if let old { m.append(("old", old.jsonValue)) }
        if let new { m.append(("new", new.jsonValue)) }
        if !fields.isEmpty || op == .update {
            m.append(("fields", .array(fields.map(\.jsonValue))))
        }
        return .object(JSONObject(m))
    }

    /// The members a record of `kind` and `op` carries, by the rules of
    /// table (a move may carry `fields` and, across sections, `fromSection`).
    static func members(_ kind: Kind, _ op: Operation) -> Set<String> {
        Set(memberKeys(kind, op).map(\.stringValue))
    }

    /// `members(kind, op)` as keys.
    static func memberKeys(_ kind: Kind, _ op: Operation) -> [CodingKeys] {
        let position: [CodingKeys] =
            switch op {
            case .insert: [.to, .new]
            case .delete: [.from, .old]
            case .move: [.from, .to, .fields]
            case .update: [.from, .to, .fields]
            }
        let identity: [CodingKeys] =
            switch kind {
            case .screen: []
            case .section: [.box, .id]
            case .row: op == .move ? [.box, .id, .section, .fromSection] : [.box, .id, .section]
            }
        return kind == .screen ? [.kind, .op, .fields] : [.kind, .op] + identity + position
    }

    /// Reads a record, taking from it the members that its kind and
    /// operation carry. A missing one is an error, and so is one it does not
    /// carry (an insert has no `from`), an update without field changes and
    /// a move whose `fields` is there but empty: a changeset that breaks the
    /// table of bento-changeset(5) is refused, not guessed at.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(Kind.self, forKey: .kind)
        let op = try c.decode(Operation.self, forKey: .op)
        let allowed = Self.members(kind, op)
        let all = try decoder.container(keyedBy: AnyCodingKey.self)
        if let extra = all.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw SchemaViolation(
                path: decoder.codingPath + [extra],
                "a \(kind.rawValue) \(op.rawValue) record has no member \(JSONWriter.quoted(extra.stringValue))",
                atMemberName: true)
        }
        func fields() throws -> [FieldChange] {
            let fields = try c.decodeIfPresent([FieldChange].self, forKey: .fields)
            if op == .update || fields != nil, fields?.isEmpty ?? true {
                throw SchemaViolation(
                    path: decoder.codingPath + [CodingKeys.fields],
                    op == .update && fields == nil
                        ? "missing member \"fields\""
                        : "\"fields\" of a \(kind.rawValue) \(op.rawValue) lists at least one change")
            }
            return fields ?? []
        }
        switch kind {
        case .screen:
            guard op == .update else {
                throw SchemaViolation(path: decoder.codingPath + [CodingKeys.op], "a screen record must be an update")
            }
            self = .screen(fields: try fields())
        case .section:
            let box = try c.decode(BoxName.self, forKey: .box)
            let id = try c.decode(ScreenID.self, forKey: .id)
            func index(_ key: CodingKeys) throws -> Int {
                let position = try c.decode(Position.self, forKey: key)
                guard position.row == nil else {
                    throw SchemaViolation(path: decoder.codingPath + [key], "a section's position has no \"row\"")
                }
                return position.section
            }
            let edit: Edit<Int, Section> =
                switch op {
                case .insert: .insert(to: try index(.to), new: try c.decode(Section.self, forKey: .new))
                case .delete: .delete(from: try index(.from), old: try c.decode(Section.self, forKey: .old))
                case .move: .move(from: try index(.from), to: try index(.to), fields: try fields())
                case .update: .update(from: try index(.from), to: try index(.to), fields: try fields())
                }
            self = .section(SectionChange(box: box, id: id, edit))
        case .row:
            let box = try c.decode(BoxName.self, forKey: .box)
            let id = try c.decode(ScreenID.self, forKey: .id)
            func position(_ key: CodingKeys) throws -> RowPosition {
                guard let position = try c.decode(Position.self, forKey: key).rowPosition else {
                    throw SchemaViolation(path: decoder.codingPath + [key], "a row's position needs a \"row\"")
                }
                return position
            }
            let section = try c.decode(ScreenID.self, forKey: .section)
            if op == .move, let fromSection = try c.decodeIfPresent(ScreenID.self, forKey: .fromSection) {
                self = .row(
                    RowChange(
                        box: box, id: id, section: section, movedFrom: fromSection, from: try position(.from),
                        to: try position(.to), fields: try fields()))
                return
            }
            let edit: Edit<RowPosition, Node> =
                switch op {
                case .insert: .insert(to: try position(.to), new: try c.decode(Node.self, forKey: .new))
                case .delete: .delete(from: try position(.from), old: try c.decode(Node.self, forKey: .old))
                case .move: .move(from: try position(.from), to: try position(.to), fields: try fields())
                case .update: .update(from: try position(.from), to: try position(.to), fields: try fields())
                }
            self = .row(RowChange(box: box, id: id, section: section, edit))
        }
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
