/// A JSON object: its members in the order written, compared as a set.
///
/// Member names are distinct by code points (the reader rejects duplicates).
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in the order written; names are unique.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// An object of `members`, in that order.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The number of members.
    public var count: Int { members.count }
    /// True when the object has no members.
    public var isEmpty: Bool { members.isEmpty }
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { members.makeIterator() }

    /// The member named `key` (compared by code points).
    /// - Complexity: O(n) in the number of members.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { CodePoints.equal($0.key, key) })?.value }
        set {
            let index = members.firstIndex(where: { CodePoints.equal($0.key, key) })
            switch (index, newValue) {
            case let (i?, v?): members[i].value = v
            case let (i?, nil): members.remove(at: i)
            case let (nil, v?): members.append((key, v))
            case (nil, nil): break
            }
        }
    }

    /// The members sorted by name in code point order: the canonical order.
    public var sortedMembers: [(key: String, value: JSONValue)] {
        members.sorted { CodePoints.less($0.key, $1.key) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.members.count == b.members.count else { return false }
        // Fast path: the same member order, as most files write it.
        var sameOrder = true
        for (x, y) in zip(a.members, b.members) where !CodePoints.equal(x.key, y.key) {
            sameOrder = false
            break
        }
        if sameOrder {
            return zip(a.members, b.members).allSatisfy { $0.value == $1.value }
        }
        for (x, y) in zip(a.sortedMembers, b.sortedMembers) {
            guard CodePoints.equal(x.key, y.key), x.value == y.value else { return false }
        }
        return true
    }

    /// Order-independent: the members' own hashes are summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for member in members {
            var h = Hasher()
            CodePoints.hash(member.key, into: &h)
            h.combine(member.value)
            sum = sum &+ h.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}
