/// Works out the `JSONEdit` that turns a value of a text into another value,
/// changing as few bytes as it can: what is equal is kept as written, an
/// object keeps its members' order and white space, and a changed value is
/// taken, where it can be, from a donor (the same value in another text,
/// as THEIRS' in a merge) before it is written anew.
public enum JSONEditor {
    /// A value of one of the sources, in a tape of (a part of) it whose
    /// offsets are the source's.
    public struct Place: Sendable {
        /// The source's number.
        public var source: Int
        /// A tape of the value.
        public var tape: JSONTape
        /// The value's tape entry.
        public var value: Int

        /// The value at tape entry `value` of `tape`, read from source `source`.
        public init(source: Int, tape: JSONTape, value: Int) {
            self.source = source
            self.tape = tape
            self.value = value
        }

        /// Another value of the same tape.
        func at(_ value: Int) -> Place { Place(source: source, tape: tape, value: value) }

        /// The name of a member, this being its name's entry, as spelled.
        public var name: JSONEdit.Name { .spelled(source: source, range: tape.range(of: value)) }

        /// The edit that keeps this value as written.
        public var kept: JSONEdit { .keep(source: source, range: tape.range(of: value)) }
    }

    /// The edit that writes `target` where `place` stands: `place`'s bytes
    /// where they are equal (section 2), the donor's where those are, and
    /// for objects and for arrays of one length, the same child by child;
    /// a member added goes after its predecessor in the donor, or last.
    /// - Complexity: O(n) in the size of the values.
    public static func edit(_ place: Place, to target: JSONValue, donor: Place? = nil) -> JSONEdit {
        edit(place, to: Target(tape: JSONTape(compact: CompactJSON(target).bytes), value: 0), donor: donor)
    }

    /// A value to write: one of a tape, in `CompactJSON`'s form or as
    /// written (a model's compact text is edited toward without building
    /// its value).
    public struct Target: Sendable {
        /// A tape of the value.
        public var tape: JSONTape
        /// The value's tape entry.
        public var value: Int

        /// The value at tape entry `value` of `tape`.
        public init(tape: JSONTape, value: Int) {
            self.tape = tape
            self.value = value
        }

        /// Another value of the same tape.
        func at(_ value: Int) -> Target { Target(tape: tape, value: value) }

        /// The value as new content.
        var new: JSONEdit { .newCompact(tape.bytes(tape.range(of: value))) }
    }

    /// `edit(_:to:donor:)` toward a value of a tape.
    /// - Complexity: O(n) in the size of the values.
    public static func edit(_ place: Place, to target: Target, donor: Place? = nil) -> JSONEdit {
        edit(place.source, place.tape, place.value, toward: target.tape, target.value, donor: donor)
    }

    /// `edit(_:to:donor:)` with the place and the target taken apart: the
    /// walk down two values passes their tapes along as they are, not in a
    /// new `Place` and `Target` for each child (each a copy of both tapes'
    /// references, counted up and down).
    private static func edit(
        _ source: Int, _ tape: JSONTape, _ value: Int, toward targetTape: JSONTape, _ targetValue: Int, donor: Place?
    ) -> JSONEdit {
        if tape.equals(value, targetTape, targetValue) { return .keep(source: source, range: tape.range(of: value)) }
        if let donor, donor.tape.equals(donor.value, targetTape, targetValue) { return donor.kept }
        switch (tape.kind(value), targetTape.kind(targetValue)) {
        case (.object, .object):
            if donor == nil, let members = editedInOrder(source, tape, value, toward: targetTape, targetValue) {
                return .object(source: source, tape.layout(of: value), members: JSONEdit.Items(members))
            }
            return editObject(
                Place(source: source, tape: tape, value: value), to: Target(tape: targetTape, value: targetValue), donor: donor)
        case (.array, .array) where tape.count(of: value) == targetTape.count(of: targetValue):
            let donorElements = donor.flatMap { d -> [Int]? in
                guard d.tape.kind(d.value) == .array else { return nil }
                let entries = d.tape.elementArray(of: d.value)
                return entries.count == tape.count(of: value) ? entries : nil
            }
            let pairs = zip(tape.elements(of: value), targetTape.elements(of: targetValue))
            let items = pairs.enumerated().map { k, pair in
                let (element, targetElement) = pair
                let lent = donorElements.map { donor!.at($0[k]) }
                return JSONEdit.Item.child(
                    JSONEdit.Child(origin: k, value: edit(source, tape, element, toward: targetTape, targetElement, donor: lent)))
            }
            return .array(source: source, tape.layout(of: value), elements: JSONEdit.Items(items))
        default:
            return .newCompact(targetTape.bytes(targetTape.range(of: targetValue)))
        }
    }

    /// The members of an object edited toward one whose members have the
    /// same names in the same order (a value or two changed: nearly every
    /// edit), each in place; nil when the names differ. What `editObject`
    /// makes of such objects without a donor, without indexing the names.
    /// - Complexity: O(n) in the size of the values.
    private static func editedInOrder(
        _ source: Int, _ tape: JSONTape, _ value: Int, toward targetTape: JSONTape, _ targetValue: Int
    ) -> [JSONEdit.Item]? {
        var members: [JSONEdit.Item] = []
        members.reserveCapacity(tape.childrenBound(of: value) / 2)
        var targetMembers = targetTape.members(of: targetValue)
        for (k, member) in tape.members(of: value).enumerated() {
            guard let other = targetMembers.next(), tape.sameString(member.name, targetTape, other.name) else { return nil }
            let name = JSONEdit.Name.spelled(source: source, range: tape.range(of: member.name))
            let edit = edit(source, tape, member.value, toward: targetTape, other.value, donor: nil)
            members.append(.child(JSONEdit.Child(origin: k, name: name, value: edit)))
        }
        return targetMembers.next() == nil ? members : nil
    }

    /// The edit of an object toward an object: each member `place` has and
    /// `target` keeps, edited in place (with the donor's same member); the
    /// members `target` adds after them, taken from the donor where it has
    /// them, placed in the donor's order (`placing`).
    /// - Complexity: O(m) in the members, hashed by name (m log m for
    ///   members added in a donor's order).
    private static func editObject(_ place: Place, to target: Target, donor: Place?) -> JSONEdit {
        let tape = place.tape
        let targetMembers = target.tape.memberArray(of: target.value)
        let donorMembers = donor.flatMap { d in d.tape.kind(d.value) == .object ? d.tape.memberArray(of: d.value) : nil }
        // Members are matched by name on the tapes (no strings made) in
        // small objects; a large one is indexed by its names' bytes.
        let targetIndex = MemberIndex(target.tape, targetMembers)
        let donorIndex = donor.flatMap { d in donorMembers.map { MemberIndex(d.tape, $0) } }
        var matched = [Bool](repeating: false, count: targetMembers.count)
        // Each child with the index of its member in the target.
        var kept: [(member: Int, item: JSONEdit.Item)] = []
        kept.reserveCapacity(targetMembers.count)
        for (k, member) in tape.members(of: place.value).enumerated() {
            guard let t = targetIndex.find(tape, member.name), !matched[t] else { continue }
            matched[t] = true
            let found = targetMembers[t]
            let lent = donorIndex.flatMap { $0.find(target.tape, found.name) }.map { donor!.at(donorMembers![$0].value) }
            let edit = self.edit(place.at(member.value), to: target.at(found.value), donor: lent)
            kept.append((t, .child(JSONEdit.Child(origin: k, name: place.at(member.name).name, value: edit))))
        }
        var added: [(member: Int, item: JSONEdit.Item)] = []
        for (t, member) in targetMembers.enumerated() where !matched[t] {
            let name: JSONEdit.Name, edit: JSONEdit
            if let d = donor, let found = donorIndex?.find(target.tape, member.name) {
                name = d.at(donorMembers![found].name).name
                edit = self.edit(d.at(donorMembers![found].value), to: target.at(member.value))
            } else {
                (name, edit) = (.text(target.tape.string(at: member.name)), target.at(member.value).new)
            }
            added.append((t, .child(JSONEdit.Child(name: name, value: edit))))
        }
        let layout = tape.layout(of: place.value)
        guard let d = donor, let donorMembers, !added.isEmpty else {
            return .object(source: place.source, layout, members: JSONEdit.Items((kept + added).map(\.item)))
        }
        func named(_ child: (member: Int, item: JSONEdit.Item)) -> (name: String, item: JSONEdit.Item) {
            (target.tape.string(at: targetMembers[child.member].name), child.item)
        }
        let order = donorMembers.map { d.tape.string(at: $0.name) }
        return .object(source: place.source, layout, members: JSONEdit.Items(Self.placing(added.map(named), among: kept.map(named), order: order)))
    }

    /// Where a member is among an object's members, by name: a scan of the
    /// tape for a few members, a hash of the names' bytes for many.
    private struct MemberIndex {
        let tape: JSONTape
        let members: [(name: Int, value: Int)]
        /// The members' numbers by the hashes of their names' bytes: no
        /// name is made into a string or an array (a tape's object has no
        /// two members of one name).
        let byName: NameTable?

        /// Objects this large or larger are hashed.
        static let hashedFrom = 16

        init(_ tape: JSONTape, _ members: [(name: Int, value: Int)]) {
            self.tape = tape
            self.members = members
            guard members.count >= Self.hashedFrom else {
                byName = nil
                return
            }
            var byName = NameTable(capacity: members.count)
            for (k, member) in members.enumerated() { _ = byName.insert(k, hash: tape.nameHash(member.name)) { _ in false } }
            self.byName = byName
        }

        /// The index of the member named as entry `name` of `other` is.
        func find(_ other: JSONTape, _ name: Int) -> Int? {
            if let byName {
                return byName.find(hash: other.nameHash(name)) { tape.sameString(members[$0].name, other, name) }
            }
            return members.firstIndex { tape.sameString($0.name, other, name) }
        }
    }

    /// The members `kept` (in their own order) with each of `added` placed
    /// (bento-changeset(5), MERGE): after the nearest member before it in
    /// `order` (THEIRS' order) that is placed, first when there is none;
    /// without an order, or for a member `order` lacks, last.
    ///
    /// Added members are taken in `order`'s order, so the nearest placed
    /// member before one is the added member just placed or the kept member
    /// nearest before it in `order`, whichever stands later there: each
    /// kept member is followed by a run of added ones, in order.
    /// - Complexity: O((n + m) log(n + m)) in the numbers of members kept
    ///   and added, and the length of `order`.
    public static func placing<Item>(
        _ added: [(name: String, item: Item)], among kept: [(name: String, item: Item)], order: [String]?
    ) -> [Item] {
        guard let order, !added.isEmpty else { return (kept + added).map(\.item) }
        // Names by their code points: the first place of each in `order`.
        var position: [[UInt8]: Int] = [:]
        position.reserveCapacity(order.count)
        for (p, name) in order.enumerated() where position[Array(name.utf8)] == nil { position[Array(name.utf8)] = p }
        func place(_ name: String) -> Int? { position[Array(name.utf8)] }
        // The kept members that `order` has, by their place in it.
        let anchors = kept.indices.compactMap { k in place(kept[k].name).map { (p: $0, kept: k) } }.sorted { $0.p < $1.p }
        // After each kept member (and before the first, at -1), its run.
        var runs = [[Int]](repeating: [], count: kept.count + 1)
        var last: (p: Int, run: Int)? = nil
        var unplaced: [Int] = []
        let sorted = added.indices.map { (k: $0, p: place(added[$0].name)) }.sorted {
            ($0.p ?? .max, $0.k) < ($1.p ?? .max, $1.k)
        }
        for (k, p) in sorted {
            guard let p else {
                unplaced.append(k)
                continue
            }
            // The kept member nearest before p in `order`, if any.
            var low = 0, high = anchors.count
            while low < high {
                let mid = (low + high) / 2
                if anchors[mid].p < p { low = mid + 1 } else { high = mid }
            }
            let keptBefore = low > 0 ? anchors[low - 1] : nil
            let run: Int
            if let last, last.p > (keptBefore?.p ?? -1) {
                run = last.run
            } else {
                run = keptBefore.map { $0.kept + 1 } ?? 0
            }
            runs[run].append(k)
            last = (p, run)
        }
        var placed: [Item] = runs[0].map { added[$0].item }
        placed.reserveCapacity(kept.count + added.count)
        for k in kept.indices {
            placed.append(kept[k].item)
            placed += runs[k + 1].map { added[$0].item }
        }
        return placed + unplaced.map { added[$0].item }
    }
}
