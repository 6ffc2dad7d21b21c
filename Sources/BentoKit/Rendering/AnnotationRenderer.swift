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
        let command = maker(changeset, old: old, new: new, outline: outline, lineInFile: nil)
        let path = Self.repositoryPath(file)
        return changeset.changes.concurrentMap(inRunsOf: AnnotationRenderer.recordsPerRun) { change in
            var message: [UInt8] = [], scratch: [UInt8] = []
            let (line, title) = command(change, &message, &scratch)
            return WorkflowCommand(
                "notice", [("file", path), ("line", String(line)), ("title", title.description)],
                message: String(decoding: message, as: UTF8.self))
        }
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
        let command = maker(changeset, old: old, new: new, outline: outline, lineInFile: lineInFile)
        let changes = changeset.changes
        // What every line begins with, its file escaped once:
        // `::notice file=PATH,line=`.
        var head: [UInt8] = []
        head.append("::notice")
        Self.repositoryPath(file).withUTF8Span { WorkflowCommand.appendProperty("file", $0, first: true, to: &head) }
        head.append(",line=")
        return Parallel.runs(covering: changes.count, length: AnnotationRenderer.recordsPerRun).concurrentMap { [head] run in
            var bytes: [UInt8] = [], message: [UInt8] = [], scratch: [UInt8] = []
            for k in run {
                message.removeAll(keepingCapacity: true)
                let (line, title) = command(changes[k], &message, &scratch)
                head.withSpan { bytes.append($0) }
                bytes.append(decimal: line)
                title.withSpan { WorkflowCommand.appendProperty("title", $0, first: false, to: &bytes) }
                bytes.append("::")
                message.withSpan { WorkflowCommand.append($0, property: false, to: &bytes) }
                bytes.append(0x0A)
            }
            return bytes
        }
    }

    /// The command of a change of `changeset`, for `commands` and `pieces`
    /// to make on all cores: the line it marks and its title, its message
    /// appended to the bytes given (UTF-8), the other bytes given its room
    /// to write in.
    private func maker(
        _ changeset: Changeset, old: Screen, new: Screen, outline: DocumentOutline?,
        lineInFile: (@Sendable (Int) -> Int)?
    ) -> @Sendable (Change, inout [UInt8], inout [UInt8]) -> (line: Int, title: StaticString) {
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
        return { [self] change, message, scratch in
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
            describe(change, old: old, new: new, to: &message, &scratch)
            return (at, Self.title(change))
        }
    }

    /// `./screens/a.json` as `screens/a.json`: GitHub matches annotations
    /// to the repository's paths, which have no leading `./`.
    static func repositoryPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
        return String(path)
    }

    /// The message of a change, appended to `message`: what it is, and its
    /// field changes, one per line. Put together as bytes: a report of
    /// 100,000 changes makes no string per part. Each line of it is put
    /// together in `text` first, its room kept from change to change.
    private func describe(_ change: Change, old: Screen, new: Screen, to message: inout [UInt8], _ text: inout [UInt8]) {
        text.removeAll(keepingCapacity: true)
        func id(_ id: ScreenID) { id.canonical.withUTF8Span { text.append($0) } }
        func section(_ s: Int) {
            text.append("[")
            text.append(decimal: s)
            text.append("]")
        }
        func position(_ p: RowPosition) {
            text.append("[")
            text.append(decimal: p.section)
            text.append(", ")
            text.append(decimal: p.row)
            text.append("]")
        }
        func rows(_ section: Section) {
            text.append(decimal: section.rows.count)
            text.append(section.rows.count == 1 ? " row" : " rows")
        }
        switch change {
        case .screen:
            text.append("screen attributes updated")
        case .section(let s):
            text.append("section ")
            id(s.id)
            switch s.edit {
            case .insert(let to, let added):
                text.append(" inserted at ")
                section(to)
                text.append(", ")
                rows(added)
            case .delete(let from, let deleted):
                text.append(" deleted from ")
                section(from)
                text.append(", ")
                rows(deleted)
            case .move(let from, let to, _):
                text.append(" moved ")
                section(from)
                text.append(" → ")
                section(to)
            case .update(_, let to, _):
                text.append(" updated at ")
                section(to)
            }
        case .row(let r):
            func type(_ screen: Screen, _ p: RowPosition) {
                guard let type = screen[box: r.box].rowType(at: p) else { return }
                text.append(" ")
                type.withUTF8Span { text.append($0) }
            }
            text.append("row ")
            id(r.id)
            switch r.edit {
            case .insert(let to, _):
                type(new, to)
                text.append(" inserted at ")
                position(to)
            case .delete(let from, _):
                type(old, from)
                text.append(" deleted from ")
                position(from)
            case .move(let from, let to, _):
                type(new, to)
                text.append(" moved")
                if let fromSection = r.fromSection {
                    text.append(" from section ")
                    id(fromSection)
                }
                text.append(" ")
                position(from)
                text.append(" → ")
                position(to)
            case .update(_, let to, _):
                type(new, to)
                text.append(" updated at ")
                position(to)
            }
        }
        // Each line escaped on its own: the line breaks between them stay.
        text.withSpan { OneLine.append(escaping: $0, to: &message) }
        for field in change.fields {
            text.removeAll(keepingCapacity: true)
            FieldChangeText.path(of: field).withUTF8Span { text.append($0) }
            text.append(": ")
            FieldChangeText.append(field.old, width: valueWidth, to: &text)
            text.append(" → ")
            FieldChangeText.append(field.new, width: valueWidth, to: &text)
            message.append("\n")
            text.withSpan { OneLine.append(escaping: $0, to: &message) }
        }
    }

    /// `bento: row updated`, `bento: screen updated`.
    private static func title(_ change: Change) -> StaticString {
        switch (change.kind, change.op) {
        case (.screen, _): "bento: screen updated"
        case (.section, .insert): "bento: section inserted"
        case (.section, .delete): "bento: section deleted"
        case (.section, .move): "bento: section moved"
        case (.section, .update): "bento: section updated"
        case (.row, .insert): "bento: row inserted"
        case (.row, .delete): "bento: row deleted"
        case (.row, .move): "bento: row moved"
        case (.row, .update): "bento: row updated"
        }
    }
}

/// How much a thread takes at a time.
extension AnnotationRenderer {
    /// Records annotated per run.
    static let recordsPerRun = 4096
}
