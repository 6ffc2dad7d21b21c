import BentoJSON

/// What shapes `Bento.merge`: the markers, the style of a line merge, a
/// side to favour, the layout, and whether conflicts are named.
public struct MergeOptions: Sendable {
    /// The markers around a conflict: their labels, BASE's block when it
    /// is shown (git's diff3 and zdiff3), their length.
    public var markers: ConflictMarkers
    /// BASE's label in a line merge's markers, which may show it in any style.
    public var baseLabel: String
    /// The style `git merge-file` is given in a line merge: `merge`,
    /// `diff3` or `zdiff3`.
    public var lineMergeStyle: String
    /// The side every conflict resolves to; nil leaves conflicts marked.
    public var favor: MergeSide?
    /// The canonical layout instead of editing OURS' text.
    public var reformat: Bool
    /// Conflicts are not named in messages.
    public var quiet: Bool

    /// The options; the defaults are `bento merge` without any.
    public init(
        markers: ConflictMarkers = ConflictMarkers(), baseLabel: String = "BASE", lineMergeStyle: String = "merge",
        favor: MergeSide? = nil, reformat: Bool = false, quiet: Bool = false
    ) {
        self.markers = markers
        self.baseLabel = baseLabel
        self.lineMergeStyle = lineMergeStyle
        self.favor = favor
        self.reformat = reformat
        self.quiet = quiet
    }
}
