/// One element of a merged list (a section, a row, a member): merged
/// cleanly, or in conflict, with each side's version (nil where that side
/// has none, as when it deleted the element).
public enum MergeItem<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Merged cleanly.
    case clean(Value)
    /// In conflict: what each side has here.
    /// (Boxed: conflicts are few, and an item of two values inline was
    /// twice the size of a clean one in every array of items.)
    indirect case conflict(ours: Value?, theirs: Value?)

    /// A conflict that only `side` fills: the other side deleted the
    /// element, or has it at another place.
    public static func only(_ side: MergeSide, _ value: Value?) -> MergeItem {
        side == .ours ? .conflict(ours: value, theirs: nil) : .conflict(ours: nil, theirs: value)
    }

    /// The value kept when every conflict is resolved to `side`.
    public func value(for side: MergeSide) -> Value? {
        switch self {
        case .clean(let value): value
        case .conflict(let ours, let theirs): side == .ours ? ours : theirs
        }
    }

    /// True for a conflict.
    public var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }
}

extension Array {
    /// The values kept when every conflict is resolved to `side`, in order.
    func resolved<Value>(_ side: MergeSide) -> [Value] where Element == MergeItem<Value> {
        compactMap { $0.value(for: side) }
    }
}
