/// Writes a `JSONEdit` of a text: the text's bytes wherever the edit keeps
/// them, new content in the text's style, in one forward pass.
///
/// Source 0 is the text edited: what stands before and after its document
/// (a byte-order mark, the final newline or its absence) is kept. Bytes
/// taken from a value at another depth, or from another source, are
/// re-indented line by line by the difference of the two lines'
/// indentation (JSON has no raw line break inside a string, so every line
/// break is layout), and take the edited text's line end.
public struct JSONEditWriter: Sendable {
    /// The texts the edit takes bytes from; 0 is the one edited. (A
    /// window on one stands for it while a value read far is written.)
    var sources: [SourceBytes]
    /// How new content is written: the text's style, or, while a child is
    /// written beside siblings that stand on one line, theirs
    /// (`siblingStyle`).
    public private(set) var style: TextStyle
    /// How conflicts are fenced.
    public let markers: ConflictMarkers
    /// How the work is shared and the sources read.
    public let options: Options
    var out: [UInt8] = []
    /// The text before `out`, in pieces, when they are kept.
    var pieces: [[UInt8]] = []
    /// Where the text before `out` goes when it is streamed: only the
    /// writer of the whole text has it (the writers of a list's runs
    /// hand their text back to it).
    var sink: PieceSink?
    /// The indentation of the line being written (while only white space
    /// has been written on it: so far).
    var indent: [UInt8] = []
    var atLineStart = true
    /// Whether this writes one run of a long list, on a core of its own.
    var isRunWriter = false
    /// The layouts new content was last written in, and the style and
    /// indentation each was made for, the latest last: most new rows of a
    /// list are laid out alike, and the values set inside changed rows
    /// alike, one level or two deeper.
    var layouts: [LaidOut] = []

    /// For each source, where this writer last copied from it.
    var nearby: [Int]

    /// A writer of edits of `sources[0]`, taking bytes from all `sources`.
    public init(
        sources: [SourceBytes], style: TextStyle, markers: ConflictMarkers = ConflictMarkers(), options: Options = Options()
    ) {
        self.sources = sources
        self.style = style
        self.markers = markers
        self.options = options
        nearby = Array(repeating: 0, count: sources.count)
    }

    /// The edited text, in pieces: source 0, its document (written at
    /// `whole`) written as `edit` says.
    /// - Complexity: O(n) in the size of the text written, plus, for each
    ///   container edited, O(c) in its c children.
    public static func write(
        _ edit: JSONEdit, sources: [SourceBytes], document whole: Range<Int>, style: TextStyle,
        markers: ConflictMarkers = ConflictMarkers(), options: Options = Options()
    ) -> [[UInt8]] {
        var writer = JSONEditWriter(sources: sources, style: style, markers: markers, options: options)
        writer.writeDocument(edit, at: whole)
        return writer.pieces + [writer.out]
    }

    /// The edited text, as `write` makes it, handed to `consume` piece by
    /// piece, in order, as it is written: a long list's runs are written
    /// ahead on all cores, and the text is never held whole. Nor are the
    /// sources, when mapped: each run hands back the pages it read, and
    /// the writer all of them every half megabyte it writes.
    /// - Complexity: as `write`.
    public static func stream(
        _ edit: JSONEdit, sources: [SourceBytes], document whole: Range<Int>, style: TextStyle,
        markers: ConflictMarkers = ConflictMarkers(), options: Options = Options(),
        to consume: sending @escaping ([UInt8]) -> Void
    ) {
        var writer = JSONEditWriter(sources: sources, style: style, markers: markers, options: options)
        var written = 0
        writer.sink = PieceSink { piece in
            consume(piece)
            written += piece.count
            if written >= options.writtenBetweenHandBacks {
                written = 0
                for source in sources { source.handBack() }
            }
        }
        writer.writeDocument(edit, at: whole)
        if !writer.out.isEmpty { writer.sink?.consume(writer.out) }
    }

    /// Source 0, its document (at `whole`) written as `edit` says.
    private mutating func writeDocument(_ edit: JSONEdit, at whole: Range<Int>) {
        let bytes = sources[0]
        append(bytes[0..<whole.lowerBound])
        write(edit)
        append(bytes[whole.upperBound..<bytes.count])
    }

    // MARK: Values

    mutating func write(_ edit: JSONEdit) {
        switch edit {
        case .keep(let s, let range):
            copyKept(range, of: s)
        case .object(let s, let layout, let items):
            writeContainer(s, layout, isObject: true, items)
        case .array(let s, let layout, let items):
            writeContainer(s, layout, isObject: false, items)
        case .container(let isObject, let items):
            writeFresh(isObject: isObject, items)
        case .new(let value):
            writeNew(value)
        case .newCompact(let text):
            writeNew(compact: text)
        case .spliced(let s, let range, let replaced):
            writeSpliced(s, range, replaced)
        }
    }

    typealias Span = JSONEdit.Span

    /// A container of source `s` edited, read from the file when far
    /// (`readingFar`).
    private mutating func writeContainer(_ s: Int, _ layout: JSONEdit.Layout, isObject: Bool, _ items: JSONEdit.Items) {
        readingFar(layout.whole, of: s) { $0.writeInPlace(s, layout, isObject: isObject, items) }
    }

    /// `write` run with `range` of source `s` read from the file when it
    /// is short and far from where this writer last copied (a row moved
    /// from another section), as a kept value is (`copyKept`): a window of
    /// the source stands for it meanwhile.
    mutating func readingFar(_ range: Range<Int>, of s: Int, _ write: (inout JSONEditWriter) -> Void) {
        guard readsFar(range, of: s) else {
            write(&self)
            return
        }
        let (whole, near) = (sources[s], nearby[s])
        sources[s] = SourceBytes(window: range, of: whole)
        write(&self)
        (sources[s], nearby[s]) = (whole, near)
    }

    private mutating func writeInPlace(_ s: Int, _ layout: JSONEdit.Layout, isObject: Bool, _ items: JSONEdit.Items) {
        let bytes = sources[s]
        let whole = layout.whole
        let close = whole.upperBound - 1
        let children = layout.children
        let from = lineIndent(s, whole.lowerBound), to = indent
        if items.hasConflict {
            // The children stand indented as the first one does.
            let inner = children.isEmpty ? nil : bytes[layout.firstGap]
            let childIndent = inner.flatMap { gap -> [UInt8]? in
                guard let newline = gap.lastIndex(of: 0x0A) else { return nil }
                let own = Array(gap[(newline + 1)...])
                return own.starts(with: from) ? to + own.dropFirst(from.count) : own
            }
            writeWithConflicts(isObject: isObject, items.all, source: s, spans: children, childIndent: childIndent)
            return
        }
        if items.count == 0 && !children.isEmpty {
            writeEmpty(isObject: isObject)
            return
        }
        if children.isEmpty {
            if items.count == 0 {
                copy(whole, of: s, from: from, to: to)
            } else {
                writeFresh(isObject: isObject, items.all, source: s, spans: children)
            }
            return
        }
        let context = Context(source: s, layout: layout, from: from, to: to)
        append(bytes[whole.lowerBound])
        if items.count >= options.childrenWrittenInParallel && !isRunWriter {
            writeInRuns(items, context)
        } else {
            write(items.all, 0..<items.count, context)
        }
        copy(layout.closingGap, of: s, from: from, to: to)
        append(bytes[close])
    }

    /// The children of a long list (a box's sections, a wide object's
    /// members), edited in place without conflicts, made and written in
    /// runs on all cores: a run's text does not depend on where the one
    /// before it ended (each child is written after the white space before
    /// it).
    private mutating func writeInRuns(_ items: JSONEdit.Items, _ context: Context) {
        // A run's writer writes the lists inside it (a long section's rows)
        // on its own core: the cores are busy with runs already.
        var runWriter = JSONEditWriter(sources: sources, style: style, markers: markers, options: options)
        runWriter.isRunWriter = true
        let template = runWriter
        let runs = Parallel.runs(covering: items.count, length: max(options.childrenPerRun, items.count / options.mostRuns))
        let handBackAfter = options.writtenBetweenHandBacks / 8
        // A run's text is about its share of the container's text, and a
        // quarter more: room made once, not grown from nothing by doubling.
        let share = context.layout.whole.count / max(items.count, 1)
        let written = { @Sendable (run: Range<Int>) -> [[UInt8]] in
            var writer = template
            writer.out.reserveCapacity(share * run.count * 5 / 4)
            writer.write(items[run], run, context)
            // What a large run read of a mapped source goes back once it is
            // written; a small run's, with the writer's every half megabyte.
            let written = writer.pieces.reduce(writer.out.count) { $0 + $1.count }
            if written >= handBackAfter { for source in writer.sources { source.handBack() } }
            return writer.pieces + [writer.out]
        }
        if sink != nil {
            Parallel.streamed(
                runs.count, ahead: options.runsAhead, weight: { _ in 1 }, make: { written(runs[$0]) },
                consume: { for piece in $0 { add(piece: piece) } })
        } else {
            for text in runs.concurrentMap(written) {
                for piece in text { add(piece: piece) }
            }
        }
    }

    /// What the children of a container edited in place are written with.
    struct Context {
        var source: Int
        var layout: JSONEdit.Layout
        /// The indentation of the container's line in its source, and where it is written.
        var from: [UInt8], to: [UInt8]
    }

    /// Children `run` of a container edited in place (none in conflict),
    /// given in `made` (the children of `run` alone), each after the gap
    /// it owns (`JSONEdit.Layout.gap(before:origin:)`).
    private mutating func write(_ made: [JSONEdit.Item], _ run: Range<Int>, _ context: Context) {
        let items = OffsetItems(items: made, offset: run.lowerBound)
        let (s, layout, from, to) = (context.source, context.layout, context.from, context.to)
        let children = layout.children
        var k = run.lowerBound
        while k < run.upperBound {
            guard case .child(let child) = items[k] else { break }
            let gap = layout.gap(before: k, origin: child.origin)
            // A run of children kept where they were, in order, each after
            // the gap it stands after in the source, is one copy.
            if let j = child.origin, case .copied(let own) = gap, own.upperBound == children[j].start,
                child.value.keeps(children[j].value, of: s)
            {
                var last = j, next = k + 1
                while next < run.upperBound, case .child(let following) = items[next], following.origin == last + 1,
                    following.value.keeps(children[last + 1].value, of: s)
                {
                    last += 1
                    next += 1
                }
                copy(own.lowerBound..<children[last].value.upperBound, of: s, from: from, to: to)
                k = next
                continue
            }
            defer { k += 1 }
            // A child from elsewhere is written as its nearest sibling is.
            // The style is put back only where it was changed: a copy of it
            // counts its arrays, shared by the writers on every core.
            var written: TextStyle?
            if child.origin == nil, let sibling = nearestSibling(items, k, run), let inline = siblingStyle(s, children, sibling) {
                written = style
                style = inline
            }
            defer { if let written { style = written } }
            switch gap {
            case .copied(let range):
                copy(range, of: s, from: from, to: to)
            case .comma(let then):
                append(UInt8(ascii: ","))
                if sources[s][then].contains(0x0A) { copy(then, of: s, from: from, to: to) } else { append(style.elementSpace) }
            }
            writeChild(child, source: s, spans: children)
        }
    }

    /// The child of the container kept nearest to item `k` of `run` (before
    /// it, else after it), by its index among the container's children.
    private func nearestSibling(_ items: OffsetItems, _ k: Int, _ run: Range<Int>) -> Int? {
        for j in stride(from: k - 1, through: run.lowerBound, by: -1) {
            if case .child(let child) = items[j], let origin = child.origin { return origin }
        }
        for j in (k + 1)..<run.upperBound {
            if case .child(let child) = items[j], let origin = child.origin { return origin }
        }
        return nil
    }

    /// Where sibling `j` (a child of the container, at `spans[j]` of source
    /// `s`) stands on one line in a text that does not (a row per line, as
    /// people write lists by hand): the style a new child beside it is
    /// written in, on one line with the sibling's spacing after `:` and
    /// `,`; nil where the text's own style serves (bento-changeset(5),
    /// WRITING: the nearest sibling's layout decides).
    /// - Complexity: O(n) in the length of the sibling.
    func siblingStyle(_ s: Int, _ spans: [Span], _ j: Int) -> TextStyle? {
        guard !style.isOneLine, spans.indices.contains(j) else { return nil }
        let bytes = sources[s], span = spans[j]
        let text = bytes[span.start..<span.value.upperBound]
        guard !text.contains(0x0A) else { return nil }
        var inline = style
        inline.isOneLine = true
        // Its separators, outside strings: after a member's name, after a comma.
        var separator: [UInt8]?, elementSpace: [UInt8]?
        var inString = false, escaped = false, i = text.startIndex
        while i < text.endIndex && (separator == nil || elementSpace == nil) {
            let c = text[i]
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: ":") && separator == nil {
                var start = i, end = i + 1
                while start > text.startIndex && (text[start - 1] == 0x20 || text[start - 1] == 0x09) { start -= 1 }
                while end < text.endIndex && (text[end] == 0x20 || text[end] == 0x09) { end += 1 }
                separator = Array(text[start..<end])
            } else if c == UInt8(ascii: ",") && elementSpace == nil {
                var end = i + 1
                while end < text.endIndex && (text[end] == 0x20 || text[end] == 0x09) { end += 1 }
                elementSpace = Array(text[(i + 1)..<end])
            }
            i += 1
        }
        if let separator { inline.nameSeparator = separator }
        // No comma inside: as the siblings are spaced, else one space.
        if elementSpace == nil, spans.count >= 2 {
            let gap = bytes[spans[0].value.upperBound..<spans[1].start]
            if !gap.contains(0x0A), let comma = gap.firstIndex(of: UInt8(ascii: ",")) { elementSpace = Array(gap[(comma + 1)...]) }
        }
        inline.elementSpace = elementSpace ?? [0x20]
        return inline
    }

    /// A child: a member's name and separator (as written, when the
    /// container had it), then its value; a child kept as it stands is
    /// copied from its start to its end, without walking into it.
    mutating func writeChild(_ child: JSONEdit.Child, source s: Int, spans: [Span]) {
        let bytes = sources[s]
        if let j = child.origin, child.name != nil {
            append(bytes[spans[j].start..<spans[j].value.lowerBound])
        } else if let name = child.name {
            switch name {
            case .spelled(let n, let range): append(sources[n][range])
            case .text(let text): writeString(text)
            }
            append(style.nameSeparator)
        }
        if let j = child.origin, child.value.keeps(spans[j].value, of: s) {
            let range = spans[j].value
            copyKept(range, of: s)
        } else {
            write(child.value)
        }
    }

    /// A container written anew around `items`: each on a line of its own,
    /// one level in (on one line, in a one-line text).
    private mutating func writeFresh(
        isObject: Bool, _ items: [JSONEdit.Item], source s: Int = 0, spans: [Span] = []
    ) {
        if items.contains(where: \.isConflict) {
            writeWithConflicts(isObject: isObject, items, source: s, spans: spans, childIndent: nil)
            return
        }
        writeNewContainer(isObject: isObject, count: items.count) { writer, k in
            guard case .child(let child) = items[k] else { return }
            writer.writeChild(child, source: s, spans: spans)
        }
    }

    /// An empty container: `[]`, or with a blank line inside in a text
    /// that writes them so.
    mutating func writeEmpty(isObject: Bool) {
        append(UInt8(ascii: isObject ? "{" : "["))
        if style.emptyHasBlankLine && !style.isOneLine {
            let outer = indent
            append(style.lineEnd)
            append(style.lineEnd)
            append(outer)
        }
        append(UInt8(ascii: isObject ? "}" : "]"))
    }
}

/// The children of one run, indexed by their place in the whole list.
private struct OffsetItems {
    let items: [JSONEdit.Item]
    let offset: Int

    subscript(k: Int) -> JSONEdit.Item { items[k - offset] }
}
