extension JSONPointer {
    /// The values at `pointers` in `document` (nil where one leads nowhere),
    /// as `value(in:)` gives each, found in one walk: an object's members
    /// are looked up by name through a table made once per object, so that
    /// many changes of one wide object cost O(n), not O(n) each.
    /// - Complexity: O(n + p) in the size of the values walked and the
    ///   pointers' tokens.
    public static func values(at pointers: [JSONPointer], in document: JSONValue) -> [JSONValue?] {
        var found = [JSONValue?](repeating: nil, count: pointers.count)
        let trie = PointerTrie(pointers.map(\.tokens))
        trie.walk(document) { node, value in
            for k in trie.ends[node] { found[k] = value }
        }
        return found
    }

    /// `document` with each of `changes` set as `setting(_:in:)` sets it,
    /// in one walk; nil when one of them leads nowhere, or when they are
    /// not independent (a pointer twice, one inside another, an array
    /// element removed), where one at a time gives what order makes of them.
    /// - Complexity: O(n + p) in the size of the values changed and the
    ///   pointers' tokens.
    public static func setting(_ changes: [(pointer: JSONPointer, value: JSONValue?)], in document: JSONValue) -> JSONValue? {
        let trie = PointerTrie(changes.map(\.pointer.tokens))
        guard trie.isIndependent else { return nil }
        return trie.set(0, changes.map(\.value), in: document)
    }
}

extension PointerTrie {
    /// Calls `visit` with each node reached and its value in `value`.
    func walk(_ value: JSONValue, _ visit: (Int, JSONValue) -> Void) {
        var stack = [(0, value)]
        while let (node, value) = stack.popLast() {
            visit(node, value)
            guard !children[node].isEmpty else { continue }
            switch value {
            case .object(let object):
                let index = MemberLookup(object, children[node].count)
                for (token, _, child) in children[node] {
                    if let k = index.find(token) { stack.append((child, object.members[k].value)) }
                }
            case .array(let elements):
                for (token, _, child) in children[node] {
                    if let k = JSONPointer.index(token), k < elements.count { stack.append((child, elements[k])) }
                }
            default:
                break
            }
        }
    }

    /// `value` with the changes under `node` set; nil when one leads
    /// nowhere or removes an array element.
    func set(_ node: Int, _ values: [JSONValue?], in value: JSONValue) -> JSONValue? {
        if let k = ends[node].first { return values[k] }
        switch value {
        case .object(let object):
            let index = MemberLookup(object, children[node].count)
            var members = object.members
            var gone = [Bool](repeating: false, count: members.count)
            var removed = false
            for (token, _, child) in children[node] {
                let found = index.find(token)
                if let end = ends[child].first {
                    switch (found, values[end]) {
                    case (let k?, let new?): members[k].value = new
                    case (let k?, nil): (gone[k], removed) = (true, true)
                    case (nil, let new?): members.append((token, new))
                    case (nil, nil): return nil
                    }
                    continue
                }
                guard let k = found, let updated = set(child, values, in: members[k].value) else { return nil }
                members[k].value = updated
            }
            if removed {
                members = members.indices.filter { $0 >= gone.count || !gone[$0] }.map { members[$0] }
            }
            return .object(JSONObject(members))
        case .array(var elements):
            for (token, _, child) in children[node] {
                guard let k = JSONPointer.index(token), k < elements.count else { return nil }
                if let end = ends[child].first {
                    guard let new = values[end] else { return nil }
                    elements[k] = new
                } else {
                    guard let updated = set(child, values, in: elements[k]) else { return nil }
                    elements[k] = updated
                }
            }
            return .array(elements)
        default:
            return nil
        }
    }
}

/// An object's members by name: scanned for a few names, hashed by their
/// bytes (code points, never Swift's string equality) for many.
private struct MemberLookup {
    let object: JSONObject
    let byName: [[UInt8]: Int]?

    init(_ object: JSONObject, _ lookups: Int) {
        self.object = object
        guard lookups > 8 && object.count > 16 else {
            byName = nil
            return
        }
        var byName: [[UInt8]: Int] = [:]
        byName.reserveCapacity(object.count)
        for (k, member) in object.members.enumerated() { byName[Array(member.key.utf8)] = k }
        self.byName = byName
    }

    func find(_ name: String) -> Int? {
        if let byName { return byName[Array(name.utf8)] }
        return object.members.firstIndex { CodePoints.equal($0.key, name) }
    }
}
