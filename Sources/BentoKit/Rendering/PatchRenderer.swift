import BentoJSON

/// `--format patch`: an RFC 6902 JSON Patch that turns the old document into
/// one equal (bento-screen(5), EQUALITY) to the new one.
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
    /// were read from; without them the screens' own `jsonValue` is used.
    /// - Complexity: as `operations(_:old:new:oldOutline:newOutline:)`,
    ///   plus the size of the documents.
    public static func operations(
        _ changeset: Changeset, old: Screen, new: Screen, oldDocument: JSONValue? = nil, newDocument: JSONValue? = nil
    ) -> [PatchOperation] {
        operations(
            changeset, old: old, new: new, oldOutline: DocumentOutline(oldDocument ?? old.jsonValue),
            newOutline: DocumentOutline(newDocument ?? new.jsonValue))
    }

    /// The operations from `old` to `new`, given their changeset and the
    /// outlines of the documents they were read from
    /// (`ScreenReader.readOutlined`).
    ///
    /// Values are read from the documents only where an operation carries
    /// them, or where rows with `$` members must be compared.
    /// - Complexity: O(n + m·k) for n sections and rows, m moves and k rows
    ///   in the largest section, plus the size of the changed values.
    public static func operations(
        _ changeset: Changeset, old: Screen, new: Screen, oldOutline: DocumentOutline, newOutline: DocumentOutline
    ) -> [PatchOperation] {
        guard let oldRoot = oldOutline.root, let newRoot = newOutline.root else {
            return [.replace(.root, newOutline.document)]
        }
        var ops: [PatchOperation] = []
        let oldIsBox = isBoxForm(oldRoot), newIsBox = isBoxForm(newRoot)
        let boxKey = JSONPointer.root.appending("box"), pinnedKey = JSONPointer.root.appending("pinnedToBottomBox")
        let sectionsKey = "sections"

        // The shape first: the main box's sections go where the new shape
        // keeps them, in one move.
        var oldOthers: JSONObject, newOthers: JSONObject
        switch (oldIsBox, newIsBox) {
        case (true, false):
            ops.append(.add(boxKey, .object(newOutline.object(newOutline.main?.members, without: [sectionsKey]))))
            ops.append(.move(from: JSONPointer.root.appending(sectionsKey), to: boxKey.appending(sectionsKey)))
            oldOthers = oldOutline.object(oldRoot, without: [sectionsKey])
            newOthers = newOutline.object(newRoot, without: ["box", "pinnedToBottomBox"])
        case (false, true):
            ops.append(.move(from: boxKey.appending(sectionsKey), to: JSONPointer.root.appending(sectionsKey)))
            ops.append(.remove(boxKey))
            if oldRoot.named("pinnedToBottomBox") != nil { ops.append(.remove(pinnedKey)) }
            oldOthers = oldOutline.object(oldRoot, without: ["box", "pinnedToBottomBox", sectionsKey])
            newOthers = newOutline.object(newRoot, without: [sectionsKey])
        case (true, true):
            oldOthers = oldOutline.object(oldRoot, without: [sectionsKey])
            newOthers = newOutline.object(newRoot, without: [sectionsKey])
        case (false, false):
            oldOthers = oldOutline.object(oldRoot, without: ["box", "pinnedToBottomBox"])
            newOthers = newOutline.object(newRoot, without: ["box", "pinnedToBottomBox"])
        }
        // Attributes and `$` members of the document.
        ops += fieldOperations(oldOthers, newOthers, at: .root)

        // The main box.
        let mainBox = newIsBox ? JSONPointer.root : boxKey
        if !oldIsBox && !newIsBox {
            ops += fieldOperations(
                oldOutline.object(oldOutline.main?.members, without: [sectionsKey]),
                newOutline.object(newOutline.main?.members, without: [sectionsKey]), at: boxKey)
        }
        BoxPatch(
            records: BoxPatch.Records(changeset.changes, box: .box, old: old.box, new: new.box), old: old.box, new: new.box,
            oldSections: BoxPatch.Sections(oldOutline, oldOutline.main), newSections: BoxPatch.Sections(newOutline, newOutline.main),
            pointer: mainBox.appending(sectionsKey)
        ).appendOperations(to: &ops)

        // The pinned box: patched in place when both have one, else added or
        // removed whole (its sections are all inserts or all deletes).
        guard !newIsBox else { return ops }
        switch (oldIsBox ? nil : oldRoot.named("pinnedToBottomBox"), newRoot.named("pinnedToBottomBox")) {
        case (_?, _?):
            ops += fieldOperations(
                oldOutline.object(oldOutline.pinned?.members, without: [sectionsKey]),
                newOutline.object(newOutline.pinned?.members, without: [sectionsKey]), at: pinnedKey)
            let (before, after) = (old[box: .pinnedToBottomBox], new[box: .pinnedToBottomBox])
            BoxPatch(
                records: BoxPatch.Records(changeset.changes, box: .pinnedToBottomBox, old: before, new: after),
                old: before, new: after, oldSections: BoxPatch.Sections(oldOutline, oldOutline.pinned),
                newSections: BoxPatch.Sections(newOutline, newOutline.pinned), pointer: pinnedKey.appending(sectionsKey)
            ).appendOperations(to: &ops)
        case (_?, nil):
            ops.append(.remove(pinnedKey))
        case (nil, let after?):
            ops.append(.add(pinnedKey, newOutline.value(after.value)))
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
        pieces(operations).joinedBytes()
    }

    /// `render(_:)` in pieces, in order.
    /// - Complexity: O(n) in the size of the patch.
    public static func pieces(_ operations: [PatchOperation]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        write(operations) { pieces += $0 }
        return pieces
    }

    /// Calls `write` with `render(_:)`'s text in pieces, in order: runs of
    /// operations written on all cores, a few ahead of the writer (as
    /// `ScreenRenderer` streams a screen), so that a long patch is never
    /// held whole.
    /// - Complexity: O(n) in the size of the patch.
    public static func write(_ operations: [PatchOperation], to write: ([[UInt8]]) -> Void) {
        var out: [UInt8] = []
        var patch = JSONWriter.Container.array(lines, indent: 0, &out)
        patch.streamElements(
            operations.count, runLength: PatchRenderer.operationsPerRun, ahead: PatchRenderer.runsAhead,
            after: &out, { k, text in self.write(operations[k], to: &text) }, consume: { write([$0]) })
        patch.close(&out)
        out.append(UInt8(ascii: "\n"))
        write([out])
    }

    /// The patch: one operation a line.
    private static let lines = JSONWriter(style: .pretty)
    /// An operation's line.
    private static let line = JSONWriter(style: .line)

    /// One operation, members as `PatchOperation.jsonValue` has them, its
    /// value compact.
    private static func write(_ operation: PatchOperation, to out: inout [UInt8]) {
        var object = JSONWriter.Container.object(line, indent: 0, &out)
        object.member("op", &out)
        JSONWriter.writeString(operation.kind.rawValue, to: &out)
        if let from = operation.from {
            object.member("from", &out)
            JSONWriter.writeString(from.description, to: &out)
        }
        object.member("path", &out)
        JSONWriter.writeString(operation.path.description, to: &out)
        if let value = operation.value {
            object.member("value", &out)
            JSONWriter(style: .compact).write(value, to: &out)
        }
        object.close(&out)
    }

    // MARK: Helpers

    /// The reader's rule: an object with `sections` and no `box` is a Box.
    static func isBoxForm(_ root: [DocumentOutline.Member]) -> Bool {
        root.named("box") == nil && root.named("sections") != nil
    }

    /// Leaf operations from one object's members to another's.
    static func fieldOperations(_ old: JSONObject, _ new: JSONObject, at base: JSONPointer) -> [PatchOperation] {
        operations(JSONDiff.changes(from: old, to: new, at: base.description), at: base)
    }

    /// Leaf operations from the object at `i` in `old` to the one at `j` in
    /// `new`, values built only for the leaves that differ.
    static func fieldOperations(_ old: JSONTape, _ i: Int, _ new: JSONTape, _ j: Int, at base: JSONPointer) -> [PatchOperation] {
        operations(JSONDiff.changes(from: old, i, to: new, j, at: base.description), at: base)
    }

    /// Appends the leaf operations for field changes whose paths are under
    /// `base` (relative ones: `/component/props/title`, as a row's in the
    /// changeset) to `ops`, made in place.
    static func append(_ changes: [FieldChange], under base: JSONPointer, to ops: inout [PatchOperation]) {
        append(changes, at: base, prefix: base.description, to: &ops)
    }

    private static func operations(_ changes: [FieldChange], at base: JSONPointer) -> [PatchOperation] {
        var ops: [PatchOperation] = []
        append(changes, at: base, prefix: "", to: &ops)
        return ops
    }

    private static func append(_ changes: [FieldChange], at base: JSONPointer, prefix: String, to ops: inout [PatchOperation]) {
        for change in changes {
            let path = JSONPointer(prefix + change.path) ?? base
            switch (change.old, change.new) {
            case (_?, let value?): ops.append(.replace(path, value))
            case (nil, let value?): ops.append(.add(path, value))
            default: ops.append(.remove(path))
            }
        }
    }
}

/// How much a thread takes at a time.
extension PatchRenderer {
    /// JSON Patch operations written per run...
    static let operationsPerRun = 2048
    /// ...and how many runs may be written ahead of the writer.
    static let runsAhead = 8
}
