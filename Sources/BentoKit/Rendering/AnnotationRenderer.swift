import BentoJSON

/// `--format github`: one GitHub Actions workflow command per change,
/// `::notice file=PATH,line=L,title=…::message`, which GitHub shows on the
/// pull request's diff at that line of the new file.
///
/// An inserted, moved or updated section or row is marked at the line of
/// its `id` member in the new file; a deleted row at the line of the `id`
/// of the section it left, where that section still is, else at its box's
/// line, as a deleted section is; the screen's attributes at line 1. The
/// lines come from the new document's outline (`DocumentOutline`).
public struct AnnotationRenderer: Sendable {
    /// Values longer than this are shortened with `…`.
    public var valueWidth: Int

    /// A renderer shortening values to `valueWidth` scalars.
    public init(valueWidth: Int = 60) {
        self.valueWidth = valueWidth
    }

    /// The commands for `changeset`, made from `old` to `new`, whose text is
    /// outlined by `outline` (nil: every change at line 1), naming the file
    /// `file`.
    /// - Complexity: O(n log n) in the number of changes, plus a read of the
    ///   new file's lines and of each changed row's text.
    public func commands(
        _ changeset: Changeset, old: Screen, new: Screen, outline: DocumentOutline?, file: String
    ) -> [WorkflowCommand] {
        let command = maker(changeset, old: old, new: new, outline: outline, file: file, lineInFile: nil)
        return changeset.changes.concurrentMap(inRunsOf: AnnotationRenderer.recordsPerRun) { command($0) }
    }

    /// The commands as lines of output.
    /// - Parameter lineInFile: the line of the file annotated that each
    ///   line of NEW's text is (a side of a conflicted file stands at other
    ///   lines in it); NEW's own lines by default.
    public func render(
        _ changeset: Changeset, old: Screen, new: Screen, outline: DocumentOutline?, file: String,
        lineInFile: (@Sendable (Int) -> Int)? = nil
    ) -> String {
        let lines = pieces(changeset, old: old, new: new, outline: outline, file: file, lineInFile: lineInFile)
        return String(decoding: lines.joined(), as: UTF8.self)
    }

    /// The lines of `render`, as UTF-8 in pieces of many lines each, made
    /// on all cores and written out as they are: 100,000 changes' lines
    /// are never joined into one string.
    /// - Complexity: as `commands`.
    public func pieces(
        _ changeset: Changeset, old: Screen, new: Screen, outline: DocumentOutline?, file: String,
        lineInFile: (@Sendable (Int) -> Int)? = nil
    ) -> [[UInt8]] {
        let command = maker(changeset, old: old, new: new, outline: outline, file: file, lineInFile: lineInFile)
        let changes = changeset.changes
        return Parallel.runs(covering: changes.count, length: AnnotationRenderer.recordsPerRun).concurrentMap { run in
            var bytes: [UInt8] = []
            for k in run {
                bytes += command(changes[k]).line.utf8
                bytes.append(0x0A)
            }
            return bytes
        }
    }

    /// The command of a change of `changeset`, for `commands` and `pieces`
    /// to make on all cores (a command reads its row's text again).
    private func maker(
        _ changeset: Changeset, old: Screen, new: Screen, outline: DocumentOutline?, file: String,
        lineInFile: (@Sendable (Int) -> Int)?
    ) -> @Sendable (Change) -> WorkflowCommand {
        let lines = outline?.lineIndex
        var indexes: [BoxName: [ScreenID: Int]] = [:]
        for name in BoxName.allCases {
            for (j, section) in new[box: name].sections.enumerated() { indexes[name, default: [:]][section.id] = j }
        }
        let sectionIndexes = indexes
        @Sendable func line(_ offset: Int?) -> Int {
            let line = offset.flatMap { lines?.line(ofByte: $0) } ?? 1
            return lineInFile.map { $0(line) } ?? line
        }
        let file = Self.repositoryPath(file)
        return { [self] change in
            let at: Int
            switch change {
            case .screen:
                at = 1
            case .section(let s):
                let sectionLine = s.edit.to.flatMap { outline?.sectionIDOffset(s.box, section: $0) }
                at = line(sectionLine ?? outline?.boxOffset(s.box))
            case .row(let r):
                if let to = r.edit.to {
                    at = line(outline?.rowIDOffset(r.box, section: to.section, row: to.row))
                } else {
                    let section = sectionIndexes[r.box]?[r.section].flatMap { outline?.sectionIDOffset(r.box, section: $0) }
                    at = line(section ?? outline?.boxOffset(r.box))
                }
            }
            let (title, message) = describe(change, old: old, new: new)
            return WorkflowCommand("notice", [("file", file), ("line", "\(at)"), ("title", "bento: " + title)], message: message)
        }
    }

    /// `./screens/a.json` as `screens/a.json`: GitHub matches annotations
    /// to the repository's paths, which have no leading `./`.
    static func repositoryPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
        return String(path)
    }

    /// The title (`row updated`) and the message of a change: what it is,
    /// and its field changes, one per line.
    private func describe(_ change: Change, old: Screen, new: Screen) -> (String, String) {
        var message: String
        switch change {
        case .screen:
            message = "screen attributes updated"
        case .section(let s):
            switch s.edit {
            case .insert(let to, let section): message = "section \(s.id) inserted at [\(to)], \(section.rowCountPhrase)"
            case .delete(let from, let section): message = "section \(s.id) deleted from [\(from)], \(section.rowCountPhrase)"
            case .move(let from, let to, _): message = "section \(s.id) moved [\(from)] → [\(to)]"
            case .update(_, let to, _): message = "section \(s.id) updated at [\(to)]"
            }
        case .row(let r):
            func type(_ screen: Screen, _ p: RowPosition) -> String {
                screen[box: r.box].rowType(at: p).map { " " + $0 } ?? ""
            }
            switch r.edit {
            case .insert(let to, _): message = "row \(r.id)\(type(new, to)) inserted at \(to)"
            case .delete(let from, _): message = "row \(r.id)\(type(old, from)) deleted from \(from)"
            case .move(let from, let to, _):
                let across = r.fromSection.map { " from section \($0)" } ?? ""
                message = "row \(r.id)\(type(new, to)) moved\(across) \(from) → \(to)"
            case .update(_, let to, _): message = "row \(r.id)\(type(new, to)) updated at \(to)"
            }
        }
        message = OneLine.escaping(message)
        for field in change.fields {
            let text = FieldChangeText(field, width: valueWidth)
            message += "\n" + OneLine.escaping(text.path + ": " + text.old() + " → " + text.new())
        }
        let title = change.kind == .screen ? "screen updated" : "\(change.kind.rawValue) \(change.op.pastParticiple)"
        return (title, message)
    }
}

/// How much a thread takes at a time.
extension AnnotationRenderer {
    /// Records annotated per run.
    static let recordsPerRun = 4096
}
