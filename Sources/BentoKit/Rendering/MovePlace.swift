/// Where a move went, told by its neighbour in the new screen: a move whose
/// old and new positions have the same numbers (`[0, 2] → [0, 2]`, as a
/// reversal or a merge leaves them) is right, but reads as going nowhere.
enum MovePlace {
    /// `now after "email"`, or `now first`, for a move of `change` whose two
    /// positions read the same; nil for any other change.
    /// - Complexity: O(1).
    /// - Parameter quoting: how an id is written into the phrase.
    static func phrase(_ change: Change, in new: Box, quoting: (String) -> String = { $0 }) -> String? {
        guard change.op == .move, let from = change.from, let to = change.to else { return nil }
        return phrase(from: from, to: to, acrossSections: change.fromSection != nil, in: new, quoting: quoting)
    }

    /// The same for a move from `from` to `to`.
    /// - Complexity: O(1).
    static func phrase(
        from: Position, to: Position, acrossSections: Bool, in new: Box, quoting: (String) -> String = { $0 }
    ) -> String? {
        // Across sections, the section it left is named already.
        guard !acrossSections, from == to else { return nil }
        let sections = new.sections
        guard to.section < sections.count else { return nil }
        if let row = to.row {
            let rows = sections[to.section].rows
            guard row < rows.count else { return nil }
            return row == 0 ? "now first in its section" : "now after " + quoting(rows[row - 1].id.description)
        }
        return to.section == 0 ? "now first" : "now after section " + quoting(sections[to.section - 1].id.description)
    }
}
