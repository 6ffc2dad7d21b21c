import BentoJSON

/// `--format text`: a changeset for people to read at a glance.
///
/// Changes are grouped by box and by section in the new file's order (deleted
/// sections last, at their old positions); each line has a symbol (`+`
/// insert, `-` delete, `↕` move, `~` update), the quoted id, the component
/// type and the position (`[section, row]`, old → new for moves). Field
/// changes follow as `path: old → new`, long values shortened. A summary line
/// ends the report. Identical screens print nothing, as diff(1) does.
public struct TextRenderer: Sendable {
    /// The colours, or none.
    public var palette: Palette
    /// Values longer than this are shortened with `…`.
    public var valueWidth: Int
    /// Whether to end with identity hints (`IdentityHints`): rows and
    /// sections that were probably renamed.
    public var hints: Bool

    /// A renderer with `palette`, shortening values to `valueWidth` scalars,
    /// with identity hints or without.
    public init(palette: Palette = .plain, valueWidth: Int = 60, hints: Bool = true) {
        self.palette = palette
        self.valueWidth = valueWidth
        self.hints = hints
    }

    /// The report for `changeset`, made from `old` to `new`.
    /// - Complexity: O(n log n) in the number of changes.
    public func render(_ changeset: Changeset, old: Screen, new: Screen) -> String {
        String(decoding: pieces(changeset, old: old, new: new).joinedBytes(), as: UTF8.self)
    }

    /// `render`'s text in pieces of one or more whole lines, in order: the
    /// runs of sections are written as bytes on all cores (`ReportLines`),
    /// and go out without being joined.
    /// - Complexity: O(n log n) in the number of changes.
    public func pieces(_ changeset: Changeset, old: Screen, new: Screen) -> [[UInt8]] {
        guard !changeset.isIdentical else { return [] }
        var head = ReportLines(palette: palette)
        head.line(palette.bold("\(PathQuoting.quoted(changeset.oldName)) → \(PathQuoting.quoted(changeset.newName))"))
        for change in changeset.changes where change.kind == .screen {
            head.line(palette.update("~ screen"))
            writeFields(change.fields, indent: "    ", into: &head)
        }
        var pieces = [head.bytes]
        for name in BoxName.allCases where changeset.changes.contains(where: { $0.box == name }) {
            pieces.append(Array((palette.bold(name.rawValue) + "\n").utf8))
            pieces += boxPieces(changeset.changes, of: name, old: old[box: name], new: new[box: name])
        }
        var tail = ReportLines(palette: palette)
        tail.line(summaryLine(changeset.summary))
        if hints { for hint in IdentityHints.hints(changeset) { tail.line(palette.dim("hint: " + hint)) } }
        pieces.append(tail.bytes)
        return pieces
    }

    /// The lines of a box's records, section by section; the lines are
    /// made on all cores, a run of rows (of one section or of several) per
    /// piece.
    private func boxPieces(_ records: [Change], of box: BoxName, old: Box, new: Box) -> [[UInt8]] {
        let grouped = SectionGroups(records, of: box, new: new)
        let groups = grouped.groups
        var pieces = grouped.runs(rowsPerRun: TextRenderer.rowsPerRun).concurrentMap { run in
            var lines = ReportLines(palette: palette)
            for part in run {
                let group = groups[part.group]
                let section = new.sections[group.section]
                if !part.isFirst {
                    // The section's line is in the part before.
                } else if let k = group.record {
                    let change = records[k]
                    lines.line("  " + sectionLine(change, section: section, new: new))
                    writeFields(change.fields, indent: "      ", into: &lines)
                } else {
                    // Marked, so that without colour it cannot read as a row.
                    lines.line("  " + palette.dim("· section \(section.id) [\(group.section)]"))
                }
                for k in group.rows[part.rows] {
                    writeRow(records[k], old: old, new: new, into: &lines)
                    writeFields(records[k].fields, indent: "        ", into: &lines)
                }
            }
            return lines.bytes
        }
        var deleted = ReportLines(palette: palette)
        for change in grouped.deletedSections.map({ records[$0] }) {
            if case .section(let s)? = change.old { deleted.line("  " + sectionLine(change, section: s, new: new)) }
        }
        if !deleted.bytes.isEmpty { pieces.append(deleted.bytes) }
        return pieces
    }

    private func sectionLine(_ change: Change, section: Section, new: Box) -> String {
        guard case .section(let record) = change else { return "" }
        let rows = section.rowCountPhrase
        switch record.edit {
        case .insert(let to, _): return palette.insert("+ section \(section.id) at [\(to)], \(rows)")
        case .delete(let from, _): return palette.delete("- section \(section.id) from [\(from)], \(rows)")
        case .move(let from, let to, _):
            let place = MovePlace.phrase(change, in: new).map { " (\($0))" } ?? ""
            return palette.move("↕ section \(section.id) [\(from)] → [\(to)]\(place)")
        case .update(_, let to, _): return palette.update("~ section \(section.id) [\(to)]")
        }
    }

    /// A row's line: its symbol, id, type and place, in its colour.
    private func writeRow(_ change: Change, old: Box, new: Box, into out: inout ReportLines) {
        out.words("    ")
        defer { out.endLine() }
        guard case .row(let record) = change else { return }
        let id = record.id.description
        func head(_ symbol: StaticString, _ box: Box, _ p: RowPosition, _ out: inout ReportLines) {
            out.words(symbol)
            out.text(id)
            if let type = box.rowType(at: p) {
                out.words(" ")
                out.text(type)
            }
        }
        switch record.edit {
        case .insert(let to, _):
            out.painted(.insert) { out in
                head("+ row ", new, to, &out)
                out.words(" at ")
                out.position(section: to.section, row: to.row)
            }
        case .delete(let from, _):
            out.painted(.delete) { out in
                head("- row ", old, from, &out)
                out.words(" from ")
                out.position(section: from.section, row: from.row)
            }
        case .move(let from, let to, _):
            // Across sections, the section left is named before its position:
            // `[1, 2] → [1, 2]` may be a move when section 1 is another one.
            let place = MovePlace.phrase(change, in: new)
            out.painted(.move) { out in
                head("↕ row ", new, to, &out)
                out.words(" ")
                if let left = record.fromSection {
                    out.words("from section ")
                    out.text(left.description)
                    out.words(" ")
                }
                out.position(section: from.section, row: from.row)
                out.words(" → ")
                out.position(section: to.section, row: to.row)
                if let place {
                    out.words(" (")
                    out.text(place)
                    out.words(")")
                }
            }
        case .update(_, let to, _):
            out.painted(.update) { out in
                head("~ row ", new, to, &out)
                out.words(" at ")
                out.position(section: to.section, row: to.row)
            }
        }
    }

    /// Field changes as `path: old → new`, one line each, values cut to
    /// the width; why two values that read alike differ, where they do.
    private func writeFields(_ fields: [FieldChange], indent: StaticString, into out: inout ReportLines) {
        for field in fields {
            let text = FieldChangeText(field, width: valueWidth)
            out.words(indent)
            out.painted(.dim) { $0.text(text.path) }
            out.words(": ")
            out.painted(.delete) { $0.text(text.old()) }
            out.words(" → ")
            out.painted(.insert) { $0.text(text.new()) }
            if let hint = text.hint {
                out.words(" ")
                out.painted(.dim) { $0.text(hint) }
            }
            out.endLine()
        }
    }

    /// `3 rows inserted, 1 row moved, 1 section updated`.
    func summaryLine(_ summary: Summary) -> String { palette.bold(summary.phrase) }
}

/// How much a thread takes at a time.
extension TextRenderer {
    /// Rows of the report written per run, a section's line counted as one.
    static let rowsPerRun = 512
}
