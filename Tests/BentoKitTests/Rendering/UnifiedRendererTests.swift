import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("Unified report of the outlines")
struct UnifiedRendererTests {
    private func screen(_ text: String) throws -> Screen {
        try ScreenReader.read(SourceText(name: "t.json", bytes: Array(text.utf8)))
    }

    private func rows(_ ids: [String], section: String = "s") -> String {
        let rows = ids.map { #"{"id": "\#($0)", "component": {"type": "T"}}"# }.joined(separator: ", ")
        return #"{"id": "\#(section)", "rows": [\#(rows)]}"#
    }

    private func unified(_ old: String, _ new: String, context: Int = 3, palette: Palette = .plain) throws -> String {
        let a = try screen(old), b = try screen(new)
        let changeset = ScreenDiff.changeset(from: a, to: b, oldName: "old.json", newName: "new.json")
        return UnifiedRenderer(context: context, palette: palette).render(changeset, old: a, new: b)
    }

    @Test("lines that differ only in Unicode normalization get the hint, also when they hold an invisible character escaped")
    func normalizationHint() throws {
        let hint = "(differs only in Unicode normalization: U+00E9 → U+0065 U+0301)"
        func pair(_ extra: String) throws -> String {
            let row = { (title: String) in
                #"{"sections": [{"id": "s", "rows": [{"id": "x", "component": {"type": "T", "title": "\#(title)"\#(extra)}}]}]}"#
            }
            return try unified(row("Caf\\u00e9"), row("Cafe\\u0301"))
        }
        // Plain, and with a right-to-left override on both changed lines:
        // the lines are written again, escaped, and the hint still reads them.
        let plain = try pair("")
        #expect(plain.contains("@@ -1,5 +1,5 @@ " + hint + "\n"), "\(plain)")
        let invisible = try pair(#", "note": "a\u202eb""#)
        #expect(invisible.contains("@@ -1,5 +1,5 @@ " + hint + "\n"), "\(invisible)")
        #expect(invisible.contains(#"a\u202eb"#) && !invisible.unicodeScalars.contains("\u{202E}"), "\(invisible)")
        // ASCII lines that differ get no hint.
        let ascii = try unified(
            #"{"sections": [{"id": "s", "rows": [{"id": "x", "component": {"type": "T", "title": "a"}}]}]}"#,
            #"{"sections": [{"id": "s", "rows": [{"id": "x", "component": {"type": "T", "title": "b"}}]}]}"#)
        #expect(ascii.contains("@@ -1,5 +1,5 @@\n") && ascii.contains("+    row \"x\" T {\"title\":\"b\"}"), "\(ascii)")
    }

    @Test("a moved row is a - line at its old place and a + line at its new one; its neighbours are context")
    func movedRow() throws {
        let report = try unified(
            #"{"sections": [\#(rows(["a", "b", "c", "d"]))]}"#, #"{"sections": [\#(rows(["b", "c", "d", "a"]))]}"#)
        #expect(
            report == """
                --- old.json
                +++ new.json
                @@ -1,8 +1,8 @@
                 screen {}
                 box
                   section "s"
                -    row "a" T {}
                     row "b" T {}
                     row "c" T {}
                     row "d" T {}
                +    row "a" T {}
                 pinnedToBottomBox

                """)
    }

    @Test("an updated row is a - and a + line at its place; the hunk names the section it starts in")
    func updatedRow() throws {
        let old = #"{"box": {"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "n": 1}}, {"id": "b", "component": {"type": "T"}}]}]}}"#
        let new = #"{"box": {"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "n": 2}}, {"id": "b", "component": {"type": "T"}}]}]}}"#
        #expect(
            try unified(old, new, context: 1) == """
                --- old.json
                +++ new.json
                @@ -3,3 +3,3 @@ section "s"
                   section "s"
                -    row "a" T {"n":1}
                +    row "a" T {"n":2}
                     row "b" T {}

                """)
    }

    @Test("an empty range is written with the line before it; a range of one without a count")
    func hunkRanges() throws {
        let report = try unified(
            #"{"sections": [\#(rows(["a"]))]}"#, #"{"sections": [\#(rows(["n", "a"]))]}"#, context: 0)
        #expect(
            report == """
                --- old.json
                +++ new.json
                @@ -3,0 +4 @@ section "s"
                +    row "n" T {}

                """)
        let deletion = try unified(
            #"{"sections": [\#(rows(["a", "b"]))]}"#, #"{"sections": [\#(rows(["b"]))]}"#, context: 0)
        #expect(deletion.contains("\n@@ -4 +3,0 @@ section \"s\"\n-    row \"a\" T {}\n"))
    }

    @Test("changes far apart get hunks of their own, each naming its section")
    func separateHunks() throws {
        let many = (0..<10).map { "r\($0)" }
        let old = #"{"sections": [\#(rows(["a"] + many, section: "first")), \#(rows(many + ["z"], section: "second"))]}"#
        let new = #"{"sections": [\#(rows(many, section: "first")), \#(rows(many, section: "second"))]}"#
        let headers = try unified(old, new, context: 2).split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers == [#"@@ -2,5 +2,4 @@ box"#, #"@@ -24,4 +23,3 @@ section "second""#])
        // With more context the two hunks would overlap: one hunk.
        #expect(try unified(old, new, context: 12).split(separator: "\n").filter { $0.hasPrefix("@@") }.count == 1)
    }

    @Test("hunks in the pinned box say so")
    func pinnedHeading() throws {
        let old = #"{"box": {"sections": []}, "pinnedToBottomBox": {"sections": [\#(rows(["go", "x"], section: "actions"))]}}"#
        let new = #"{"box": {"sections": []}, "pinnedToBottomBox": {"sections": [\#(rows(["go"], section: "actions"))]}}"#
        #expect(try unified(old, new, context: 0).contains("\n@@ -6 +5,0 @@ pinnedToBottomBox section \"actions\"\n"))
    }

    @Test("a moved section moves with its header and rows")
    func movedSection() throws {
        let report = try unified(
            #"{"sections": [\#(rows(["a"], section: "one")), \#(rows(["b"], section: "two"))]}"#,
            #"{"sections": [\#(rows(["b"], section: "two")), \#(rows(["a"], section: "one"))]}"#, context: 0)
        // "two" moves (the longest increasing subsequence keeps "one"): added
        // before "one", removed after it.
        #expect(
            report.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") } == [
                "--- old.json", "+++ new.json",
                #"+  section "two""#, #"+    row "b" T {}"#, #"-  section "two""#, #"-    row "b" T {}"#,
            ])
    }

    @Test("the same screen written two ways gives no report")
    func identical() throws {
        #expect(
            try unified(
                #"{"sections": [{"id": "s", "rows": [{"id": 0, "component": {"type": "T", "n": 1, "m": "é"}}]}]}"#,
                #"{"box": {"sections": [{"id": "s", "header": null, "rows": [{"component": {"m": "\u00e9", "n": 1.0, "type": "T"}, "id": -0}]}]}, "pinnedToBottomBox": {"sections": []}}"#
            ) == "")
    }

    @Test("colour as git: bold file names, cyan ranges, red and green lines")
    func colour() throws {
        let report = try unified(
            #"{"sections": [\#(rows(["a"]))]}"#, #"{"sections": [\#(rows(["b"]))]}"#, context: 0,
            palette: Palette(enabled: true))
        #expect(
            report == "\u{1B}[1m--- old.json\u{1B}[0m\n\u{1B}[1m+++ new.json\u{1B}[0m\n"
                + "\u{1B}[36m@@ -4 +4 @@\u{1B}[0m section \"s\"\n"
                + "\u{1B}[31m-    row \"a\" T {}\u{1B}[0m\n\u{1B}[32m+    row \"b\" T {}\u{1B}[0m\n")
    }

    // MARK: GNU patch

    /// Renders reports for many pairs as one multi-file diff (file names
    /// `pN.txt`), applies it with GNU patch, and checks each file becomes the
    /// new outline exactly, with no offset or fuzz.
    private func checkWithGNUPatch(_ pairs: [(label: String, old: Screen, new: Screen)], context: Int) throws {
        var files: [(name: String, original: String)] = []
        var expected: [String: (label: String, outline: String)] = [:]
        var diffs = ""
        for (k, pair) in pairs.enumerated() {
            let name = "p\(k).txt"
            let changeset = ScreenDiff.changeset(from: pair.old, to: pair.new, oldName: name, newName: name)
            let report = UnifiedRenderer(context: context).render(changeset, old: pair.old, new: pair.new)
            let oldOutline = OutlineRenderer.render(pair.old), newOutline = OutlineRenderer.render(pair.new)
            // No report exactly when the outlines (and the screens) are the same.
            #expect(report.isEmpty == oldOutline.utf8.elementsEqual(newOutline.utf8), "\(pair.label)")
            #expect(report.isEmpty == changeset.isIdentical, "\(pair.label)")
            guard !report.isEmpty else { continue }
            files.append((name, oldOutline))
            expected[name] = (pair.label, newOutline)
            diffs += report
        }
        let result = try GNUPatch.apply(files, diffs: diffs)
        #expect(result.status == 0, "\(result.log)")
        for word in ["offset", "fuzz", "FAILED", "Reversed", "malformed"] {
            #expect(!result.log.contains(word), "\(result.log)")
        }
        for (name, want) in expected {
            // Bytes, not String ==, which ignores Unicode normalization.
            #expect(result.files[name].map { Array($0.utf8) } == Array(want.outline.utf8), "\(want.label)")
        }
    }

    @Test(
        "GNU patch turns the old outline of every fixture into the new one",
        .enabled(if: GNUPatch.isAvailable, "GNU patch is not installed (Debian: apt-get install patch)"))
    func gnuPatchFixtures() throws {
        let pairs = try FixturePairs.all.map { pair in
            (label: pair.name, old: try ScreenReader.read(path: pair.oldPath), new: try ScreenReader.read(path: pair.newPath))
        }
        #expect(!pairs.isEmpty, "no fixture pairs under \(FixturePairs.directory.path)")
        for context in [3, 0, 1] { try checkWithGNUPatch(pairs, context: context) }
    }

    @Test(
        "GNU patch turns the old outline into the new one for random pairs",
        .enabled(if: GNUPatch.isAvailable, "GNU patch is not installed (Debian: apt-get install patch)"))
    func gnuPatchRandom() throws {
        for (batch, context) in [(0, 3), (1, 0), (2, 1), (3, 5)] {
            let seeds = UInt64(batch * 100)..<UInt64(batch * 100 + 100)
            let pairs = try seeds.map { seed in
                let (old, new) = try RandomScreenPairs.screens(seed: seed)
                return (label: "seed \(seed)", old: old, new: new)
            }
            try checkWithGNUPatch(pairs, context: context)
        }
    }

    @Test("random pairs: kept lines read the same, and the report holds every line of both outlines once")
    func editScriptCoversBoth() throws {
        for seed: UInt64 in 0..<2000 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let a = OutlineRenderer.lines(old), b = OutlineRenderer.lines(new)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let pairs = UnifiedRenderer.keptPairs(changeset, old: old, new: new, a.map(\.element), b.map(\.element))
            let edits = UnifiedRenderer.edits(a, b, keeping: pairs)
            #expect(edits.filter { $0.kind != .insert }.map(\.oldLine) == Array(a.indices), "seed \(seed)")
            #expect(edits.filter { $0.kind != .delete }.map(\.newLine) == Array(b.indices), "seed \(seed)")
            for edit in edits where edit.kind == .context {
                #expect(a[edit.oldLine].text.utf8.elementsEqual(b[edit.newLine].text.utf8), "seed \(seed)")
            }
            // A row the changeset leaves alone stays context: no spurious change.
            let touched = Set(changeset.changes.compactMap { $0.kind == .row ? $0.to : nil })
            for (k, line) in b.enumerated() {
                guard case .row(let box, let s, let r) = line.element, box == .box,
                    !touched.contains(Position(section: s, row: r))
                else { continue }
                // Its section kept its place and it was matched in it: it must be context.
                let section = new.box.sections[s]
                guard let i = old.box.sections.firstIndex(where: { $0.id == section.id }),
                    !changeset.changes.contains(where: { $0.kind == .section && $0.op == .move && $0.to?.section == s }),
                    old.box.sections[i].rows.contains(where: { $0.id == section.rows[r].id })
                else { continue }
                #expect(pairs.contains { $0.1 == k }, "seed \(seed): row line \(k) is not context")
            }
        }
    }
}
