import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("--format markdown: a report for a pull request")
struct MarkdownRendererTests {
    /// How many records a page lists: a line per row record, a heading per
    /// section record, one for the screen's attributes.
    static func recordsShown(_ page: String) -> Int {
        page.split(separator: "\n").reduce(0) { count, line in
            let text = line.drop { $0 == " " }
            let row = ["- inserted row ", "- deleted row ", "- moved row ", "- updated row "].contains { text.hasPrefix($0) }
            let section = ["inserted section ", "deleted section ", "moved section ", "updated section "].contains {
                text.contains("· " + $0)
            }
            return count + (row || section || text == "**screen** attributes updated" ? 1 : 0)
        }
    }

    /// The count on the page's last line, "… and N more changes: …".
    static func moreCount(_ page: String) -> Int? {
        guard let last = page.split(separator: "\n").last, last.hasPrefix("… and ") else { return nil }
        return Int(last.dropFirst("… and ".count).prefix { $0.isNumber })
    }

    @Test("identical screens print nothing")
    func identical() throws {
        let screen = try Screens.read(Screens.box([("s", ["a", "b"])]))
        let changeset = ScreenDiff.changeset(from: screen, to: screen)
        #expect(MarkdownRenderer().render(changeset, old: screen, new: screen) == "")
    }

    @Test("the summary table counts each kind of change, then each record is listed")
    func tableAndRecords() throws {
        let old = try Screens.read(Screens.box([("s", ["a", "b", "c"]), ("t", ["d"])]))
        let new = try Screens.read(Screens.box([("s", ["c", "a", "x"]), ("u", [])]))
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json")
        let page = MarkdownRenderer().render(changeset, old: old, new: new)
        let summary = changeset.summary
        let row = page.split(separator: "\n").first { $0.hasPrefix("| `new.json`") }
        let cells = row?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        var counts: [String] = []
        for kind in [Change.Kind.section, .row] {
            for op in [Change.Operation.insert, .delete, .move, .update] { counts.append("\(summary[kind, op])") }
        }
        #expect(cells.map { Array($0.suffix(8)) } == counts)
        #expect(Self.recordsShown(page) == changeset.changes.count)
        #expect(Self.moreCount(page) == nil)
        #expect(page.hasPrefix("### bento: `old.json` → `new.json`\n"))
    }

    @Test("a section with many changes is folded into <details>")
    func folding() throws {
        let ids = (0..<20).map { "r\($0)" }
        let old = try Screens.read(Screens.box([("s", ids)]))
        let new = try Screens.read(Screens.box([("s", ids.reversed())]))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let page = MarkdownRenderer().render(changeset, old: old, new: new)
        #expect(page.contains("\n<details><summary><b>box</b> · section <code>\"s\"</code> at [0]: 19 changes</summary>\n\n- moved row"))
        #expect(page.hasSuffix("\n</details>\n"))
        let short = MarkdownRenderer(foldAfter: 100).render(changeset, old: old, new: new)
        #expect(!short.contains("<details>"))
        #expect(Self.recordsShown(page) == 19 && Self.recordsShown(short) == 19)
    }

    @Test("the 100k-row pair stays within the cap and counts what it left out")
    func cap() throws {
        let (old, new) = try Screens.read(TypicalScreens(rows: 100_000))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        for limit in [MarkdownRenderer.defaultMaxSize, 4_096, 1_024] {
            let page = MarkdownRenderer(maxSize: limit).render(changeset, old: old, new: new)
            #expect(page.utf16.count <= limit)
            let shown = Self.recordsShown(page)
            #expect(shown > 0)
            #expect(Self.moreCount(page) == changeset.changes.count - shown, "limit \(limit)")
            #expect(page.hasSuffix("to see them all, or raise --max-size.\n"))
            // A cut inside <details> closes it.
            #expect(page.components(separatedBy: "<details>").count == page.components(separatedBy: "</details>").count)
        }
    }

    @Test("every limit holds: the page is never one character over, whatever is cut")
    func everyLimit() throws {
        let ids = (0..<60).map { "row-\($0)" }
        let old = try Screens.read(Screens.box([("s", ids), ("t", ["x"])]))
        let new = try Screens.read(Screens.box([("s", ids.reversed()), ("u", ["y"])]))
        let changeset = ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json")
        let whole = MarkdownRenderer(maxSize: .max).render(changeset, old: old, new: new)
        #expect(whole.utf16.count > 2_048)
        for limit in MarkdownRenderer.smallestMaxSize...2_048 {
            let page = MarkdownRenderer(maxSize: limit).render(changeset, old: old, new: new)
            #expect(page.utf16.count <= limit, "limit \(limit)")
            #expect(Self.moreCount(page) == changeset.changes.count - Self.recordsShown(page), "limit \(limit)")
        }
    }

    @Test("a limit below the smallest is raised to it")
    func smallestLimit() {
        #expect(MarkdownRenderer(maxSize: 10).maxSize == MarkdownRenderer.smallestMaxSize)
    }

    @Test("a directory report: a table row per screen that differs, then each screen's changes")
    func directory() throws {
        let a = try Screens.read(Screens.box([("s", ["a"])]))
        let b = try Screens.read(Screens.box([("s", ["a", "b"])]))
        let changed = ScreenDiff.changeset(from: a, to: b, oldName: "o/x.json", newName: "n/x.json")
        let added = ScreenDiff.changeset(from: Screen(box: Box()), to: a, oldName: "/dev/null", newName: "n/y.json")
        let same = ScreenDiff.changeset(from: a, to: a)
        let directory = DirectoryChangeset(
            oldRoot: "o", newRoot: "n",
            entries: [
                .init(path: "x.json", status: .changed, changeset: changed, old: a, new: b),
                .init(path: "y.json", status: .added, changeset: added, new: a),
                .init(path: "z.json", status: .unchanged, changeset: same),
            ])
        let page = MarkdownRenderer().render(directory)
        #expect(page.contains("\n| `x.json` |  | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 |\n"))
        #expect(page.contains("\n| `y.json` (added) |  | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |\n"))
        #expect(!page.contains("z.json"))
        #expect(page.contains("\n#### `x.json`\n\n**box** · section `\"s\"` at \\[0\\]\n\n- inserted row `\"b\"` `T` at \\[0, 1\\]\n"))
        #expect(Self.recordsShown(page) == 2)
        let quiet = DirectoryChangeset(oldRoot: "o", newRoot: "n", entries: [.init(path: "z.json", status: .unchanged, changeset: same)])
        #expect(MarkdownRenderer().render(quiet) == "")
    }
}

@Suite("MarkdownText: values shown as text")
struct MarkdownTextTests {
    @Test("a code span's fence is longer than any run of backticks inside", arguments: [
        ("plain", "`plain`"), ("a`b", "``a`b``"), ("``x", "``` ``x ```"), ("x`", "`` x` ``"), (" padded ", "`  padded  `"),
        ("   ", "`   `"), ("", "` `"),
    ])
    func fences(_ text: String, _ expected: String) {
        #expect(MarkdownText.code(text) == expected)
    }

    @Test("in a table cell a pipe is escaped; line breaks never reach the page")
    func tableCells() {
        #expect(MarkdownText.code("a|b", inTable: true) == #"`a\|b`"#)
        #expect(MarkdownText.code("a|b") == "`a|b`")
        #expect(MarkdownText.code("|\u{301}", inTable: true) == "`\\|\u{301}`")
        #expect(MarkdownText.code("one\ntwo\r") == #"`one\ntwo\r`"#)
    }

    @Test("raw HTML lines get escaped text; brackets cannot start a link")
    func html() {
        #expect(MarkdownText.htmlCode("<b>&\"") == "<code>&lt;b&gt;&amp;\"</code>")
        #expect(MarkdownText.brackets("[0, 1]") == #"\[0, 1\]"#)
    }
}
