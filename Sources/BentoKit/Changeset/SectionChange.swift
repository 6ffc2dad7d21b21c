import BentoJSON

/// A change to a section of one box: its id, and what happened to it with
/// exactly the positions and values that the contract gives that operation.
/// Positions are section indices in the box: `from` in the old file, `to`
/// in the new one.
public struct SectionChange: Hashable, Sendable {
    public var box: BoxName
    public var id: ScreenID
    public var edit: Edit

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

        public var op: Change.Operation {
            switch self {
            case .insert: .insert
            case .delete: .delete
            case .move: .move
            case .update: .update
            }
        }

        public var from: Int? {
            switch self {
            case .insert: nil
            case .delete(let from, _), .move(let from, _, _), .update(let from, _, _): from
            }
        }

        public var to: Int? {
            switch self {
            case .delete: nil
            case .insert(let to, _), .move(_, let to, _), .update(_, let to, _): to
            }
        }

        public var old: Section? {
            if case .delete(_, let old) = self { return old }
            return nil
        }

        public var new: Section? {
            if case .insert(_, let new) = self { return new }
            return nil
        }

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
