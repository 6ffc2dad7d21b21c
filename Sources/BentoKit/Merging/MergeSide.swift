/// One of the two sides of a three-way merge: OURS (the current branch, git's
/// `%A`) or THEIRS (the other branch, `%B`).
public enum MergeSide: String, Sendable, Hashable, CaseIterable {
    case ours
    case theirs

    /// `OURS` or `THEIRS`, as the conflict markers and messages name it.
    public var label: String { self == .ours ? "OURS" : "THEIRS" }

    /// The other side.
    public var other: MergeSide { self == .ours ? .theirs : .ours }
}
