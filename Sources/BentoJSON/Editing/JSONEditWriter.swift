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
    /// window on one stands for it while a `windowed` edit is written.)
    var sources: [SourceBytes]
    /// How new content is written: the text's style, or, while a child is
    /// written beside siblings that stand on one line, theirs
    /// (`siblingStyle`).
    public private(set) var style: TextStyle
    /// How conflicts are fenced.
    public let markers: ConflictMarkers
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
    /// For each source, where this writer last copied from it.
    var nearby: [Int]

    /// A writer of edits of `sources[0]`, taking bytes from all `sources`.
    public init(sources: [SourceBytes], style: TextStyle, markers: ConflictMarkers = ConflictMarkers()) {
        self.sources = sources
        self.style = style
        self.markers = markers
        nearby = Array(repeating: 0, count: sources.count)
    }

    /// The edited text, in pieces: source 0, its document (written at
    /// `whole`) written as `edit` says.
    /// - Complexity: O(n) in the size of the text written, plus, for each
    ///   container edited, O(c) in its c children.
    public static func write(
        _ edit: JSONEdit, sources: [SourceBytes], document whole: Range<Int>, style: TextStyle,
        markers: ConflictMarkers = ConflictMarkers()
    ) -> [[UInt8]] {
        var writer = JSONEditWriter(sources: sources, style: style, markers: markers)
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
        markers: ConflictMarkers = ConflictMarkers(), to consume: sending @escaping ([UInt8]) -> Void
    ) {
        var writer = JSONEditWriter(sources: sources, style: style, markers: markers)
        var written = 0
        writer.sink = PieceSink { piece in
            consume(piece)
            written += piece.count
            if written >= Self.writtenBetweenHandBacks {
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
        case .arrayInRuns(let s, let layout, let count, let elements):
            if count < Self.childrenWrittenInParallel || layout.children.isEmpty || isRunWriter {
                writeContainer(s, layout, isObject: false, elements(0..<count))
            } else {
                writeContainer(s, layout, isObject: false, Children(count: count, made: elements))
            }
        case .container(let isObject, let items):
            writeFresh(isObject: isObject, items)
        case .new(let value):
            writeNew(value)
        case .newCompact(let text):
            writeNew(compact: text)
        case .windowed(let s, let window, let edit):
            let (whole, near) = (sources[s], nearby[s])
            sources[s] = window
            write(edit)
            (sources[s], nearby[s]) = (whole, near)
        }
    }

    typealias Span = JSONEdit.Span

    /// Where child `j` ends: where its value does.
    private func end(of j: Int, _ children: [Span]) -> Int { children[j].value.upperBound }

    /// A container's children to write: all at hand, or made a run at a time.
    private struct Children {
        let count: Int
        let made: @Sendable (Range<Int>) -> [JSONEdit.Item]
    }

    private mutating func writeContainer(_ s: Int, _ layout: JSONEdit.Layout, isObject: Bool, _ items: [JSONEdit.Item]) {
        let bytes = sources[s]
        let whole = layout.whole
        let close = whole.upperBound - 1
        let children = layout.children
        let from = lineIndent(s, whole.lowerBound), to = indent
        let hasConflict = items.contains(where: \.isConflict)
        if hasConflict {
            let inner = children.first.map { bytes[(whole.lowerBound + 1)..<$0.start] }
            let childIndent = inner.flatMap { gap -> [UInt8]? in
                guard let newline = gap.lastIndex(of: 0x0A) else { return nil }
                let own = Array(gap[(newline + 1)...])
                return own.starts(with: from) ? to + own.dropFirst(from.count) : own
            }
            writeWithConflicts(isObject: isObject, items, source: s, spans: children, childIndent: childIndent)
            return
        }
        if items.isEmpty && !children.isEmpty {
            writeEmpty(isObject: isObject)
            return
        }
        if children.isEmpty {
            if items.isEmpty {
                copy(whole, of: s, from: from, to: to)
            } else {
                writeFresh(isObject: isObject, items, source: s, spans: children)
            }
            return
        }
        if items.count >= Self.childrenWrittenInParallel && !isRunWriter {
            writeContainer(s, layout, isObject: isObject, Children(count: items.count, made: { Array(items[$0]) }))
            return
        }
        let context = Context(source: s, children: children, opening: whole.lowerBound, from: from, to: to)
        append(bytes[whole.lowerBound])
        write(items, 0..<items.count, context)
        copy(end(of: children.count - 1, children)..<close, of: s, from: from, to: to)
        append(bytes[close])
    }

    /// A long list (a box's sections), edited in place without conflicts,
    /// its children made and written in runs on all cores: every child's
    /// text starts with a line break, so no run depends on where the one
    /// before it ended.
    private mutating func writeContainer(_ s: Int, _ layout: JSONEdit.Layout, isObject: Bool, _ items: Children) {
        let bytes = sources[s]
        let whole = layout.whole
        let close = whole.upperBound - 1
        let children = layout.children
        let context = Context(source: s, children: children, opening: whole.lowerBound, from: lineIndent(s, whole.lowerBound), to: indent)
        append(bytes[whole.lowerBound])
        // A run's writer writes the lists inside it (a long section's rows)
        // on its own core: the cores are busy with runs already.
        var runWriter = JSONEditWriter(sources: sources, style: style, markers: markers)
        runWriter.isRunWriter = true
        let template = runWriter
        let runs = Parallel.runs(
            covering: items.count, length: max(JSONEditWriter.childrenPerRun, items.count / JSONEditWriter.mostRuns))
        let written = { @Sendable (run: Range<Int>) -> [[UInt8]] in
            var writer = template
            writer.write(items.made(run), run, context)
            // What a large run read of a mapped source goes back once it is
            // written; a small run's, with the writer's every half megabyte.
            let written = writer.pieces.reduce(writer.out.count) { $0 + $1.count }
            if written >= Self.writtenBetweenHandBacks / 8 { for source in writer.sources { source.handBack() } }
            return writer.pieces + [writer.out]
        }
        if sink != nil {
            Parallel.streamed(
                runs.count, ahead: JSONEditWriter.runsAhead, weight: { _ in 1 }, make: { written(runs[$0]) },
                consume: { for piece in $0 { add(piece: piece) } })
        } else {
            for text in runs.concurrentMap(written) {
                for piece in text { add(piece: piece) }
            }
        }
        copy(end(of: children.count - 1, children)..<close, of: s, from: context.from, to: context.to)
        append(bytes[close])
    }

    /// How much is streamed between two hand-backs of the sources' pages.
    static let writtenBetweenHandBacks = 1 << 19

    /// Lists this long or longer are written on all cores
    /// (`JSONEditWriter.childrenPerRun` children to a task).
    static let childrenWrittenInParallel = 64

    /// What the children of a container edited in place are written with.
    struct Context {
        var source: Int
        var children: [Span]
        /// Where the opening bracket is.
        var opening: Int
        /// The indentation of the container's line in its source, and where it is written.
        var from: [UInt8], to: [UInt8]
    }

    /// Children `run` of a container edited in place (none in conflict),
    /// given in `made` (the children of `run` alone), each after the white
    /// space and comma before it.
    private mutating func write(_ made: [JSONEdit.Item], _ run: Range<Int>, _ context: Context) {
        let items = OffsetItems(items: made, offset: run.lowerBound)
        let (s, children, from, to) = (context.source, context.children, context.from, context.to)
        let bytes = sources[s]
        let first = (context.opening + 1)..<children[0].start
        func between(_ j: Int) -> Range<Int> { end(of: j - 1, children)..<children[j].start }
        var k = run.lowerBound
        while k < run.upperBound {
            guard case .child(let child) = items[k] else { break }
            // A run of children kept where they were, in order, with the
            // white space before them, is one copy.
            if let j = child.origin, (k == 0) == (j == 0), child.value.keeps(children[j].value, of: s) {
                var last = j, next = k + 1
                while next < run.upperBound, case .child(let following) = items[next], following.origin == last + 1,
                    following.value.keeps(children[last + 1].value, of: s)
                {
                    last += 1
                    next += 1
                }
                let start = j == 0 ? first.lowerBound : end(of: j - 1, children)
                copy(start..<end(of: last, children), of: s, from: from, to: to)
                k = next
                continue
            }
            defer { k += 1 }
            // A child from elsewhere is written as its nearest sibling is.
            let written = style
            if child.origin == nil, let sibling = nearestSibling(items, k, run), let inline = siblingStyle(s, children, sibling) {
                style = inline
            }
            defer { style = written }
            if k == 0 {
                copy(first, of: s, from: from, to: to)
            } else if let j = child.origin, j > 0 {
                copy(between(j), of: s, from: from, to: to)
            } else if children.count >= 2 {
                copy(between(1), of: s, from: from, to: to)
            } else {
                append(UInt8(ascii: ","))
                if bytes[first].contains(0x0A) { copy(first, of: s, from: from, to: to) } else { append(style.elementSpace) }
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

/// How much a thread takes at a time.
extension JSONEditWriter {
    /// Children of an edited container written per run, at least...
    static let childrenPerRun = 16
    /// ...and more in a long list, cut in no more runs than this: a run of
    /// a wide object's short members is less work than handing it over.
    static let mostRuns = 512
    /// ...and how many runs may be written ahead of a streamed output.
    static let runsAhead = 4
}
