/// Lists with conflicts: each side's block on lines of its own, between
/// markers, so that a person resolves one by deleting lines.
extension JSONEditWriter {
    /// Children among which some are in conflict: each on a line of its
    /// own, the markers on lines of their own, and each side's block
    /// holding its own commas, so that deleting one block and the markers
    /// leaves valid JSON wherever the conflict stands: children before the
    /// last one present on every resolution end with a comma, those after
    /// it begin with one. Conflicts in a list without such a child are one
    /// block, whose sides are resolved as a whole.
    mutating func writeWithConflicts(
        isObject: Bool, _ items: [JSONEdit.Item], source s: Int, spans: [Span], childIndent: [UInt8]?
    ) {
        let outer = indent
        let inner = childIndent ?? outer + style.indentUnit
        var items = items
        // Present on every resolution: a child, or a conflict that every
        // block fills (BASE's too, when it is written).
        let anchor =
            items.lastIndex {
                switch $0 {
                case .child: true
                case .conflict(let ours, let theirs, let base): !ours.isEmpty && !theirs.isEmpty && base?.isEmpty != true
                }
            } ?? -1
        if anchor < 0 && items.count > 1 {
            var ours: [JSONEdit.Child] = [], theirs: [JSONEdit.Child] = [], base: [JSONEdit.Child]?
            for case .conflict(let o, let t, let b) in items {
                ours += o
                theirs += t
                if let b { base = (base ?? []) + b }
            }
            items = [.conflict(ours: ours, theirs: theirs, base: base)]
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
            case .conflict(let ours, let theirs, let base):
                var blocks = [(markers.opening, ours)]
                if markers.base != nil { blocks.append((markers.baseOpening, base ?? [])) }
                blocks.append((markers.separator, theirs))
                for (marker, children) in blocks {
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

extension JSONEdit {
    /// True when this keeps, as written, the value at `range` of source `s`.
    func keeps(_ range: Range<Int>, of s: Int) -> Bool {
        if case .keep(s, let kept) = self { return kept == range }
        return false
    }
}
