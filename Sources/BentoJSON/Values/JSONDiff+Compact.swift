#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONDiff {
    /// The differences from the value of compact text `old` to that of
    /// `new` (`CompactJSON`), with paths under `base`: the same changes, in
    /// the same order, as `changes(from:to:at:)` gives for the two values,
    /// read in place. Parts written alike are passed over without a look
    /// inside; values are built only for the leaves that differ. Components
    /// of updated rows are diffed this way.
    /// - Complexity: O(n log n) in the size of the two texts (members are
    ///   sorted by name).
    public static func changes(
        fromCompact old: UnsafeBufferPointer<UInt8>, toCompact new: UnsafeBufferPointer<UInt8>, at base: String
    ) -> [FieldChange] {
        var out: [FieldChange] = []
        CompactPair(a: old, b: new).collect(0, 0, base, &out)
        return out
    }

    /// `changes(fromCompact:toCompact:at:)` of texts in arrays.
    /// - Complexity: O(n log n) in the size of the two texts.
    public static func changes(fromCompact old: [UInt8], toCompact new: [UInt8], at base: String) -> [FieldChange] {
        old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { b in changes(fromCompact: a, toCompact: b, at: base) } }
    }
}

/// Two compact texts, and the values in them compared as `JSONDiff` compares
/// values on tapes; a value is named by where it starts in its text.
private struct CompactPair {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>

    func collect(_ i: Int, _ j: Int, _ path: String, _ out: inout [FieldChange]) {
        let ka = JSONTape.kind(ofByte: a[i]), kb = JSONTape.kind(ofByte: b[j])
        if ka == .object && kb == .object {
            collectMembers(i, j, path, &out)
        } else if ka == .array && kb == .array, case let (x, y) = (Self.elements(a, i), Self.elements(b, j)), x.count == y.count {
            for k in x.indices { collect(x[k], y[k], path + "/\(k)", &out) }
        } else if !sameScalar(i, j) {
            out.append(FieldChange(path: path, old: Self.value(a, i), new: Self.value(b, j)))
        }
    }

    private func collectMembers(_ i: Int, _ j: Int, _ path: String, _ out: inout [FieldChange]) {
        let x = Array(CompactMembers(a, objectAt: i)), y = Array(CompactMembers(b, objectAt: j))
        if aligned(x, y) {
            // One schema on both sides: only the members written otherwise
            // are named and looked into (once: their changes are kept), and
            // only those that changed are sorted.
            var differing: [(name: String, changes: [FieldChange])] = []
            for k in x.indices where !sameText(x[k].value, y[k].value) {
                let name = Self.name(a, x[k])
                var changes: [FieldChange] = []
                collect(x[k].value.lowerBound, y[k].value.lowerBound, path + "/" + JSONPointer.escape(name), &changes)
                if !changes.isEmpty { differing.append((name, changes)) }
            }
            if differing.count > 1 { differing.sort { CodePoints.less($0.name, $1.name) } }
            for d in differing { out += d.changes }
            return
        }
        // Sorted by name without making names: a name without escapes is
        // its own bytes, and UTF-8's byte order is code point order.
        let old = Self.sorted(a, x), new = Self.sorted(b, y)
        var m = 0, n = 0
        while m < old.count || n < new.count {
            let order = m == old.count ? 1 : n == new.count ? -1 : Self.compare(a, old[m], b, new[n])
            if order < 0 {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(Self.name(a, old[m])), old: Self.value(a, old[m].value.lowerBound), new: nil))
                m += 1
            } else if order > 0 {
                out.append(FieldChange(path: path + "/" + JSONPointer.escape(Self.name(b, new[n])), old: nil, new: Self.value(b, new[n].value.lowerBound)))
                n += 1
            } else {
                // Equal values make no change: the path is made only for the others.
                if !sameValue(old[m].value, new[n].value) {
                    collect(old[m].value.lowerBound, new[n].value.lowerBound, path + "/" + JSONPointer.escape(Self.name(a, old[m])), &out)
                }
                m += 1
                n += 1
            }
        }
    }

    /// The same names in the same order on both sides.
    private func aligned(_ x: [CompactMembers.Member], _ y: [CompactMembers.Member]) -> Bool {
        x.count == y.count && zip(x, y).allSatisfy { sameString($0.name, $0.escaped, $1.name, $1.escaped) }
    }

    /// Written alike, byte for byte: equal at once.
    private func sameText(_ va: Range<Int>, _ vb: Range<Int>) -> Bool {
        va.count == vb.count && memcmp(a.baseAddress! + va.lowerBound, b.baseAddress! + vb.lowerBound, va.count) == 0
    }

    /// Equal as bento-screen(5) compares values (objects as unordered): at once
    /// when written alike, else part by part.
    private func sameValue(_ va: Range<Int>, _ vb: Range<Int>) -> Bool {
        if sameText(va, vb) { return true }
        let (i, j) = (va.lowerBound, vb.lowerBound)
        let kind = JSONTape.kind(ofByte: a[i])
        guard kind == JSONTape.kind(ofByte: b[j]) else { return false }
        switch kind {
        case .object:
            let x = Array(CompactMembers(a, objectAt: i)), y = Array(CompactMembers(b, objectAt: j))
            // Names are unique: objects of different sizes differ.
            guard x.count == y.count else { return false }
            guard aligned(x, y) else { return Self.value(a, i) == Self.value(b, j) }
            return zip(x, y).allSatisfy { sameValue($0.value, $1.value) }
        case .array:
            let x = Self.elements(a, i), y = Self.elements(b, j)
            return x.count == y.count
                && zip(x, y).allSatisfy { sameValue($0..<CompactMembers.endOfValue(a, $0), $1..<CompactMembers.endOfValue(b, $1)) }
        default:
            return sameScalar(i, j)
        }
    }

    /// Equality of two values that are not both objects, nor both arrays of
    /// one length: as `JSONValue` compares them.
    private func sameScalar(_ i: Int, _ j: Int) -> Bool {
        let kind = JSONTape.kind(ofByte: a[i])
        guard kind == JSONTape.kind(ofByte: b[j]) else { return false }
        switch kind {
        case .null, .true, .false: return true
        case .string:
            // One word-wide scan each finds the end and whether it has escapes.
            let (endA, escapedA) = CompactMembers.endOfString(a, i), (endB, escapedB) = CompactMembers.endOfString(b, j)
            return sameString(i + 1..<endA - 1, escapedA, j + 1..<endB - 1, escapedB)
        case .number:
            let x = a[i..<CompactMembers.endOfValue(a, i)], y = b[j..<CompactMembers.endOfValue(b, j)]
            if x.elementsEqual(y) { return true }
            return JSONNumber(validatedText: String(decoding: x, as: UTF8.self))
                == JSONNumber(validatedText: String(decoding: y, as: UTF8.self))
        case .array, .object: return false  // arrays of different lengths
        }
    }

    /// Equal strings, given the bytes between their quotes: the same bytes
    /// when neither has escapes.
    private func sameString(_ x: Range<Int>, _ xEscaped: Bool, _ y: Range<Int>, _ yEscaped: Bool) -> Bool {
        guard !xEscaped && !yEscaped else {
            return CodePoints.equal(
                JSONTape.string(UnsafeBufferPointer(rebasing: a[x]), escaped: xEscaped),
                JSONTape.string(UnsafeBufferPointer(rebasing: b[y]), escaped: yEscaped))
        }
        return x.count == y.count && (x.isEmpty || memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0)
    }

    // MARK: Reading the texts

    /// Where each element of the array at `start` starts.
    private static func elements(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> [Int] {
        var elements: [Int] = []
        var i = start + 1
        while text[i] != UInt8(ascii: "]") {
            elements.append(i)
            i = CompactMembers.endOfValue(text, i)
            if text[i] == UInt8(ascii: ",") { i += 1 }
        }
        return elements
    }

    private static func name(_ text: UnsafeBufferPointer<UInt8>, _ member: CompactMembers.Member) -> String {
        JSONTape.string(UnsafeBufferPointer(rebasing: text[member.name]), escaped: member.escaped)
    }

    /// The members by name in code point order.
    private static func sorted(_ text: UnsafeBufferPointer<UInt8>, _ members: [CompactMembers.Member]) -> [CompactMembers.Member] {
        members.sorted { compare(text, $0, text, $1) < 0 }
    }

    /// The order of two members' names by code points: below, at or above 0.
    /// Names without escapes are compared as bytes, in place.
    private static func compare(
        _ t: UnsafeBufferPointer<UInt8>, _ x: CompactMembers.Member, _ u: UnsafeBufferPointer<UInt8>, _ y: CompactMembers.Member
    ) -> Int {
        guard !x.escaped && !y.escaped else {
            let (p, q) = (name(t, x), name(u, y))
            return CodePoints.less(p, q) ? -1 : CodePoints.less(q, p) ? 1 : 0
        }
        let common = min(x.name.count, y.name.count)
        let order = common == 0 ? 0 : memcmp(t.baseAddress! + x.name.lowerBound, u.baseAddress! + y.name.lowerBound, common)
        if order != 0 { return Int(order) }
        return x.name.count - y.name.count
    }

    /// The value written at `start`. Scalars are read in place: a copy of a
    /// huge string's text would cost as much memory as the string.
    private static func value(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> JSONValue {
        let end = CompactMembers.endOfValue(text, start)
        switch JSONTape.kind(ofByte: text[start]) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string:
            let inside = UnsafeBufferPointer(rebasing: text[start + 1..<end - 1])
            return .string(JSONTape.string(inside, escaped: CompactMembers.endOfString(text, start).1))
        case .number:
            return .number(JSONNumber(validatedText: String(decoding: text[start..<end], as: UTF8.self)))
        case .array, .object:
            return JSONTape(compact: Array(text[start..<end])).value(at: 0)
        }
    }
}
