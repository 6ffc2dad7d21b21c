import BentoJSON

/// One record of a changeset: a screen update, or a section or row insert,
/// delete, move or update.
///
/// Each case carries exactly what the table of bento-changeset(5) gives its record (an
/// insert has `to` and `new`, never `from`), so a record that the
/// table does not allow cannot be built. The read-only members below (`kind`,
/// `op`, `from`, `to`, …) give the members of the JSON record, nil where
/// the record has none.
public enum Change: Hashable, Sendable {
    /// The screen's attributes that differ: an `update` of kind `screen`.
    case screen(fields: [FieldChange])
    /// A section inserted, deleted, moved or updated.
    case section(SectionChange)
    /// A row inserted, deleted, moved or updated.
    case row(RowChange)

    /// What a record is about.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case screen, section, row
    }

    /// What happened to it.
    public enum Operation: String, Sendable, Hashable, CaseIterable, Codable {
        case insert, delete, move, update

        /// `inserted`, `deleted`, `moved`, `updated`: as the reports say it.
        public var pastParticiple: String {
            switch self {
            case .insert: "inserted"
            case .delete: "deleted"
            case .move: "moved"
            case .update: "updated"
            }
        }
    }

    /// The whole section or node an insert brings or a delete takes away.
    public enum Content: Hashable, Sendable {
        case section(Section)
        case node(Node)

        /// The section or node as the JSON changeset writes it.
        public var jsonValue: JSONValue {
            switch self {
            case .section(let s): s.jsonValue
            case .node(let n): n.jsonValue
            }
        }
    }

    /// The record's `kind`.
    public var kind: Kind {
        switch self {
        case .screen: .screen
        case .section: .section
        case .row: .row
        }
    }

    /// The record's `op`.
    public var op: Operation {
        switch self {
        case .screen: .update
        case .section(let s): s.edit.op
        case .row(let r): r.edit.op
        }
    }

    /// The box of a section or row; nil for a screen update.
    public var box: BoxName? {
        switch self {
        case .screen: nil
        case .section(let s): s.box
        case .row(let r): r.box
        }
    }

    /// The section's or row's id, as the file writes it.
    public var id: ScreenID? {
        switch self {
        case .screen: nil
        case .section(let s): s.id
        case .row(let r): r.id
        }
    }

    /// For a row: the id of its section (the old one for a delete).
    public var section: ScreenID? {
        if case .row(let r) = self { return r.section }
        return nil
    }

    /// For a row moved across sections: the id of the section it left.
    public var fromSection: ScreenID? {
        if case .row(let r) = self { return r.fromSection }
        return nil
    }

    /// The position in the old file; nil for an insert and a screen update.
    public var from: Position? {
        switch self {
        case .screen: nil
        case .section(let s): s.edit.from.map { Position(section: $0) }
        case .row(let r): r.edit.from?.position
        }
    }

    /// The position in the new file; nil for a delete and a screen update.
    public var to: Position? {
        switch self {
        case .screen: nil
        case .section(let s): s.edit.to.map { Position(section: $0) }
        case .row(let r): r.edit.to?.position
        }
    }

    /// What a delete takes away.
    public var old: Content? {
        switch self {
        case .screen: nil
        case .section(let s): s.edit.old.map(Content.section)
        case .row(let r): r.edit.old.map(Content.node)
        }
    }

    /// What an insert brings.
    public var new: Content? {
        switch self {
        case .screen: nil
        case .section(let s): s.edit.new.map(Content.section)
        case .row(let r): r.edit.new.map(Content.node)
        }
    }

    /// The field changes of an update, or of a move whose content changed too.
    public var fields: [FieldChange] {
        switch self {
        case .screen(let fields): fields
        case .section(let s): s.edit.fields
        case .row(let r): r.edit.fields
        }
    }

    /// The same record with other field changes (for a screen update, a move
    /// or an update; inserts and deletes carry none and stay as they are).
    public func replacingFields(_ fields: [FieldChange]) -> Change {
        switch self {
        case .screen:
            return .screen(fields: fields)
        case .section(var s):
            s.edit = s.edit.replacingFields(fields)
            return .section(s)
        case .row(let r):
            return .row(r.replacingFields(fields))
        }
    }
}
