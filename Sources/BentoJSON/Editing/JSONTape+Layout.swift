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
        var children: [JSONEdit.Span] = []
        children.reserveCapacity(Swift.min(childrenBound(of: index), limit))
        if kind(index) == .object {
            for member in members(of: index) {
                guard children.count < limit else { break }
                children.append(JSONEdit.Span(start: offset(of: member.name), value: range(of: member.value)))
            }
        } else {
            for element in elements(of: index) {
                guard children.count < limit else { break }
                children.append(JSONEdit.Span(start: offset(of: element), value: range(of: element)))
            }
        }
        return children
    }

    /// The closing bracket at or after `offset`, past white space.
    private func closing(after offset: Int) -> Int {
        var end = offset
        while byte(at: end) != UInt8(ascii: "}") && byte(at: end) != UInt8(ascii: "]") { end += 1 }
        return end
    }
}
