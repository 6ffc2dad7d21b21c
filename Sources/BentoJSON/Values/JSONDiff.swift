/// Field changes: the leaf differences between two JSON values, as RFC 6901
/// JSON Pointers (bento-screen(5), MATCHING). The engine lists the field
/// changes of updated screens, sections and rows with it, and the JSON Patch
/// renderer the leaf operations between two documents.
///
/// Objects recurse member by member (names in code point order), arrays of
/// equal length index by index; arrays of different lengths, and values of
/// different types, are one change of the whole value.
public enum JSONDiff {
    /// The differences from `old` to `new`, with paths under `base`.
    /// - Complexity: O(n) in the size of the two values.
    public static func changes(from old: JSONValue, to new: JSONValue, at base: String = "") -> [FieldChange] {
        var out: [FieldChange] = []
        collect(old, new, base, &out)
        return out
    }

    /// The differences between two objects' members.
    public static func changes(from old: JSONObject, to new: JSONObject, at base: String = "") -> [FieldChange] {
        var out: [FieldChange] = []
        collectMembers(old, new, base, &out)
        return out
    }

    private static func collect(_ old: JSONValue, _ new: JSONValue, _ path: String, _ out: inout [FieldChange]) {
        switch (old, new) {
        case let (.object(a), .object(b)):
            collectMembers(a, b, path, &out)
        case let (.array(a), .array(b)) where a.count == b.count:
            for k in a.indices where a[k] != b[k] {
                collect(a[k], b[k], path + "/\(k)", &out)
            }
        default:
            if old != new { out.append(FieldChange(path: path, old: old, new: new)) }
        }
    }

    private static func collectMembers(_ a: JSONObject, _ b: JSONObject, _ path: String, _ out: inout [FieldChange]) {
        let x = a.members, y = b.members
        if x.count == y.count && zip(x, y).allSatisfy({ CodePoints.equal($0.key, $1.key) }) {
            // One schema on both sides: the members pair by position, and
            // only those whose values differ are sorted and named.
            var differing = x.indices.filter { x[$0].value != y[$0].value }
            if differing.count > 1 { differing.sort { CodePoints.less(x[$0].key, x[$1].key) } }
            for k in differing { collect(x[k].value, y[k].value, path + "/" + JSONPointer.escape(x[k].key), &out) }
            return
        }
        if a == b { return }
        let old = a.sortedMembers, new = b.sortedMembers
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && CodePoints.less(old[i].key, new[j].key)) {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(old[i].key), old: old[i].value, new: nil))
                i += 1
            } else if i == old.count || CodePoints.less(new[j].key, old[i].key) {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(new[j].key), old: nil, new: new[j].value))
                j += 1
            } else {
                if old[i].value != new[j].value {
                    collect(old[i].value, new[j].value, path + "/" + JSONPointer.escape(old[i].key), &out)
                }
                i += 1
                j += 1
            }
        }
    }

    // MARK: From tapes

    /// The differences from the value at `i` in `old` to the value at `j` in
    /// `new`, read from their tapes: the same changes, in the same order, as
    /// `changes(from:to:at:)` gives for the two values, with values built only
    /// for the leaves that differ. Components of updated rows are diffed this
    /// way, from their compact text.
    /// - Complexity: O(n log n) in the size of the two values (members are
    ///   sorted by name).
    public static func changes(from old: JSONTape, _ i: Int, to new: JSONTape, _ j: Int, at base: String) -> [FieldChange] {
        var out: [FieldChange] = []
        collect(old, i, new, j, base, &out)
        return out
    }

    private static func collect(
        _ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int, _ path: String, _ out: inout [FieldChange]
    ) {
        let ka = a.kind(i), kb = b.kind(j)
        if ka == .object && kb == .object {
            collectMembers(a, i, b, j, path, &out)
        } else if ka == .array && kb == .array && a.count(of: i) == b.count(of: j) {
            for (k, (x, y)) in zip(a.elements(of: i), b.elements(of: j)).enumerated() {
                collect(a, x, b, y, path + "/\(k)", &out)
            }
        } else if !sameScalar(a, i, b, j) {
            out.append(FieldChange(path: path, old: a.value(at: i), new: b.value(at: j)))
        }
    }

    private static func collectMembers(
        _ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int, _ path: String, _ out: inout [FieldChange]
    ) {
        if let pairs = alignedMembers(a, i, b, j) {
            // The usual case, one schema on both sides: only the members
            // whose values differ are named, and only they are sorted.
            var differing: [(name: String, x: Int, y: Int)] = []
            for (name, x, y) in pairs where !sameValue(a, x, b, y) { differing.append((a.string(at: name), x, y)) }
            if differing.count > 1 { differing.sort { CodePoints.less($0.name, $1.name) } }
            for d in differing { collect(a, d.x, b, d.y, path + "/" + JSONPointer.escape(d.name), &out) }
            return
        }
        let old = sortedMembers(a, i), new = sortedMembers(b, j)
        var x = 0, y = 0
        while x < old.count || y < new.count {
            if y == new.count || (x < old.count && CodePoints.less(old[x].name, new[y].name)) {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(old[x].name), old: a.value(at: old[x].value), new: nil))
                x += 1
            } else if x == old.count || CodePoints.less(new[y].name, old[x].name) {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(new[y].name), old: nil, new: b.value(at: new[y].value)))
                y += 1
            } else {
                collect(a, old[x].value, b, new[y].value, path + "/" + JSONPointer.escape(old[x].name), &out)
                x += 1
                y += 1
            }
        }
    }

    /// The members of the object at `index`, by name in code point order,
    /// with the entry of each value.
    private static func sortedMembers(_ tape: JSONTape, _ index: Int) -> [(name: String, value: Int)] {
        tape.members(of: index).map { (tape.string(at: $0.name), $0.value) }.sorted { CodePoints.less($0.name, $1.name) }
    }

    /// The members of two objects paired by position, when both have the
    /// same names in the same order (names are unique, so that pairs them
    /// by name); nil otherwise.
    private static func alignedMembers(_ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int) -> [(Int, Int, Int)]? {
        var pairs: [(Int, Int, Int)] = []
        var x = a.members(of: i), y = b.members(of: j)
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return pairs
            case let (m?, n?):
                guard sameString(a, m.name, b, n.name) else { return nil }
                pairs.append((m.name, m.value, n.value))
            default: return nil
            }
        }
    }

    /// Equal as bento-screen(5) compares values (objects as unordered), without
    /// building them where the text says enough.
    private static func sameValue(_ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int) -> Bool {
        let kind = a.kind(i)
        guard kind == b.kind(j) else { return false }
        switch kind {
        case .object:
            guard let pairs = alignedMembers(a, i, b, j) else { return a.value(at: i) == b.value(at: j) }
            return pairs.allSatisfy { sameValue(a, $0.1, b, $0.2) }
        case .array:
            var x = a.elements(of: i), y = b.elements(of: j)
            while true {
                switch (x.next(), y.next()) {
                case (nil, nil): return true
                case let (m?, n?): if !sameValue(a, m, b, n) { return false }
                default: return false
                }
            }
        default:
            return sameScalar(a, i, b, j)
        }
    }

    /// Equal strings: the same bytes when neither has escapes.
    private static func sameString(_ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int) -> Bool {
        let (x, xEscaped) = a.rawString(i), (y, yEscaped) = b.rawString(j)
        guard !xEscaped && !yEscaped else { return CodePoints.equal(a.string(at: i), b.string(at: j)) }
        guard x.count == y.count else { return false }
        return a.withSpan(x) { p in b.withSpan(y) { q in p.sameBytes(as: q) } }
    }

    /// Equality of two values that are not both objects, nor both arrays of
    /// one length: as `JSONValue` compares them.
    private static func sameScalar(_ a: JSONTape, _ i: Int, _ b: JSONTape, _ j: Int) -> Bool {
        let kind = a.kind(i)
        guard kind == b.kind(j) else { return false }
        switch kind {
        case .null, .true, .false: return true
        case .string: return sameString(a, i, b, j)
        case .number:
            let x = a.numberText(at: i), y = b.numberText(at: j)
            return x == y || JSONNumber(validatedText: x) == JSONNumber(validatedText: y)
        case .array, .object: return false  // arrays of different lengths
        }
    }

}
