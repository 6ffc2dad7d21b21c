import BentoJSON

/// `--format uikit`: the plan of `UIKitPlanner` as the JSON of bento-changeset(5)
/// document (section 5). Each batch is an object with its nine members in
/// bento-changeset(5)'s order; index lists are written on one line each, and the
/// layout one section per line, so that a plan reads batch by batch.
public enum UIKitRenderer {
    /// The plan of `changeset` (made from `old` to `new`) as JSON text, with
    /// a final newline.
    /// - Complexity: O(n) in the size of the screens and of the plan.
    public static func render(_ changeset: Changeset, old: Screen, new: Screen) -> [UInt8] {
        var out: [UInt8] = []
        write(UIKitPlanner.plan(changeset, old: old, new: new), of: changeset, indent: 0, to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The directory document: `version`, `old`, `new`, `identical`, and
    /// `files`, an entry per path (as `--format json` has them) with the plan
    /// of a changed pair.
    /// - Complexity: O(n) in the size of the screens and the plans.
    public static func render(_ directory: DirectoryChangeset) -> [UInt8] {
        var out: [UInt8] = []
        var document = JSONWriter.Container.object(writer, indent: 0, &out)
        writeHead(
            oldName: directory.oldRoot, newName: directory.newRoot,
            identical: !directory.differs && !directory.hasErrors, into: &document, &out)
        document.member("files", &out)
        var files = JSONWriter.Container.array(writer, indent: 1, &out)
        for entry in directory.entries {
            files.element(&out)
            var file = JSONWriter.Container.object(writer, indent: 2, &out)
            file.member("path", &out)
            JSONWriter.writeString(entry.path, to: &out)
            file.member("status", &out)
            JSONWriter.writeString(entry.status.rawValue, to: &out)
            if entry.status == .changed, let changeset = entry.changeset, let old = entry.old, let new = entry.new {
                file.member("plan", &out)
                write(UIKitPlanner.plan(changeset, old: old, new: new), of: changeset, indent: 3, to: &out)
            }
            file.close(&out)
        }
        files.close(&out)
        document.close(&out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static let writer = JSONWriter(style: .pretty)
    /// Index lists and sections, one line each.
    private static let line = JSONWriter(style: .line)

    /// `version`, `old`, `new` and `identical`, as a changeset begins.
    private static func writeHead(
        oldName: String, newName: String, identical: Bool, into object: inout JSONWriter.Container, _ out: inout [UInt8]
    ) {
        object.member("version", &out)
        out.append(contentsOf: String(Changeset.version).utf8)
        object.member("old", &out)
        JSONWriter.writeString(oldName, to: &out)
        object.member("new", &out)
        JSONWriter.writeString(newName, to: &out)
        object.member("identical", &out)
        out.append(contentsOf: (identical ? "true" : "false").utf8)
    }

    private static func write(_ plan: UIKitPlan, of changeset: Changeset, indent: Int, to out: inout [UInt8]) {
        var document = JSONWriter.Container.object(writer, indent: indent, &out)
        writeHead(
            oldName: changeset.oldName, newName: changeset.newName, identical: changeset.isIdentical,
            into: &document, &out)
        document.member("boxes", &out)
        var boxes = JSONWriter.Container.object(writer, indent: indent + 1, &out)
        for name in BoxName.allCases {
            boxes.member(escaping: name.rawValue, &out)
            var box = JSONWriter.Container.object(line, indent: indent + 2, &out)
            box.member("batches", &out)
            writer.writeArray(plan.boxes[name] ?? [], to: &out, indent: indent + 2) { batch, out, indent in
                write(batch, indent: indent, to: &out)
            }
            box.close(&out)
        }
        boxes.close(&out)
        document.close(&out)
    }

    private static func write(_ batch: UIKitPlan.Batch, indent: Int, to out: inout [UInt8]) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        func list<T>(_ name: StaticString, _ items: [T], _ write: (T, inout [UInt8]) -> Void) {
            object.member(name, &out)
            line.writeArray(items, to: &out, indent: 0) { item, out, _ in write(item, &out) }
        }
        func number(_ n: Int, _ out: inout [UInt8]) { out.append(contentsOf: String(n).utf8) }
        // `[a, b]` on one line (an index path, a move), with no array made for it.
        func pair<T>(_ a: T, _ b: T, _ out: inout [UInt8], _ write: (T, inout [UInt8]) -> Void) {
            var array = JSONWriter.Container.array(line, indent: 0, &out)
            array.element(&out)
            write(a, &out)
            array.element(&out)
            write(b, &out)
            array.close(&out)
        }
        func path(_ p: UIKitPlan.IndexPath, _ out: inout [UInt8]) { pair(p.section, p.row, &out, number) }
        list("deleteSections", batch.deleteSections, number)
        list("insertSections", batch.insertSections, number)
        list("moveSections", batch.moveSections) { move, out in pair(move.from, move.to, &out, number) }
        list("reloadSections", batch.reloadSections, number)
        list("deleteRows", batch.deleteRows, path)
        list("insertRows", batch.insertRows, path)
        list("moveRows", batch.moveRows) { move, out in pair(move.from, move.to, &out, path) }
        list("reloadRows", batch.reloadRows, path)
        object.member("sections", &out)
        writer.writeArray(batch.sections, to: &out, indent: indent + 1) { section, out, _ in
            var entry = JSONWriter.Container.object(line, indent: 0, &out)
            entry.member("id", &out)
            section.id.write(with: line, to: &out)
            entry.member("rows", &out)
            line.writeArray(section.rows, to: &out, indent: 0) { row, out, _ in row.write(with: line, to: &out) }
            entry.close(&out)
        }
        object.close(&out)
    }
}
