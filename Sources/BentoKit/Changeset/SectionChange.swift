import BentoJSON

/// A change to a section of one box: its id, and what happened to it with
/// exactly the positions and values that the contract gives that operation.
/// Positions are section indices in the box: `from` in the old file, `to`
/// in the new one.
public struct SectionChange: Hashable, Sendable {
    /// The box the section is in.
    public var box: BoxName
    /// The section's id, as the file writes it.
    public var id: ScreenID
    /// What happened to the section.
    public var edit: Edit

    /// A change to section `id` of `box`.
    public init(box: BoxName, id: ScreenID, _ edit: Edit) {
        self.box = box
        self.id = id
        self.edit = edit
    }

    /// An operation on a section, with what its record carries.
    public enum Edit: Hashable, Sendable {
        /// A new section, whole (its rows are not listed on their own).
        case insert(to: Int, new: Section)
        /// A section taken away, whole.
        case delete(from: Int, old: Section)
        /// A section outside the longest run that kept its order; `fields`
        /// when its header or footer changed too (else empty).
        case move(from: Int, to: Int, fields: [FieldChange])
        /// A section whose header or footer changed.
        case update(from: Int, to: Int, fields: [FieldChange])

        /// The operation's name in the changeset.
        public var op: Change.Operation {
            switch self {
            case .insert: .insert
            case .delete: .delete
            case .move: .move
            case .update: .update
            }
        }

        /// The old index; nil for an insert.
        public var from: Int? {
            switch self {
            case .insert: nil
            case .delete(let from, _), .move(let from, _, _), .update(let from, _, _): from
            }
        }

        /// The new index; nil for a delete.
        public var to: Int? {
            switch self {
            case .delete: nil
            case .insert(let to, _), .move(_, let to, _), .update(_, let to, _): to
            }
        }

        /// The section a delete takes away.
        public var old: Section? {
            if case .delete(_, let old) = self { return old }
            return nil
        }

        /// The section an insert brings.
        public var new: Section? {
            if case .insert(_, let new) = self { return new }
            return nil
        }

        /// The field changes of a move or an update; none for an insert or a delete.
        public var fields: [FieldChange] {
            switch self {
            case .insert, .delete: []
            case .move(_, _, let fields), .update(_, _, let fields): fields
            }
        }

        func replacingFields(_ fields: [FieldChange]) -> Edit {
            switch self {
            case .insert, .delete: self
            case .move(let from, let to, _): .move(from: from, to: to, fields: fields)
            case .update(let from, let to, _): .update(from: from, to: to, fields: fields)
            }
        }
    }
}
