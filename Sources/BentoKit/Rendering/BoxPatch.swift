import BentoJSON

/// The operations for one box's sections and rows, computed on a model of
/// the arrays that is updated as each operation is written, so that every
/// index is the one the document has at that step.
struct BoxPatch {
    let records: Records
    let old: Box
    let new: Box
    /// The sections as written, parallel to the model's sections.
    let oldSections: Sections
    let newSections: Sections
    /// The box's `sections` array.
    let pointer: JSONPointer

    /// One box's sections as written, in the outline of their document.
    struct Sections {
        let outline: DocumentOutline
        let parts: [DocumentOutline.SectionPart]

        /// The sections of `box` (none without one).
        init(_ outline: DocumentOutline, _ box: DocumentOutline.BoxPart?) {
            self.outline = outline
            parts = box?.sections ?? []
        }

        var count: Int { parts.count }

        /// The section `k` as a value.
        func value(_ k: Int) -> JSONValue { outline.value(parts[k].range) }

        /// Section `k`'s `rows` member, if it has one.
        func rows(_ k: Int) -> DocumentOutline.Member? { parts[k].members.named("rows") }

        /// Section `k`'s members but `rows`.
        func membersButRows(_ k: Int) -> JSONObject { outline.object(parts[k].members, without: ["rows"]) }

        /// Whether section `k`'s members but `rows` are written as section
        /// `other` of `others` writes its own (most sections of a change).
        func sameMembersButRows(_ k: Int, as other: Int, of others: Sections) -> Bool {
            outline.sameText(parts[k].members, as: others.parts[other].members, of: others.outline, without: ["rows"])
        }

        /// Each section's rows as written, nil for a section whose `rows`
        /// is missing or no array.
        var rowRanges: [[Range<Int>]?] { parts.map(\.rows) }

        /// For each row of each section, whether it has `$` members.
        var dollarRows: [[Bool]] { parts.map(\.dollarRows) }
    }

    /// Where a new row comes from.
    private enum Source {
        case insert
        /// Matched in its own section and kept in place.
        case stays(row: Int)
        /// Moved, within its section or from another.
        case moves(from: RowPosition)
    }

    /// The operations, each index worked out on a model of the arrays as the
    /// operations before it leave them: slots ranked in O(log n)
    /// (`AnchoredSlots`), so that no input, reversed or all moved, makes
    /// the patch quadratic.
    /// They are appended to `ops`: a patch of 100k rows is not copied
    /// again from one list into another.
    /// - Complexity: O(n log n) in the sections and rows.
    func appendOperations(to ops: inout [PatchOperation]) {
        var newIndex: [ScreenID: Int] = [:]
        for (j, section) in new.sections.enumerated() { newIndex[section.id] = j }
        let oldToNew = old.sections.map { newIndex[$0.id] }
        var newToOld = [Int?](repeating: nil, count: new.sections.count)
        for (i, j) in oldToNew.enumerated() where j != nil { newToOld[j!] = i }

        let movedSections = records.movedSections
        let sources = self.sources(newToOld)
        let oldHasRows = (0..<oldSections.count).map { oldSections.rows($0) != nil }
        let newHasRows = (0..<newSections.count).map { newSections.rows($0) != nil }

        // Each old section that a row moves out of or into, its rows in
        // slots for the rows that land in it: those that move in (or
        // within) after the row before them. No other section's indices
        // are asked, and most sections of a change have no moves.
        var movesRows = [Bool](repeating: false, count: old.sections.count)
        for (j, i) in newToOld.enumerated() {
            guard let i else { continue }
            for case .moves(let from) in sources[j] { (movesRows[i], movesRows[from.section]) = (true, true) }
        }
        var rowSlots = old.sections.indices.map { i -> AnchoredSlots? in
            guard movesRows[i] else { return nil }
            var runs = [Int](repeating: 0, count: old.sections[i].rows.count + 1)
            if let j = oldToNew[i] {
                var anchor = -1
                for source in sources[j] {
                    switch source {
                    case .insert: continue
                    case .stays(let r): anchor = r
                    case .moves: runs[anchor + 1] += 1
                    }
                }
            }
            return AnchoredSlots(count: old.sections[i].rows.count, runs: runs) { _ in true }
        }

        // Row deletes, last first in each section, so that the indices are
        // the old ones (nothing else has moved yet). A section that loses
        // its `rows` member loses them with it.
        for (i, j) in oldToNew.enumerated() {
            guard let j, newHasRows[j] else { continue }
            for r in old.sections[i].rows.indices.reversed() where records.isDeleted(RowPosition(section: i, row: r)) {
                ops.append(.remove(row(i, r)))
                rowSlots[i]?.free(element: r)
            }
        }
        // Section deletes, last first: nothing has moved yet, so each is
        // at its old index.
        for i in old.sections.indices.reversed() where oldToNew[i] == nil { ops.append(.remove(section(i))) }
        // Section moves, in new order: each goes right after the matched
        // section that precedes it in the new file (already in place).
        var runs = [Int](repeating: 0, count: old.sections.count + 1)
        var anchor = -1
        for j in new.sections.indices {
            guard let i = newToOld[j] else { continue }
            if movedSections.contains(j) { runs[anchor + 1] += 1 } else { anchor = i }
        }
        var sectionSlots = AnchoredSlots(count: old.sections.count, runs: runs) { oldToNew[$0] != nil }
        anchor = -1
        for j in new.sections.indices {
            guard let i = newToOld[j] else { continue }
            guard movedSections.contains(j) else {
                anchor = i
                continue
            }
            let k = sectionSlots.leave(element: i)
            let target = sectionSlots.land(after: anchor)
            if target != k { ops.append(.move(from: section(k), to: section(target))) }
        }
        // Section inserts, in new order: every section before is in place.
        for j in new.sections.indices where newToOld[j] == nil {
            ops.append(.add(section(j), newSections.value(j)))
        }
        // From here on, section k of the model is section k of the new box.

        // Section fields (header, footer, `$` members), and a `rows` member
        // the old section lacks.
        var rowsAddedWhole = Set<Int>()
        for (j, i) in newToOld.enumerated() {
            guard let i else { continue }
            // Written the same, they are equal: no values need be made.
            if !oldSections.sameMembersButRows(i, as: j, of: newSections) {
                ops += PatchRenderer.fieldOperations(
                    oldSections.membersButRows(i), newSections.membersButRows(j), at: section(j))
            }
            guard !oldHasRows[i], newHasRows[j], let rows = newSections.rows(j) else { continue }
            if sources[j].allSatisfy({ if case .insert = $0 { true } else { false } }) {
                ops.append(.add(section(j).appending("rows"), newSections.outline.value(rows.value)))
                rowsAddedWhole.insert(j)
            } else {
                ops.append(.add(section(j).appending("rows"), .array([])))
            }
        }
        // Row moves, in new order per section: each goes right after the row
        // that precedes it in its new section and is not an insert. Their
        // places are worked out in order, their pointers made after, on all
        // cores: a pointer costs more than its place.
        var moves: [(from: (section: Int, row: Int), to: (section: Int, row: Int))] = []
        for j in new.sections.indices where newToOld[j] != nil {
            let i = newToOld[j]!
            var rowAnchor = -1
            for source in sources[j] {
                switch source {
                case .insert:
                    continue
                case .stays(let r):
                    rowAnchor = r
                case .moves(let from):
                    let k = oldToNew[from.section]!  // the model's sections are the new ones
                    // Both sections have slots: a row moves out of one and
                    // into the other. Each is changed where it is, not copied.
                    let m = rowSlots[from.section]!.leave(element: from.row)
                    let target = rowSlots[i]!.land(after: rowAnchor)
                    if (k, m) != (j, target) { moves.append(((k, m), (j, target))) }
                }
            }
        }
        Self.append(count: moves.count, to: &ops) { [moves] n in
            .move(from: row(moves[n].from.section, moves[n].from.row), to: row(moves[n].to.section, moves[n].to.row))
        }
        // Each section's rows as written, and which of them have `$`
        // members, worked out once (every row is asked).
        let (oldRows, newRows) = (oldSections.rowRanges, newSections.rowRanges)
        // Row inserts, in new order: every row before is in place (so the
        // model needs them no more). Their values are built on all cores.
        let rowRuns = Self.runs(of: sources, newToOld)
        let inserted = rowRuns.concurrentMap { [rowsAddedWhole, newToOld] run -> [PatchOperation] in
            var ops: [PatchOperation] = []
            run.forEachSection(newToOld, sources) { j, _, part in
                guard !rowsAddedWhole.contains(j), let rows = newRows[j] else { return }
                for c in part {
                    guard case .insert = sources[j][c] else { continue }
                    ops.append(.add(row(j, c), newSections.outline.value(rows[c])))
                }
            }
            return ops
        }
        Self.append(inserted, to: &ops)
        // Row fields, at the rows' new positions, runs of rows on all cores.
        let fields = rowFieldOperations(rowRuns, sources, newToOld, oldRows, newRows)
        Self.append(fields, to: &ops)
        // `rows` members the new sections lack: what is left in them goes too.
        for (j, i) in newToOld.enumerated() {
            guard let i, oldHasRows[i], !newHasRows[j] else { continue }
            ops.append(.remove(section(j).appending("rows")))
        }
    }

    /// Appends the operations of the runs' `parts`, in order; many are
    /// copied on all cores: an operation holds references, and copying
    /// 100k of them on one thread costs as much as making them.
    private static func append(_ parts: [[PatchOperation]], to ops: inout [PatchOperation]) {
        let joined = JoinedParts(parts)
        append(count: joined.count, to: &ops) { joined[$0] }
    }

    /// Appends `make(0)`… `make(count - 1)`, on all cores when they are many.
    private static func append(
        count: Int, to ops: inout [PatchOperation], _ make: @Sendable (Int) -> PatchOperation
    ) {
        guard count > 2 * rowsPerRun else {
            for n in 0..<count { ops.append(make(n)) }
            return
        }
        ops.append(concurrentlyMaking: count, inRunsOf: rowsPerRun, make)
    }

    /// Where each row of each matched new section comes from; sections on
    /// all cores.
    /// The rows that stay are paired in order: those of the old section
    /// that are neither deleted nor moved, with those of the new one that
    /// are neither inserted nor moved.
    private func sources(_ newToOld: [Int?]) -> [[Source]] {
        Array(new.sections.indices).concurrentMap { j in
            guard let i = newToOld[j] else { return [] }
            var r = 0
            return new.sections[j].rows.indices.map { c in
                let p = RowPosition(section: j, row: c)
                if let from = records.movedFrom(p) { return .moves(from: from) }
                if records.isInserted(p) { return .insert }
                while records.leaves(RowPosition(section: i, row: r)) { r += 1 }
                defer { r += 1 }
                return .stays(row: r)
            }
        }
    }

    /// The field operations of each matched new section's rows, at their
    /// new positions, sections on all cores. A row without `$` members
    /// (beside `id` and `component`; inside a component everything is
    /// compared) is written as its model is: its operations are its field
    /// changes in the changeset. The documents of rows with `$` members
    /// are compared.
    private func rowFieldOperations(
        _ runs: [RowRun], _ sources: [[Source]], _ newToOld: [Int?], _ oldRows: [[Range<Int>]?], _ newRows: [[Range<Int>]?]
    ) -> [[PatchOperation]] {
        let (oldDollar, newDollar) = (oldSections.dollarRows, newSections.dollarRows)
        return runs.concurrentMap { run in
            var ops: [PatchOperation] = []
            run.forEachSection(newToOld, sources) { j, i, part in
                for c in part {
                    let from: RowPosition
                    switch sources[j][c] {
                    case .insert: continue
                    case .stays(let r): from = RowPosition(section: i, row: r)
                    case .moves(let f): from = f
                    }
                    // A section whose `rows` is no array has none here.
                    guard let after = Self.row(c, of: newRows[j]),
                        let before = Self.row(from.row, of: oldRows[from.section])
                    else { continue }
                    if oldDollar[from.section][from.row] || newDollar[j][c] {
                        let (a, b) = (oldSections.outline.tape(before), newSections.outline.tape(after))
                        guard a.kind(0) == .object, b.kind(0) == .object else { continue }
                        ops += PatchRenderer.fieldOperations(a, 0, b, 0, at: row(j, c))
                    } else if case let fields = records.fields(of: from), !fields.isEmpty {
                        PatchRenderer.append(fields, under: row(j, c), to: &ops)
                    }
                }
            }
            return ops
        }
    }

    /// About `rowsPerRun` rows of the new sections, patched on one core:
    /// part of one long section (a section of 100k rows is patched on all
    /// cores too), or whole sections in a row (thousands of short ones
    /// are not a run each).
    private struct RowRun: Sendable {
        /// New sections, in order.
        var sections: Range<Int>
        /// The rows of the one section when it is cut; nil: every row of each.
        var rows: Range<Int>?

        /// Calls `body` with each matched section's new index, old index and
        /// rows in the run, in order.
        func forEachSection(_ newToOld: [Int?], _ sources: [[Source]], _ body: (Int, Int, Range<Int>) -> Void) {
            for j in sections {
                guard let i = newToOld[j] else { continue }
                body(j, i, rows ?? sources[j].indices)
            }
        }
    }

    /// The rows of the matched new sections in runs of about `rowsPerRun`, in order.
    private static func runs(of sources: [[Source]], _ newToOld: [Int?]) -> [RowRun] {
        var runs: [RowRun] = []
        var (start, rows) = (0, 0)
        func endGroup(at end: Int) {
            if start < end { runs.append(RowRun(sections: start..<end)) }
            (start, rows) = (end, 0)
        }
        for j in newToOld.indices {
            let count = newToOld[j] == nil ? 0 : sources[j].count
            if count > rowsPerRun {
                endGroup(at: j)
                for part in Parallel.runs(covering: count, length: rowsPerRun) {
                    runs.append(RowRun(sections: j..<j + 1, rows: part))
                }
                start = j + 1
            } else {
                rows += count
                if rows >= rowsPerRun { endGroup(at: j + 1) }
            }
        }
        endGroup(at: newToOld.count)
        return runs
    }

    /// Rows patched per run, on one core.
    static let rowsPerRun = 4096

    /// Section `k` of the box, and row `m` of it.
    private func section(_ k: Int) -> JSONPointer { pointer.appending(k) }
    private func row(_ k: Int, _ m: Int) -> JSONPointer { pointer.appending(k, "rows", m) }

    /// The entry of row `r` of a section's rows as written, if there is one.
    private static func row(_ r: Int, of rows: [Range<Int>]?) -> Range<Int>? {
        guard let rows, r < rows.count else { return nil }
        return rows[r]
    }
}
