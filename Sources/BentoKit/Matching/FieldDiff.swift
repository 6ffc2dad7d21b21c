/// Field changes: the leaf differences between two JSON values, as RFC 6901
/// JSON Pointers.
///
/// Objects recurse member by member (names in code point order), arrays of
/// equal length index by index; arrays of different lengths, and values of
/// different types, are one change of the whole value.
enum FieldDiff {
    /// The differences from `old` to `new`, with paths under `base`.
    /// - Complexity: O(n) in the size of the two values.
    static func changes(from old: JSONValue, to new: JSONValue, at base: String = "") -> [FieldChange] {
        var out: [FieldChange] = []
        collect(old, new, base, &out)
        return out
    }

    /// The differences between two objects' members.
    static func changes(from old: JSONObject, to new: JSONObject, at base: String = "") -> [FieldChange] {
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
}
