import Foundation
import Testing

/// `bento apply` refuses a changeset that does not fit OLD (bento-changeset(5),
/// APPLY): applied a second time to the file it wrote, every one-record
/// changeset is refused by its own record, and the file is left as it was.
@Suite("bento apply: what does not fit is refused")
struct ApplyRefusalTests {
    /// A screen of `box` sections (each `id:rows`, rows by id), the same
    /// in `pinnedToBottomBox` when `pinned`, with `extra` members.
    static func screen(_ sections: [String], pinned: Bool, extra: String = #""title": "T""#) -> String {
        func box(_ sections: [String]) -> String {
            let written = sections.map { spec -> String in
                let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
                var section = #"{"id": "\#(parts[0])""#
                if parts.count > 2 { section += #", "header": {"type": "H", "title": "\#(parts[2])"}"# }
                let rows = parts.count > 1 ? parts[1].split(separator: ",").map { row -> String in
                    let name = row.split(separator: "=")
                    let title = name.count > 1 ? #", "props": {"title": "\#(name[1])"}"# : ""
                    return #"{"id": "\#(name[0])", "component": {"type": "L"\#(title)}}"#
                } : []
                return section + #", "rows": [\#(rows.joined(separator: ", "))]}"#
            }
            return #"{"sections": [\#(written.joined(separator: ", "))]}"#
        }
        let main = pinned ? box(["keep:k"]) : box(sections)
        var text = #"{\#(extra), "box": \#(main)"#
        if pinned { text += #", "pinnedToBottomBox": \#(box(sections))"# }
        return text + "}\n"
    }

    /// One change of each kind and operation, as OLD and NEW boxes.
    static let cases: [(name: String, old: [String], new: [String])] = [
        ("row insert", ["s:a"], ["s:a,b"]),
        ("row insert first", ["s:a"], ["s:b,a"]),
        ("row delete", ["s:a,b"], ["s:a"]),
        ("row move", ["s:a,b,c"], ["s:c,a,b"]),
        ("row move across sections", ["s:a,x", "t:b"], ["s:a", "t:b,x"]),
        ("row update", ["s:a=one"], ["s:a=two"]),
        ("row update adding a member", ["s:a"], ["s:a=added"]),
        ("row moved and updated", ["s:a,b=one"], ["s:b=two,a"]),
        ("section insert", ["s:a"], ["s:a", "t:b"]),
        ("section delete", ["s:a", "t:b"], ["s:a"]),
        ("section move", ["s:a", "t:b", "u:c"], ["u:c", "s:a", "t:b"]),
        ("header update", ["s:a:One"], ["s:a:Two"]),
        ("header added", ["s:a"], ["s:a:New"]),
    ]

    @Test(
        "bento-changeset(5) APPLY: a one-record changeset applied twice is refused by its record",
        arguments: cases.flatMap { c in [false, true].map { (c, $0) } })
    func appliedTwice(_ change: (name: String, old: [String], new: [String]), pinned: Bool) throws {
        let scratch = try ScratchDirectory()
        let screen = try scratch.write("s.json", Self.screen(change.old, pinned: pinned))
        let new = try scratch.write("new.json", Self.screen(change.new, pinned: pinned))
        try check(scratch, screen: screen, new: new, "\(change.name)\(pinned ? " (pinnedToBottomBox)" : "")")
    }

    @Test(
        "bento-changeset(5) APPLY: a screen attribute changed or added, applied twice, is refused",
        arguments: [#""title": "U""#, #""title": "T", "rightBarItems": []"#])
    func attributesTwice(_ extra: String) throws {
        let scratch = try ScratchDirectory()
        let screen = try scratch.write("s.json", Self.screen(["s:a"], pinned: false))
        let new = try scratch.write("new.json", Self.screen(["s:a"], pinned: false, extra: extra))
        try check(scratch, screen: screen, new: new, extra)
    }

    private func check(_ scratch: ScratchDirectory, screen: String, new: String, _ name: String) throws {
        let diff = try BentoRun.run(["diff", "-f", "json", screen, new])
        #expect(diff.status == 1, "\(name): \(diff)")
        let changeset = try JSONSerialization.jsonObject(with: Data(diff.stdout)) as? [String: Any]
        let records = changeset?["changes"] as? [Any]
        #expect(records?.count == 1, "\(name): one record expected, got \(records?.count ?? -1)")
        let cs = try scratch.write("cs.json", bytes: diff.stdout)

        let first = try BentoRun.run(["apply", "-o", screen, screen, cs])
        #expect(first.status == 0, "\(name): \(first)")
        #expect(try BentoRun.run(["diff", "-q", screen, new]).status == 0, "\(name)")
        let written = try Data(contentsOf: URL(fileURLWithPath: screen))

        let second = try BentoRun.run(["apply", "-o", screen, screen, cs])
        #expect(second.status == 2, "\(name): \(second)")
        #expect(second.stdout.isEmpty)
        #expect(second.errorLines.count == 1, "\(name): \(second)")
        // Refused by its own record, at its line and column in the changeset.
        #expect(second.errorLines.first?.hasPrefix("bento: \(cs):") == true, "\(name): \(second)")
        #expect(second.standardError.contains("changes[0]"), "\(name): \(second)")
        let after = try Data(contentsOf: URL(fileURLWithPath: screen))
        #expect(after == written, "\(name): the file changed")
        let validate = try BentoRun.run(["validate", screen])
        #expect(validate.status == 0, "\(name): \(validate)")
    }

    @Test("an empty changeset applies to its own output as often as asked")
    func emptyChangeset() throws {
        let scratch = try ScratchDirectory()
        let screen = try scratch.write("s.json", Self.screen(["s:a"], pinned: false))
        let diff = try BentoRun.run(["diff", "-f", "json", screen, screen])
        #expect(diff.status == 0)
        let cs = try scratch.write("cs.json", bytes: diff.stdout)
        for _ in 0..<2 {
            let run = try BentoRun.run(["apply", "-o", screen, screen, cs])
            #expect(run.status == 0, "\(run)")
        }
    }

    @Test("a screen given as the changeset is named as one, and a changeset given as a screen")
    func wrongKind() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen(["s:a"], pinned: false))
        let new = try scratch.write("new.json", Self.screen(["s:a,b"], pinned: false))
        let apply = try BentoRun.run(["apply", old, new])
        #expect(apply.status == 2)
        #expect(apply.stdout.isEmpty)
        #expect(
            apply.errorLines == [
                "bento: \(new):1:1: \(new) is a screen, not a changeset: make one with bento diff -f json OLD NEW"
            ], "\(apply)")
        let cs = try scratch.write("cs.json", bytes: try BentoRun.run(["diff", "-f", "json", old, new]).stdout)
        let expected = "bento: \(cs):1:1: \(cs) is a changeset, not a screen: apply it to its screen with bento apply OLD \(cs)"
        for arguments in [["diff", old, cs], ["apply", cs, cs], ["show", cs], ["validate", cs]] {
            let run = try BentoRun.run(arguments)
            #expect(run.errorLines == [expected], "\(arguments): \(run)")
            #expect(run.status == (arguments[0] == "validate" ? 1 : 2), "\(arguments): \(run)")
        }
    }

    @Test("bento-changeset(5) WRITING: a row moved into a section the changeset inserts keeps its bytes")
    func rowIntoNewSection() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write(
            "old.json",
            """
            {
              "box": {
                "sections": [
                  {
                    "id": "s",
                    "rows": [
                      {"$comment": "kept", "component": {"type": "L", "props": {"z": 1, "a": 2.50}}, "id": "a"},
                      {"id": "b", "component": {"type": "L"}}
                    ]
                  }
                ]
              }
            }

            """)
        let new = try scratch.write(
            "new.json",
            """
            {"box": {"sections": [{"id": "s", "rows": [{"id": "b", "component": {"type": "L"}}]},
              {"id": "n", "rows": [{"id": "a", "component": {"type": "L", "props": {"a": 2.5, "z": 1}}}]}]}}
            """)
        let cs = try scratch.write("cs.json", bytes: try BentoRun.run(["diff", "-f", "json", old, new]).stdout)
        let applied = try BentoRun.run(["apply", old, cs])
        #expect(applied.status == 0, "\(applied)")
        #expect(
            applied.standardOutput == """
                {
                  "box": {
                    "sections": [
                      {
                        "id": "s",
                        "rows": [
                          {"id": "b", "component": {"type": "L"}}
                        ]
                      },
                      {
                        "id": "n",
                        "rows": [
                          {"$comment": "kept", "component": {"type": "L", "props": {"z": 1, "a": 2.50}}, "id": "a"}
                        ]
                      }
                    ]
                  }
                }

                """, "\(applied)")
    }
}
