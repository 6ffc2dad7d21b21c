/// The lines that fence a conflict, as `git merge-file` writes them:
/// `<<<<<<< OURS`, `=======`, `>>>>>>> THEIRS`, each a marker of `size`
/// characters and, on the outer two, a space and the side's label; in the
/// diff3 style, BASE's block between `||||||| BASE` and `=======`.
public struct ConflictMarkers: Sendable, Equatable {
    /// The label of OURS (`-L`; git's branch name).
    public var ours: String
    /// The label of THEIRS.
    public var theirs: String
    /// The label of BASE, when its block is written (git's diff3 and zdiff3
    /// styles); nil for the merge style, two blocks.
    public var base: String?
    /// The length of each marker (`--marker-size`, git's `%L`).
    public var size: Int

    /// Markers of `size` characters labelled `ours` and `theirs`, and with
    /// BASE's block labelled `base` when there is one.
    public init(ours: String = "OURS", theirs: String = "THEIRS", base: String? = nil, size: Int = 7) {
        self.ours = ours
        self.theirs = theirs
        self.base = base
        self.size = size
    }

    /// The line that opens BASE's block (diff3), without its line end.
    public var baseOpening: [UInt8] { line(UInt8(ascii: "|"), base ?? "") }

    /// The line that opens a conflict, without its line end.
    public var opening: [UInt8] { line(UInt8(ascii: "<"), ours) }
    /// The line between the two sides.
    public var separator: [UInt8] { [UInt8](repeating: UInt8(ascii: "="), count: size) }
    /// The line that closes a conflict.
    public var closing: [UInt8] { line(UInt8(ascii: ">"), theirs) }

    private func line(_ marker: UInt8, _ label: String) -> [UInt8] {
        [UInt8](repeating: marker, count: size) + (label.isEmpty ? [] : Array(" \(label)".utf8))
    }
}
