import BentoJSON

/// What happened to a section or a row, with exactly what the table of
/// bento-changeset(5) gives that operation: positions (`Place`: a section index, or a
/// `Position` for a row) and the whole content (`Content`: a `Section` or a
/// `Node`) where the record carries them.
public enum Edit<Place: Sendable, Content: Sendable>: Sendable {
    /// New, whole (a section's rows are not listed on their own). Indirect,
    /// as `delete`: a record is half the size, and copies cost one retain.
    indirect case insert(to: Place, new: Content)
    /// Taken away, whole.
    indirect case delete(from: Place, old: Content)
    /// Outside the longest run that kept its order (or, for a row, arrived
    /// from another section); `fields` when the content changed too.
    case move(from: Place, to: Place, fields: [FieldChange])
    /// Changed where it stands: a section's header or footer, a row's node.
    case update(from: Place, to: Place, fields: [FieldChange])

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
    public var from: Place? {
        switch self {
        case .insert: nil
        case .delete(let from, _), .move(let from, _, _), .update(let from, _, _): from
        }
    }

    /// The new position; nil for a delete.
    public var to: Place? {
        switch self {
        case .delete: nil
        case .insert(let to, _), .move(_, let to, _), .update(_, let to, _): to
        }
    }

    /// What a delete takes away.
    public var old: Content? {
        if case .delete(_, let old) = self { return old }
        return nil
    }

    /// What an insert brings.
    public var new: Content? {
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

    /// The same edit with other field changes (inserts and deletes carry none).
    func replacingFields(_ fields: [FieldChange]) -> Edit {
        switch self {
        case .insert, .delete: self
        case .move(let from, let to, _): .move(from: from, to: to, fields: fields)
        case .update(let from, let to, _): .update(from: from, to: to, fields: fields)
        }
    }
}

// Equatable and Hashable where what an edit carries is, not required of
// it: a generic type's requirements are checked whenever its metadata is
// made, and the first check of a conformance in a process searches every
// conformance the program has (a tenth of a millisecond, on each of a
// small diff's few generic types).
extension Edit: Equatable where Place: Equatable, Content: Equatable {}
extension Edit: Hashable where Place: Hashable, Content: Hashable {}
