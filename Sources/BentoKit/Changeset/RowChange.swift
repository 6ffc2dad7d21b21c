import BentoJSON

/// A change to a row of one box: its id, the id of its section, and what
/// happened to it with exactly the positions and values that the contract
/// gives that operation. Positions are `[section, row]`: `from` in the old
/// file, `to` in the new one.
public struct RowChange: Hashable, Sendable {
    /// The box the row is in.
    public var box: BoxName
    /// The row's id, as the file writes it.
    public var id: ScreenID
    /// The id of the row's section: the old one for a delete, else the new one.
    public var section: ScreenID
    /// What happened to the row.
    public var edit: Edit

    /// A change to row `id` of section `section` in `box`.
    public init(box: BoxName, id: ScreenID, section: ScreenID, _ edit: Edit) {
        self.box = box
        self.id = id
        self.section = section
        self.edit = edit
    }

    /// An operation on a row, with what its record carries.
    public enum Edit: Hashable, Sendable {
        /// A new row, whole.
        case insert(to: Position, new: Node)
        /// A row taken away, whole.
        case delete(from: Position, old: Node)
        /// A row outside the longest run that kept its order in its section,
        /// or one that arrives from another section (`fromSection`, the id of
        /// the section it left); `fields` when its node changed too.
        case move(from: Position, to: Position, fromSection: ScreenID?, fields: [FieldChange])
        /// A row whose node changed.
        case update(from: Position, to: Position, fields: [FieldChange])

        /// The operation's name in the changeset.
        public var op: Change.Operation {
            switch self {
            case .insert: .insert
            case .delete: .delete
            case .move: .move
            case .update: .update
            }
        }

        /// The old position; nil for an insert.
        public var from: Position? {
            switch self {
            case .insert: nil
            case .delete(let from, _), .move(let from, _, _, _), .update(let from, _, _): from
            }
        }

        /// The new position; nil for a delete.
        public var to: Position? {
            switch self {
            case .delete: nil
            case .insert(let to, _), .move(_, let to, _, _), .update(_, let to, _): to
            }
        }

        /// The row a delete takes away.
        public var old: Node? {
            if case .delete(_, let old) = self { return old }
            return nil
        }

        /// The row an insert brings.
        public var new: Node? {
            if case .insert(_, let new) = self { return new }
            return nil
        }

        /// The field changes of a move or an update; none for an insert or a delete.
        public var fields: [FieldChange] {
            switch self {
            case .insert, .delete: []
            case .move(_, _, _, let fields), .update(_, _, let fields): fields
            }
        }

        func replacingFields(_ fields: [FieldChange]) -> Edit {
            switch self {
            case .insert, .delete: self
            case .move(let from, let to, let fromSection, _):
                .move(from: from, to: to, fromSection: fromSection, fields: fields)
            case .update(let from, let to, _): .update(from: from, to: to, fields: fields)
            }
        }
    }

    /// For a row moved across sections: the id of the section it left.
    public var fromSection: ScreenID? {
        if case .move(_, _, let fromSection, _) = edit { return fromSection }
        return nil
    }
}
