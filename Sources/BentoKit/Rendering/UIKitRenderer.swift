import BentoJSON

/// `--format uikit`: the plan of `UIKitPlanner` as the contract's JSON
/// document (section 5). Each batch is an object with its nine members in
/// the contract's order; index lists are written on one line each, and the
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
        var out: [UInt8] = ["{".utf8.first!]
        func member(_ name: StaticString, _ indent: Int) {
            writer.newline(&out, indent)
            writer.writeName(name, to: &out)
        }
        member("version", 1)
        out += Array(String(Changeset.version).utf8)
        out += Array(",".utf8)
        member("old", 1)
        JSONWriter.writeString(directory.oldRoot, to: &out)
        out += Array(",".utf8)
        member("new", 1)
        JSONWriter.writeString(directory.newRoot, to: &out)
        out += Array(",".utf8)
        member("identical", 1)
        out += Array((directory.differs || directory.hasErrors ? "false" : "true").utf8)
        out += Array(",".utf8)
        member("files", 1)
        out.append(UInt8(ascii: "["))
        for (k, entry) in directory.entries.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            writer.newline(&out, 2)
            out.append(UInt8(ascii: "{"))
            member("path", 3)
            JSONWriter.writeString(entry.path, to: &out)
            out += Array(",".utf8)
            member("status", 3)
            JSONWriter.writeString(entry.status.rawValue, to: &out)
            if entry.status == .changed, let changeset = entry.changeset, let old = entry.old, let new = entry.new {
                out += Array(",".utf8)
                member("plan", 3)
                write(UIKitPlanner.plan(changeset, old: old, new: new), of: changeset, indent: 3, to: &out)
            }
            writer.newline(&out, 2)
            out.append(UInt8(ascii: "}"))
        }
        writer.newline(&out, 1)
        out.append(UInt8(ascii: "]"))
        writer.newline(&out, 0)
        out += Array("}\n".utf8)
        return out
    }

    private static let writer = JSONWriter(style: .pretty)

    private static func write(_ plan: UIKitPlan, of changeset: Changeset, indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        func member(_ name: StaticString, _ level: Int) {
            writer.newline(&out, level)
            writer.writeName(name, to: &out)
        }
        member("version", indent + 1)
        out += Array("\(Changeset.version),".utf8)
        member("old", indent + 1)
        JSONWriter.writeString(changeset.oldName, to: &out)
        out.append(UInt8(ascii: ","))
        member("new", indent + 1)
        JSONWriter.writeString(changeset.newName, to: &out)
        out.append(UInt8(ascii: ","))
        member("identical", indent + 1)
        out += Array((changeset.isIdentical ? "true," : "false,").utf8)
        member("boxes", indent + 1)
        out.append(UInt8(ascii: "{"))
        for (k, name) in BoxName.allCases.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            writer.newline(&out, indent + 2)
            JSONWriter.writeString(name.rawValue, to: &out)
            out += Array(": {\"batches\": [".utf8)
            let batches = plan.boxes[name] ?? []
            for (b, batch) in batches.enumerated() {
                if b > 0 { out.append(UInt8(ascii: ",")) }
                writer.newline(&out, indent + 3)
                write(batch, indent: indent + 3, to: &out)
            }
            if !batches.isEmpty { writer.newline(&out, indent + 2) }
            out += Array("]}".utf8)
        }
        writer.newline(&out, indent + 1)
        out.append(UInt8(ascii: "}"))
        writer.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }

    private static func write(_ batch: UIKitPlan.Batch, indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        func list<T>(_ name: StaticString, _ items: [T], _ write: (T, inout [UInt8]) -> Void) {
            writer.newline(&out, indent + 1)
            writer.writeName(name, to: &out)
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out += Array(", ".utf8) }
                write(item, &out)
            }
            out += Array("],".utf8)
        }
        func number(_ n: Int, _ out: inout [UInt8]) { out += Array(String(n).utf8) }
        func path(_ p: UIKitPlan.IndexPath, _ out: inout [UInt8]) { out += Array("[\(p.section), \(p.row)]".utf8) }
        list("deleteSections", batch.deleteSections, number)
        list("insertSections", batch.insertSections, number)
        list("moveSections", batch.moveSections) { move, out in out += Array("[\(move.from), \(move.to)]".utf8) }
        list("reloadSections", batch.reloadSections, number)
        list("deleteRows", batch.deleteRows, path)
        list("insertRows", batch.insertRows, path)
        list("moveRows", batch.moveRows) { move, out in
            out.append(UInt8(ascii: "["))
            path(move.from, &out)
            out += Array(", ".utf8)
            path(move.to, &out)
            out.append(UInt8(ascii: "]"))
        }
        list("reloadRows", batch.reloadRows, path)
        writer.newline(&out, indent + 1)
        writer.writeName("sections", to: &out)
        out.append(UInt8(ascii: "["))
        let compact = JSONWriter(style: .compact)
        for (k, section) in batch.sections.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            writer.newline(&out, indent + 2)
            out += Array("{\"id\": ".utf8)
            compact.write(section.id.value, to: &out)
            out += Array(", \"rows\": [".utf8)
            for (r, row) in section.rows.enumerated() {
                if r > 0 { out += Array(", ".utf8) }
                compact.write(row.value, to: &out)
            }
            out += Array("]}".utf8)
        }
        if !batch.sections.isEmpty { writer.newline(&out, indent + 1) }
        out.append(UInt8(ascii: "]"))
        writer.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }
}
