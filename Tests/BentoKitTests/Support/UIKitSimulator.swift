@testable import BentoJSON
@testable import BentoKit

/// UIKit's batch-update rules, written from bento-changeset(5), UIKIT PLAN (not
/// from the planner): replays each batch of a plan on the layout, throws
/// with UIKit's own wording where UIKit would raise, and checks the plan as
/// a whole against the changeset: the end state is NEW, nothing present on
/// both sides lost its identity, the moves are the changeset's, exactly the
/// changed content was reloaded, once, and the batches are as few as rule 8
/// says.
enum UIKitSimulator {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    typealias Layout = [UIKitPlan.SectionLayout]
    typealias Path = UIKitPlan.IndexPath

    /// A row as UIKit's data source knows it across batches: its section's
    /// id and its own id.
    struct Row: Hashable {
        let section: ScreenID
        let id: ScreenID
    }

    /// What one batch did, by identity.
    struct Effect {
        var deletedSections: [ScreenID] = [], insertedSections: [ScreenID] = [], movedSections: [ScreenID] = []
        var reloadedSections: [ScreenID] = []
        var deletedRows: [Row] = [], insertedRows: [Row] = [], movedRows: [(from: Row, to: Row)] = []
        var reloadedRows: [Row] = []
    }

    /// The layout after `batch`, worked out by UIKit's rules from `before`
    /// (the data source's new content is taken from `batch.sections`).
    static func apply(_ batch: UIKitPlan.Batch, to before: Layout) throws -> (Layout, Effect) {
        var effect = Effect()
        let afterCount = before.count - batch.deleteSections.count + batch.insertSections.count
        func check(_ index: Int, _ count: Int, _ what: String) throws {
            guard index >= 0 && index < count else { throw Failure("attempt to \(what) section \(index), but there are only \(count) sections") }
        }
        for s in batch.deleteSections { try check(s, before.count, "delete") }
        for s in batch.reloadSections { try check(s, before.count, "reload") }
        for m in batch.moveSections {
            try check(m.from, before.count, "move")
            try check(m.to, afterCount, "move to")
        }
        for s in batch.insertSections { try check(s, afterCount, "insert") }
        let fromSections = batch.deleteSections + batch.reloadSections + batch.moveSections.map(\.from)
        guard Set(fromSections).count == fromSections.count else {
            throw Failure("attempt to delete, reload or move the same section twice: \(fromSections)")
        }
        let toSections = batch.insertSections + batch.moveSections.map(\.to)
        guard Set(toSections).count == toSections.count else {
            throw Failure("attempt to insert or move to the same section twice: \(toSections)")
        }
        guard batch.sections.count == afterCount else {
            throw Failure(
                "invalid number of sections. The number of sections contained in the table view after the update (\(batch.sections.count)) must be equal to the number of sections contained in the table view before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(batch.insertSections.count) inserted, \(batch.deleteSections.count) deleted)")
        }
        // Sections: inserts and moves at their places, the rest in order.
        var slots = [Int?](repeating: nil, count: afterCount)  // index before, or nil for an insert
        var taken = [Bool](repeating: false, count: afterCount)
        for s in batch.insertSections { taken[s] = true }
        for m in batch.moveSections {
            slots[m.to] = m.from
            taken[m.to] = true
        }
        var rest = before.indices.filter { b in !batch.deleteSections.contains(b) && !batch.moveSections.contains { $0.from == b } }[...]
        for a in 0..<afterCount where !taken[a] { slots[a] = rest.popFirst() }
        guard rest.isEmpty else { throw Failure("sections left over after the update") }
        let movedBefore = Set(batch.moveSections.map(\.from)), reloadedBefore = Set(batch.reloadSections)
        // A section keeps its identity unless it is inserted or deleted.
        for s in batch.deleteSections { effect.deletedSections.append(before[s].id) }
        for s in batch.insertSections { effect.insertedSections.append(batch.sections[s].id) }
        for m in batch.moveSections { effect.movedSections.append(before[m.from].id) }
        for s in batch.reloadSections { effect.reloadedSections.append(before[s].id) }
        for (a, b) in slots.enumerated() {
            guard let b else { continue }
            guard batch.sections[a].id == before[b].id else {
                throw Failure("section \(a) after the update is \(batch.sections[a].id), but UIKit puts \(before[b].id) there")
            }
        }
        // Rows: only in sections that are neither deleted, inserted, moved
        // nor reloaded in this batch (rule 6, stricter than UIKit).
        var afterOf: [Int: Int] = [:]  // section before → after, for those that stay in place
        for (a, b) in slots.enumerated() {
            if let b, !movedBefore.contains(b), !reloadedBefore.contains(b) { afterOf[b] = a }
        }
        let stayingAfter = Set(afterOf.values)
        func checkBefore(_ p: Path, _ what: String) throws {
            guard afterOf[p.section] != nil else {
                throw Failure("attempt to \(what) row \(p.row) in section \(p.section), which is deleted, moved or reloaded in the same update")
            }
            guard p.row >= 0 && p.row < before[p.section].rows.count else {
                throw Failure("attempt to \(what) row \(p.row) from section \(p.section) which only contains \(before[p.section].rows.count) rows before the update")
            }
        }
        func checkAfter(_ p: Path, _ what: String) throws {
            guard stayingAfter.contains(p.section) else {
                throw Failure("attempt to \(what) row \(p.row) into section \(p.section), which is inserted, moved or reloaded in the same update")
            }
            guard p.row >= 0 && p.row < batch.sections[p.section].rows.count else {
                throw Failure("attempt to \(what) row \(p.row) into section \(p.section), but there are only \(batch.sections[p.section].rows.count) rows in section \(p.section) after the update")
            }
        }
        for p in batch.deleteRows { try checkBefore(p, "delete") }
        for p in batch.reloadRows { try checkBefore(p, "reload") }
        for m in batch.moveRows {
            try checkBefore(m.from, "move")
            try checkAfter(m.to, "move")
        }
        for p in batch.insertRows { try checkAfter(p, "insert") }
        let fromRows = batch.deleteRows + batch.moveRows.map(\.from)
        guard Set(fromRows).count == fromRows.count else { throw Failure("attempt to delete or move the same index path twice") }
        if let p = batch.reloadRows.first(where: { batch.deleteRows.contains($0) }) {
            throw Failure("attempt to delete and reload the same index path (\(p))")
        }
        if let p = batch.reloadRows.first(where: { r in batch.moveRows.contains { $0.from == r } }) {
            throw Failure("attempt to perform a delete and a move from the same index path (\(p))")
        }
        guard Set(batch.reloadRows).count == batch.reloadRows.count else { throw Failure("attempt to reload the same index path twice") }
        let toRows = batch.insertRows + batch.moveRows.map(\.to)
        guard Set(toRows).count == toRows.count else { throw Failure("attempt to insert or move to the same index path twice") }
        var after: Layout = []
        for (a, b) in slots.enumerated() {
            guard let b else {
                after.append(batch.sections[a])  // inserted, with its rows
                continue
            }
            let section = before[b]
            guard afterOf[b] != nil else {
                // Moved or reloaded: its rows come with it (reloaded: as the data source has them).
                after.append(reloadedBefore.contains(b) ? batch.sections[a] : section)
                if !reloadedBefore.contains(b) && batch.sections[a].rows != section.rows {
                    throw Failure("invalid number of rows in section \(a): a moved section's rows changed in the same update")
                }
                continue
            }
            let deleted = batch.deleteRows.filter { $0.section == b }.map(\.row)
            let movedOut = batch.moveRows.filter { $0.from.section == b }.map(\.from.row)
            let inserted = batch.insertRows.filter { $0.section == a }.map(\.row)
            let movedIn = batch.moveRows.filter { $0.to.section == a }
            let count = section.rows.count - deleted.count - movedOut.count + inserted.count + movedIn.count
            guard count == batch.sections[a].rows.count else {
                throw Failure(
                    "invalid number of rows in section \(a). The number of rows contained in an existing section after the update (\(batch.sections[a].rows.count)) must be equal to the number of rows contained in that section before the update (\(section.rows.count)), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn.count) moved in, \(movedOut.count) moved out)")
            }
            var rows = [ScreenID?](repeating: nil, count: count)
            for r in inserted { rows[r] = batch.sections[a].rows[r] }
            for m in movedIn { rows[m.to.row] = before[m.from.section].rows[m.from.row] }
            var unmoved = section.rows.indices.filter { !deleted.contains($0) && !movedOut.contains($0) }.map { section.rows[$0] }[...]
            for r in rows.indices where rows[r] == nil { rows[r] = unmoved.popFirst() }
            after.append(UIKitPlan.SectionLayout(id: section.id, rows: rows.map { $0! }))
        }
        guard after == batch.sections else {
            throw Failure("the data source's layout after the update is not what UIKit makes of it")
        }
        for p in batch.deleteRows { effect.deletedRows.append(Row(section: before[p.section].id, id: before[p.section].rows[p.row])) }
        for p in batch.insertRows { effect.insertedRows.append(Row(section: after[p.section].id, id: after[p.section].rows[p.row])) }
        for m in batch.moveRows {
            effect.movedRows.append(
                (Row(section: before[m.from.section].id, id: before[m.from.section].rows[m.from.row]),
                 Row(section: after[m.to.section].id, id: after[m.to.section].rows[m.to.row])))
        }
        for p in batch.reloadRows { effect.reloadedRows.append(Row(section: before[p.section].id, id: before[p.section].rows[p.row])) }
        // A reloaded section reloads its rows.
        for s in batch.reloadSections {
            for row in after[slots.firstIndex(of: s)!].rows { effect.reloadedRows.append(Row(section: before[s].id, id: row)) }
        }
        return (after, effect)
    }

    /// Replays the whole plan of one box and checks it against `changeset`.
    static func check(_ batches: [UIKitPlan.Batch], box: BoxName, changeset: Changeset, old: Screen, new: Screen) throws {
        let oldLayout = old[box: box].sections.map { UIKitPlan.SectionLayout(id: $0.id, rows: $0.rows.map(\.id)) }
        let newLayout = new[box: box].sections.map { UIKitPlan.SectionLayout(id: $0.id, rows: $0.rows.map(\.id)) }
        let records = changeset.changes.filter { $0.box == box }
        guard !records.isEmpty else {
            guard batches.isEmpty else { throw Failure("an unchanged box has batches") }
            return
        }
        var layout = oldLayout
        var total = Effect()
        for batch in batches {
            let (after, effect) = try apply(batch, to: layout)
            layout = after
            total.deletedSections += effect.deletedSections
            total.insertedSections += effect.insertedSections
            total.movedSections += effect.movedSections
            total.reloadedSections += effect.reloadedSections
            total.deletedRows += effect.deletedRows
            total.insertedRows += effect.insertedRows
            total.movedRows += effect.movedRows
            total.reloadedRows += effect.reloadedRows
        }
        guard layout == newLayout else { throw Failure("the last layout is not NEW's") }
        // The changeset, by identity.
        var sectionDeletes: [ScreenID] = [], sectionInserts: [ScreenID] = [], sectionMoves: [ScreenID] = []
        var changedSections = Set<ScreenID>()
        var rowDeletes: [Row] = [], rowInserts: [Row] = [], rowMoves: [(Row, Row)] = [], changedRows = Set<Row>()
        for record in records {
            switch record {
            case .screen: break
            case .section(let s):
                switch s.edit {
                case .insert: sectionInserts.append(s.id)
                case .delete: sectionDeletes.append(s.id)
                case .move(_, _, let fields):
                    sectionMoves.append(s.id)
                    if !fields.isEmpty { changedSections.insert(s.id) }
                case .update: changedSections.insert(s.id)
                }
            case .row(let r):
                let at = Row(section: r.section, id: r.id)
                switch r.edit {
                case .insert: rowInserts.append(at)
                case .delete: rowDeletes.append(at)
                case .update: changedRows.insert(at)
                case .move(_, _, let fields):
                    rowMoves.append((Row(section: r.fromSection ?? r.section, id: r.id), at))
                    if !fields.isEmpty { changedRows.insert(at) }
                }
            }
        }
        func same<T: Hashable>(_ a: [T], _ b: [T], _ what: String) throws {
            guard a.count == b.count, Set(a) == Set(b) else { throw Failure("\(what): the plan's are not the changeset's") }
        }
        try same(total.deletedSections, sectionDeletes, "deleted sections")
        try same(total.insertedSections, sectionInserts, "inserted sections")
        try same(total.movedSections, sectionMoves, "moved sections")
        try same(total.deletedRows, rowDeletes, "deleted rows")
        try same(total.insertedRows, rowInserts, "inserted rows")
        try same(total.movedRows.map { [$0.from, $0.to] }, rowMoves.map { [$0.0, $0.1] }, "moved rows")
        // Reloads: each changed section once, each changed row once (itself
        // or with its section); nothing unchanged reloaded on its own.
        try same(total.reloadedSections, Array(changedSections), "reloaded sections")
        for row in changedRows {
            let times = total.reloadedRows.filter { $0 == row }.count
            guard times == 1 else { throw Failure("row \(row.id) in section \(row.section) changed and was reloaded \(times) times") }
        }
        for row in total.reloadedRows where !changedRows.contains(row) && !changedSections.contains(row.section) {
            throw Failure("row \(row.id) in section \(row.section) was reloaded but did not change")
        }
        // Rule 8.
        let sectionsWithRowOps = Set(rowDeletes.map(\.section) + rowInserts.map(\.section) + rowMoves.flatMap { [$0.0.section, $0.1.section] })
        let moved = Set(sectionMoves)
        let reloadBatch =
            rowMoves.contains { changedRows.contains($0.1) } || !moved.intersection(changedSections).isEmpty
            || !changedSections.intersection(sectionsWithRowOps).isEmpty
        let rowsOfMovedBatch = moved.contains { section in
            sectionsWithRowOps.contains(section) || changedRows.contains { $0.section == section }
        }
        let expected = 1 + (reloadBatch ? 1 : 0) + (rowsOfMovedBatch ? 1 : 0)
        guard batches.count == expected else { throw Failure("\(batches.count) batches, where rule 8 gives \(expected)") }
    }
}
