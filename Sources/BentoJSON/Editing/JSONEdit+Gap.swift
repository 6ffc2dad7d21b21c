extension JSONEdit.Layout {
    /// The text a child of a container edited in place owns before it: the
    /// white space and comma between it and the child before it, as the
    /// source has them, so that a child kept or moved keeps its own.
    public enum Gap: Equatable, Sendable {
        /// This range of the source, copied.
        case copied(Range<Int>)
        /// A comma, then this range of the source when it breaks the line
        /// (a list of one child, written a child per line), else the
        /// style's space between elements.
        case comma(then: Range<Int>)
    }

    /// What stands between the opening bracket and the first child.
    public var firstGap: Range<Int> { (whole.lowerBound + 1)..<children[0].start }

    /// What stands between the last child and the closing bracket: the
    /// container's, written after whatever child is written last.
    public var closingGap: Range<Int> { children[children.count - 1].value.upperBound..<(whole.upperBound - 1) }

    /// The gap before the child written `k`-th, `origin` its index among
    /// the children when it is one of them: the first child written takes
    /// the first child's gap; a child of the container, its own; another,
    /// the second child's, or, in a container of one, a comma and the
    /// first's.
    /// - Complexity: O(1).
    public func gap(before k: Int, origin: Int?) -> Gap {
        if k == 0 { return .copied(firstGap) }
        if let j = origin, j > 0 { return .copied(children[j - 1].value.upperBound..<children[j].start) }
        if children.count >= 2 { return .copied(children[0].value.upperBound..<children[1].start) }
        return .comma(then: firstGap)
    }
}
