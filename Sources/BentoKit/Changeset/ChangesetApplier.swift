import BentoJSON

/// `bento apply`: a JSON changeset applied to the screen it was made from.
///
/// First every record's `from` side is checked against the old screen: the
/// section or row id at each `from` position (and its section's id), the
/// whole old value of each delete, the old value of each field change, and
/// that no old position is claimed twice. The first record that does not
/// fit stops everything with a `ChangesetMismatch` that names it.
///
/// Then the records are applied as UIKit applies a batch: deletes at old
/// positions, inserts and moves at new positions, and every other section
/// or row keeps its relative order and fills the free places; field changes
/// are applied at their JSON Pointers. Positions that do not add up (two
/// records for one new place, an update that would land elsewhere, a row
/// moved into an inserted section) are mismatches too.
public enum ChangesetApplier {
    /// The new screen: `changeset` applied to `old`.
    /// - Parameter oldName: how messages name the old screen.
    /// - Complexity: O(n + c) for n sections and rows and c records, plus
    ///   the size of the values compared and changed.
    public static func apply(_ changeset: Changeset, to old: Screen, oldName: String = "the old screen")
        throws(ChangesetMismatch) -> Screen
    {
        try applyTracingRows(changeset, to: old, oldName: oldName).screen
    }

    /// The new screen, and where each of its rows comes from (`RowOrigins`):
    /// what editing the old text needs to keep, move or change each row
    /// without looking it up.
    /// - Parameter checked: called once every record is checked, before
    ///   the new screen is built, which leaves a core free for the
    ///   caller's own work (`bento apply` indexes the old text by id then).
    /// - Complexity: as `apply`.
    public static func applyTracingRows(
        _ changeset: Changeset, to old: Screen, oldName: String = "the old screen", checked: () -> Void = {}
    ) throws(ChangesetMismatch) -> (screen: Screen, origins: RowOrigins) {
        let application = ChangesetApplication(changes: changeset.changes, old: old, oldName: oldName)
        let checks = try application.check()
        checked()
        return try application.build(checks)
    }
}

/// One application of a changeset: the checks, then the new screen.
struct ChangesetApplication {
    let changes: [Change]
    let old: Screen
    let oldName: String

    // MARK: The from side

    /// Checks every record's `from` side.
    /// - Returns: what each record's check found, by index (`RecordCheck`):
    ///   the node a row move or update with field changes leaves, or the
    ///   mismatch to throw when `build` applies it.
    func check() throws(ChangesetMismatch) -> [RecordCheck] {
        // Records are checked on all cores; the first that does not fit,
        // in order, is the one reported.
        let checks = Array(changes.indices).concurrentMap(inRunsOf: ChangesetApplier.recordsCheckedPerRun) { k in
            do throws(ChangesetMismatch) {
                let (claimed, applied) = try claim(k)
                return RecordCheck(claimed: claimed, applied: applied)
            } catch {
                return RecordCheck(mismatch: error)
            }
        }
        // Which record claims each old section and row (-1: none yet), per
        // box; the places are in range, as `claim` checked. The checks are
        // read where they are: the nodes they hold are not copied.
        var claimedBy = [BoxName.box, .pinnedToBottomBox].map { name in
            let sections = old[box: name].sections
            return (sections: [Int](repeating: -1, count: sections.count),
                    rows: sections.map { [Int](repeating: -1, count: $0.rows.count) })
        }
        for k in checks.indices {
            if let mismatch = checks[k].mismatch { throw mismatch }
            guard let (box, from) = checks[k].claimed else { continue }
            let b = box == .box ? 0 : 1
            let first: Int
            if let r = from.row {
                first = claimedBy[b].rows[from.section][r]
                if first < 0 { claimedBy[b].rows[from.section][r] = k }
            } else {
                first = claimedBy[b].sections[from.section]
                if first < 0 { claimedBy[b].sections[from.section] = k }
            }
            if first >= 0 {
                throw mismatch(k, "from", "\(place(box, from)) is already the \"from\" of changes[\(first)]")
            }
        }
        return checks
    }

    /// Checks `changes[k]` against the old screen.
    /// - Returns: the old place it claims (nil for an insert or the
    ///   screen), and a row's node with its field changes applied.
    private func claim(_ k: Int) throws(ChangesetMismatch)
        -> (claimed: (BoxName, Position)?, applied: Result<Node, ChangesetMismatch>?)
    {
        switch changes[k] {
        case .screen(let fields):
            try checkFields(fields, k, in: .object(old.attributes), of: "the screen")
            return (nil, nil)
        case .section(let record):
            return (try checkFrom(record, k).map { (record.box, Position(section: $0)) }, nil)
        case .row(let record):
            guard let (from, applied) = try checkFrom(record, k) else { return (nil, nil) }
            return ((record.box, from), applied)
        }
    }

    /// Checks a section record against the old screen.
    /// - Returns: the old position it claims; nil for an insert.
    private func checkFrom(_ record: SectionChange, _ k: Int) throws(ChangesetMismatch) -> Int? {
        let (box, id) = (record.box, record.id)
        guard let i = record.edit.from else {
            try checkInserted(record.edit.new?.id, is: id, k, "section")
            return nil
        }
        let sections = old[box: box].sections
        let from = Position(section: i)
        guard i >= 0, i < sections.count else { throw mismatch(k, "from", "\(oldName) has no \(place(box, from))") }
        let section = sections[i]
        guard section.id == id else {
            throw mismatch(k, "from", "\(oldName) has section \(section.id) at \(place(box, from)), not \(id)")
        }
        _ = try checkOldSide(record.edit, k, against: section, as: { $0.fieldsValue }, "section \(id)", at: place(box, from))
        return i
    }

    /// Checks a row record against the old screen.
    /// - Returns: the old position it claims, and for a move or update with
    ///   field changes the node they make; nil for an insert.
    private func checkFrom(_ record: RowChange, _ k: Int) throws(ChangesetMismatch)
        -> (Position, Result<Node, ChangesetMismatch>?)?
    {
        let (box, id) = (record.box, record.id)
        guard let rowFrom = record.edit.from else {
            try checkInserted(record.edit.new?.id, is: id, k, "row")
            return nil
        }
        let (from, r) = (rowFrom.position, rowFrom.row)
        let sections = old[box: box].sections
        guard from.section >= 0, from.section < sections.count else {
            throw mismatch(k, "from", "\(oldName) has no \(place(box, Position(section: from.section)))")
        }
        let section = sections[from.section]
        let sectionID = record.fromSection ?? record.section
        guard section.id == sectionID else {
            throw mismatch(
                k, record.fromSection != nil ? "fromSection" : "section",
                "\(oldName) has section \(section.id) at \(place(box, Position(section: from.section))), not \(sectionID)")
        }
        guard r >= 0, r < section.rows.count else { throw mismatch(k, "from", "\(oldName) has no \(place(box, from))") }
        let node = section.rows[r]
        guard node.id == id else {
            throw mismatch(k, "from", "\(oldName) has row \(node.id) at \(place(box, from)), not \(id)")
        }
        if record.edit.old == nil, let changed = Self.applyingInProps(record.edit.fields, to: node) { return (from, .success(changed)) }
        // One value tree of the row for both: its check and its change.
        guard
            let value = try checkOldSide(record.edit, k, against: node, as: { $0.jsonValue }, "row \(id)", at: place(box, from))
        else { return (from, nil) }
        let fields = record.edit.fields
        return (from, Result { () throws(ChangesetMismatch) in try applying(fields, k, toRow: value) })
    }

    /// An inserted section or row has the record's id.
    private func checkInserted(_ inserted: ScreenID?, is id: ScreenID, _ k: Int, _ kind: String) throws(ChangesetMismatch) {
        if let inserted, inserted != id {
            throw mismatch(k, "new", "the inserted \(kind) has id \(inserted), not \(id)")
        }
    }

    /// The old side of a record is `current`: the whole value a delete takes
    /// away, or the old value of each field change (made on `value(current)`).
    /// - Returns: `value(current)` when there were field changes to check
    ///   (the value they apply to), else nil.
    private func checkOldSide<Place, Content: Equatable>(
        _ edit: Edit<Place, Content>, _ k: Int, against current: Content, as value: (Content) -> JSONValue,
        _ owner: @autoclosure () -> String, at place: @autoclosure () -> String
    ) throws(ChangesetMismatch) -> JSONValue? {
        // Names are made only for a message: most records fit.
        if let old = edit.old {
            guard old == current else {
                throw mismatch(k, "old", "\(owner()) at \(place()) of \(oldName) is not the changeset's old value")
            }
            return nil
        }
        guard !edit.fields.isEmpty else { return nil }
        let currentValue = value(current)
        try checkFields(edit.fields, k, in: currentValue, of: owner())
        return currentValue
    }

    /// Each field's `old` (or its absence) is what `value` holds at its path.
    private func checkFields(_ fields: [FieldChange], _ k: Int, in value: JSONValue, of owner: @autoclosure () -> String)
        throws(ChangesetMismatch)
    {
        // Many fields of one value are looked up in one walk.
        let found = fields.count > 1 ? Self.pointers(fields).map { JSONPointer.values(at: $0, in: value) } : nil
        for (m, field) in fields.enumerated() {
            guard let pointer = JSONPointer(field.path) else {
                throw fieldMismatch(k, m, "path", "\(JSONWriter.quoted(field.path)) is not a JSON Pointer")
            }
            let current: JSONValue? = if let found { found[m] } else { pointer.value(in: value) }
            guard current == field.old else {
                let path = field.path.isEmpty ? "\"\"" : field.path
                throw fieldMismatch(
                    k, m, field.old == nil ? "path" : "old",
                    "\(owner()) has \(describe(current)) at \(path) in \(oldName), not \(describe(field.old))")
            }
        }
    }
}

/// What checking one record against the old screen found.
struct RecordCheck: Sendable {
    /// The box and old place the record claims; nil for an insert or the screen.
    var claimed: (box: BoxName, from: Position)?
    /// The node a row's move or update with field changes makes, or the
    /// mismatch to report when it is applied; nil for other records.
    var applied: Result<Node, ChangesetMismatch>?
    /// Why the record does not fit the old screen.
    var mismatch: ChangesetMismatch?

    init(claimed: (box: BoxName, from: Position)?, applied: Result<Node, ChangesetMismatch>?) {
        (self.claimed, self.applied) = (claimed, applied)
    }

    init(mismatch: ChangesetMismatch) { self.mismatch = mismatch }
}

/// How much a thread takes at a time.
extension ChangesetApplier {
    /// Changeset records checked per run.
    static let recordsCheckedPerRun = 1024
}
