extension JSONTape {
    /// Where the container at `index` and its children are written: what
    /// `JSONEdit` edits it by.
    /// - Complexity: O(c) in its children, and the depth of its last one.
    public func layout(of index: Int) -> JSONEdit.Layout {
        let children = children(of: index)
        let end = children.last.map { $0.value.upperBound } ?? offset(of: index) + 1
        return JSONEdit.Layout(whole: offset(of: index)..<closing(after: end) + 1, children: children)
    }

    /// Where the first `limit` children of the container at `index` are
    /// written (all of them by default).
    /// - Complexity: O(c) in those children, and their depth.
    public func children(of index: Int, limit: Int = .max) -> [JSONEdit.Span] {
        if kind(index) == .object {
            return members(of: index).prefix(limit).map { JSONEdit.Span(start: offset(of: $0.name), value: range(of: $0.value)) }
        }
        return elements(of: index).prefix(limit).map { JSONEdit.Span(start: offset(of: $0), value: range(of: $0)) }
    }

    /// The closing bracket at or after `offset`, past white space.
    private func closing(after offset: Int) -> Int {
        var end = offset
        while byte(at: end) != UInt8(ascii: "}") && byte(at: end) != UInt8(ascii: "]") { end += 1 }
        return end
    }
}
