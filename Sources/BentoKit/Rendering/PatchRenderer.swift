import BentoJSON

/// `--format patch`: an RFC 6902 JSON Patch that turns the old document into
/// one equal (contract section 2) to the new one.
///
/// The patch works on the documents as written, not on the model: it also
/// carries what `bento diff` ignores (`$` members, a `null` header, a
/// missing `rows`, an empty `pinnedToBottomBox`), so that any conforming
/// applier gives back the new document itself, Box form or Screen form. It
/// is as small as the changes:
///
/// - a moved section or row is one `move` (a row that crosses sections too:
///   `from` its old section's `rows`, `path` in its new one's);
/// - an inserted section or row is one `add` of the whole value, a deleted
///   one a `remove`;
/// - a changed field is a `replace`, `add` or `remove` at its leaf, as the
///   changeset's field changes are (arrays of different lengths whole);
/// - screen attributes are leaf operations at the top level.
///
/// Operations apply in order, each on the document the previous ones left:
/// the indices are worked out step by step on a model of the arrays, never
/// copied from the changeset's old/new positions. Per box the order is: row
/// deletes, section deletes, section moves, section inserts, section field
/// changes, row moves, row inserts, row field changes; so a row's field
/// changes use its new position.
public enum PatchRenderer {
    /// The operations from `old` to `new`, given their changeset.
    ///
    /// `oldDocument` and `newDocument` are the JSON documents the screens
    /// were read from (`ScreenReader.readDocument`); without them the
    /// screens' own `jsonValue` is used.
    /// - Complexity: O(n + m·k) for n sections and rows, m moves and k rows
    ///   in the largest section, plus the size of the changed values.
    public static func operations(
        _ changeset: Changeset, old: Screen, new: Screen, oldDocument: JSONValue? = nil, newDocument: JSONValue? = nil
    ) -> [PatchOperation] {
        let oldDocument = oldDocument ?? old.jsonValue
        let newDocument = newDocument ?? new.jsonValue
        guard case .object(let oldRoot) = oldDocument, case .object(let newRoot) = newDocument else {
            return [.replace(.root, newDocument)]
        }
        var ops: [PatchOperation] = []
        let oldIsBox = isBoxForm(oldRoot), newIsBox = isBoxForm(newRoot)
        let boxKey = JSONPointer.root.appending("box"), pinnedKey = JSONPointer.root.appending("pinnedToBottomBox")
        let sectionsKey = "sections"

        // The shape first: the main box's sections go where the new shape
        // keeps them, in one move.
        var oldOthers = oldRoot, newOthers = newRoot
        switch (oldIsBox, newIsBox) {
        case (true, false):
            ops.append(.add(boxKey, .object(members(of: newRoot["box"], without: [sectionsKey]))))
            ops.append(.move(from: JSONPointer.root.appending(sectionsKey), to: boxKey.appending(sectionsKey)))
            oldOthers = without(oldRoot, [sectionsKey])
            newOthers = without(newRoot, ["box", "pinnedToBottomBox"])
        case (false, true):
            ops.append(.move(from: boxKey.appending(sectionsKey), to: JSONPointer.root.appending(sectionsKey)))
            ops.append(.remove(boxKey))
            if oldRoot["pinnedToBottomBox"] != nil { ops.append(.remove(pinnedKey)) }
            oldOthers = without(oldRoot, ["box", "pinnedToBottomBox", sectionsKey])
            newOthers = without(newRoot, [sectionsKey])
        case (true, true):
            oldOthers = without(oldRoot, [sectionsKey])
            newOthers = without(newRoot, [sectionsKey])
        case (false, false):
            oldOthers = without(oldRoot, ["box", "pinnedToBottomBox"])
            newOthers = without(newRoot, ["box", "pinnedToBottomBox"])
        }
        // Attributes and `$` members of the document.
        ops += fieldOperations(oldOthers, newOthers, at: .root)

        // The main box.
        let mainBox = newIsBox ? JSONPointer.root : boxKey
        if !oldIsBox && !newIsBox {
            ops += fieldOperations(
                members(of: oldRoot["box"], without: [sectionsKey]), members(of: newRoot["box"], without: [sectionsKey]),
                at: boxKey)
        }
        ops += BoxPatch(
            records: changeset.changes.filter { $0.box == .box }, old: old.box, new: new.box,
            oldSections: sections(of: oldIsBox ? oldDocument : oldRoot["box"]),
            newSections: sections(of: newIsBox ? newDocument : newRoot["box"]),
            pointer: mainBox.appending(sectionsKey)
        ).operations()

        // The pinned box: patched in place when both have one, else added or
        // removed whole (its sections are all inserts or all deletes).
        guard !newIsBox else { return ops }
        switch (oldIsBox ? nil : oldRoot["pinnedToBottomBox"], newRoot["pinnedToBottomBox"]) {
        case (let before?, let after?):
            ops += fieldOperations(
                members(of: before, without: [sectionsKey]), members(of: after, without: [sectionsKey]), at: pinnedKey)
            ops += BoxPatch(
                records: changeset.changes.filter { $0.box == .pinnedToBottomBox }, old: old[box: .pinnedToBottomBox],
                new: new[box: .pinnedToBottomBox], oldSections: sections(of: before), newSections: sections(of: after),
                pointer: pinnedKey.appending(sectionsKey)
            ).operations()
        case (_?, nil):
            ops.append(.remove(pinnedKey))
        case (nil, let after?):
            ops.append(.add(pinnedKey, after))
        case (nil, nil):
            break
        }
        return ops
    }

    /// The patch as JSON text: an array with one operation per line, each
    /// written compactly with its members in RFC 6902's order (`op`, `from`,
    /// `path`, `value`) and numbers as written; `[]` when there is nothing
    /// to do. A final newline.
    /// - Complexity: O(n) in the size of the patch.
    public static func render(_ operations: [PatchOperation]) -> [UInt8] {
        guard !operations.isEmpty else { return Array("[]\n".utf8) }
        var out: [UInt8] = Array("[\n".utf8)
        let writer = JSONWriter(style: .compact)
        for (k, operation) in operations.enumerated() {
            out.append(contentsOf: "  {".utf8)
            guard case .object(let object) = operation.jsonValue else { continue }
            for (m, member) in object.members.enumerated() {
                if m > 0 { out.append(contentsOf: ", ".utf8) }
                JSONWriter.writeString(member.key, to: &out)
                out.append(contentsOf: ": ".utf8)
                writer.write(member.value, to: &out)
            }
            out.append(contentsOf: (k + 1 < operations.count ? "},\n" : "}\n").utf8)
        }
        out.append(contentsOf: "]\n".utf8)
        return out
    }

    // MARK: Helpers

    /// The reader's rule: an object with `sections` and no `box` is a Box.
    static func isBoxForm(_ root: JSONObject) -> Bool {
        root["box"] == nil && root["sections"] != nil
    }

    /// Leaf operations from one object's members to another's.
    static func fieldOperations(_ old: JSONObject, _ new: JSONObject, at base: JSONPointer) -> [PatchOperation] {
        JSONDiff.changes(from: old, to: new, at: base.description).map { change in
            let path = JSONPointer(change.path) ?? base
            switch (change.old, change.new) {
            case (_?, let value?): return .replace(path, value)
            case (nil, let value?): return .add(path, value)
            default: return .remove(path)
            }
        }
    }

    static func without(_ object: JSONObject, _ keys: [String]) -> JSONObject {
        var object = object
        for key in keys { object[key] = nil }
        return object
    }

    static func members(of value: JSONValue?, without keys: [String]) -> JSONObject {
        guard case .object(let object)? = value else { return JSONObject() }
        return without(object, keys)
    }

    static func sections(of box: JSONValue?) -> [JSONValue] {
        guard case .array(let sections)? = box?["sections"] else { return [] }
        return sections
    }
}

/// The operations for one box's sections and rows, computed on a model of
/// the arrays that is updated as each operation is written, so that every
/// index is the one the document has at that step.
private struct BoxPatch {
    let records: [Change]
    let old: Box
    let new: Box
    /// The section objects as written, parallel to the model's sections.
    let oldSections: [JSONValue]
    let newSections: [JSONValue]
    /// The box's `sections` array.
    let pointer: JSONPointer

    /// Where a new row comes from.
    private enum Source {
        case insert
        /// Matched in its own section and kept in place.
        case stays(row: Int)
        /// Moved, within its section or from another.
        case moves(from: Position)
    }

    /// The arrays as the patch leaves them so far: section tokens (old
    /// index, or `-1 - new index` for an inserted one) and, for each, row
    /// tokens (`rowBase[old section] + old row`; inserted rows `-1 - k`).
    private struct Model {
        var sections: [Int]
        var rows: [[Int]]
    }

    func operations() -> [PatchOperation] {
        var newIndex: [ScreenID: Int] = [:]
        for (j, section) in new.sections.enumerated() { newIndex[section.id] = j }
        let oldToNew = old.sections.map { newIndex[$0.id] }
        var newToOld = [Int?](repeating: nil, count: new.sections.count)
        for (i, j) in oldToNew.enumerated() where j != nil { newToOld[j!] = i }

        let sectionRecords = records.filter { $0.kind == .section }
        let rowRecords = records.filter { $0.kind == .row }
        let movedSections = Set(sectionRecords.filter { $0.op == .move }.compactMap(\.to?.section))
        let deletedRows = Set(rowRecords.filter { $0.op == .delete }.compactMap(\.from))
        var movedRows: [Position: Position] = [:]  // to → from
        for record in rowRecords where record.op == .move {
            if let to = record.to, let from = record.from { movedRows[to] = from }
        }
        var rowBase: [Int] = []
        var total = 0
        for section in old.sections {
            rowBase.append(total)
            total += section.rows.count
        }
        func token(_ p: Position) -> Int { rowBase[p.section] + p.row! }

        // Where each row of each matched new section comes from.
        var sources: [[Source]] = new.sections.map { _ in [] }
        for (j, section) in new.sections.enumerated() {
            guard let i = newToOld[j] else { continue }
            var oldRow: [ScreenID: Int] = [:]
            oldRow.reserveCapacity(old.sections[i].rows.count)
            for (r, row) in old.sections[i].rows.enumerated() { oldRow[row.id] = r }
            sources[j] = section.rows.enumerated().map { c, row in
                if let from = movedRows[Position(section: j, row: c)] { return .moves(from: from) }
                if let r = oldRow[row.id] { return .stays(row: r) }
                return .insert
            }
        }
        let oldHasRows = oldSections.map { $0["rows"] != nil }
        let newHasRows = newSections.map { $0["rows"] != nil }

        var ops: [PatchOperation] = []
        var model = Model(
            sections: Array(old.sections.indices),
            rows: old.sections.indices.map { i in (0..<old.sections[i].rows.count).map { rowBase[i] + $0 } })
        func section(_ k: Int) -> JSONPointer { pointer.appending(k) }
        func row(_ k: Int, _ m: Int) -> JSONPointer { pointer.appending(k).appending("rows").appending(m) }

        // Row deletes, last first in each section, so that the indices are
        // the old ones. A section that loses its `rows` member loses them with it.
        for (i, j) in oldToNew.enumerated() {
            guard let j, newHasRows[j] else { continue }
            for r in old.sections[i].rows.indices.reversed() where deletedRows.contains(Position(section: i, row: r)) {
                let k = model.sections.firstIndex(of: i)!
                let m = model.rows[k].firstIndex(of: rowBase[i] + r)!
                ops.append(.remove(row(k, m)))
                model.rows[k].remove(at: m)
            }
        }
        // Section deletes, last first.
        for i in old.sections.indices.reversed() where oldToNew[i] == nil {
            let k = model.sections.firstIndex(of: i)!
            ops.append(.remove(section(k)))
            model.sections.remove(at: k)
            model.rows.remove(at: k)
        }
        // Section moves, in new order: each goes right after the matched
        // section that precedes it in the new file (already in place).
        var previousMatched: Int?
        for j in new.sections.indices {
            guard let i = newToOld[j] else { continue }
            defer { previousMatched = i }
            guard movedSections.contains(j) else { continue }
            let k = model.sections.firstIndex(of: i)!
            let rows = model.rows.remove(at: k)
            model.sections.remove(at: k)
            let target = previousMatched.map { model.sections.firstIndex(of: $0)! + 1 } ?? 0
            model.sections.insert(i, at: target)
            model.rows.insert(rows, at: target)
            if target != k { ops.append(.move(from: section(k), to: section(target))) }
        }
        // Section inserts, in new order: every section before is in place.
        for j in new.sections.indices where newToOld[j] == nil {
            ops.append(.add(section(j), newSections[j]))
            model.sections.insert(-1 - j, at: j)
            model.rows.insert([], at: j)
        }
        // From here on, section k of the model is section k of the new box.

        // Section fields (header, footer, `$` members), and a `rows` member
        // the old section lacks.
        var rowsAddedWhole = Set<Int>()
        for (j, i) in newToOld.enumerated() {
            guard let i else { continue }
            ops += PatchRenderer.fieldOperations(
                PatchRenderer.members(of: oldSections[i], without: ["rows"]),
                PatchRenderer.members(of: newSections[j], without: ["rows"]), at: section(j))
            guard !oldHasRows[i], newHasRows[j], let rows = newSections[j]["rows"] else { continue }
            if sources[j].allSatisfy({ if case .insert = $0 { true } else { false } }) {
                ops.append(.add(section(j).appending("rows"), rows))
                rowsAddedWhole.insert(j)
            } else {
                ops.append(.add(section(j).appending("rows"), .array([])))
            }
        }
        // Row moves, in new order per section: each goes right after the row
        // that precedes it in its new section and is not an insert.
        for j in new.sections.indices where newToOld[j] != nil {
            let i = newToOld[j]!
            var previous: Int?
            for source in sources[j] {
                switch source {
                case .insert:
                    continue
                case .stays(let r):
                    previous = rowBase[i] + r
                case .moves(let from):
                    let t = token(from)
                    let k = model.sections.firstIndex(of: from.section)!
                    let m = model.rows[k].firstIndex(of: t)!
                    model.rows[k].remove(at: m)
                    let target = previous.map { model.rows[j].firstIndex(of: $0)! + 1 } ?? 0
                    model.rows[j].insert(t, at: target)
                    if (k, m) != (j, target) { ops.append(.move(from: row(k, m), to: row(j, target))) }
                    previous = t
                }
            }
        }
        // Row inserts, in new order: every row before is in place.
        for j in new.sections.indices where newToOld[j] != nil && !rowsAddedWhole.contains(j) {
            guard case .array(let rows)? = newSections[j]["rows"] else { continue }
            for (c, source) in sources[j].enumerated() {
                guard case .insert = source else { continue }
                ops.append(.add(row(j, c), rows[c]))
                model.rows[j].insert(-1 - c, at: c)
            }
        }
        // Row fields, at the rows' new positions. A row the changeset does
        // not change differs in its document at most in `$` members beside
        // `id` and `component` (inside a component everything is compared).
        let changedRows = Set(records.filter { $0.kind == .row && !$0.fields.isEmpty }.compactMap(\.from))
        // Each section's rows as written, and which of them have `$`
        // members, worked out once and on all cores (every row is asked).
        let (oldRows, newRows) = (Self.rows(of: oldSections), Self.rows(of: newSections))
        let (oldDollar, newDollar) = (Self.dollarMembers(oldRows), Self.dollarMembers(newRows))
        for j in new.sections.indices where newToOld[j] != nil {
            for (c, source) in sources[j].enumerated() {
                let from: Position
                switch source {
                case .insert: continue
                case .stays(let r): from = Position(section: newToOld[j]!, row: r)
                case .moves(let f): from = f
                }
                // A section whose `rows` is no array has none here.
                guard c < newRows[j].count, from.row! < oldRows[from.section].count,
                    changedRows.contains(from) || oldDollar[from.section][from.row!] || newDollar[j][c],
                    case .object(let before) = oldRows[from.section][from.row!], case .object(let after) = newRows[j][c]
                else { continue }
                ops += PatchRenderer.fieldOperations(before, after, at: row(j, c))
            }
        }
        // `rows` members the new sections lack: what is left in them goes too.
        for (j, i) in newToOld.enumerated() {
            guard let i, oldHasRows[i], !newHasRows[j] else { continue }
            ops.append(.remove(section(j).appending("rows")))
        }
        return ops
    }

    /// Each section's `rows` as written (none for a section without them).
    private static func rows(of sections: [JSONValue]) -> [[JSONValue]] {
        sections.map { section in
            guard case .array(let rows)? = section["rows"] else { return [] }
            return rows
        }
    }

    /// For each row of each section, whether it has a `$` member beside
    /// `id` and `component` (inside a component everything is compared).
    private static func dollarMembers(_ rows: [[JSONValue]]) -> [[Bool]] {
        rows.concurrentMap { rows in
            rows.map { row in
                guard case .object(let object) = row else { return false }
                return object.members.contains { $0.key.utf8.first == UInt8(ascii: "$") }
            }
        }
    }
}
