/// Writes a `JSONEdit` of a text: the text's bytes wherever the edit keeps
/// them, new content in the text's style, in one forward pass.
///
/// Source 0 is the text edited: what stands before and after its document
/// (a byte-order mark, the final newline or its absence) is kept. Bytes
/// taken from a value at another depth, or from another source, are
/// re-indented line by line by the difference of the two lines'
/// indentation (JSON has no raw line break inside a string, so every line
/// break is layout), and take the edited text's line end.
public struct JSONEditWriter {
    /// The texts the edit takes bytes from; 0 is the one edited.
    let sources: [JSONTape]
    /// How new content is written.
    public let style: TextStyle
    /// How conflicts are fenced.
    public let markers: ConflictMarkers
    var out: [UInt8] = []
    /// The indentation of the line being written (while only white space
    /// has been written on it: so far).
    var indent: [UInt8] = []
    var atLineStart = true

    /// A writer of edits of `sources[0]`, taking bytes from all `sources`.
    public init(sources: [JSONTape], style: TextStyle, markers: ConflictMarkers = ConflictMarkers()) {
        self.sources = sources
        self.style = style
        self.markers = markers
    }

    /// The edited text: source 0 with its document written as `edit` says.
    /// - Complexity: O(n) in the size of the text written, plus, for each
    ///   container edited, O(c·d) for its c children of depth d.
    public static func write(
        _ edit: JSONEdit, sources: [JSONTape], style: TextStyle, markers: ConflictMarkers = ConflictMarkers()
    ) -> [UInt8] {
        var writer = JSONEditWriter(sources: sources, style: style, markers: markers)
        let bytes = sources[0].source.bytes
        let whole = sources[0].range(of: 0)
        writer.out.reserveCapacity(bytes.count + bytes.count / 8)
        writer.append(bytes[..<whole.lowerBound])
        writer.write(edit)
        writer.append(bytes[whole.upperBound...])
        return writer.out
    }

    // MARK: Values

    mutating func write(_ edit: JSONEdit) {
        switch edit {
        case .keep(let s, let v):
            copy(sources[s].range(of: v), of: s, from: lineIndent(s, sources[s].offset(of: v)), to: indent)
        case .object(let s, let v, let items), .array(let s, let v, let items):
            writeContainer(s, v, items)
        case .container(let isObject, let items):
            writeFresh(isObject: isObject, items)
        case .new(let value):
            writeNew(value)
        }
    }

    /// A container's child: where it starts (a member at its name), where
    /// it ends, and its value's entry.
    struct Span {
        var range: Range<Int>
        var value: Int
    }

    private func spans(_ s: Int, _ c: Int) -> [Span] {
        let tape = sources[s]
        if tape.kind(c) == .object {
            return tape.members(of: c).map {
                Span(range: tape.offset(of: $0.name)..<tape.range(of: $0.value).upperBound, value: $0.value)
            }
        }
        return tape.elements(of: c).map { Span(range: tape.range(of: $0), value: $0) }
    }

    private mutating func writeContainer(_ s: Int, _ c: Int, _ items: [JSONEdit.Item]) {
        let tape = sources[s]
        let bytes = tape.source.bytes
        let isObject = tape.kind(c) == .object
        let whole = tape.range(of: c)
        let children = spans(s, c)
        let from = lineIndent(s, whole.lowerBound), to = indent
        let hasConflict = items.contains { if case .conflict = $0 { true } else { false } }
        if hasConflict {
            let inner = children.first.map { bytes[(whole.lowerBound + 1)..<$0.range.lowerBound] }
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
        let first = (whole.lowerBound + 1)..<children[0].range.lowerBound
        func between(_ j: Int) -> Range<Int> { children[j - 1].range.upperBound..<children[j].range.lowerBound }
        append(bytes[whole.lowerBound])
        for (k, item) in items.enumerated() {
            guard case .child(let child) = item else { continue }
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
        copy(children[children.count - 1].range.upperBound..<(whole.upperBound - 1), of: s, from: from, to: to)
        append(bytes[whole.upperBound - 1])
    }

    /// A child: a member's name and separator (as written, when the
    /// container had it), then its value.
    private mutating func writeChild(_ child: JSONEdit.Child, source s: Int, spans: [Span]) {
        if let j = child.origin, child.name != nil {
            let tape = sources[s]
            append(tape.source.bytes[spans[j].range.lowerBound..<tape.offset(of: spans[j].value)])
        } else if let name = child.name {
            switch name {
            case .spelled(let n, let entry): append(sources[n].source.bytes[sources[n].range(of: entry)])
            case .text(let text): writeString(text)
            }
            append(style.nameSeparator)
        }
        write(child.value)
    }

    /// A container written anew around `items`: each on a line of its own,
    /// one level in (on one line, in a one-line text).
    private mutating func writeFresh(isObject: Bool, _ items: [JSONEdit.Item], source s: Int = 0, spans: [Span] = []) {
        if items.contains(where: { if case .conflict = $0 { true } else { false } }) {
            writeWithConflicts(isObject: isObject, items, source: s, spans: spans, childIndent: nil)
            return
        }
        guard !items.isEmpty else {
            writeEmpty(isObject: isObject)
            return
        }
        let outer = indent
        append(UInt8(ascii: isObject ? "{" : "["))
        for (k, item) in items.enumerated() {
            guard case .child(let child) = item else { continue }
            if k > 0 { append(UInt8(ascii: ",")) }
            if style.isOneLine {
                if k > 0 { append(style.elementSpace) }
            } else {
                append(style.lineEnd)
                append(outer + style.indentUnit)
            }
            writeChild(child, source: s, spans: spans)
        }
        if !style.isOneLine {
            append(style.lineEnd)
            append(outer)
        }
        append(UInt8(ascii: isObject ? "}" : "]"))
    }

    /// An empty container: `[]`, or with a blank line inside in a text
    /// that writes them so.
    private mutating func writeEmpty(isObject: Bool) {
        append(UInt8(ascii: isObject ? "{" : "["))
        if style.emptyHasBlankLine && !style.isOneLine {
            let outer = indent
            append(style.lineEnd)
            append(style.lineEnd)
            append(outer)
        }
        append(UInt8(ascii: isObject ? "}" : "]"))
    }

    /// Children among which some are in conflict: each on a line of its
    /// own, the markers on lines of their own, and each side's block
    /// holding its own commas, so that deleting one block and the markers
    /// leaves valid JSON wherever the conflict stands: children before the
    /// last one present on every resolution end with a comma, those after
    /// it begin with one. Conflicts in a list without such a child are one
    /// block, whose sides are resolved as a whole.
    private mutating func writeWithConflicts(
        isObject: Bool, _ items: [JSONEdit.Item], source s: Int, spans: [Span], childIndent: [UInt8]?
    ) {
        let outer = indent
        let inner = childIndent ?? outer + style.indentUnit
        var items = items
        let anchor =
            items.lastIndex {
                switch $0 {
                case .child: true
                case .conflict(let ours, let theirs): !ours.isEmpty && !theirs.isEmpty
                }
            } ?? -1
        if anchor < 0 && items.count > 1 {
            var ours: [JSONEdit.Child] = [], theirs: [JSONEdit.Child] = []
            for case .conflict(let o, let t) in items {
                ours += o
                theirs += t
            }
            items = [.conflict(ours: ours, theirs: theirs)]
        }
        append(UInt8(ascii: isObject ? "{" : "["))
        for (i, item) in items.enumerated() {
            let leading = anchor >= 0 && i > anchor, trailing = i < anchor
            func put(_ child: JSONEdit.Child, trailingComma: Bool, _ writer: inout JSONEditWriter) {
                writer.append(writer.style.lineEnd)
                writer.append(inner)
                if leading { writer.append(Array(", ".utf8)) }
                writer.writeChild(child, source: s, spans: spans)
                if trailingComma { writer.append(UInt8(ascii: ",")) }
            }
            switch item {
            case .child(let child):
                put(child, trailingComma: trailing, &self)
            case .conflict(let ours, let theirs):
                for (marker, children) in [(markers.opening, ours), (markers.separator, theirs)] {
                    append(style.lineEnd)
                    append(marker)
                    for (k, child) in children.enumerated() {
                        // Alone in its list, a block separates its own children.
                        put(child, trailingComma: trailing || (anchor < 0 && k < children.count - 1), &self)
                    }
                }
                append(style.lineEnd)
                append(markers.closing)
            }
        }
        append(style.lineEnd)
        append(outer)
        append(UInt8(ascii: isObject ? "}" : "]"))
    }
}
