import BentoJSON

/// Turns a changeset into the batches of the contract's section 5.
///
/// Every change goes into the first batch, but for what UIKit forbids or
/// mis-animates in one batch:
/// - the rows of a section that moves (their inserts, deletes, moves and
///   reloads, and a move across sections to or from one) go into a batch of
///   their own after the section moves (`M`), as UIKit corrupts row updates in
///   a section that moves in the same batch;
/// - a reload that cannot share a batch with a move of the same element, or
///   with row changes inside the same section (a row that moves and changes,
///   a section that moves and changes, a section whose header changes while
///   rows come and go), goes into a last batch (`R`), where nothing moves.
///
/// So there are one, two or three batches, as rule 8 counts them. Each batch
/// is given by the layout after it; its indices are read off the layouts
/// before and after, and the layout after a batch is built so that UIKit's
/// own rule (what is neither deleted, inserted nor moved keeps its order and
/// fills the free places) gives it.
public enum UIKitPlanner {
    /// The plan of `changeset`, made from `old` to `new`.
    /// - Complexity: O(n) in the number of sections and rows, plus O(c log c)
    ///   for sorting the c operations.
    public static func plan(_ changeset: Changeset, old: Screen, new: Screen) -> UIKitPlan {
        var boxes: [BoxName: [UIKitPlan.Batch]] = [:]
        for name in BoxName.allCases {
            var plan = BoxPlan(old: old[box: name], new: new[box: name])
            for change in changeset.changes where change.box == name { plan.record(change) }
            boxes[name] = plan.batches()
        }
        return UIKitPlan(boxes: boxes)
    }
}

/// A row, by its section's id and its own: row ids are unique within a
/// section only.
private struct RowKey: Hashable {
    let section: ScreenID
    let row: ScreenID
}

/// The plan of one box.
private struct BoxPlan {
    let old: Box
    let new: Box

    private var inserted = Set<ScreenID>(), deleted = Set<ScreenID>()
    /// Sections that move: no row operation may share their batch.
    private var moved = Set<ScreenID>()
    /// Sections whose header or footer changes.
    private var changed = Set<ScreenID>()
    private var deletedRows: [RowKey] = [], insertedRows: [RowKey] = [], updatedRows: [RowKey] = []
    private var moves: [(from: RowKey, to: RowKey, changed: Bool)] = []
    private var anyChange = false

    init(old: Box, new: Box) {
        self.old = old
        self.new = new
    }

    mutating func record(_ change: Change) {
        anyChange = true
        switch change {
        case .screen:
            break
        case .section(let record):
            switch record.edit {
            case .insert: inserted.insert(record.id)
            case .delete: deleted.insert(record.id)
            case .move(_, _, let fields):
                moved.insert(record.id)
                if !fields.isEmpty { changed.insert(record.id) }
            case .update: changed.insert(record.id)
            }
        case .row(let record):
            switch record.edit {
            case .insert: insertedRows.append(RowKey(section: record.section, row: record.id))
            case .delete: deletedRows.append(RowKey(section: record.section, row: record.id))
            case .update: updatedRows.append(RowKey(section: record.section, row: record.id))
            case .move(_, _, let fields):
                moves.append(
                    (
                        RowKey(section: record.fromSection ?? record.section, row: record.id),
                        RowKey(section: record.section, row: record.id), !fields.isEmpty
                    ))
            }
        }
    }

    /// A move that touches a section that moves waits for batch `M`.
    private func isDeferred(_ move: (from: RowKey, to: RowKey, changed: Bool)) -> Bool {
        moved.contains(move.from.section) || moved.contains(move.to.section)
    }

    func batches() -> [UIKitPlan.Batch] {
        guard anyChange else { return [] }
        // Sections that rows come into, leave or move within.
        var rowOps = Set<ScreenID>()
        for key in deletedRows { rowOps.insert(key.section) }
        for key in insertedRows { rowOps.insert(key.section) }
        for move in moves {
            rowOps.insert(move.from.section)
            rowOps.insert(move.to.section)
        }
        // Rule 8: the batch for the rows of moved sections, and the one for reloads.
        let updatedIn = Set(updatedRows.map(\.section))
        let needsRowsOfMoved = moved.contains { rowOps.contains($0) || updatedIn.contains($0) }
        let reloadedLast = changed.filter { moved.contains($0) || rowOps.contains($0) }
        let needsReloads = moves.contains(where: \.changed) || !reloadedLast.isEmpty

        let oldLayout = old.sections.map { UIKitPlan.SectionLayout(id: $0.id, rows: $0.rows.map(\.id)) }
        let newLayout = new.sections.map { UIKitPlan.SectionLayout(id: $0.id, rows: $0.rows.map(\.id)) }
        let oldIndex = Self.sectionIndex(oldLayout), newIndex = Self.sectionIndex(newLayout)
        let oldRow = Self.rowIndex(oldLayout), newRow = Self.rowIndex(newLayout)

        // Batch 1: every section change, and the rows of sections that stay.
        let first = firstLayout(oldLayout, newLayout)
        let firstRow = needsRowsOfMoved ? Self.rowIndex(first) : newRow
        var one = UIKitPlan.Batch()
        one.deleteSections = deleted.map { oldIndex[$0]! }
        one.insertSections = inserted.map { newIndex[$0]! }
        one.moveSections = moved.map { (oldIndex[$0]!, newIndex[$0]!) }
        one.reloadSections = changed.filter { !reloadedLast.contains($0) }.map { oldIndex[$0]! }
        func oldPath(_ key: RowKey) -> UIKitPlan.IndexPath { .init(oldIndex[key.section]!, oldRow[key]!) }
        func firstPath(_ key: RowKey) -> UIKitPlan.IndexPath { .init(newIndex[key.section]!, firstRow[key]!) }
        func newPath(_ key: RowKey) -> UIKitPlan.IndexPath { .init(newIndex[key.section]!, newRow[key]!) }
        one.deleteRows = deletedRows.filter { !moved.contains($0.section) }.map(oldPath)
        one.insertRows = insertedRows.filter { !moved.contains($0.section) }.map(firstPath)
        one.moveRows = moves.filter { !isDeferred($0) }.map { (oldPath($0.from), firstPath($0.to)) }
        one.reloadRows = updatedRows.filter { !moved.contains($0.section) && !changed.contains($0.section) }.map(oldPath)
        one.sections = first
        one.sort()
        var batches = [one]

        // Batch M: the rows of the sections that moved, in the layout batch 1 left.
        if needsRowsOfMoved {
            var rows = UIKitPlan.Batch()
            rows.deleteRows = deletedRows.filter { moved.contains($0.section) }.map(firstPath)
            rows.insertRows = insertedRows.filter { moved.contains($0.section) }.map(newPath)
            rows.moveRows = moves.filter(isDeferred).map { (firstPath($0.from), newPath($0.to)) }
            rows.reloadRows = updatedRows.filter { moved.contains($0.section) && !changed.contains($0.section) }.map(firstPath)
            rows.sections = newLayout
            rows.sort()
            batches.append(rows)
        }

        // Batch R: reloads that could not share a batch with their moves.
        if needsReloads {
            var reloads = UIKitPlan.Batch()
            reloads.reloadSections = reloadedLast.map { newIndex[$0]! }
            reloads.reloadRows = moves.filter { $0.changed && !changed.contains($0.to.section) }.map { newPath($0.to) }
            reloads.sections = newLayout
            reloads.sort()
            batches.append(reloads)
        }
        return batches
    }

    /// The layout after batch 1: the new sections in their order; a section
    /// that moves keeps its old rows; another has its new rows, but for rows
    /// that wait for batch `M`: those coming from a moving section are not
    /// there yet, those leaving for one are still there, in the place UIKit
    /// gives an unmoved row (their old order among the unmoved rows).
    private func firstLayout(_ oldLayout: [UIKitPlan.SectionLayout], _ newLayout: [UIKitPlan.SectionLayout])
        -> [UIKitPlan.SectionLayout]
    {
        let deferred = moves.filter(isDeferred)
        guard !deferred.isEmpty || !moved.isEmpty else { return newLayout }
        let oldBySection = Dictionary(oldLayout.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var arriving = Set<RowKey>(), leaving = Set<RowKey>(), movedNow = Set<RowKey>()
        for move in moves {
            if isDeferred(move) {
                arriving.insert(move.to)
                leaving.insert(move.from)
            } else {
                movedNow.insert(move.from)
            }
        }
        let deletedSet = Set(deletedRows)
        return newLayout.map { section in
            if inserted.contains(section.id) { return section }
            let before = oldBySection[section.id]!
            if moved.contains(section.id) { return before }
            let present = section.rows.filter { !arriving.contains(RowKey(section: section.id, row: $0)) }
            let leavers = before.rows.filter { leaving.contains(RowKey(section: section.id, row: $0)) }
            guard !leavers.isEmpty else { return UIKitPlan.SectionLayout(id: section.id, rows: present) }
            // Each leaving row goes after the unmoved row before it in the old order.
            var after: [ScreenID?: [ScreenID]] = [:]
            var anchor: ScreenID?
            for row in before.rows {
                let key = RowKey(section: section.id, row: row)
                if deletedSet.contains(key) || movedNow.contains(key) { continue }
                if leaving.contains(key) { after[anchor, default: []].append(row) } else { anchor = row }
            }
            var rows = after[nil] ?? []
            for row in present {
                rows.append(row)
                rows += after[row] ?? []
            }
            return UIKitPlan.SectionLayout(id: section.id, rows: rows)
        }
    }

    private static func sectionIndex(_ layout: [UIKitPlan.SectionLayout]) -> [ScreenID: Int] {
        var index: [ScreenID: Int] = [:]
        index.reserveCapacity(layout.count)
        for (k, section) in layout.enumerated() { index[section.id] = k }
        return index
    }

    private static func rowIndex(_ layout: [UIKitPlan.SectionLayout]) -> [RowKey: Int] {
        var index: [RowKey: Int] = [:]
        index.reserveCapacity(layout.reduce(0) { $0 + $1.rows.count })
        for section in layout {
            for (k, row) in section.rows.enumerated() { index[RowKey(section: section.id, row: row)] = k }
        }
        return index
    }
}
