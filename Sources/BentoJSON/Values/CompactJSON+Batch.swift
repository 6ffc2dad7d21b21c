/// Many field changes of one value checked and made in one walk of its
/// compact text: a row's change to hundreds of members of a wide object
/// costs one pass, with no value tree of the row.
extension CompactJSON {
    /// One change: a JSON Pointer's tokens, the value it must find there
    /// (nil: none) and the one it sets (nil: removed).
    public typealias CheckedChange = (tokens: ArraySlice<String>, old: JSONValue?, new: JSONValue?)

    /// This text with each of `changes` made, after checking that each
    /// finds its `old`, as `JSONPointer.setting(_:in:)` makes them on the
    /// value: a member replaced where it stands, removed, or added last in
    /// the order of the changes. Nil when one finds another value, leads
    /// nowhere, goes through an array or into the root, or when they are not
    /// independent (a pointer twice, one inside another): the caller then
    /// works on the value, which says which one does not fit.
    /// - Complexity: O(n + p) in the size of the text and of the changes'
    ///   tokens: an object's members are matched to the tokens by hash.
    public func setting(checking changes: [CheckedChange]) -> CompactJSON? {
        guard !changes.isEmpty, !changes.contains(where: \.tokens.isEmpty) else { return nil }
        let tree = PointerTrie(changes.map { Array($0.tokens) })
        guard tree.isIndependent else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count + 64)
        let made = withSpan { text in tree.write(0, changes, text, at: 0, to: &out) }
        return made ? CompactJSON(validated: out) : nil
    }
}

/// The pointers' changes made on compact text, in one walk of each object
/// they reach (`CompactJSON.setting(checking:)`).
extension PointerTrie {
    /// Writes the object at `start` of `text` with the changes under `node`
    /// made; false when one does not fit.
    func write(_ node: Int, _ changes: [CompactJSON.CheckedChange], _ text: Span<UInt8>, at start: Int, to out: inout [UInt8]) -> Bool {
        guard text[start] == UInt8(ascii: "{") else { return false }
        let kids = children[node]
        var table = NameTable(capacity: kids.count)
        for (c, kid) in kids.enumerated() { _ = table.insert(c, hash: kid.bytes.withSpan { NameTable.hash($0, escaped: false) }) { _ in false } }
        var matched = [Bool](repeating: false, count: kids.count)
        out.append(UInt8(ascii: "{"))
        var first = true
        func comma(_ out: inout [UInt8]) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
        }
        var members = CompactMembers(objectAt: start)
        while let member = members.next(in: text) {
            func find(_ name: Span<UInt8>) -> Int? {
                table.find(hash: NameTable.hash(name, escaped: false)) { c in kids[c].bytes.withSpan { $0.sameBytes(as: name) } }
            }
            let raw = text.extracting(member.name)
            let found = member.escaped ? JSONTape.unescape(raw).withSpan(find) : find(raw)
            guard let c = found else {
                comma(&out)
                out.append(text.extracting(member.name.lowerBound - 1..<member.value.upperBound))
                continue
            }
            matched[c] = true
            let child = kids[c].node
            if let end = ends[child].first {
                let current = JSONTape(compact: text.extracting(member.value).array).value(at: 0)
                guard current == changes[end].old else { return false }
                guard let new = changes[end].new else { continue }
                comma(&out)
                out.append(text.extracting(member.name.lowerBound - 1..<member.name.upperBound + 2))
                JSONWriter(style: .compact).write(new, to: &out)
            } else {
                comma(&out)
                out.append(text.extracting(member.name.lowerBound - 1..<member.name.upperBound + 2))
                guard write(child, changes, text, at: member.value.lowerBound, to: &out) else { return false }
            }
        }
        // Members not there are added, last, in the order of the changes.
        for (c, kid) in kids.enumerated() where !matched[c] {
            guard let end = ends[kid.node].first, changes[end].old == nil, let new = changes[end].new else { return false }
            comma(&out)
            JSONWriter.writeString(kid.token, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter(style: .compact).write(new, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return true
    }
}
