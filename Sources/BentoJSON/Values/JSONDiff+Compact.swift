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
        fromCompact old: Span<UInt8>, toCompact new: Span<UInt8>, at base: String
    ) -> [FieldChange] {
        var out: [FieldChange] = []
        // The path is built as bytes, a name pushed and popped on the way
        // down: a string is made only for a change.
        var path = Array(base.utf8)
        // Values written alike make no change: compared whole here only as
        // scalars, as below an object or array compares its parts.
        let kind = JSONTape.kind(ofByte: old[0])
        if kind != .object && kind != .array && old.sameBytes(as: new) { return [] }
        CompactPair.collect(old, new, 0..<old.count, 0..<new.count, &path, &out)
        return out
    }

    /// `changes(fromCompact:toCompact:at:)` of texts in arrays.
    /// - Complexity: O(n log n) in the size of the two texts.
    public static func changes(fromCompact old: [UInt8], toCompact new: [UInt8], at base: String) -> [FieldChange] {
        old.withSpan { a in new.withSpan { b in changes(fromCompact: a, toCompact: b, at: base) } }
    }
}

/// Two compact texts (`a` and `b`, given to each function), and the values
/// in them compared as `JSONDiff` compares values on tapes; a value is named
/// by where it starts in its text, and the JSON Pointer of the one at hand
/// is `path`, as UTF-8.
enum CompactPair {
    typealias Member = CompactMembers.Member

    /// The changes of the value written at `va` in `a` to the one at `vb`
    /// in `b`, which are not written alike. Where each value ends is known
    /// before it is compared: a string of megabytes is scanned for its end
    /// once, not again to be compared and again to be read.
    static func collect(
        _ a: Span<UInt8>, _ b: Span<UInt8>, _ va: Range<Int>, _ vb: Range<Int>, _ path: inout [UInt8], _ out: inout [FieldChange]
    ) {
        let (i, j) = (va.lowerBound, vb.lowerBound)
        let ka = JSONTape.kind(ofByte: a[i]), kb = JSONTape.kind(ofByte: b[j])
        if ka == .object && kb == .object {
            collectMembers(a, b, i, j, &path, &out)
        } else if ka == .array && kb == .array, case let (x, y) = (Self.elements(a, i), Self.elements(b, j)), x.count == y.count {
            for k in x.indices where !sameText(a, b, x[k], y[k]) {
                let mark = path.count
                path.append(UInt8(ascii: "/"))
                path.append(decimal: k)
                collect(a, b, x[k], y[k], &path, &out)
                path.removeSubrange(mark...)
            }
        } else if !sameScalar(a, b, va, vb) {
            out.append(FieldChange(path: String(decoding: path, as: UTF8.self), old: Self.value(a, va), new: Self.value(b, vb)))
        }
    }

    /// The changes of member `x` of `a` to member `y` of `b`, same name.
    private static func collect(_ a: Span<UInt8>, _ b: Span<UInt8>, _ x: Member, _ y: Member, _ path: inout [UInt8], _ out: inout [FieldChange]) {
        let mark = push(a, x, onto: &path)
        collect(a, b, x.value, y.value, &path, &out)
        path.removeSubrange(mark...)
    }

    private static func collectMembers(_ a: Span<UInt8>, _ b: Span<UInt8>, _ i: Int, _ j: Int, _ path: inout [UInt8], _ out: inout [FieldChange]) {
        // One schema on both sides, nearly always: the two are walked in
        // step, and only the members written otherwise are kept (most often
        // one, kept without an array), looked into, and sorted by name.
        var (stepA, stepB) = (CompactMembers(objectAt: i), CompactMembers(objectAt: j))
        var first: (Member, Member)?
        var others: [(Member, Member)] = []
        var aligned = true
        while true {
            let m = stepA.next(in: a), n = stepB.next(in: b)
            guard let x = m, let y = n else {
                aligned = m == nil && n == nil
                break
            }
            guard sameString(a, b, x.name, x.escaped, y.name, y.escaped) else {
                aligned = false
                break
            }
            if !sameText(a, b, x.value, y.value) {
                if first == nil { first = (x, y) } else { others.append((x, y)) }
            }
        }
        if aligned {
            guard let (x, y) = first else { return }
            guard !others.isEmpty else { return collect(a, b, x, y, &path, &out) }
            others.append((x, y))
            others.sort { compare(a, $0.0, a, $1.0) < 0 }
            for (x, y) in others { collect(a, b, x, y, &path, &out) }
            return
        }
        if walked(a, b, i, j, &path, &out) { return }
        // A member moved: both sides sorted by name, without making names:
        // a name without escapes is its own bytes, and UTF-8's byte order
        // is code point order.
        let x = CompactMembers.all(of: a, objectAt: i), y = CompactMembers.all(of: b, objectAt: j)
        let old = Self.sorted(a, x), new = Self.sorted(b, y)
        var m = 0, n = 0
        while m < old.count || n < new.count {
            let order = m == old.count ? 1 : n == new.count ? -1 : Self.compare(a, old[m], b, new[n])
            if order < 0 {
                out.append(Self.whole(a, old[m], removed: true, under: &path))
                m += 1
            } else if order > 0 {
                out.append(Self.whole(b, new[n], removed: false, under: &path))
                n += 1
            } else {
                // Equal values make no change: the path is made only for the others.
                if !sameValue(a, b, old[m].value, new[n].value) { collect(a, b, old[m], new[n], &path, &out) }
                m += 1
                n += 1
            }
        }
    }

    /// The changes between two objects whose members keep one order, some
    /// removed and some added (a wide object edited here and there),
    /// appended to `out`: the objects at `i` and `j` are walked in step, a
    /// name that differs from the other side's taken as removed or added as
    /// the next name says, and only the members that differ are kept,
    /// looked into, and sorted. False, with nothing appended, when a name
    /// is both removed and added (a member moved): the caller sorts both
    /// sides.
    /// - Complexity: O(n + k log k), k the members that differ.
    private static func walked(
        _ a: Span<UInt8>, _ b: Span<UInt8>, _ i: Int, _ j: Int, _ path: inout [UInt8], _ out: inout [FieldChange]
    ) -> Bool {
        func same(_ x: Member, _ y: Member) -> Bool { sameString(a, b, x.name, x.escaped, y.name, y.escaped) }
        var p = Lookahead(a, objectAt: i), q = Lookahead(b, objectAt: j)
        var removed: [Member] = [], added: [Member] = [], changed: [(Member, Member)] = []
        while let x = p.current, let y = q.current {
            if same(x, y) {
                if !sameText(a, b, x.value, y.value) { changed.append((x, y)) }
                p.advance(in: a)
                q.advance(in: b)
            } else if let after = p.next, same(after, y) {
                removed.append(x)
                p.advance(in: a)
            } else if let after = q.next, same(x, after) {
                added.append(y)
                q.advance(in: b)
            } else {
                removed.append(x)
                added.append(y)
                p.advance(in: a)
                q.advance(in: b)
            }
        }
        while let x = p.current {
            removed.append(x)
            p.advance(in: a)
        }
        while let y = q.current {
            added.append(y)
            q.advance(in: b)
        }
        // One list by name. A changed name is on neither other list; a name
        // both removed and added is a member that moved: equal names sort
        // side by side.
        var differing = removed.map { (side: Side.removed, x: $0, y: $0) } + added.map { (side: Side.added, x: $0, y: $0) }
        differing += changed.map { (side: Side.changed, x: $0.0, y: $0.1) }
        func order(_ d: (side: Side, x: Member, y: Member), _ e: (side: Side, x: Member, y: Member)) -> Int {
            compare(d.side == .added ? b : a, d.x, e.side == .added ? b : a, e.x)
        }
        differing.sort { order($0, $1) < 0 }
        for k in differing.indices.dropFirst() where order(differing[k - 1], differing[k]) == 0 { return false }
        for d in differing {
            switch d.side {
            case .removed: out.append(whole(a, d.x, removed: true, under: &path))
            case .added: out.append(whole(b, d.x, removed: false, under: &path))
            case .changed: collect(a, b, d.x, d.y, &path, &out)
            }
        }
        return true
    }

    /// One side of a walk in step: the member at hand and the one after it.
    private struct Lookahead {
        var members: CompactMembers
        var current: Member?, next: Member?

        init(_ text: Span<UInt8>, objectAt start: Int) {
            members = CompactMembers(objectAt: start)
            current = members.next(in: text)
            next = current == nil ? nil : members.next(in: text)
        }

        mutating func advance(in text: Span<UInt8>) {
            current = next
            next = current == nil ? nil : members.next(in: text)
        }
    }

    /// How a member of two objects differs.
    private enum Side { case removed, added, changed }

    /// A member of `text` removed (its value the old one) or added (the
    /// new one) as a whole.
    private static func whole(_ text: Span<UInt8>, _ member: Member, removed: Bool, under path: inout [UInt8]) -> FieldChange {
        let value = Self.value(text, member.value)
        let mark = push(text, member, onto: &path)
        defer { path.removeSubrange(mark...) }
        let pointer = String(decoding: path, as: UTF8.self)
        return removed ? FieldChange(path: pointer, old: value, new: nil) : FieldChange(path: pointer, old: nil, new: value)
    }

    /// Appends `/` and the member's name, escaped as a JSON Pointer token
    /// (`~0`, `~1`), to `path`, and returns where it was cut before.
    private static func push(_ text: Span<UInt8>, _ member: Member, onto path: inout [UInt8]) -> Int {
        let mark = path.count
        path.append(UInt8(ascii: "/"))
        if member.escaped {
            name(text, member).withUTF8Span { JSONPointer.appendEscaped($0, to: &path) }
        } else {
            JSONPointer.appendEscaped(text.extracting(member.name), to: &path)
        }
        return mark
    }

    /// Written alike, byte for byte: equal at once.
    private static func sameText(_ a: Span<UInt8>, _ b: Span<UInt8>, _ va: Range<Int>, _ vb: Range<Int>) -> Bool {
        va.count == vb.count && a.extracting(va).sameBytes(as: b.extracting(vb))
    }

    /// Equal as bento-screen(5) compares values (objects as unordered): at once
    /// when written alike, else part by part, and objects whose members are
    /// in another order as canonical text (`CompactJSON.canonicalText`).
    static func sameValue(_ a: Span<UInt8>, _ b: Span<UInt8>, _ va: Range<Int>, _ vb: Range<Int>) -> Bool {
        if sameText(a, b, va, vb) { return true }
        let (i, j) = (va.lowerBound, vb.lowerBound)
        let kind = JSONTape.kind(ofByte: a[i])
        guard kind == JSONTape.kind(ofByte: b[j]) else { return false }
        switch kind {
        case .object:
            // Names are unique: objects of different sizes differ, and so do
            // two whose members of one name, met at one place in both, differ.
            // Walked in step first, nothing gathered: one schema writes its
            // members in one order.
            var (p, q) = (CompactMembers(objectAt: i), CompactMembers(objectAt: j))
            var equalInStep = 0
            while true {
                let m = p.next(in: a), n = q.next(in: b)
                guard let m, let n else { return m == nil && n == nil }
                guard sameString(a, b, m.name, m.escaped, n.name, n.escaped) else { break }
                if !sameValue(a, b, m.value, n.value) { return false }
                equalInStep += 1
            }
            // Out of step at `equalInStep`: both sides are compared sorted
            // (canonical text), unless a name met at one place further on
            // already differs. What was found equal is not compared again
            // (each level once: no blow-up with depth).
            let x = CompactMembers.all(of: a, objectAt: i), y = CompactMembers.all(of: b, objectAt: j)
            guard x.count == y.count else { return false }
            for (m, n) in zip(x, y).dropFirst(equalInStep + 1)
            where sameString(a, b, m.name, m.escaped, n.name, n.escaped) && !sameValue(a, b, m.value, n.value) {
                return false
            }
            return CompactJSON.canonicalText(a.extracting(va)) == CompactJSON.canonicalText(b.extracting(vb))
        case .array:
            let x = Self.elements(a, i), y = Self.elements(b, j)
            return x.count == y.count && zip(x, y).allSatisfy { sameValue(a, b, $0, $1) }
        default:
            return sameScalar(a, b, va, vb)
        }
    }

    /// Equality of two values that are not both objects, nor both arrays of
    /// one length, and are not written alike (the callers compare the texts
    /// first): as `JSONValue` compares them. So two strings without escapes
    /// differ, told by a search for a backslash, not by comparing them again.
    private static func sameScalar(_ a: Span<UInt8>, _ b: Span<UInt8>, _ va: Range<Int>, _ vb: Range<Int>) -> Bool {
        let kind = JSONTape.kind(ofByte: a[va.lowerBound])
        guard kind == JSONTape.kind(ofByte: b[vb.lowerBound]) else { return false }
        switch kind {
        case .null, .true, .false: return true
        case .string:
            let (x, y) = (inside(va), inside(vb))
            let (xEscaped, yEscaped) = (hasEscapes(a, x), hasEscapes(b, y))
            guard xEscaped || yEscaped else { return false }
            return sameString(a, b, x, xEscaped, y, yEscaped)
        case .number:
            return JSONNumber(validatedText: a.extracting(va).string) == JSONNumber(validatedText: b.extracting(vb).string)
        case .array, .object: return false  // arrays of different lengths
        }
    }

    /// Equal strings, given the bytes between their quotes: the same bytes
    /// when neither has escapes.
    private static func sameString(_ a: Span<UInt8>, _ b: Span<UInt8>, _ x: Range<Int>, _ xEscaped: Bool, _ y: Range<Int>, _ yEscaped: Bool) -> Bool {
        guard !xEscaped && !yEscaped else {
            return CodePoints.equal(
                JSONTape.string(a.extracting(x), escaped: xEscaped),
                JSONTape.string(b.extracting(y), escaped: yEscaped))
        }
        return x.count == y.count && a.extracting(x).sameBytes(as: b.extracting(y))
    }

    // MARK: Reading the texts

    /// Where each element of the array at `start` is written.
    private static func elements(_ text: Span<UInt8>, _ start: Int) -> [Range<Int>] {
        var elements: [Range<Int>] = []
        var i = start + 1
        while text[i] != UInt8(ascii: "]") {
            let end = CompactMembers.endOfValue(text, i)
            elements.append(i..<end)
            i = end
            if text[i] == UInt8(ascii: ",") { i += 1 }
        }
        return elements
    }

    /// The bytes between the quotes of the string written at `value`.
    private static func inside(_ value: Range<Int>) -> Range<Int> { value.lowerBound + 1..<value.upperBound - 1 }

    /// Whether the inside of a string holds an escape: a search for a
    /// backslash (`memchr`), quicker than a scan for the string's end.
    private static func hasEscapes(_ text: Span<UInt8>, _ inside: Range<Int>) -> Bool {
        text.firstIndex(of: UInt8(ascii: "\\"), from: inside.lowerBound, to: inside.upperBound) != nil
    }

    private static func name(_ text: Span<UInt8>, _ member: Member) -> String {
        JSONTape.string(text.extracting(member.name), escaped: member.escaped)
    }

    /// The members by name in code point order.
    private static func sorted(_ text: Span<UInt8>, _ members: [Member]) -> [Member] {
        CompactMembers.sortedByName(text, members)
    }

    /// The order of two members' names by code points: below, at or above 0.
    /// Names without escapes are compared as bytes, in place.
    private static func compare(
        _ t: Span<UInt8>, _ x: Member, _ u: Span<UInt8>, _ y: Member
    ) -> Int {
        guard !x.escaped && !y.escaped else {
            let (p, q) = (name(t, x), name(u, y))
            return CodePoints.less(p, q) ? -1 : CodePoints.less(q, p) ? 1 : 0
        }
        return t.extracting(x.name).compareBytes(with: u.extracting(y.name))
    }

    /// The value written at `range`. Scalars are read in place: a copy of a
    /// huge string's text would cost as much memory as the string.
    private static func value(_ text: Span<UInt8>, _ range: Range<Int>) -> JSONValue {
        switch JSONTape.kind(ofByte: text[range.lowerBound]) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string:
            let inside = inside(range)
            return .string(JSONTape.string(text.extracting(inside), escaped: hasEscapes(text, inside)))
        case .number:
            return .number(JSONNumber(validatedText: text.extracting(range).string))
        case .array, .object:
            return JSONTape(compact: text.array(range)).value(at: 0)
        }
    }
}
