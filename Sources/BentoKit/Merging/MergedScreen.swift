import BentoJSON

/// The result of a three-way merge: the screen with its conflicts in place,
/// and the list of them.
///
/// Each conflict sits at the smallest element it concerns (a screen
/// attribute, a section's header or footer, a section, a row), with each
/// side's version, so that the screen can be written with conflict markers
/// or resolved to either side.
public struct MergedScreen: Sendable, Hashable {
    /// The screen's attributes, in the merged order.
    public var attributes: [MergeItem<MergedMember>]
    /// The sections of `box`.
    public var box: [MergeItem<MergedSection>]
    /// The sections of `pinnedToBottomBox`; nil when the merge has none.
    public var pinnedToBottomBox: [MergeItem<MergedSection>]?
    /// How the screen is written (OURS' shape).
    public var shape: Screen.Shape
    /// Every conflict, in the order found: attributes, then `box`, then
    /// `pinnedToBottomBox`.
    public var conflicts: [MergeConflict]

    /// True when the merge is clean.
    public var isClean: Bool { conflicts.isEmpty }

    /// The screen with every conflict resolved to `side` (`--favor`).
    /// - Complexity: O(n) in the size of the screen.
    public func resolved(_ side: MergeSide) -> Screen {
        var attributes = JSONObject()
        for member in self.attributes.resolved(side) { attributes[member.key] = member.value }
        return Screen(
            box: Box(sections: box.resolved(side).map { $0.resolved(side) }),
            pinnedToBottomBox: pinnedToBottomBox.map { Box(sections: $0.resolved(side).map { $0.resolved(side) }) },
            attributes: attributes, shape: shape)
    }

    /// The screen when the merge is clean; nil when a conflict is left.
    public var screen: Screen? { isClean ? resolved(.ours) : nil }
}
