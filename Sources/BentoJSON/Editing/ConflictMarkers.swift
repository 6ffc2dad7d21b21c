/// The lines that fence a conflict, as `git merge-file` writes them:
/// `<<<<<<< OURS`, `=======`, `>>>>>>> THEIRS`, each a marker of `size`
/// characters and, on the outer two, a space and the side's label.
public struct ConflictMarkers: Sendable, Equatable {
    /// The label of OURS (`-L`; git's branch name).
    public var ours: String
    /// The label of THEIRS.
    public var theirs: String
    /// The length of each marker (`--marker-size`, git's `%L`).
    public var size: Int

    /// Markers of `size` characters labelled `ours` and `theirs`.
    public init(ours: String = "OURS", theirs: String = "THEIRS", size: Int = 7) {
        self.ours = ours
        self.theirs = theirs
        self.size = size
    }

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
