import BentoJSON

/// Draws one side of an HTML report: one screen as a phone-width list, with
/// its title bar, its sections (header, rows as cards, footer) and its
/// `pinnedToBottomBox` pinned at the bottom; the changed sections and rows
/// marked, unchanged runs folded.
///
/// Every marked element carries the classes `mark`, its kind (`scr`, `sec`,
/// `row`), its operation (`ins`, `del`, `mov`, `upd`) and its side
/// (`on-old`, `on-new`), so that tests and tools can count them in the DOM.
struct HTMLScreenDrawing: Sendable {
    var side: ChangeMarks.Side
    /// The file shown on this side; nil when there is none (a screen added or
    /// removed in directory mode).
    var fileName: String?
    var screen: Screen?
    var marks: ChangeMarks
    /// Prefix of this file's element ids (`f1`), unique in the page: its
    /// bytes, written with every label.
    var anchor: [UInt8]
    var options: HTMLRenderer
    /// Unchanged cards list their other members too (see
    /// `HTMLRenderer.contextDetailsLimit`).
    var contextDetails: Bool

    /// Rows drawn in one part of the page: a longer section is drawn a
    /// part of its rows at a time, on all cores.
    static let rowsInOnePart = 512

    /// The rows of an inserted or deleted section shown before folding.
    static let wholeSectionRowsShown = 10
    /// Unchanged sections kept around a changed one, and the fewest that fold.
    static let contextSections = 1
    static let minimumSectionFold = 4

    /// - Complexity: O(n) in the size of the screen.
    func draw(into out: inout HTMLBuffer) {
        out.markup(built: "<div class=\"side \(side.rawValue)\">\n<div class=\"side-label\"><span class=\"side-tag\">\(side.rawValue)</span> ")
        if let fileName {
            out.markup("<code>")
            out.text(fileName)
            out.markup("</code>")
        } else {
            out.markup("<span class=\"muted\">no file</span>")
        }
        out.markup("</div>\n<div class=\"phone\">\n")
        guard let screen else {
            out.markup("<div class=\"nav\"><span class=\"muted\">no screen on this side</span></div>\n<div class=\"scroll\"></div>\n</div>\n</div>\n")
            return
        }
        drawNavigationBar(screen, into: &out)
        out.markup("<div class=\"scroll\">\n")
        drawBox(.box, screen.box, into: &out)
        out.markup("</div>\n")
        if let pinned = screen.pinnedToBottomBox {
            out.markup("<div class=\"pinned\">\n<div class=\"box-label\">pinnedToBottomBox</div>\n")
            drawBox(.pinnedToBottomBox, pinned, into: &out)
            out.markup("</div>\n")
        }
        out.markup("</div>\n</div>\n")
    }

    // MARK: Title bar

    private func drawNavigationBar(_ screen: Screen, into out: inout HTMLBuffer) {
        let updated = marks.screen != nil
        out.markup(built: updated ? "<div class=\"nav mark scr upd on-\(side.rawValue)\">" : "<div class=\"nav\">")
        out.markup("<div class=\"nav-title\">")
        if let title = screen.title { out.text(title) } else { out.markup("<span class=\"muted\">no title</span>") }
        out.markup("</div>")
        if updated { out.markup("<span class=\"badge\">~ attributes updated</span>") }
        if !screen.attributes.isEmpty {
            out.markup("<details class=\"more\"><summary>attributes</summary><pre>")
            out.text(JSONWriter(style: .pretty).string(.object(screen.attributes)))
            out.markup("</pre></details>")
        }
        out.markup("</div>\n")
    }

    // MARK: Boxes and sections

    private func drawBox(_ name: BoxName, _ box: Box, into out: inout HTMLBuffer) {
        if box.sections.isEmpty {
            out.markup("<div class=\"empty muted\">no sections</div>\n")
            return
        }
        let segments = Folding.segments(
            count: box.sections.count, context: Self.contextSections, minimumFold: Self.minimumSectionFold
        ) { marks.touches(name, side, section: $0) }
        // Sections are drawn when the page is written, on all cores, each
        // into a buffer of its own with room for its cards at once (a
        // buffer that grows copies itself). Each drawing holds the one
        // shared copy of this side's drawing: a copy of its own, for each
        // of thousands of sections, would be made and torn down one at a
        // time while no other core has work.
        let shared = Shared(self)
        func drawn(_ s: Int) {
            // A long section is drawn in parts, so that one section of
            // 100k rows is drawn on all cores too.
            guard box.sections[s].rows.count <= Self.rowsInOnePart else {
                return drawSection(name, box.sections[s], at: s, into: &out)
            }
            out.draw(
                later: HTMLBuffer.Drawing(size: drawnSize(name, box.sections[s], at: s)) { buffer in
                    shared.drawing.drawSection(name, box.sections[s], at: s, into: &buffer)
                })
        }
        for segment in segments {
            switch segment {
            case .show(let range):
                for s in range { drawn(s) }
            case .fold(let range):
                let rows = box.sections[range].reduce(0) { $0 + $1.rows.count }
                out.markup("<details class=\"fold sec-fold\"><summary>… ")
                out.count(range.count)
                out.markup(" unchanged sections (")
                out.count(rows)
                out.markup(rows == 1 ? " row) …</summary>\n" : " rows) …</summary>\n")
                for s in range { drawn(s) }
                out.markup("</details>\n")
            }
        }
    }

    /// About the bytes section `s`'s drawing takes: a card's top and main
    /// texts, and its members where it lists them (marked, or with
    /// `contextDetails`), whose HTML is about as long as their JSON. A
    /// section holding a row of 100k members weighs as much as it draws, so
    /// it is drawn on a core of its own, into a buffer that does not grow.
    /// - Complexity: O(n) in the section's rows.
    private func drawnSize(_ box: BoxName, _ section: Section, at s: Int) -> Int {
        var size = 1024 + 640 * section.rows.count
        for r in section.rows.indices where contextDetails || marks.hasRow(box, side, s, r) {
            size += section.rows[r].component.content.count
        }
        return size
    }

    private func drawSection(_ box: BoxName, _ section: Section, at s: Int, into out: inout HTMLBuffer) {
        let mark = marks.section(box, side, s)
        out.markup("<section class=\"sec")
        if let mark { drawMarkClasses(" mark sec ", mark, into: &out) }
        out.markup("\"")
        drawAnchor(mark, into: &out)
        out.markup(">\n<div class=\"sec-bar\"><span class=\"sid\">section <code>")
        out.text(section.id.canonical)
        out.markup("</code> [")
        out.markup(number: s)
        out.markup("]</span>")
        if let mark { drawBadge(mark, kind: .section, into: &out) }
        out.markup("</div>\n")
        if let mark { drawWhere(mark, kind: .section, into: &out) }
        if let header = section.header { drawSupplement("sh", header, into: &out) }
        if let mark, side == .new { Self.drawFields(mark.fields, into: &out) }
        out.markup("<div class=\"rows\">\n")
        let whole = mark.flatMap { $0.op == .insert || $0.op == .delete ? $0.op : nil }
        drawRows(box, section, at: s, whole: whole, into: &out)
        out.markup("</div>\n")
        if let footer = section.footer { drawSupplement("sf", footer, into: &out) }
        out.markup("</section>\n")
    }

    /// A header (`sh`) or footer (`sf`): its type and main text; a click
    /// shows the rest.
    private func drawSupplement(_ cssClass: StaticString, _ component: Component, into out: inout HTMLBuffer) {
        ComponentText.withText(of: component.content, limit: 2) { text, bytes in
            Self.openDisclosure(text, lineClass: cssClass, into: &out)
            out.markup("<span class=\"type\">")
            out.text(component.type)
            out.markup("</span>")
            for k in 0..<text.mainTextCount {
                out.markup(" <span class=\"sup-text\">")
                text.appendLine(k, of: bytes, to: &out)
                out.markup("</span>")
            }
            Self.closeDisclosure(text, bytes, into: &out)
        }
    }

    /// Opens a line of class `lineClass`: the summary of a `<details>` that
    /// lists the component's other members, or a plain `<div>` when there
    /// are none. What the line shows goes between this and `closeDisclosure`.
    private static func openDisclosure(_ text: ComponentText, lineClass: StaticString, into out: inout HTMLBuffer) {
        out.markup(text.restCount == 0 ? "<div class=\"" : "<details class=\"more\"><summary class=\"")
        out.markup(lineClass)
        out.markup("\">")
    }

    /// Closes the line `openDisclosure` opened, with the other members of
    /// the component's text `bytes`.
    private static func closeDisclosure(_ text: ComponentText, _ bytes: Span<UInt8>, into out: inout HTMLBuffer) {
        guard text.restCount > 0 else { return out.markup("</div>\n") }
        out.markup("</summary><pre>")
        var first = true
        text.forEachRest(in: bytes) { member, inProps in
            out.markup(first ? "<b>" : "\n<b>")
            first = false
            ComponentText.appendPointer(member, inProps: inProps, of: bytes, to: &out)
            out.markup("</b>: ")
            out.text(utf8: bytes.extracting(member.value))
        }
        out.markup("</pre></details>\n")
    }

    // MARK: Rows

    /// The rows of a section, folded. The rows of a section inserted or
    /// deleted as a whole (`whole`) are not marked one by one: the first few
    /// are shown and the rest fold.
    private func drawRows(_ box: BoxName, _ section: Section, at s: Int, whole: Change.Operation?, into out: inout HTMLBuffer) {
        let segments: [Folding.Segment]
        if whole != nil {
            segments = Folding.segments(count: section.rows.count, context: 0, minimumFold: options.minimumFold) {
                $0 < Self.wholeSectionRowsShown
            }
        } else {
            // The section's marks taken out first: a closure reading them
            // through `self` would hold a copy of the whole drawing, whose
            // references every core counts up and down.
            let marked = marks.rowMarks(box, side, s)
            segments = Folding.segments(
                count: section.rows.count, context: options.contextRows, minimumFold: options.minimumFold
            ) { $0 < marked.count && marked[$0] >= 0 }
        }
        for segment in segments {
            switch segment {
            case .show(let range):
                drawRows(range, of: section, as: .cards(box, s), into: &out)
            case .fold(let range):
                out.markup("<details class=\"fold\"><summary>… ")
                out.count(range.count)
                switch whole {
                case .insert?: out.markup(" more inserted")
                case .delete?: out.markup(" more deleted")
                default: out.markup(" unchanged")
                }
                out.markup(range.count == 1 ? " row …</summary>\n" : " rows …</summary>\n")
                drawRows(range, of: section, as: .lines, into: &out)
                out.markup("</details>\n")
            }
        }
    }

    /// How the rows of a segment are drawn: as cards, with the marks of
    /// section `s` of a box, or as folded lines. A value, not a closure: a
    /// section of a few rows is drawn with nothing allocated for it.
    private enum RowStyle: Sendable {
        case cards(BoxName, Int)
        case lines
    }

    /// Rows `range` of `section`, each drawn in `style`: here, or, in a long
    /// section (drawn into the page itself), in parts drawn later on all
    /// cores. The rows are lent, not copied, to the drawing.
    private func drawRows(_ range: Range<Int>, of section: Section, as style: RowStyle, into out: inout HTMLBuffer) {
        guard section.rows.count > Self.rowsInOnePart else {
            section.rows.withSpan { rows in
                var type = TypeName()
                for r in range { drawRow(rows, r, as: style, type: &type, into: &out) }
            }
            return
        }
        let shared = Shared(self)
        for start in stride(from: range.lowerBound, to: range.upperBound, by: Self.rowsInOnePart) {
            let part = start..<min(start + Self.rowsInOnePart, range.upperBound)
            out.draw(
                later: HTMLBuffer.Drawing(size: 640 * part.count) { buffer in
                    section.rows.withSpan { rows in
                        var type = TypeName()
                        for r in part { shared.drawing.drawRow(rows, r, as: style, type: &type, into: &buffer) }
                    }
                })
        }
    }

    private func drawRow(_ rows: Span<Node>, _ r: Int, as style: RowStyle, type: inout TypeName, into out: inout HTMLBuffer) {
        type.read(rows, r)
        switch style {
        case .cards(let box, let s): drawCard(rows, r, type: type.name, mark: marks.row(box, side, s, r), into: &out)
        case .lines: drawLine(rows, r, type: type.name, into: &out)
        }
    }

    /// The component type of the row drawn last, kept while the rows after
    /// it have the same: all rows of a type share one string
    /// (`Component.typeNames`), and each read of it from the rows would
    /// count its references up and down, on every core drawing rows.
    private struct TypeName {
        private(set) var name = ""

        /// Takes the type of row `r`, unless it is the one kept.
        mutating func read(_ rows: Span<Node>, _ r: Int) {
            if !CodePoints.sameBits(name, rows[r].component.type) { name = rows[r].component.type }
        }
    }

    /// A folded unchanged row, on one line: its type, its main text, its id.
    /// Few elements per row keep a page of 100,000 rows small and quick.
    ///
    /// Each part of the row is read where it lies (`rows[r].id.canonical`),
    /// not through a copy of the row: a copy would count up and down the
    /// references to its text blocks and type name, which the rows drawn on
    /// the other cores share.
    private func drawLine(_ rows: Span<Node>, _ r: Int, type: String, into out: inout HTMLBuffer) {
        out.markup("<div class=\"line\"><b>")
        out.text(type)
        out.markup("</b>")
        // First-strong isolate: a direction override in the text ends with it.
        ComponentText.appendTitle(of: rows[r].component.content, between: "\u{2068}", and: "\u{2069}", to: &out)
        out.markup("<code>")
        out.text(rows[r].id.canonical)
        out.markup("</code></div>\n")
    }

    /// A row: its type, id and badge on top (a click shows its other
    /// members, unless the card is unchanged and `contextDetails` is off),
    /// where a move went, its main texts, its field changes. Row `r` is read
    /// where it is, not copied (see `drawLine`).
    private func drawCard(_ rows: Span<Node>, _ r: Int, type: String, mark: ChangeMarks.Mark?, into out: inout HTMLBuffer) {
        if let mark {
            out.markup("<div class=\"card")
            drawMarkClasses(" mark row ", mark, into: &out)
            out.markup("\"")
            drawAnchor(mark, into: &out)
            out.markup(">")
        } else {
            out.markup("<div class=\"card\">")
        }
        // The id is the row's own (no other core reads it), and the span
        // cannot be held by the closure.
        let id = rows[r].id.canonical
        ComponentText.withText(of: rows[r].component.content, rest: mark != nil || contextDetails) { text, bytes in
            Self.openDisclosure(text, lineClass: "top", into: &out)
            out.markup("<span class=\"type\">")
            out.text(type)
            out.markup("</span><code class=\"rid\"")
            // No more bytes than the width: no more scalars either.
            if id.utf8.count > Self.idWidth && id.unicodeScalars.count > Self.idWidth {
                out.markup(" title=\"")
                out.attribute(id)
                out.markup("\"")
            }
            out.markup(">")
            out.text(id)
            out.markup("</code>")
            if let mark { drawBadge(mark, kind: .row, into: &out) }
            Self.closeDisclosure(text, bytes, into: &out)
            if let mark { drawWhere(mark, kind: .row, into: &out) }
            for k in 0..<text.mainTextCount {
                out.markup(k == 0 ? "<div class=\"t\">" : "</div><div class=\"d\">")
                text.appendLine(k, of: bytes, to: &out)
            }
            if text.mainTextCount > 0 { out.markup("</div>") }
        }
        if let mark, side == .new { Self.drawFields(mark.fields, into: &out) }
        out.markup("</div>\n")
    }

    /// Ids longer than this may not fit on a card: their full text is a tooltip.
    static let idWidth = 24

    /// A drawing shared by the parts of a page drawn later.
    final class Shared: Sendable {
        let drawing: HTMLScreenDrawing
        init(_ drawing: HTMLScreenDrawing) { self.drawing = drawing }
    }
}
