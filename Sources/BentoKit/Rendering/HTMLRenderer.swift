import BentoJSON

/// `--format html`: a visual report that draws the old and the new screen
/// side by side, as phone-width lists, with the changes marked on them.
///
/// One self-contained page: inline CSS, no script, nothing loaded from the
/// network (its Content-Security-Policy forbids it), no timestamp, so the
/// same inputs give the same bytes. Inserted sections and rows are green on
/// the new side, deleted ones red on the old side, moved ones blue on both
/// sides with their positions and a shared label (`M1`) that links one to the
/// other, updated ones amber with their field changes as `path: old → new`.
/// Runs of unchanged rows fold into `<details>` elements, so that a screen of
/// 100,000 rows still opens quickly. Every string from the input is escaped.
///
/// A page can hold one pair of screens or many (directory mode): then an
/// index at the top lists every file with its counts and links to its
/// section of the page.
public struct HTMLRenderer: Sendable {
    /// One pair of screens in a report of several files. For a screen added
    /// or removed, the changeset is the one from or to an empty screen
    /// (`Screen(box: Box())`), and the missing side is nil.
    public struct Entry: Sendable {
        /// The file's path, relative to the two directories.
        public var path: String
        /// The changeset of the pair.
        public var changeset: Changeset
        /// nil when the file exists only on the new side (added).
        public var old: Screen?
        /// nil when the file exists only on the old side (removed).
        public var new: Screen?

        /// The screens at `path` and their changeset; nil for a side that has none.
        public init(path: String, changeset: Changeset, old: Screen?, new: Screen?) {
            self.path = path
            self.changeset = changeset
            self.old = old
            self.new = new
        }

        var status: String {
            switch (old, new) {
            case (nil, _): "added"
            case (_, nil): "removed"
            default: changeset.isIdentical ? "identical" : "changed"
            }
        }
    }

    /// Unchanged rows shown before and after each changed one.
    public var contextRows: Int
    /// A run of unchanged rows folds only when it holds at least this many.
    public var minimumFold: Int
    /// The most changes a file may have for its unchanged cards to offer
    /// their other members (a `<details>` each) as the changed ones do. Above
    /// it only changed cards do: a browser spends more on a `<details>` than
    /// on anything else in the page, and a page of 100,000 rows with
    /// thousands of changes would otherwise take many seconds to open.
    public var contextDetailsLimit: Int
    /// Whether to show identity hints (`IdentityHints`): rows and sections
    /// that were probably renamed.
    public var hints: Bool

    /// A renderer that shows `contextRows` unchanged rows around changes, folds
    /// runs of `minimumFold` or more, gives context cards their own
    /// `<details>` up to `contextDetailsLimit` changes, and shows identity
    /// hints or not.
    public init(contextRows: Int = 2, minimumFold: Int = 5, contextDetailsLimit: Int = 500, hints: Bool = true) {
        self.contextRows = max(0, contextRows)
        self.minimumFold = max(1, minimumFold)
        self.contextDetailsLimit = max(0, contextDetailsLimit)
        self.hints = hints
    }

    /// The report of one pair of screens.
    /// - Complexity: O(n) in the size of the two screens and the changeset.
    public func render(_ changeset: Changeset, old: Screen, new: Screen) -> [UInt8] {
        pieces(changeset, old: old, new: new).joinedBytes()
    }

    /// `render`'s page in pieces, in order (each section drawn on a core of
    /// its own is one), to be written out without joining them.
    /// - Complexity: O(n) in the size of the two screens and the changeset.
    public func pieces(_ changeset: Changeset, old: Screen, new: Screen) -> [[UInt8]] {
        page(changeset, old: old, new: new).pieces()
    }

    /// Calls `write` with `render`'s page in pieces, in order, a run of
    /// sections at a time as they are drawn, where they were drawn: nothing
    /// is copied or joined (`writev` writes them), and the page is never
    /// held whole.
    /// - Complexity: O(n) in the size of the two screens and the changeset.
    public func write(_ changeset: Changeset, old: Screen, new: Screen, to write: ([ByteStorage]) -> Void) {
        page(changeset, old: old, new: new).write(to: write)
    }

    /// `write`, with at most about `ahead` bytes of sections drawn and not
    /// yet written.
    func write(
        _ changeset: Changeset, old: Screen, new: Screen, ahead: Int, to write: ([ByteStorage]) -> Void
    ) {
        page(changeset, old: old, new: new).write(ahead: ahead, to: write)
    }

    private func page(_ changeset: Changeset, old: Screen, new: Screen) -> HTMLBuffer {
        var out = HTMLBuffer(reservingCapacity: 1 << 16)
        let names = (changeset.oldName, changeset.newName)
        let marks = ChangeMarks(changeset)
        openPage(names, into: &out)
        drawTop(names, summary: changeset.summary, into: &out)
        if hints {
            // Found while the first sections are drawn.
            let renderer = self
            out.draw(later: HTMLBuffer.Drawing(size: 4096) { out in
                renderer.drawHints(IdentityHints.hints(changeset), into: &out)
            })
        }
        out.markup("<main>\n")
        drawFile(
            Entry(path: "", changeset: changeset, old: old, new: new), marks: marks, anchor: "f1", heading: false,
            into: &out)
        out.markup("</main>\n")
        closePage(into: &out)
        return out
    }

    /// A list of hints under the summary, when there are some.
    private func drawHints(_ hints: [String], into out: inout HTMLBuffer) {
        guard !hints.isEmpty else { return }
        out.markup("<ul class=\"hints\">\n")
        for hint in hints {
            out.markup("<li>hint: ")
            out.text(hint)
            out.markup("</li>\n")
        }
        out.markup("</ul>\n")
    }

    /// The report of several pairs of screens (directory mode): an index of
    /// the files, then a section per file that is not identical, in the
    /// order given. `oldName` and `newName` name the two directories.
    /// - Complexity: O(n) in the size of all screens and changesets.
    public func render(_ entries: [Entry], oldName: String, newName: String) -> [UInt8] {
        var out = HTMLBuffer(reservingCapacity: 1 << 16)
        openPage((oldName, newName), into: &out)
        drawTop((oldName, newName), summary: Summary(entries.flatMap(\.changeset.changes)), into: &out)
        drawHints(
            hints ? entries.flatMap { entry in IdentityHints.hints(entry.changeset).map { entry.path + ": " + $0 } } : [],
            into: &out)
        out.markup("<main>\n")
        drawIndex(entries, into: &out)
        for (k, entry) in entries.enumerated() where entry.status != "identical" {
            drawFile(entry, marks: ChangeMarks(entry.changeset), anchor: "f\(k + 1)", heading: true, into: &out)
        }
        out.markup("</main>\n")
        closePage(into: &out)
        return out.pieces().joinedBytes()
    }

    // MARK: Page

    private func openPage(_ names: (String, String), into out: inout HTMLBuffer) {
        out.markup(built: 
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(HTMLStyle.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="bento \(Bento.version)">
            <title>bento diff: 
            """)
        out.text(names.0)
        out.markup(" → ")
        out.text(names.1)
        out.markup(built: "</title>\n<style>\(HTMLStyle.element)</style>\n</head>\n<body>\n")
    }

    private func closePage(into out: inout HTMLBuffer) {
        out.markup(built: "<footer id=\"end\">bento \(Bento.version) · <code>bento diff --format html</code></footer>\n</body>\n</html>\n")
    }

    /// The file names, the summary counts and the legend.
    private func drawTop(_ names: (String, String), summary: Summary, into out: inout HTMLBuffer) {
        out.markup("<header class=\"page-head\">\n<h1>bento diff</h1>\n<p class=\"files\"><span class=\"side-tag old\">old</span> <code>")
        out.text(names.0)
        out.markup("</code> → <span class=\"side-tag new\">new</span> <code>")
        out.text(names.1)
        out.markup("</code></p>\n")
        drawSummary(summary, into: &out)
        out.markup(
            """
            <div class="legend">
            <span><i class="sw ins"></i><b>inserted</b>: on the new side</span>
            <span><i class="sw del"></i><b>deleted</b>: on the old side</span>
            <span><i class="sw mov"></i><b>moved</b>: on both sides, the same label (M1) on each, positions [section, row]</span>
            <span><i class="sw upd"></i><b>updated</b>: on both sides (U1), field changes <code>path: old → new</code> on the new side</span>
            <span><i class="sw fold"></i><b>… unchanged rows …</b>: folded, click to open</span>
            </div>
            </header>

            """)
    }

    /// Chips with the counts per operation: `+ 3 inserted (1 section, 2 rows)`.
    private func drawSummary(_ summary: Summary, into out: inout HTMLBuffer) {
        let ops: [(Change.Operation, String, String)] = [
            (.insert, "+", "inserted"), (.delete, "−", "deleted"), (.move, "↕", "moved"), (.update, "~", "updated"),
        ]
        out.markup("<div class=\"summary\">\n")
        for (op, symbol, verb) in ops {
            let sections = summary[.section, op], rows = summary[.row, op]
            let css = "\(HTMLScreenDrawing.opClass(op))"
            out.markup(built: "<span class=\"chip \(css)\(sections + rows == 0 ? " zero" : "")\"><b>\(symbol) ")
            out.count(sections + rows)
            out.markup(built: "</b> \(verb)")
            let parts = [(sections, "section"), (rows, "row")].filter { $0.0 > 0 }
            for (k, (n, noun)) in parts.enumerated() {
                out.markup(k == 0 ? " <small>" : ", ")
                out.count(n)
                out.markup(built: n == 1 ? " \(noun)" : " \(noun)s")
            }
            out.markup(parts.isEmpty ? "</span>\n" : "</small></span>\n")
        }
        let screen = summary[.screen, .update]
        if screen > 0 {
            out.markup("<span class=\"chip upd\"><b>~</b> screen attributes updated</span>\n")
        }
        out.markup("</div>\n")
    }

    /// Directory mode: a table of the files, linking to their sections.
    private func drawIndex(_ entries: [Entry], into out: inout HTMLBuffer) {
        out.markup("<nav class=\"index\">\n<h2>")
        out.count(entries.count)
        out.markup(entries.count == 1 ? " file" : " files")
        out.markup("</h2>\n<table>\n<thead><tr><th>file</th><th>status</th><th class=\"n ins\">+</th><th class=\"n del\">−</th><th class=\"n mov\">↕</th><th class=\"n upd\">~</th></tr></thead>\n<tbody>\n")
        for (k, entry) in entries.enumerated() {
            let status = entry.status
            out.markup(built: "<tr class=\"\(status)\"><td>")
            if status == "identical" {
                out.markup("<code>")
                out.text(entry.path)
                out.markup("</code>")
            } else {
                out.markup(built: "<a href=\"#f\(k + 1)\"><code>")
                out.text(entry.path)
                out.markup("</code></a>")
            }
            out.markup(built: "</td><td>\(status)</td>")
            let summary = entry.changeset.summary
            for op in [Change.Operation.insert, .delete, .move, .update] {
                let n = summary[.section, op] + summary[.row, op] + (op == .update ? summary[.screen, op] : 0)
                out.markup("<td class=\"n\">")
                if n > 0 { out.count(n) }
                out.markup("</td>")
            }
            out.markup("</tr>\n")
        }
        out.markup("</tbody>\n</table>\n</nav>\n")
    }

    /// One pair of screens: the screen attributes' changes, then the two
    /// phones side by side.
    private func drawFile(_ entry: Entry, marks: ChangeMarks, anchor: String, heading: Bool, into out: inout HTMLBuffer) {
        let changeset = entry.changeset
        out.markup(built: "<section class=\"file\" id=\"\(anchor)\">\n")
        if heading {
            out.markup(built: "<h2 class=\"file-head\"><a href=\"#\(anchor)\"><code>")
            out.text(entry.path)
            out.markup(built: "</code></a> <span class=\"status\">\(entry.status)</span></h2>\n")
            drawSummary(changeset.summary, into: &out)
        }
        if changeset.isIdentical {
            out.markup("<p class=\"note\">The screens are identical.</p>\n")
        }
        if let screen = marks.screen {
            out.markup("<div class=\"screen-fields\"><b>~ screen attributes updated</b>\n")
            HTMLScreenDrawing.drawFields(screen.fields, into: &out)
            out.markup("</div>\n")
        }
        out.markup("<div class=\"screens\">\n")
        let sides = [(ChangeMarks.Side.old, changeset.oldName, entry.old), (.new, changeset.newName, entry.new)].map {
            side, name, screen in
            HTMLScreenDrawing(
                side: side, fileName: screen.map { _ in name }, screen: screen, marks: marks, anchor: Array(anchor.utf8),
                options: self, contextDetails: changeset.changes.count <= contextDetailsLimit)
        }
        for side in sides { side.draw(into: &out) }
        out.markup("</div>\n</section>\n")
    }
}
