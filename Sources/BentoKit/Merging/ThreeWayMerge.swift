import BentoJSON

/// The three-way merge of screens by identity (bento-changeset(5), MERGE): each
/// side's changeset against BASE, applied together.
///
/// Screen attributes, sections and rows match by id, as `ScreenDiff` matches
/// them, so a row moved on one side and edited on the other merges cleanly.
/// Content merges field by field (`JSONMerge`). Sections and rows take OURS'
/// order, without what THEIRS deleted, with what THEIRS alone inserted or
/// moved placed after its nearest predecessor in THEIRS (`OrderMerge`).
/// Changes that cannot both be kept are conflicts, each at the smallest
/// element it concerns, with both sides' versions (`MergedScreen`).
public enum ThreeWayMerge {
    /// Merges the changes from `base` to `ours` and from `base` to `theirs`.
    /// - Complexity: O(n log n) in the number of sections and rows: the two
    ///   diffs (run in parallel), then one pass with hashing over the three
    ///   screens, plus the field merges of elements both sides changed.
    public static func merge(base: Screen, ours: Screen, theirs: Screen) -> MergedScreen {
        // Each side's changeset against BASE, and what it did to each box,
        // on its own thread.
        let edits = [ours, theirs].concurrentMap { side in Side(base: base, side: side) }
        return merge(base: base, ours: edits[0], theirs: edits[1])
    }

    /// What one side did to BASE: its changeset against BASE, read box by
    /// box. Worked out on its own, it lets a side be diffed while another
    /// is still being read.
    public struct Side: Sendable {
        let screen: Screen
        let edits: [SideEdits]

        /// `side`'s edits of `base`.
        /// - Complexity: that of `ScreenDiff.changeset`, plus O(n) in the
        ///   number of sections, rows and records.
        public init(base: Screen, side: Screen) {
            let changeset = ScreenDiff.changeset(from: base, to: side)
            screen = side
            edits = BoxName.allCases.map { SideEdits($0, base: base, side: side, changeset: changeset) }
        }
    }

    /// Merges two sides' edits of `base` (`Side`s made from `base`).
    /// - Complexity: one pass with hashing over the three screens, plus the
    ///   field merges of elements both sides changed.
    public static func merge(base: Screen, ours oursSide: Side, theirs theirsSide: Side) -> MergedScreen {
        let (ours, theirs) = (oursSide.screen, theirsSide.screen)
        let edits = [oursSide.edits, theirsSide.edits]
        let attributes = MemberMerge.merge(base: base.attributes, ours: ours.attributes, theirs: theirs.attributes)
        var conflicts = attributes.conflicts.map { MergeConflict(.attribute($0.key), .changedOnBoth(paths: $0.paths)) }

        var boxes: [[MergeItem<MergedSection>]] = []
        for (k, name) in BoxName.allCases.enumerated() {
            var box = BoxMerge(name, base: base[box: name], ours: edits[0][k], theirs: edits[1][k])
            boxes.append(box.sections())
            conflicts += box.conflicts
        }
        // A pinned box stays when OURS has it (unless THEIRS removed it and
        // nothing is left), comes when THEIRS added it, and is kept whenever
        // it has sections.
        let pinnedKept =
            ours.pinnedToBottomBox != nil
            ? !(base.pinnedToBottomBox != nil && theirs.pinnedToBottomBox == nil)
            : base.pinnedToBottomBox == nil && theirs.pinnedToBottomBox != nil
        return MergedScreen(
            attributes: attributes.members, box: boxes[0],
            pinnedToBottomBox: pinnedKept || !boxes[1].isEmpty ? boxes[1] : nil,
            shape: ours.shape, conflicts: conflicts)
    }
}
