import BentoJSON

/// Where a row of the screen a changeset makes comes from: an old row,
/// kept where it was or moved, with the record's field changes or none;
/// or a row the changeset inserts.
///
/// `apply` edits the old text by it: a row is kept, moved or changed where
/// the changeset says, without being looked up by id or compared.
public enum RowOrigin: Sendable, Equatable {
    /// Row `row` of section `section` of the old screen's box, changed by
    /// `fields` (none: unchanged).
    case old(section: Int, row: Int, fields: [FieldChange])
    /// A row the changeset inserts.
    case inserted

    /// Row `row` of section `section` of the old screen's box, unchanged.
    static func kept(section: Int, row: Int) -> RowOrigin { .old(section: section, row: row, fields: []) }
}

extension [RowOrigin] {
    /// Whether these are the `count` rows of old section `section`, each
    /// where it was and unchanged: the section is kept as it is written.
    /// - Complexity: O(n) in the rows.
    func keepAll(of section: Int, count: Int) -> Bool {
        self.count == count
            && enumerated().allSatisfy { c, origin in
                if case .old(section, c, let fields) = origin { return fields.isEmpty }
                return false
            }
    }
}

/// Where the rows of a changed screen come from (`RowOrigin`), for each
/// section of each box the changeset touched that the new screen keeps
/// from the old one.
public struct RowOrigins: Sendable {
    /// Per box, per section of the new screen: its rows' origins; nil for
    /// a section the changeset inserts. A box without records has none.
    var boxes: [BoxName: [[RowOrigin]?]] = [:]

    /// No origins: every row is found by id (`ScreenEditor`'s way in a merge).
    public init() {}

    /// The origins of the rows of section `j` of the new screen's box `name`.
    func rows(_ name: BoxName, _ j: Int) -> [RowOrigin]? {
        guard let sections = boxes[name], j < sections.count else { return nil }
        return sections[j]
    }
}
