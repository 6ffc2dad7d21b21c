import Foundation
import Testing

/// New content written like its neighbours (bento-changeset(5), WRITING):
/// where the new element's siblings each stand on one line, it does too,
/// with their spacing after `:` and `,`; the file's style fills in the rest.
@Suite("New content written like its neighbours")
struct SiblingLayoutTests {
    /// `old` with the changeset from `old` to `new` applied, as written.
    private func applied(_ old: String, _ new: String) throws -> String {
        let scratch = try ScratchDirectory()
        let oldFile = try scratch.write("old.json", old), newFile = try scratch.write("new.json", new)
        let changeset = try scratch.write("c.json", bytes: try BentoRun.run(["diff", "-f", "json", oldFile, newFile]).stdout)
        let run = try BentoRun.run(["apply", oldFile, changeset])
        #expect(run.status == 0, "\(run)")
        let check = try BentoRun.run(["diff", "-q", newFile, "-"], stdin: .bytes(run.stdout))
        #expect(check.status == 0, "the applied text is not NEW: \(run.standardOutput)")
        return run.standardOutput
    }

    private static func screen(rows: String) -> String {
        "{\n  \"box\": {\n    \"sections\": [\n      {\n        \"id\": \"s\",\n        \"rows\": [\n" + rows
            + "\n        ]\n      }\n    ]\n  }\n}\n"
    }

    private static func row(_ id: String, _ t: Int, spaced: Bool = true) -> String {
        spaced ? #"{"id": "\#(id)", "component": {"type": "L", "props": {"t": \#(t)}}}"# : #"{"id":"\#(id)","component":{"type":"L","props":{"t":\#(t)}}}"#
    }

    @Test(
        "bento-changeset(5) WRITING: a row inserted among rows written one per line is one line like them",
        arguments: [(["a", "c"], ["a", "b", "c"]), (["a", "b"], ["a", "b", "c"]), (["b", "c"], ["a", "b", "c"])])
    func rowPerLine(_ change: (old: [String], new: [String])) throws {
        for spaced in [true, false] {
            func rows(_ ids: [String]) -> String {
                ids.map { "          " + Self.row($0, Int($0.unicodeScalars.first!.value), spaced: spaced) }.joined(separator: ",\n")
            }
            let text = try applied(Self.screen(rows: rows(change.old)), Self.screen(rows: rows(change.new)))
            #expect(text == Self.screen(rows: rows(change.new)), "\(spaced): \(text)")
        }
    }

    @Test("bento-changeset(5) WRITING: a row inserted into a rows array written on one line goes on that line")
    func oneLineArray() throws {
        let old = "{\n  \"box\": {\n    \"sections\": [\n      {\"id\": \"s\", \"rows\": [\(Self.row("a", 1))]}\n    ]\n  }\n}\n"
        let new = "{\n  \"box\": {\n    \"sections\": [\n      {\"id\": \"s\", \"rows\": [\(Self.row("a", 1)), \(Self.row("b", 2))]}\n    ]\n  }\n}\n"
        #expect(try applied(old, new) == new)
    }

    @Test("bento-changeset(5) WRITING: a section among sections one per line, and a member among members on one line")
    func sectionsAndMembers() throws {
        let old = """
            {
              "box": {
                "sections": [
                  {"id": "a", "rows": []},
                  {"id": "c", "rows": []}
                ]
              }
            }

            """
        let new = old.replacingOccurrences(of: "{\"id\": \"a\", \"rows\": []},\n", with: "{\"id\": \"a\", \"rows\": []},\n      {\"id\": \"b\", \"rows\": []},\n")
        #expect(try applied(old, new) == new)
        let member = Self.screen(rows: "          " + Self.row("a", 1))
        let added = member.replacingOccurrences(of: #""props": {"t": 1}"#, with: #""props": {"t": 1, "u": {"k": [1, 2]}}"#)
        #expect(try applied(member, added) == added)
    }
}
