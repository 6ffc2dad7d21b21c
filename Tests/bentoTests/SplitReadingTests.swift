import Foundation
import Testing

/// A screen file of several megabytes has its box's later sections read on
/// the other core: what the commands make of it is what one reader makes.
/// Standard input, never split for `show`, is the reference.
@Suite("Long screens read on two cores, end to end")
struct SplitReadingTests {
    /// A screen of about 5 MB: 600 sections of 25 rows, on lines or on one
    /// line, its titles holding what could pass for a boundary; `late`
    /// replaces the text of one row near the end, `lateTitle` its title.
    static func screen(onLines: Bool, late: String? = nil, lateTitle: String? = nil) -> String {
        let (newline, indent) = onLines ? ("\n", "  ") : ("", "")
        func pad(_ depth: Int) -> String { newline + String(repeating: indent, count: depth) }
        var sections: [String] = []
        for s in 0..<600 {
            var rows: [String] = []
            for r in 0..<25 {
                if let late, s == 590, r == 3 {
                    rows.append(late)
                    continue
                }
                var title = #"Row \"\#(s).\#(r)\" },{ \\ [\#(String(repeating: "x", count: 200))]"#
                if let lateTitle, s == 590, r == 3 { title = lateTitle }
                rows.append(
                    "{" + pad(6) + #""id": "r\#(s)-\#(r)","# + pad(6) + #""component": {"# + pad(7) + #""type": "Title","#
                        + pad(7) + #""title": "\#(title)""# + pad(6) + "}" + pad(5) + "}")
            }
            sections.append(
                "{" + pad(4) + #""id": "s\#(s)","# + pad(4) + #""rows": ["# + pad(5) + rows.joined(separator: "," + pad(5))
                    + pad(4) + "]" + pad(3) + "}")
        }
        return "{" + pad(1) + #""box": {"# + pad(2) + #""sections": ["# + pad(3) + sections.joined(separator: "," + pad(3))
            + pad(2) + "]" + pad(1) + "}" + newline + "}" + newline
    }

    @Test("show: the outline standard input gives", arguments: [true, false])
    func show(onLines: Bool) throws {
        let text = Self.screen(onLines: onLines)
        #expect(text.utf8.count > 4 << 20)
        let scratch = try ScratchDirectory()
        let path = try scratch.write("long.json", text)
        let fromFile = try BentoProcess.run(["show", path])
        let fromInput = try BentoProcess.run(["show", "-"], stdin: Array(text.utf8))
        #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == fromInput.stdout)
        #expect(fromFile.stdout.contains("r599-24"))
    }

    /// Faults late in the file, in the part the other core reads: the
    /// error one reader names, at the same line and column.
    @Test(
        "validate: a fault near the end named as standard input names it",
        arguments: [
            (true, #"{"id": "r0-0", "component": {"type": "T"}}"#),  // an id twice in the box: allowed, in another section
            (true, #"{"id": "r590-4", "component": {"type": "T"}}"#),  // an id twice in its section
            (false, #"{"id": "x", "component": {"type": "T", "deep": "# + String(repeating: "[", count: 520) + String(repeating: "]", count: 520) + "}}"),
            (false, #"{"id": "x", "component": {"type": "T", "title": "t", "title": "u"}}"#),
            (true, #"{"id": "x" "component": {"type": "T"}}"#),
        ])
    func validate(_ fault: (onLines: Bool, row: String)) throws {
        let text = Self.screen(onLines: fault.onLines, late: fault.row)
        let scratch = try ScratchDirectory()
        let path = try scratch.write("long.json", text)
        let fromFile = try BentoProcess.run(["validate", path])
        let fromInput = try BentoProcess.run(["validate", "-"], stdin: Array(text.utf8))
        #expect(fromFile.status == fromInput.status)
        let named = fromFile.stderr.replacingOccurrences(of: path, with: "-")
        #expect(named == fromInput.stderr, "\(fromFile.stderr)")
        #expect(fault.row.contains("r0-0") || fromFile.status == 1, "\(fromFile)")
    }

    @Test("apply: a changeset of late rows gives the new file, byte for byte", arguments: [true, false])
    func apply(onLines: Bool) throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen(onLines: onLines))
        let newText = Self.screen(onLines: onLines, lateTitle: "new")
        let new = try scratch.write("new.json", newText)
        let diff = try BentoProcess.run(["diff", "-f", "json", old, new])
        #expect(diff.status == 1, "\(diff.stderr)")
        let changeset = try scratch.write("changeset.json", diff.stdout)
        let applied = try BentoProcess.run(["apply", old, changeset])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout == newText)
    }
}
