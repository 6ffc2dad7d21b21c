import BentoJSON

/// `--format unified`: a unified diff, as `diff -u` writes it, between the
/// outlines `bento show` prints for the two screens.
///
/// The outlines are aligned by identity, not by a longest common subsequence
/// of lines: a line stays (is context) when its section or row is matched,
/// keeps its place (the changeset does not move it) and reads the same. So a
/// moved row is a `-` line at its old place and a `+` line at its new one, an
/// updated row a `-` and a `+` line at its place, and the neighbours of
/// either are context, never spurious changes. A moved section moves with
/// its header, rows and footer.
///
/// Hunks have `context` lines of context (hunks closer than twice that are
/// merged, as diff does) and say in their header where they start, as git
/// does with a function name: `@@ -4,6 +4,7 @@ section "first"` (in the
/// pinned box: `pinnedToBottomBox section "actions"`). A range of 0 lines
/// gives the line before it (`-3,0`), a range of 1 line no count (`-4`).
/// GNU `patch` applied to the old outline gives exactly the new outline.
/// Outlines always end with a newline, so `\ No newline at end of file`
/// never occurs. Colour, when on, is git's: bold file names, cyan hunk
/// ranges, red `-` lines, green `+` lines.
public struct UnifiedRenderer: Sendable {
    /// Lines of context around each change (`-U N`).
    public var context: Int
    /// The colours, or none.
    public var palette: Palette

    /// A renderer with `context` lines around each change and `palette`.
    public init(context: Int = 3, palette: Palette = .plain) {
        self.context = max(0, context)
        self.palette = palette
    }

    /// The diff of the outlines of `old` and `new`, or "" when they are the
    /// same. Headers name the files as `changeset` names them; the fields
    /// the changeset was made ignoring are left out of the outlines, so that
    /// they make no lines. A side that is no file (`oldAbsent`, `newAbsent`:
    /// `/dev/null`, as git passes it for an added or deleted file) has no
    /// outline at all, so the report is only `+` or only `-` lines, as
    /// `diff -u` writes a file against `/dev/null`.
    /// - Complexity: O(n log n) in the number of outline lines.
    public func render(
        _ changeset: Changeset, old: Screen, new: Screen, oldAbsent: Bool = false, newAbsent: Bool = false
    ) -> String {
        String(
            decoding: pieces(changeset, old: old, new: new, oldAbsent: oldAbsent, newAbsent: newAbsent).joinedBytes(),
            as: UTF8.self)
    }

    /// `render`'s text in pieces, in order: the file names, then each
    /// hunk, made on all cores (and written out without joining them).
    /// - Complexity: O(n log n) in the number of outline lines.
    public func pieces(
        _ changeset: Changeset, old: Screen, new: Screen, oldAbsent: Bool = false, newAbsent: Bool = false
    ) -> [[UInt8]] {
        let old = changeset.ignoring.masked(old), new = changeset.ignoring.masked(new)
        // Lines are aligned by the parts they show; only the lines a hunk
        // prints are written out.
        let (a, b) = Parallel.both(
            { oldAbsent ? [] : OutlineRenderer.elements(old) }, { newAbsent ? [] : OutlineRenderer.elements(new) })
        let kept = oldAbsent || newAbsent ? [] : Self.keptPairs(changeset, old: old, new: new, a, b)
        let edits = Self.edits(a, b, keeping: kept)
        guard edits.contains(where: { $0.kind != .context }) else { return [] }
        let header =
            palette.bold("--- \(PathQuoting.header(changeset.oldName))") + "\n" + palette.bold("+++ \(PathQuoting.header(changeset.newName))")
            + "\n"
        let headings = Self.headings(a)
        let palette = self.palette
        // The codes `delete` and `insert` put around a line (none without colour).
        let (red, green) = (palette.codes(.delete), palette.codes(.insert))
        // A hunk's lines are written in parts of about `Self.bytesPerPart`,
        // all parts of all hunks on all cores: one hunk may be the whole
        // report (a section reversed), and one line may weigh megabytes (a
        // row of 100k members), the next line as much. Lines are whole in a
        // part, and escaping is per scalar, so each part is escaped on its own.
        let hunks = hunks(edits)
        let parts = hunks.indices.flatMap { h in
            let weights = edits[hunks[h]].map { edit in
                edit.kind == .insert
                    ? OutlineRenderer.weight(of: b[edit.newLine], in: new) : OutlineRenderer.weight(of: a[edit.oldLine], in: old)
            }
            let (runs, sums) = Parallel.runs(weighing: weights, atLeast: Self.bytesPerPart)
            return zip(runs, sums).map { run, weight in
                (hunk: h, lines: hunks[h].lowerBound + run.lowerBound..<hunks[h].lowerBound + run.upperBound, weight: weight)
            }
        }
        let written = parts.concurrentMap { part -> Part in
            var written = Part(reserving: part.weight)
            for edit in edits[part.lines] {
                switch edit.kind {
                case .context: written.context(a[edit.oldLine], of: old)
                case .delete: written.changed(a[edit.oldLine], of: old, "-", red)
                case .insert: written.changed(b[edit.newLine], of: new, "+", green)
                }
            }
            written.escapeInvisible()
            return written
        }
        var texts: [[UInt8]] = []
        var next = 0
        for hunk in hunks {
            let first = edits[hunk.lowerBound]
            let oldCount = edits[hunk].filter { $0.kind != .insert }.count
            let newCount = edits[hunk].filter { $0.kind != .delete }.count
            let range = "@@ -\(Self.range(first.oldLine, oldCount)) +\(Self.range(first.newLine, newCount)) @@"
            // The part the hunk starts in: its first old line, or the line
            // before an empty old range.
            let at = oldCount > 0 ? first.oldLine : first.oldLine - 1
            let heading = at >= 0 ? Self.heading(headings[at], a, old) : nil
            // What the hunk removes and adds, to say when they differ only
            // in Unicode normalization (the lines would read the same).
            var end = next
            while end < parts.count && parts[end].lines.upperBound <= hunk.upperBound { end += 1 }
            let hint = Part.hint(written[next..<end])
            let line = palette.fragment(range) + (heading.map { " " + $0 } ?? "") + (hint.map { " " + $0 } ?? "") + "\n"
            texts.append(Array(OneLine.escapingInvisible(line).utf8))
            texts += written[next..<end].map(\.text)
            next = end
        }
        return [Array(OneLine.escapingInvisible(header).utf8)] + texts
    }

    /// About how many bytes of a hunk are written per part, on one core (a
    /// few thousand lines of rows).
    static let bytesPerPart = 256 << 10

    // MARK: Alignment

    /// One line of the edit script, with the 0-based line numbers in each
    /// outline where it stands (for a delete, `newLine` is the new line it
    /// precedes; for an insert, `oldLine` likewise).
    struct Edit: Equatable {
        enum Kind: Equatable { case context, delete, insert }
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    /// Pairs of (old line, new line) that stay: matched parts, not moved by
    /// the changeset, that read the same. Increasing in both. Whether two
    /// lines read the same comes from the model (an outline line is a
    /// function of its part's value): the attributes or the header compared,
    /// a row the changeset does not update.
    ///
    /// In a pair of matched sections that stays, the rows that stay are
    /// what is left of each side once the changeset's rows are taken out
    /// (old rows deleted or moved away, new rows inserted or moved in): they
    /// are in the same order on both sides, so they pair up one by one,
    /// with no look-up by id.
    static func keptPairs(
        _ changeset: Changeset, old: Screen, new: Screen, _ a: [OutlineLine.Element], _ b: [OutlineLine.Element]
    ) -> [(Int, Int)] {
        let oldLine = LineIndex(a, old), newLine = LineIndex(b, new)
        var pairs: [(Int, Int)] = []
        pairs.reserveCapacity(min(a.count, b.count))
        func keep(_ x: OutlineLine.Element, _ y: OutlineLine.Element, same: Bool = true) {
            guard same, let i = oldLine[x], let j = newLine[y] else { return }
            pairs.append((i, j))
        }
        keep(.screen, .screen, same: old.attributes == new.attributes)
        let places = ChangePlace.places(of: changeset.changes)
        for name in BoxName.allCases {
            keep(.box(name), .box(name))
            let oldBox = old[box: name], newBox = new[box: name]
            // The rows the changeset takes out of the old side (true) or
            // brings into the new side, and the updated old rows, each box's
            // rows end to end (`oldBase`, `newBase`: where each section's
            // rows start): one array each, not one per section.
            let (oldBase, newBase) = (oldBox.rowStarts, newBox.rowStarts)
            var gone = [Bool](repeating: false, count: oldBase[oldBox.sections.count])
            var updated = gone
            var arrived = [Bool](repeating: false, count: newBase[newBox.sections.count])
            var movedSections = Set<Int>()
            for place in places where place.box == name {
                switch (place.kind, place.op, place.from, place.to) {
                case (.section, .move, let from?, _):
                    movedSections.insert(from.section)
                case (.row, .delete, let from?, _):
                    gone[oldBase[from.section] + from.row!] = true
                case (.row, .insert, _, let to?):
                    arrived[newBase[to.section] + to.row!] = true
                case (.row, .move, let from?, let to?):
                    gone[oldBase[from.section] + from.row!] = true
                    arrived[newBase[to.section] + to.row!] = true
                case (.row, .update, let from?, _):
                    updated[oldBase[from.section] + from.row!] = true
                default:
                    break
                }
            }
            var oldSectionIndex: [ScreenID: Int] = [:]
            for (i, section) in oldBox.sections.enumerated() { oldSectionIndex[section.id] = i }
            for (j, section) in newBox.sections.enumerated() {
                guard let i = oldSectionIndex[section.id], !movedSections.contains(i) else { continue }
                let oldSection = oldBox.sections[i]
                keep(.section(name, section: i), .section(name, section: j))
                keep(.header(name, section: i), .header(name, section: j), same: oldSection.header == section.header)
                if let oldFirst = oldLine.firstRowLine(name, section: i), let newFirst = newLine.firstRowLine(name, section: j) {
                    var r = 0, c = 0
                    let (oldRows, newRows) = (oldSection.rows.count, section.rows.count)
                    let (o, n) = (oldBase[i], newBase[j])
                    while true {
                        while r < oldRows && gone[o + r] { r += 1 }
                        while c < newRows && arrived[n + c] { c += 1 }
                        guard r < oldRows && c < newRows else { break }
                        // Only a changeset of other screens could pair two ids.
                        if !updated[o + r] && oldSection.rows[r].id == section.rows[c].id {
                            pairs.append((oldFirst + r, newFirst + c))
                        }
                        r += 1
                        c += 1
                    }
                }
                keep(.footer(name, section: i), .footer(name, section: j), same: oldSection.footer == section.footer)
            }
        }
        // The pairs are increasing by construction (sections and rows that do
        // not move keep their order); the filter only guards the invariant.
        pairs.sort { $0.0 < $1.0 }
        let increasing = LongestIncreasingSubsequence.members(of: pairs.map(\.1))
        return zip(pairs, increasing).filter(\.1).map(\.0)
    }

    /// Where each part's line is in an outline, worked out from where each
    /// section's line is: a section's header, rows and footer follow it.
    private struct LineIndex {
        let lines: [OutlineLine.Element]
        let screen: Screen
        private var boxLine: [BoxName: Int] = [:]
        private var sectionLine: [BoxName: [Int]] = [:]

        init(_ lines: [OutlineLine.Element], _ screen: Screen) {
            self.lines = lines
            self.screen = screen
            for (k, element) in lines.enumerated() {
                switch element {
                case .box(let name): boxLine[name] = k
                case .section(let name, _): sectionLine[name, default: []].append(k)
                default: break
                }
            }
        }

        subscript(element: OutlineLine.Element) -> Int? {
            switch element {
            case .screen:
                return lines.isEmpty ? nil : 0
            case .box(let name):
                return boxLine[name]
            case .section(let name, let s):
                return sectionLine[name]?[s]
            case .header(let name, let s):
                guard let k = sectionLine[name]?[s], screen[box: name].sections[s].header != nil else { return nil }
                return k + 1
            case .row(let name, let s, let r):
                return firstRowLine(name, section: s).map { $0 + r }
            case .footer(let name, let s):
                guard let k = sectionLine[name]?[s] else { return nil }
                let section = screen[box: name].sections[s]
                guard section.footer != nil else { return nil }
                return k + 1 + (section.header != nil ? 1 : 0) + section.rows.count
            }
        }

        /// The line of the first row of section `s` (where it would be,
        /// for a section without rows).
        func firstRowLine(_ name: BoxName, section s: Int) -> Int? {
            guard let k = sectionLine[name]?[s] else { return nil }
            return k + 1 + (screen[box: name].sections[s].header != nil ? 1 : 0)
        }
    }

    /// The edit script: between two kept pairs, the old lines are deleted
    /// and then the new ones inserted, as diff writes a change.
    static func edits<Line>(_ a: [Line], _ b: [Line], keeping pairs: [(Int, Int)]) -> [Edit] {
        var edits: [Edit] = []
        edits.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        for (x, y) in pairs + [(a.count, b.count)] {
            while i < x {
                edits.append(Edit(kind: .delete, oldLine: i, newLine: j))
                i += 1
            }
            while j < y {
                edits.append(Edit(kind: .insert, oldLine: i, newLine: j))
                j += 1
            }
            if x < a.count {
                edits.append(Edit(kind: .context, oldLine: i, newLine: j))
                i += 1
                j += 1
            }
        }
        return edits
    }

    // MARK: Hunks

    /// Ranges of the edit script, each a hunk: its changes with `context`
    /// lines around them; changes at most `2 × context` lines apart share one.
    func hunks(_ edits: [Edit]) -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        var k = 0
        while k < edits.count {
            guard edits[k].kind != .context else {
                k += 1
                continue
            }
            let start = max(0, k - context)
            var end = k  // one past the last change so far
            while end < edits.count {
                if edits[end].kind != .context {
                    end += 1
                    continue
                }
                // A run of context: does another change follow close enough?
                var next = end
                while next < edits.count && edits[next].kind == .context { next += 1 }
                if next < edits.count && next - end <= 2 * context {
                    end = next
                } else {
                    break
                }
            }
            let stop = min(edits.count, end + context)
            hunks.append(start..<stop)
            k = stop
        }
        return hunks
    }

    /// `l,s` as a hunk header writes it: `s` left out when it is 1; for an
    /// empty range, `l` is the line before it.
    static func range(_ firstLine: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(firstLine),0"
        case 1: "\(firstLine + 1)"
        default: "\(firstLine + 1),\(count)"
        }
    }

    /// For each old line, the line of the part it belongs to: the nearest
    /// box or section line at or above it (-1 above the first box).
    static func headings(_ lines: [OutlineLine.Element]) -> [Int] {
        var current = -1
        return lines.enumerated().map { k, element in
            switch element {
            case .box, .section: current = k
            default: break
            }
            return current
        }
    }

    /// The heading a hunk header names for heading line `k`: the box, or
    /// the section line (its box named too when it is not `box`).
    static func heading(_ k: Int, _ lines: [OutlineLine.Element], _ screen: Screen) -> String? {
        guard k >= 0 else { return nil }
        switch lines[k] {
        case .box(let name):
            return name.rawValue
        case .section(let name, _):
            let section = OutlineRenderer.text(of: lines[k], in: screen).drop { $0 == " " }
            return name == .box ? String(section) : "\(name.rawValue) \(section)"
        default:
            return nil
        }
    }
}
