import BentoJSON

/// Turns a changeset into the batches of bento-changeset(5), UIKIT PLAN.
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
        let changes = changeset.changes
        var plans = BoxName.allCases.map { BoxPlan(old: old[box: $0], new: new[box: $0]) }
        // Each change is read where it lies, once: a change holds whole
        // rows, and copying it costs more than recording it.
        var rowCounts = BoxName.allCases.map { _ in BoxPlan.RowCounts() }
        for k in changes.indices {
            if case .row(let record) = changes[k] { rowCounts[record.box.index].count(record.edit.op) }
        }
        for box in BoxName.allCases { plans[box.index].reserveCapacity(rowCounts[box.index]) }
        for k in changes.indices {
            if let box = changes[k].box { plans[box.index].record(changes[k]) }
        }
        var boxes: [BoxName: [UIKitPlan.Batch]] = [:]
        for box in BoxName.allCases { boxes[box] = plans[box.index].batches() }
        return UIKitPlan(boxes: boxes)
    }
}

extension BoxName {
    /// The box's place in `allCases`.
    fileprivate var index: Int {
        switch self {
        case .box: 0
        case .pinnedToBottomBox: 1
        }
    }
}

/// A row, by its section's id and its own: row ids are unique within a
/// section only.
private struct RowKey: Hashable {
    let section: ScreenID
    let id: ScreenID
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
    /// Rows, with their places in the old (`from`) and new (`to`) files,
    /// as the changeset gives them.
    private var deletedRows: [(key: RowKey, from: RowPosition)] = []
    private var insertedRows: [(key: RowKey, to: RowPosition)] = []
    private var updatedRows: [(key: RowKey, from: RowPosition, to: RowPosition)] = []
    private var moves: [Move] = []
    private var anyChange = false

    private struct Move {
        let from: RowKey, to: RowKey
        let fromPosition: RowPosition, toPosition: RowPosition
        let changed: Bool
    }

    init(old: Box, new: Box) {
        self.old = old
        self.new = new
    }

    /// How many rows a box's changes delete, insert, update and move.
    struct RowCounts {
        var deleted = 0, inserted = 0, updated = 0, moved = 0

        mutating func count(_ op: Change.Operation) {
            switch op {
            case .delete: deleted += 1
            case .insert: inserted += 1
            case .update: updated += 1
            case .move: moved += 1
            }
        }
    }

    /// Makes room for the rows `counts` gives, so that the lists do not
    /// grow (and copy) one doubling at a time.
    mutating func reserveCapacity(_ counts: RowCounts) {
        deletedRows.reserveCapacity(counts.deleted)
        insertedRows.reserveCapacity(counts.inserted)
        updatedRows.reserveCapacity(counts.updated)
        moves.reserveCapacity(counts.moved)
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
            let key = RowKey(section: record.section, id: record.id)
            switch record.edit {
            case .insert(let to, _): insertedRows.append((key, to))
            case .delete(let from, _): deletedRows.append((key, from))
            case .update(let from, let to, _): updatedRows.append((key, from, to))
            case .move(let from, let to, let fields):
                moves.append(
                    Move(
                        from: RowKey(section: record.fromSection ?? record.section, id: record.id), to: key,
                        fromPosition: from, toPosition: to, changed: !fields.isEmpty))
            }
        }
    }

    /// A move that touches a section that moves waits for batch `M`.
    private func isDeferred(_ move: Move) -> Bool {
        moved.contains(move.from.section) || moved.contains(move.to.section)
    }

    func batches() -> [UIKitPlan.Batch] {
        guard anyChange else { return [] }
        // Sections that rows come into, leave or move within.
        var rowOps = Set<ScreenID>()
        for row in deletedRows { rowOps.insert(row.key.section) }
        for row in insertedRows { rowOps.insert(row.key.section) }
        for move in moves {
            rowOps.insert(move.from.section)
            rowOps.insert(move.to.section)
        }
        // Rule 8: the batch for the rows of moved sections, and the one for reloads.
        let updatedIn = Set(updatedRows.map(\.key.section))
        let needsRowsOfMoved = moved.contains { rowOps.contains($0) || updatedIn.contains($0) }
        let reloadedLast = changed.filter { moved.contains($0) || rowOps.contains($0) }
        let needsReloads = moves.contains(where: \.changed) || !reloadedLast.isEmpty

        let newLayout = new.sections.map { UIKitPlan.SectionLayout(id: $0.id, rows: $0.rows.map(\.id)) }
        var oldIndex: [ScreenID: Int] = [:], newIndex: [ScreenID: Int] = [:]
        for (k, section) in old.sections.enumerated() { oldIndex[section.id] = k }
        for (k, section) in new.sections.enumerated() { newIndex[section.id] = k }
        func path(_ p: RowPosition) -> UIKitPlan.IndexPath { .init(p.section, p.row) }

        // Batch 1: every section change, and the rows of sections that stay.
        let (first, firstRow) = firstLayout(newLayout)
        /// Where a row stands after batch 1: where it ends, but in the few
        /// sections that rows of moving sections leave or enter later.
        func firstPath(_ key: RowKey, _ end: RowPosition) -> UIKitPlan.IndexPath {
            .init(end.section, firstRow[key] ?? end.row)
        }
        var one = UIKitPlan.Batch()
        one.deleteSections = deleted.map { oldIndex[$0]! }
        one.insertSections = inserted.map { newIndex[$0]! }
        one.moveSections = moved.map { (oldIndex[$0]!, newIndex[$0]!) }
        one.reloadSections = changed.filter { !reloadedLast.contains($0) }.map { oldIndex[$0]! }
        one.deleteRows = selected(deletedRows, where: { !moved.contains($0.key.section) }) { path($0.from) }
        one.insertRows = selected(insertedRows, where: { !moved.contains($0.key.section) }) { firstPath($0.key, $0.to) }
        one.moveRows = selected(moves, where: { !isDeferred($0) }) { (path($0.fromPosition), firstPath($0.to, $0.toPosition)) }
        one.reloadRows = selected(updatedRows, where: { !moved.contains($0.key.section) && !changed.contains($0.key.section) }) {
            path($0.from)
        }
        one.sections = first
        one.sort()
        var batches = [one]

        // Batch M: the rows of the sections that moved, in the layout batch 1
        // left, where a moved section still has its old rows.
        if needsRowsOfMoved {
            /// Where a row stands after batch 1: in a moved section, at its
            /// old place; in another, where `firstLayout` put it.
            func movedPath(_ key: RowKey, _ from: RowPosition) -> UIKitPlan.IndexPath {
                .init(newIndex[key.section]!, moved.contains(key.section) ? from.row : firstRow[key]!)
            }
            var rows = UIKitPlan.Batch()
            rows.deleteRows = selected(deletedRows, where: { moved.contains($0.key.section) }) { movedPath($0.key, $0.from) }
            rows.insertRows = selected(insertedRows, where: { moved.contains($0.key.section) }) { path($0.to) }
            rows.moveRows = selected(moves, where: isDeferred) { (movedPath($0.from, $0.fromPosition), path($0.toPosition)) }
            rows.reloadRows = selected(updatedRows, where: { moved.contains($0.key.section) && !changed.contains($0.key.section) }) {
                movedPath($0.key, $0.from)
            }
            rows.sections = newLayout
            rows.sort()
            batches.append(rows)
        }

        // Batch R: reloads that could not share a batch with their moves.
        if needsReloads {
            var reloads = UIKitPlan.Batch()
            reloads.reloadSections = reloadedLast.map { newIndex[$0]! }
            reloads.reloadRows = selected(moves, where: { $0.changed && !changed.contains($0.to.section) }) { path($0.toPosition) }
            reloads.sections = newLayout
            reloads.sort()
            batches.append(reloads)
        }
        return batches
    }

    /// `transform` of each of `items` that `include` lets through, in
    /// order: made in one pass with room for all of `items`, where
    /// `filter` then `map` would copy every passing element once and grow
    /// the copy a doubling at a time.
    private func selected<Item, Result>(
        _ items: [Item], where include: (Item) -> Bool, _ transform: (Item) -> Result
    ) -> [Result] {
        var result: [Result] = []
        result.reserveCapacity(items.count)
        for item in items where include(item) { result.append(transform(item)) }
        return result
    }

    /// The layout after batch 1, and the rows whose place in it is not
    /// their place in the new file. The new sections stand in their order; a
    /// section that moves keeps its old rows; another has its new rows, but
    /// for rows that wait for batch `M`: those coming from a moving section
    /// are not there yet, those leaving for one are still there, in the place
    /// UIKit gives an unmoved row (their old order among the unmoved rows).
    private func firstLayout(_ newLayout: [UIKitPlan.SectionLayout]) -> ([UIKitPlan.SectionLayout], [RowKey: Int]) {
        guard !moved.isEmpty else { return (newLayout, [:]) }
        var arriving = Set<RowKey>(), leaving = Set<RowKey>(), movedNow = Set<RowKey>()
        for move in moves {
            if isDeferred(move) {
                arriving.insert(move.to)
                leaving.insert(move.from)
            } else {
                movedNow.insert(move.from)
            }
        }
        let touched = Set(arriving.map(\.section) + leaving.map(\.section))
        let deletedSet = Set(deletedRows.map(\.key))
        var firstRow: [RowKey: Int] = [:]
        let oldRows = Dictionary(old.sections.map { ($0.id, $0.rows) }, uniquingKeysWith: { a, _ in a })
        let layout = newLayout.map { section -> UIKitPlan.SectionLayout in
            guard !inserted.contains(section.id) else { return section }
            if moved.contains(section.id) {
                return UIKitPlan.SectionLayout(id: section.id, rows: oldRows[section.id]!.map(\.id))
            }
            guard touched.contains(section.id) else { return section }
            let present = section.rows.filter { !arriving.contains(RowKey(section: section.id, id: $0)) }
            // Each leaving row goes after the unmoved row before it in the old order.
            var after: [ScreenID?: [ScreenID]] = [:]
            var anchor: ScreenID?
            for node in oldRows[section.id]! {
                let key = RowKey(section: section.id, id: node.id)
                if deletedSet.contains(key) || movedNow.contains(key) { continue }
                if leaving.contains(key) { after[anchor, default: []].append(node.id) } else { anchor = node.id }
            }
            var rows = after[nil] ?? []
            for row in present {
                rows.append(row)
                rows += after[row] ?? []
            }
            for (k, row) in rows.enumerated() { firstRow[RowKey(section: section.id, id: row)] = k }
            return UIKitPlan.SectionLayout(id: section.id, rows: rows)
        }
        return (layout, firstRow)
    }
}
