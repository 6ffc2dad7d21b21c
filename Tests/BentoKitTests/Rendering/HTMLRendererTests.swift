import BenchmarkScreens
import Foundation
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The HTML report: one marked element per side per change, labels that
/// link both sides of a move or update, folding, determinism, directory
/// mode. Hostile input is in HTMLReportEscapingTests.
@Suite("HTML report")
struct HTMLRendererTests {
    static func page(_ changeset: Changeset, _ old: Screen, _ new: Screen, _ renderer: HTMLRenderer = HTMLRenderer()) -> String {
        String(decoding: renderer.render(changeset, old: old, new: new), as: UTF8.self)
    }

    /// What the DOM must hold for `summary`: an insert marked on the new
    /// side, a delete on the old side, a move and an update on both.
    static func expectedMarks(_ summary: Summary) -> [String: Int] {
        var expected: [String: Int] = [:]
        let kinds: [(Change.Kind, String)] = [(.screen, "scr"), (.section, "sec"), (.row, "row")]
        let ops: [(Change.Operation, String, [String])] = [
            (.insert, "ins", ["new"]), (.delete, "del", ["old"]), (.move, "mov", ["old", "new"]),
            (.update, "upd", ["old", "new"]),
        ]
        for (kind, k) in kinds {
            for (op, o, sides) in ops where summary[kind, op] > 0 {
                for side in sides { expected["\(k) \(o) \(side)"] = summary[kind, op] }
            }
        }
        return expected
    }

    static let fixtureNames: [String] = {
        let fixtures = GoldenFixtureTests.root.appendingPathComponent("Fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/new.json").path)
        }.sorted()
    }()

    static func fixture(_ name: String) throws -> (Changeset, Screen, Screen) {
        func read(_ side: String) throws -> Screen {
            let path = "Fixtures/\(name)/\(side).json"
            let bytes = Array(try Data(contentsOf: GoldenFixtureTests.root.appendingPathComponent(path)))
            return try ScreenReader.read(SourceText(name: path, bytes: bytes))
        }
        let old = try read("old"), new = try read("new")
        return (ScreenDiff.changeset(from: old, to: new, oldName: "old.json", newName: "new.json"), old, new)
    }

    // MARK: Marks

    @Test("every fixture: marked elements per kind, operation and side match the changeset", arguments: fixtureNames)
    func fixtureMarks(_ name: String) throws {
        let (changeset, old, new) = try Self.fixture(name)
        let tags = HTMLTags(Self.page(changeset, old, new))
        #expect(tags.marks == Self.expectedMarks(changeset.summary))
    }

    @Test("random screen pairs: marks match the changeset, and every label links to its other side")
    func randomMarks() throws {
        for seed in UInt64(0)..<600 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let tags = HTMLTags(Self.page(changeset, old, new))
            #expect(tags.marks == Self.expectedMarks(changeset.summary), "seed \(seed)")
            let ids = tags.tags.compactMap { $0.attribute("id") }
            #expect(Set(ids).count == ids.count, "seed \(seed): an id twice")
            let targets = tags.tags.compactMap { $0.attribute("href") }.filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
            #expect(Set(targets).isSubset(of: Set(ids)), "seed \(seed): a link to nowhere")
            let paired = changeset.changes.filter { $0.kind != .screen && ($0.op == .move || $0.op == .update) }.count
            #expect(targets.count == 2 * paired, "seed \(seed): one link each way per move or update")
        }
    }

    @Test("counts with a comma every three digits, and numbers in decimal, as written out by hand")
    func countsAndNumbers() {
        func reference(_ n: Int) -> String {
            let digits = Array(String(n.magnitude))
            var out = n < 0 ? "-" : ""
            for (k, digit) in digits.enumerated() {
                if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
                out.append(digit)
            }
            return out
        }
        var values = [0, 7, 999, 1000, 1001, 99_760, 100_000, 1_000_000, 1_234_567_890, Int.max, -1, -1000, -9_999_999, Int.min]
        var power = 1
        while power <= Int.max / 10 {
            values += [power - 1, power, power + 1, -power]
            power *= 10
        }
        for value in values {
            var counted = HTMLBuffer()
            counted.count(value)
            #expect(counted.pieces().joinedBytes() == Array(reference(value).utf8))
            var buffer = HTMLBuffer()
            buffer.markup(number: value)
            buffer.markup(";")
            #expect(buffer.pieces().joinedBytes() == Array("\(value);".utf8))
        }
    }

    @Test("a move is labelled M1 on both sides, each with its old and new positions")
    func moveLabels() throws {
        let old = try Screens.read(Screens.box([("a", ["x", "y"]), ("b", ["z"])]))
        let new = try Screens.read(Screens.box([("a", ["y"]), ("b", ["z", "x"])]))
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let html = Self.page(changeset, old, new)
        #expect(html.contains(##"id="f1-old-M1""##) && html.contains(##"href="#f1-new-M1""##))
        #expect(html.contains(##"id="f1-new-M1""##) && html.contains(##"href="#f1-old-M1""##))
        let whereLine = "<div class=\"where\">[0, 0] in <code>\"a\"</code> → [1, 1] in <code>\"b\"</code></div>"
        #expect(html.components(separatedBy: whereLine).count == 3, "on both sides")
    }

    @Test("an update lists its field changes as path: old → new on the new side")
    func updateFields() throws {
        let old = try Screens.read(#"{"sections":[{"id":"s","rows":[{"id":"r","component":{"type":"T","props":{"title":"A","n":1}}}]}]}"#)
        let new = try Screens.read(#"{"sections":[{"id":"s","rows":[{"id":"r","component":{"type":"T","props":{"title":"B"}}}]}]}"#)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let html = Self.page(changeset, old, new)
        #expect(html.contains(#"<li><code class="path">/component/props/title</code>: <del>"A"</del> → <ins>"B"</ins></li>"#))
        #expect(html.contains(#"<li><code class="path">/component/props/n</code>: <del>1</del> → <span class="none">(none)</span></li>"#))
        #expect(HTMLTags(html).count { $0.name == "ul" && $0.classes == ["fields"] } == 1, "listed once, on the new side")
    }

    @Test("the summary counts and both file names head the page, with no timestamp")
    func header() throws {
        let (changeset, old, new) = try Self.fixture("pharmacy")
        let html = Self.page(changeset, old, new)
        #expect(html.contains("<title>bento diff: old.json → new.json</title>"))
        #expect(html.contains(#"<span class="chip ins"><b>+ 1</b> inserted <small>1 row</small></span>"#))
        #expect(html.contains(#"<span class="chip mov"><b>↕ 2</b> moved <small>2 rows</small></span>"#))
        #expect(html.contains(#"<span class="chip upd"><b>~ 3</b> updated <small>1 section, 2 rows</small></span>"#))
        #expect(html.contains(#"class="legend""#))
        #expect(html.range(of: #"20\d\d-\d\d-\d\d"#, options: .regularExpression) == nil)
        #expect(html.range(of: #"\d\d:\d\d:\d\d"#, options: .regularExpression) == nil)
    }

    @Test("pinnedToBottomBox is drawn after the box, in the pinned area")
    func pinned() throws {
        let (changeset, old, new) = try Self.fixture("pharmacy")
        let html = Self.page(changeset, old, new)
        let sides = html.components(separatedBy: "<div class=\"side ")
        #expect(sides.count == 3)
        for side in sides.dropFirst() {
            let pinned = try #require(side.range(of: "<div class=\"pinned\">"))
            let continueButton = try #require(side.range(of: "\"continue\""))
            let findMore = try #require(side.range(of: "\"find-more-pharmacies\""))
            #expect(findMore.lowerBound < pinned.lowerBound && pinned.lowerBound < continueButton.lowerBound)
        }
    }

    // MARK: Folding

    static func longSection(rows: Int, changedAt changed: [Int]) throws -> (Changeset, Screen, Screen) {
        func screen(_ title: (Int) -> String) throws -> Screen {
            let nodes = (0..<rows).map { #"{"id":"r\#($0)","component":{"type":"T","props":{"title":"\#(title($0))"}}}"# }
            return try Screens.read(#"{"sections":[{"id":"s","rows":[\#(nodes.joined(separator: ","))]}]}"#)
        }
        let old = try screen { "row \($0)" }
        let new = try screen { changed.contains($0) ? "changed \($0)" : "row \($0)" }
        return (ScreenDiff.changeset(from: old, to: new), old, new)
    }

    @Test("unchanged runs fold into <details>, with context rows kept around a change")
    func foldsUnchangedRuns() throws {
        let (changeset, old, new) = try Self.longSection(rows: 500, changedAt: [250])
        let html = Self.page(changeset, old, new)
        // Rows 0…247 and 253…499 fold; 248…252 are drawn (two of context each side).
        #expect(html.components(separatedBy: "<summary>… 248 unchanged rows …</summary>").count == 3)
        #expect(html.components(separatedBy: "<summary>… 247 unchanged rows …</summary>").count == 3)
        let tags = HTMLTags(html)
        #expect(tags.count { $0.classes == ["line"] } == 2 * 495)
        #expect(tags.count { $0.classes.first == "card" } == 2 * 5)
        #expect(tags.count { $0.name == "details" && $0.classes == ["fold"] } == 4)
    }

    @Test("a run shorter than the fold minimum is drawn; context follows the options")
    func foldOptions() throws {
        let (changeset, old, new) = try Self.longSection(rows: 12, changedAt: [0, 11])
        // Rows 3…8 would fold (6 rows) with the default context of 2.
        let folded = HTMLTags(Self.page(changeset, old, new))
        #expect(folded.count { $0.classes == ["line"] } == 2 * 6)
        let wide = HTMLTags(Self.page(changeset, old, new, HTMLRenderer(contextRows: 3, minimumFold: 5)))
        #expect(wide.count { $0.classes == ["line"] } == 0, "4 rows left, fewer than 5")
        #expect(wide.count { $0.classes.first == "card" } == 2 * 12)
    }

    @Test("a screen of 20,000 rows with one change draws a handful of cards and folds the rest")
    func hugeScreenFolds() throws {
        let (changeset, old, new) = try Self.longSection(rows: 20_000, changedAt: [10_000])
        let html = Self.page(changeset, old, new)
        let tags = HTMLTags(html)
        #expect(tags.count { $0.classes.first == "card" } == 2 * 5)
        #expect(html.contains("<summary>… 9,998 unchanged rows …</summary>"))
        #expect(html.contains("<summary>… 9,997 unchanged rows …</summary>"))
    }

    @Test("runs of unchanged sections fold, counting their rows")
    func foldsUnchangedSections() throws {
        let sections = (0..<20).map { ("s\($0)", ["a\($0)", "b\($0)"]) }
        let old = try Screens.read(Screens.box(sections))
        var changed = sections
        changed[10].1.append("new")
        let new = try Screens.read(Screens.box(changed))
        let html = Self.page(ScreenDiff.changeset(from: old, to: new), old, new)
        // Sections 0…8 and 12…19 fold; 9 and 11 are context.
        #expect(html.contains("<summary>… 9 unchanged sections (18 rows) …</summary>"))
        #expect(html.contains("<summary>… 8 unchanged sections (16 rows) …</summary>"))
    }

    @Test("the rows of an inserted section are drawn in it, the first ten and then folded")
    func insertedSectionRows() throws {
        let old = try Screens.read(Screens.box([("a", ["x"])]))
        let new = try Screens.read(Screens.box([("a", ["x"]), ("b", (0..<30).map { "r\($0)" })]))
        let html = Self.page(ScreenDiff.changeset(from: old, to: new), old, new)
        #expect(html.contains("<summary>… 20 more inserted rows …</summary>"))
        let tags = HTMLTags(html)
        #expect(tags.marks == ["sec ins new": 1])
    }

    @Test("cards offer their other members in a <details>; above the limit only changed cards do")
    func contextDetails() throws {
        let (changeset, old, new) = try Self.fixture("pharmacy")
        func cards(_ renderer: HTMLRenderer) -> (changed: Int, unchanged: Int) {
            // A card's first child is its <details class="more"> or a plain <div class="top">.
            let html = Self.page(changeset, old, new, renderer)
            let withDetails = html.components(separatedBy: "<div class=\"card").dropFirst().filter {
                $0.drop { $0 != ">" }.dropFirst().hasPrefix("<details class=\"more\">")
            }
            let changed = withDetails.filter { $0.hasPrefix(" mark ") }.count
            return (changed, withDetails.count - changed)
        }
        let all = cards(HTMLRenderer())
        #expect(all.changed == 2 * 2 + 2 * 2 + 1 + 1, "every changed card: moves and updates on both sides, an insert, a delete")
        #expect(all.unchanged > 0)
        let few = cards(HTMLRenderer(contextDetailsLimit: changeset.changes.count - 1))
        #expect(few.changed == all.changed && few.unchanged == 0)
    }

    // MARK: Determinism

    @Test("the same inputs give the same bytes")
    func deterministic() throws {
        for name in Self.fixtureNames {
            let (changeset, old, new) = try Self.fixture(name)
            let a = HTMLRenderer().render(changeset, old: old, new: new)
            // A changeset read back from its JSON, and screens read again, give the same page.
            let decoded = try JSONDecoding.decode(
                Changeset.self, from: SourceText(name: "c.json", bytes: JSONRenderer.render(changeset))).value
            let (_, old2, new2) = try Self.fixture(name)
            let b = HTMLRenderer().render(decoded, old: old2, new: new2)
            #expect(a == b, "\(name)")
        }
        for seed in UInt64(0)..<100 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            #expect(HTMLRenderer().render(changeset, old: old, new: new) == HTMLRenderer().render(changeset, old: old, new: new))
        }
    }

    @Test("the page written in pieces, a batch at a time, is the page rendered whole")
    func writtenInPieces() throws {
        for seed in UInt64(0)..<50 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            var written: [UInt8] = []
            var calls = 0
            HTMLRenderer().write(changeset, old: old, new: new) { pieces in
                calls += 1
                for piece in pieces { written += piece.copy(0..<piece.count) }
            }
            #expect(calls >= 1)
            #expect(written == HTMLRenderer().render(changeset, old: old, new: new), "seed \(seed)")
            #expect(HTMLRenderer().pieces(changeset, old: old, new: new).joinedBytes() == written)
        }
    }

    @Test("sections drawn on all cores, any number of bytes ahead, each run written as it is drawn, give the same page")
    func drawnAhead() throws {
        let screens = TypicalScreens(rows: 3_000, rowsPerSection: 100)
        let (old, new) = try Screens.read(screens)
        let changeset = ScreenDiff.changeset(from: old, to: new)
        func page(ahead: Int) -> (bytes: [UInt8], writes: Int) {
            var bytes: [UInt8] = [], writes = 0
            HTMLRenderer().write(changeset, old: old, new: new, ahead: ahead) { pieces in
                writes += 1
                for piece in pieces { bytes += piece.copy(0..<piece.count) }
            }
            return (bytes, writes)
        }
        let whole = HTMLRenderer().render(changeset, old: old, new: new)
        // A write per run of sections (30 a side, 4 a run), and one for the rest.
        for ahead in [1, 50_000, 400_000, .max] {
            let streamed = page(ahead: ahead)
            #expect(streamed.writes > 10, "\(ahead) bytes ahead")
            #expect(streamed.bytes == whole, "\(ahead) bytes ahead")
        }
    }

    // MARK: Several files

    @Test("several files: an index of all, a section per file that differs, marks per file")
    func severalFiles() throws {
        let (pharmacy, pOld, pNew) = try Self.fixture("pharmacy")
        let (crossing, cOld, cNew) = try Self.fixture("crosssection")
        let added = try Screens.read(Screens.box([("a", ["x", "y"])]))
        let empty = Screen(box: Box())
        let entries = [
            HTMLRenderer.Entry(path: "pharmacy.json", changeset: pharmacy, old: pOld, new: pNew),
            HTMLRenderer.Entry(
                path: "same.json", changeset: ScreenDiff.changeset(from: pOld, to: pOld), old: pOld, new: pOld),
            HTMLRenderer.Entry(
                path: "new/added.json", changeset: ScreenDiff.changeset(from: empty, to: added), old: nil, new: added),
            HTMLRenderer.Entry(path: "crosssection.json", changeset: crossing, old: cOld, new: cNew),
        ]
        let html = String(decoding: HTMLRenderer().render(entries, oldName: "before", newName: "after"), as: UTF8.self)
        #expect(html.contains("<title>bento diff: before → after</title>"))
        #expect(html.contains("<h2>4 files</h2>"))
        for (k, status) in [(1, "changed"), (3, "added"), (4, "changed")] {
            #expect(html.contains("<a href=\"#f\(k)\">"), "index links to file \(k)")
            #expect(html.contains("<section class=\"file\" id=\"f\(k)\">"))
            #expect(html.contains("</a> <span class=\"status\">\(status)</span></h2>"))
        }
        #expect(!html.contains("id=\"f2\""), "an identical file is listed, not drawn")
        #expect(html.contains("<tr class=\"identical\"><td><code>same.json</code></td><td>identical</td>"))
        #expect(html.contains("no screen on this side"))
        // Marks add up over the files; each file's labels stay its own.
        let tags = HTMLTags(html)
        let all = Summary(entries.flatMap(\.changeset.changes))
        #expect(tags.marks == Self.expectedMarks(all))
        let ids = tags.tags.compactMap { $0.attribute("id") }
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("f1-old-M1") && ids.contains("f4-new-M1"), "labels count from 1 in each file")
        let ordered = ["pharmacy.json", "new/added.json", "crosssection.json"].compactMap {
            html.range(of: "<h2 class=\"file-head\"><a href=\"#f\\d\"><code>\($0)</code>", options: .regularExpression)?.lowerBound
        }
        #expect(ordered.count == 3 && ordered == ordered.sorted(), "files in the order given")
    }

    @Test("identical screens: a page that says so, nothing marked")
    func identical() throws {
        let (_, old, _) = try Self.fixture("pharmacy")
        let changeset = ScreenDiff.changeset(from: old, to: old, oldName: "a.json", newName: "b.json")
        let html = Self.page(changeset, old, old)
        #expect(html.contains("The screens are identical."))
        #expect(HTMLTags(html).marks.isEmpty)
    }
}
