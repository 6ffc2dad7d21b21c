import BentoJSON

/// The diff engine: compares two screens by identity and lists the changes.
///
/// The rules are those of bento-screen(5), MATCHING:
/// 1. Sections match by id. Unmatched old sections are deletes, unmatched new
///    ones inserts (their rows come with them). Of the matched sections, those
///    outside one longest increasing subsequence of old positions taken in
///    new order are moves; a matched section whose header or footer differs
///    is an update (or a move that carries the field changes).
/// 2. Rows of a matched pair of sections match by id within it. A row whose id
///    occurs exactly once in the whole old box and once in the whole new box,
///    in two different matched sections, moves across sections. Other
///    unmatched rows are deletes or inserts. Within a section, rows outside
///    the longest increasing subsequence are moves, and so are rows that
///    arrive from another section. A matched row whose node differs is an
///    update, or a move carrying its field changes.
/// 3. Screen attributes that differ make one screen update.
///
/// `ignoring` rules (`--ignore`) leave fields out of equality and field
/// changes; matching depends on ids alone, so they apply to the records
/// that carry field changes (see `IgnoreRules`).
public enum ScreenDiff {
    /// The changeset from `old` to `new`.
    /// - Complexity: O(n log n) in the number of sections and rows (ids are
    ///   interned once, matching works on arrays of integers, patience sorting
    ///   finds the moves), plus the size of the components compared: equal
    ///   components compare as compact text, and only changed ones are built
    ///   as values for their field changes.
    public static func changeset(
        from old: Screen, to new: Screen, oldName: String = "old", newName: String = "new",
        ignoring rules: IgnoreRules = .none
    ) -> Changeset {
        let changeset = byIdentity(from: old, to: new, oldName: oldName, newName: newName)
        return rules.isEmpty ? changeset : rules.applied(to: changeset, old: old, new: new)
    }

    private static func byIdentity(from old: Screen, to new: Screen, oldName: String, newName: String) -> Changeset {
        var changes: [Change] = []
        let attributeFields = JSONDiff.changes(from: old.attributes, to: new.attributes)
        if !attributeFields.isEmpty {
            changes.append(.screen(fields: attributeFields))
        }
        for name in BoxName.allCases {
            BoxDiff(name: name, old: old[box: name], new: new[box: name]).appendChanges(to: &changes)
        }
        return Changeset(oldName: oldName, newName: newName, changes: changes)
    }
}

/// The diff of one box: sections, then rows.
private struct BoxDiff {
    let name: BoxName
    let old: Box
    let new: Box

    /// For each old section, the index of its match in the new box, or -1.
    private var oldToNew: [Int] = []
    /// For each new section, the index of its match in the old box, or -1.
    private var newToOld: [Int] = []

    init(name: BoxName, old: Box, new: Box) {
        self.name = name
        self.old = old
        self.new = new
        // The last of equal new ids wins, as a dictionary would have it.
        // By index: a section copied out of its array is its rows, header
        // and footer retained and released again, for each of 100,000
        // one-row sections.
        var table = IDTable(capacity: new.sections.count)
        var newIndex = [Int](repeating: -1, count: new.sections.count)
        for j in new.sections.indices { newIndex[table.intern(new.sections[j].id)] = j }
        oldToNew = old.sections.indices.map { table.find(old.sections[$0].id).map { newIndex[$0] } ?? -1 }
        newToOld = [Int](repeating: -1, count: new.sections.count)
        for (i, j) in oldToNew.enumerated() where j >= 0 { newToOld[j] = i }
    }

    /// Appends the section records, then the row records, each in the
    /// bento-changeset(5)'s order: deletes by old position, then inserts, moves and
    /// updates by new position.
    func appendChanges(to changes: inout [Change]) {
        appendSectionChanges(to: &changes)
        appendRowChanges(to: &changes)
    }

    /// A record found in a pass over the new sections, made into a `Change`
    /// once its turn in the order comes (so no record is copied around).
    private struct Pending<Place: Sendable>: Sendable {
        var to: Place
        var from: Place
        var fields: [FieldChange] = []
        var across = false
    }

    // MARK: Sections

    private func appendSectionChanges(to changes: inout [Change]) {
        for (i, section) in old.sections.enumerated() where oldToNew[i] < 0 {
            changes.append(.section(SectionChange(box: name, id: section.id, .delete(from: i, old: section))))
        }
        var inserts: [Int] = [], moves: [Pending<Int>] = [], updates: [Pending<Int>] = []
        var matchedNew: [Int] = []
        for j in new.sections.indices {
            if newToOld[j] < 0 {
                inserts.append(j)
            } else {
                matchedNew.append(j)
            }
        }
        let stays = LongestIncreasingSubsequence.members(of: matchedNew.map { newToOld[$0] })
        for (k, j) in matchedNew.enumerated() {
            let i = newToOld[j]
            // Compared where they are: a section copied out is its rows,
            // header and footer retained and released again.
            let fields =
                old.sections[i].header == new.sections[j].header && old.sections[i].footer == new.sections[j].footer
                ? [] : JSONDiff.changes(from: old.sections[i].fieldsValue, to: new.sections[j].fieldsValue)
            let pending = Pending(to: j, from: i, fields: fields)
            if !stays[k] {
                moves.append(pending)
            } else if !fields.isEmpty {
                updates.append(pending)
            }
        }
        for j in inserts {
            let section = new.sections[j]
            changes.append(.section(SectionChange(box: name, id: section.id, .insert(to: j, new: section))))
        }
        for p in moves {
            let edit = Edit<Int, Section>.move(from: p.from, to: p.to, fields: p.fields)
            changes.append(.section(SectionChange(box: name, id: new.sections[p.to].id, edit)))
        }
        for p in updates {
            let edit = Edit<Int, Section>.update(from: p.from, to: p.to, fields: p.fields)
            changes.append(.section(SectionChange(box: name, id: new.sections[p.to].id, edit)))
        }
    }

    // MARK: Rows

    private func appendRowChanges(to changes: inout [Change]) {
        let (oldRows, newRows, keyCount) = FlatRows.interned(old, new)

        // Within each matched pair: for each new row, the old row it matches
        // (-1: none). Old rows matched within their pair, or moved across,
        // are taken: no delete.
        var matchedOld = [Int32](repeating: -1, count: newRows.keys.count)
        var oldTaken = [Bool](repeating: false, count: oldRows.keys.count)
        // For a new row that arrives from another section: the old row's
        // place in `oldRows` (-1: none).
        var crossSource = [Int32](repeating: -1, count: newRows.keys.count)

        // Row ids of the new section of the pair at hand: stamp, then index.
        var stamp = [Int32](repeating: -1, count: keyCount)
        var slot = [Int32](repeating: 0, count: keyCount)
        for (i, j) in oldToNew.enumerated() where j >= 0 {
            let newStart = newRows.sectionStart[j]
            for p in newRows.rows(of: j) {
                let key = Int(newRows.keys[p])
                stamp[key] = Int32(j)
                slot[key] = Int32(p - newStart)
            }
            let oldStart = oldRows.sectionStart[i]
            for p in oldRows.rows(of: i) {
                let key = Int(oldRows.keys[p])
                if stamp[key] == Int32(j) {
                    matchedOld[newStart + Int(slot[key])] = Int32(p - oldStart)
                    oldTaken[p] = true
                }
            }
        }

        // Cross-section moves: an id once in each whole box, in two different
        // matched sections.
        let (inOld, inNew) = Parallel.both(
            { RowOccurrences(oldRows, keyCount: keyCount).places }, { RowOccurrences(newRows, keyCount: keyCount).places },
            atOnce: oldRows.keys.count + newRows.keys.count > ScreenDiff.rowsCountedAlone)
        for key in 0..<keyCount where inOld[key].count == 1 && inNew[key].count == 1 {
            let os = Int(inOld[key].section), or = Int(inOld[key].row)
            let ns = Int(inNew[key].section), nr = Int(inNew[key].row)
            guard !oldTaken[oldRows.sectionStart[os] + or] else { continue }
            let target = oldToNew[os]
            guard target >= 0, ns != target, newToOld[ns] >= 0 else { continue }
            crossSource[newRows.sectionStart[ns] + nr] = Int32(oldRows.sectionStart[os] + or)
            oldTaken[oldRows.sectionStart[os] + or] = true
        }

        // The matched rows that keep their place: one longest increasing
        // subsequence of old positions per section.
        var stays = [Bool](repeating: false, count: newRows.keys.count)
        var inPlace: [Int] = [], placed: [Int] = []
        for j in new.sections.indices where newToOld[j] >= 0 {
            inPlace.removeAll(keepingCapacity: true)
            placed.removeAll(keepingCapacity: true)
            for p in newRows.rows(of: j) where matchedOld[p] >= 0 {
                inPlace.append(Int(matchedOld[p]))
                placed.append(p)
            }
            if inPlace.count <= 1 {
                for p in placed { stays[p] = true }
            } else {
                for (k, member) in LongestIncreasingSubsequence.members(of: inPlace).enumerated() where member {
                    stays[placed[k]] = true
                }
            }
        }

        // Each new row classified, with its field changes, a run of rows per
        // core; the runs' lists joined in order keep the records by new
        // position.
        let (matched, across, staying) = (matchedOld, crossSource, stays)
        let classified = Parallel.runs(covering: newRows.keys.count, length: ScreenDiff.rowsClassifiedPerRun).concurrentMap { run in
            classify(run, newRows, oldRows, matched, across, staying)
        }
        // Read from the runs' lists where they are, not joined on this
        // thread (a record per row, each holding its field changes).
        let inserts = JoinedParts(classified.map(\.inserts))
        let moves = JoinedParts(classified.map(\.moves))
        let updates = JoinedParts(classified.map(\.updates))

        let deletes = old.sections.indices.flatMap { i -> [RowPosition] in
            guard oldToNew[i] >= 0 else { return [] }
            let start = oldRows.sectionStart[i]
            return old.sections[i].rows.indices.filter { !oldTaken[start + $0] }.map { RowPosition(section: i, row: $0) }
        }
        // The records made on all cores, each straight into its place in
        // `changes`: deletes, inserts, moves, updates.
        let box = self
        let (d, i, m) = (deletes.count, deletes.count + inserts.count, deletes.count + inserts.count + moves.count)
        changes.append(concurrentlyMaking: m + updates.count, inRunsOf: ScreenDiff.recordsMadePerRun) { k in
            switch k {
            case ..<d: box.deleteRecord(deletes[k])
            case ..<i: box.insertRecord(inserts[k - d])
            case ..<m: box.moveRecord(moves[k - i])
            default: box.updateRecord(updates[k - m])
            }
        }
    }

    private func deleteRecord(_ from: RowPosition) -> Change {
        let section = old.sections[from.section]
        let row = section.rows[from.row]
        return .row(RowChange(box: name, id: row.id, section: section.id, .delete(from: from, old: row)))
    }

    private func insertRecord(_ to: RowPosition) -> Change {
        let section = new.sections[to.section]
        let row = section.rows[to.row]
        return .row(RowChange(box: name, id: row.id, section: section.id, .insert(to: to, new: row)))
    }

    private func moveRecord(_ p: Pending<RowPosition>) -> Change {
        let section = new.sections[p.to.section]
        let id = section.rows[p.to.row].id
        if p.across {
            return .row(
                RowChange(
                    box: name, id: id, section: section.id, movedFrom: old.sections[p.from.section].id, from: p.from,
                    to: p.to, fields: p.fields))
        }
        return .row(RowChange(box: name, id: id, section: section.id, .move(from: p.from, to: p.to, fields: p.fields)))
    }

    private func updateRecord(_ p: Pending<RowPosition>) -> Change {
        let section = new.sections[p.to.section]
        let edit = Edit<RowPosition, Node>.update(from: p.from, to: p.to, fields: p.fields)
        return .row(RowChange(box: name, id: section.rows[p.to.row].id, section: section.id, edit))
    }

    /// What a run of new rows adds to the records.
    private struct Classified {
        var inserts: [RowPosition] = []
        var moves: [Pending<RowPosition>] = []
        var updates: [Pending<RowPosition>] = []
    }

    /// The new rows `run` (flat indices) as inserts, moves and updates; a
    /// matched row is a move when it is not among those that stay, and an
    /// update when it stays and its node differs.
    ///
    /// Each section's part of the run is read with its rows, and those of
    /// the old section it matched, lent once: lending them (or copying a
    /// row out) at every row counts the arrays' references up and down,
    /// and with every core doing so on the same arrays, that costs a fifth
    /// of the diff.
    private func classify(
        _ run: Range<Int>, _ newRows: FlatRows, _ oldRows: FlatRows, _ matchedOld: [Int32], _ crossSource: [Int32],
        _ stays: [Bool]
    ) -> Classified {
        var part = Classified()
        guard let first = run.first else { return part }
        var j = newRows.position(of: first).section
        var p = first
        while p < run.upperBound {
            while p >= newRows.sectionStart[j + 1] { j += 1 }
            let end = min(run.upperBound, newRows.sectionStart[j + 1])
            if newToOld[j] >= 0 { classify(p..<end, inSection: j, newRows, oldRows, matchedOld, crossSource, stays, into: &part) }
            p = end
        }
        return part
    }

    /// `classify` for the new rows `part` (flat indices), all in matched
    /// section `j`.
    private func classify(
        _ part: Range<Int>, inSection j: Int, _ newRows: FlatRows, _ oldRows: FlatRows, _ matchedOld: [Int32],
        _ crossSource: [Int32], _ stays: [Bool], into classified: inout Classified
    ) {
        let i = newToOld[j], start = newRows.sectionStart[j]
        new.sections[j].rows.withSpan { newSection in
            old.sections[i].rows.withSpan { oldSection in
                for p in part {
                    let c = p - start
                    let to = RowPosition(section: j, row: c)
                    if matchedOld[p] >= 0 {
                        let r = Int(matchedOld[p])
                        // Worked out here, while the two rows are at hand:
                        // fetched again later, rows of a scattered change
                        // missed the caches a second time.
                        let fields = fieldChanges(oldSection[r], newSection[c])
                        let pending = Pending(to: to, from: RowPosition(section: i, row: r), fields: fields)
                        if !stays[p] {
                            classified.moves.append(pending)
                        } else if !fields.isEmpty {
                            classified.updates.append(pending)
                        }
                    } else if crossSource[p] >= 0 {
                        let from = oldRows.position(of: Int(crossSource[p]))
                        let fields = old.sections[from.section].rows.withSpan {
                            fieldChanges($0[from.row], newSection[c])
                        }
                        classified.moves.append(Pending(to: to, from: from, fields: fields, across: true))
                    } else {
                        classified.inserts.append(to)
                    }
                }
            }
        }
    }

    /// The differences of two matched rows, read where they are: none when
    /// their components are the same text (most rows), else those of their
    /// values (none, if only the text differed).
    private func fieldChanges(_ old: borrowing Node, _ new: borrowing Node) -> [FieldChange] {
        if Node.haveSameComponentText(old, new) { return [] }
        // Their ids are equal: that is how they matched.
        guard old.id.hasSameValue(as: new.id) else {
            return JSONDiff.changes(from: old.jsonValue, to: new.jsonValue)
        }
        // Only the components differ: diff them from their text, under
        // `/component` (`id` sorts after it and has no changes).
        return old.component.fieldChanges(to: new.component, at: "/component")
    }
}

/// How much a thread takes at a time.
extension ScreenDiff {
    /// Records made per run.
    static let recordsMadePerRun = 4096
    /// New rows classified per run: a run of rows fetches their old rows from memory once.
    static let rowsClassifiedPerRun = 8192
    /// Rows of both boxes whose places are counted on one thread: fewer
    /// take less time than starting a second.
    static let rowsCountedAlone = 8192
}
