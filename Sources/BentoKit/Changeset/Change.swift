/// One record of a changeset: a screen update, or a section or row insert,
/// delete, move or update, with the positions in the old file (`from`) and in
/// the new one (`to`).
public struct Change: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case screen, section, row
    }

    public enum Operation: String, Sendable, Hashable, CaseIterable, Codable {
        case insert, delete, move, update
    }

    /// The whole section or node an insert brings or a delete takes away.
    /// Indirect: a record is half the size, and most records carry none.
    public indirect enum Content: Hashable, Sendable {
        case section(Section)
        case node(Node)

        public var jsonValue: JSONValue {
            switch self {
            case .section(let s): s.jsonValue
            case .node(let n): n.jsonValue
            }
        }
    }

    public var kind: Kind
    public var op: Operation
    /// nil for a screen update.
    public var box: BoxName?
    /// The section's or row's id, as the file writes it.
    public var id: ScreenID?
    /// For a row: the id of its section (the old one for a delete).
    public var section: ScreenID?
    /// For a row moved across sections: the id of the section it left.
    public var fromSection: ScreenID?
    public var from: Position?
    public var to: Position?
    public var old: Content?
    public var new: Content?
    public var fields: [FieldChange]

    public init(
        kind: Kind, op: Operation, box: BoxName? = nil, id: ScreenID? = nil, section: ScreenID? = nil,
        fromSection: ScreenID? = nil, from: Position? = nil, to: Position? = nil, old: Content? = nil,
        new: Content? = nil, fields: [FieldChange] = []
    ) {
        self.kind = kind
        self.op = op
        self.box = box
        self.id = id
        self.section = section
        self.fromSection = fromSection
        self.from = from
        self.to = to
        self.old = old
        self.new = new
        self.fields = fields
    }

    /// The record as the contract's JSON changeset writes it, members in the
    /// contract's order.
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
}

extension Change: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, op, box, id, fromSection, section, from, to, old, new, fields
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        op = try c.decode(Operation.self, forKey: .op)
        box = try c.decodeIfPresent(BoxName.self, forKey: .box)
        id = try c.decodeIfPresent(ScreenID.self, forKey: .id)
        section = try c.decodeIfPresent(ScreenID.self, forKey: .section)
        fromSection = try c.decodeIfPresent(ScreenID.self, forKey: .fromSection)
        from = try c.decodeIfPresent(Position.self, forKey: .from)
        to = try c.decodeIfPresent(Position.self, forKey: .to)
        let kind = self.kind
        func content(_ key: CodingKeys) throws -> Content? {
            guard c.contains(key) else { return nil }
            return kind == .section
                ? .section(try c.decode(Section.self, forKey: key)) : .node(try c.decode(Node.self, forKey: key))
        }
        old = try content(.old)
        new = try content(.new)
        fields = try c.decodeIfPresent([FieldChange].self, forKey: .fields) ?? []
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
