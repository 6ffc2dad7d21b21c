import BentoJSON

/// Where a row stands in one file: its section's index in its box and its
/// index in that section, both 0-based. A row change's positions are always
/// both, so a renderer never unwraps the row.
public struct RowPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section's index in its box.
    public var section: Int
    /// The row's index in its section.
    public var row: Int

    /// Row `row` of section `section`.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// The same place as a record's `Position`.
    public var position: Position { Position(section: section, row: row) }

    /// Section first, then row.
    public static func < (a: RowPosition, b: RowPosition) -> Bool { (a.section, a.row) < (b.section, b.row) }

    /// `[2, 0]`.
    public var description: String { "[\(section), \(row)]" }
}
