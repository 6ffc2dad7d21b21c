import BentoJSON

/// `--format json`: the changeset of bento-changeset(5), indented two spaces, members in
/// bento-changeset(5)'s order, numbers as written. The same inputs give the same
/// bytes.
///
/// Records are written straight into one buffer: the same bytes as writing
/// `changeset.jsonValue` with `JSONWriter(style: .pretty)`, without building
/// that tree. Inserted and deleted rows are written from their components'
/// compact text.
public enum JSONRenderer {
    /// The changeset as JSON text, with a final newline.
    /// - Complexity: O(n) in the size of the changeset.
    public static func render(_ changeset: Changeset) -> [UInt8] {
        var out: [UInt8] = []
        write(changeset, to: &out)
        return out
    }

    /// The directory document (see `DirectoryChangeset.jsonValue`), with a
    /// final newline.
    /// - Complexity: O(n) in the size of the changesets.
    public static func render(_ directory: DirectoryChangeset) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter(style: .pretty).write(directory.jsonValue, to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Writes the changeset as JSON text, with a final newline, in pieces:
    /// `flush` gets the text so far whenever it reaches `limit` bytes, and
    /// the rest at the end, so that the whole text is never held at once.
    /// Records are written on all cores, a batch each, and flushed in order.
    /// - Complexity: O(n) in the size of the changeset.
    public static func write(_ changeset: Changeset, flushingAt limit: Int, _ flush: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(limit + limit / 4)
        let changes = changeset.changes
        guard changes.count >= 2 * JSONRenderer.recordsPerBatch else {
            // A string value of `limit` bytes or more (a text of megabytes)
            // goes into a buffer emptied for it: its memory is made once and
            // used again for the next, not grown twice around the text before.
            withoutActuallyEscaping(flush) { flush in
                // The text so far handed on, the buffer's memory kept.
                func drain(_ out: inout [UInt8]) {
                    flush(out)
                    out.removeAll(keepingCapacity: true)
                }
                let largeValue = Large(bytes: limit) { out in if !out.isEmpty { drain(&out) } }
                write(changeset, to: &out, largeValue: largeValue) { out in if out.count >= limit { drain(&out) } }
                flush(out)
            }
            return
        }
        writeDocument(changeset, to: &out) { out in
            var records = JSONWriter.Container.array(writer, indent: 1, &out)
            records.streamElements(
                changes.count, runLength: JSONRenderer.recordsPerBatch, ahead: JSONRenderer.batchesAhead,
                after: &out, { k, text in write(changes[k], indent: 2, to: &text, largeValue: nil) }, consume: flush)
            records.close(&out)
        }
        flush(out)
    }

    /// Appends the changeset as JSON text, with a final newline.
    /// - Complexity: O(n) in the size of the changeset.
    public static func write(_ changeset: Changeset, to out: inout [UInt8]) {
        write(changeset, to: &out, largeValue: nil) { _ in }
    }

    /// What is done before a large string value is written: `before`
    /// sees the text so far.
    private struct Large {
        let bytes: Int
        let before: (inout [UInt8]) -> Void
    }

    /// Writes the changeset; `afterRecord` sees the text after each record.
    private static func write(
        _ changeset: Changeset, to out: inout [UInt8], largeValue: Large?, afterRecord: (inout [UInt8]) -> Void
    ) {
        writeDocument(changeset, to: &out) { out in
            writer.writeArray(changeset.changes, to: &out, indent: 1) { change, out, indent in
                write(change, indent: indent, to: &out, largeValue: largeValue)
                afterRecord(&out)
            }
        }
    }

    /// Writes the changeset, with `changes` writing the array of records.
    private static func writeDocument(_ changeset: Changeset, to out: inout [UInt8], changes: (inout [UInt8]) -> Void) {
        var object = JSONWriter.Container.object(writer, indent: 0, &out)
        object.member("version", &out)
        out.append(contentsOf: String(Changeset.version).utf8)
        object.member("old", &out)
        JSONWriter.writeString(changeset.oldName, to: &out)
        object.member("new", &out)
        JSONWriter.writeString(changeset.newName, to: &out)
        object.member("identical", &out)
        out.append(contentsOf: (changeset.isIdentical ? "true" : "false").utf8)
        object.member("summary", &out)
        writer.write(changeset.summary.jsonValue, to: &out, indent: 1)
        object.member("changes", &out)
        changes(&out)
        object.close(&out)
        out.append(UInt8(ascii: "\n"))
    }

    private static let writer = JSONWriter(style: .pretty)

    /// One record, members as `Change.jsonValue` orders them: the record is
    /// looked at once, and each member written from what its case carries.
    private static func write(_ change: Change, indent: Int, to out: inout [UInt8], largeValue: Large?) {
        let inner = indent + 1
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("kind", plain: change.kind.literal, &out)
        switch change {
        case .screen(let fields):
            object.member("op", plain: Change.Operation.update.literal, &out)
            object.member("fields", &out)
            write(fields, indent: inner, to: &out, largeValue: largeValue)
        case .section(let record):
            writeHead(record.edit.op, record.box, record.id, into: &object, inner, &out)
            writeEdit(record.edit, into: &object, inner, &out, largeValue: largeValue, place: { section, out in
                write(Position(section: section), indent: inner, to: &out)
            }, content: { section, out in
                ScreenRenderer.write(section, to: &out, indent: inner)
            })
        case .row(let record):
            writeHead(record.edit.op, record.box, record.id, into: &object, inner, &out)
            if let fromSection = record.fromSection {
                object.member("fromSection", &out)
                fromSection.write(with: writer, to: &out, indent: inner)
            }
            object.member("section", &out)
            record.section.write(with: writer, to: &out, indent: inner)
            writeEdit(record.edit, into: &object, inner, &out, largeValue: largeValue, place: { position, out in
                write(position.position, indent: inner, to: &out)
            }, content: { node, out in
                ScreenRenderer.write(node, to: &out, indent: inner)
            })
        }
        object.close(&out)
    }

    /// `op`, `box` and `id` of a section or row record.
    private static func writeHead(
        _ op: Change.Operation, _ box: BoxName, _ id: ScreenID, into object: inout JSONWriter.Container, _ inner: Int,
        _ out: inout [UInt8]
    ) {
        object.member("op", plain: op.literal, &out)
        object.member("box", plain: box.literal, &out)
        object.member("id", &out)
        id.write(with: writer, to: &out, indent: inner)
    }

    /// `from`, `to`, `old`, `new` and `fields`, as far as the edit has them.
    private static func writeEdit<Place, Content>(
        _ edit: Edit<Place, Content>, into object: inout JSONWriter.Container, _ inner: Int, _ out: inout [UInt8],
        largeValue: Large?, place: (Place, inout [UInt8]) -> Void, content: (Content, inout [UInt8]) -> Void
    ) {
        switch edit {
        case .insert(let to, let new):
            object.member("to", &out)
            place(to, &out)
            object.member("new", &out)
            content(new, &out)
        case .delete(let from, let old):
            object.member("from", &out)
            place(from, &out)
            object.member("old", &out)
            content(old, &out)
        case .move(let from, let to, let fields), .update(let from, let to, let fields):
            object.member("from", &out)
            place(from, &out)
            object.member("to", &out)
            place(to, &out)
            // A move carries fields only when its content changed; an update always does.
            if !fields.isEmpty || edit.op == .update {
                object.member("fields", &out)
                write(fields, indent: inner, to: &out, largeValue: largeValue)
            }
        }
    }

    /// Each change as its `jsonValue` is written, from its members: no
    /// object is built to be written.
    private static func write(_ fields: [FieldChange], indent: Int, to out: inout [UInt8], largeValue: Large?) {
        writer.writeArray(fields, to: &out, indent: indent) { field, out, indent in
            var object = JSONWriter.Container.object(writer, indent: indent, &out)
            field.path.withUTF8Span { object.member("path", string: $0, &out) }
            if let old = field.old { write("old", old, into: &object, indent: indent + 1, to: &out, largeValue: largeValue) }
            if let new = field.new { write("new", new, into: &object, indent: indent + 1, to: &out, largeValue: largeValue) }
            object.close(&out)
        }
    }

    /// A field's value as member `name`; `largeValue.before` first for a
    /// large string. A short string (most values) is written with its name.
    private static func write(
        _ name: StaticString, _ value: JSONValue, into object: inout JSONWriter.Container, indent: Int, to out: inout [UInt8],
        largeValue: Large?
    ) {
        if case .string(let text) = value {
            let count = text.utf8.count
            if count < min(Self.stringWrittenWithName, largeValue?.bytes ?? .max) {
                return text.withUTF8Span { object.member(name, string: $0, &out) }
            }
            object.member(name, &out)
            if let largeValue, count >= largeValue.bytes { largeValue.before(&out) }
            return JSONWriter.writeString(text, to: &out)
        }
        object.member(name, &out)
        writer.write(value, to: &out, indent: indent)
    }

    static func write(_ position: Position, indent: Int, to out: inout [UInt8]) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("section", decimal: position.section, &out)
        if let row = position.row { object.member("row", decimal: row, &out) }
        object.close(&out)
    }
}

// Names written from static text, with no string to read: a changeset of
// many records writes them for each.
extension Change.Kind {
    fileprivate var literal: StaticString {
        switch self {
        case .screen: "screen"
        case .section: "section"
        case .row: "row"
        }
    }
}

extension Change.Operation {
    fileprivate var literal: StaticString {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}

extension BoxName {
    fileprivate var literal: StaticString {
        switch self {
        case .box: "box"
        case .pinnedToBottomBox: "pinnedToBottomBox"
        }
    }
}

/// How much a thread takes at a time.
extension JSONRenderer {
    /// Records written per batch...
    static let recordsPerBatch = 2048
    /// ...and how many batches may be made ahead of the writer, so that the text is never held whole.
    static let batchesAhead = 8
    /// Strings shorter than this are written in one piece with their
    /// member's name; longer ones on their own (a text of megabytes may be
    /// handed on before it).
    static let stringWrittenWithName = 4096
    /// Bytes of a streamed changeset held before they are written.
    public static let streamedBytes = 1 << 20
}
