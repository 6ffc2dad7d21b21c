import BentoJSON

/// A unified diff of two texts line by line, as `diff -u` writes it: what
/// `bento git-diff` shows for a file that is not a valid screen, so that git
/// goes on to the next file.
///
/// Lines are matched by `LineMatch` (patience diff, then a bounded Myers):
/// never slower than O(n log n) plus a linear term, on unrelated texts too.
/// A last line without a line end is followed by `\ No newline at end of
/// file`. Colour, when on, is git's.
public struct LineDiffRenderer: Sendable {
    /// Lines of context around each change.
    public var context: Int
    /// The colours, or none.
    public var palette: Palette

    /// A renderer with `context` lines around each change and `palette`.
    public init(context: Int = 3, palette: Palette = .plain) {
        self.context = max(0, context)
        self.palette = palette
    }

    /// The diff of `old` and `new`, headed `--- oldName` and `+++ newName`;
    /// empty when the texts are the same.
    /// - Complexity: O(n log n) in the number of lines, plus O(n) for each
    ///   stretch without common unique lines (see `LineMatch`).
    public func render(old: [UInt8], new: [UInt8], oldName: String, newName: String) -> [UInt8] {
        let a = Lines(old), b = Lines(new)
        var numbers: [Lines.Key: Int] = [:]
        func number(_ lines: Lines) -> [Int] {
            lines.keys.map { key in
                if let n = numbers[key] { return n }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
        }
        let (x, y) = (number(a), number(b))
        let edits = UnifiedRenderer.edits(x, y, keeping: LineMatch.pairs(x, y))
        guard edits.contains(where: { $0.kind != .context }) else { return [] }
        var out = Array(
            (palette.bold("--- \(PathQuoting.header(oldName))") + "\n" + palette.bold("+++ \(PathQuoting.header(newName))") + "\n")
                .utf8)
        let (red, green) = (palette.codes(.delete), palette.codes(.insert))
        let renderer = UnifiedRenderer(context: context, palette: palette)
        for hunk in renderer.hunks(edits) {
            let first = edits[hunk.lowerBound]
            let oldCount = edits[hunk].filter { $0.kind != .insert }.count
            let newCount = edits[hunk].filter { $0.kind != .delete }.count
            out += Array(
                palette.fragment(
                    "@@ -\(UnifiedRenderer.range(first.oldLine, oldCount)) +\(UnifiedRenderer.range(first.newLine, newCount)) @@")
                    .utf8)
            out.append(0x0A)
            for edit in edits[hunk] {
                switch edit.kind {
                case .context: a.write(edit.oldLine, marked: UInt8(ascii: " "), codes: ([], []), to: &out)
                case .delete: a.write(edit.oldLine, marked: UInt8(ascii: "-"), codes: red, to: &out)
                case .insert: b.write(edit.newLine, marked: UInt8(ascii: "+"), codes: green, to: &out)
                }
            }
        }
        return out
    }

    /// A text's lines: where each is, without its line feed.
    private struct Lines {
        let text: [UInt8]
        let ranges: [Range<Int>]
        /// Whether the last line has no line feed.
        let lastIsIncomplete: Bool

        /// A line's content, and whether it ends without a line feed (a
        /// line that does differs from the same line that does not, as in diff).
        struct Key: Hashable {
            let bytes: ArraySlice<UInt8>
            let incomplete: Bool
        }

        init(_ text: [UInt8]) {
            self.text = text
            var ranges: [Range<Int>] = []
            var start = 0
            while start < text.count {
                let end = text[start...].firstIndex(of: 0x0A) ?? text.count
                ranges.append(start..<end)
                start = end + 1
            }
            self.ranges = ranges
            lastIsIncomplete = !text.isEmpty && text.last != 0x0A
        }

        var keys: [Key] {
            ranges.indices.map { k in Key(bytes: text[ranges[k]], incomplete: isIncomplete(k)) }
        }

        private func isIncomplete(_ k: Int) -> Bool { lastIsIncomplete && k == ranges.count - 1 }

        /// Line `k` after `marker`, between `codes`, with its line end (and
        /// diff's note when the text has none).
        func write(_ k: Int, marked marker: UInt8, codes: (open: [UInt8], close: [UInt8]), to out: inout [UInt8]) {
            out += codes.open
            out.append(marker)
            out += text[ranges[k]]
            out += codes.close
            out.append(0x0A)
            if isIncomplete(k) { out += Array("\\ No newline at end of file\n".utf8) }
        }
    }
}
