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
        let tape = place.tape
        if tape.equals(place.value, target.tape, target.value) { return place.kept }
        if let donor, donor.tape.equals(donor.value, target.tape, target.value) { return donor.kept }
        switch (tape.kind(place.value), target.tape.kind(target.value)) {
        case (.object, .object):
            // Members are matched by name on the tapes; names are made as
            // strings only to place added members in a donor's order.
            let donorMembers = donor.flatMap { d in d.tape.kind(d.value) == .object ? Array(d.tape.members(of: d.value)) : nil }
            func donorMember(_ name: Int) -> (name: Int, value: Int)? {
                guard let d = donor, let members = donorMembers else { return nil }
                return members.first { d.tape.sameString($0.name, target.tape, name) }
            }
            // Each child with the entry of its name in the target.
            var kept: [(name: Int, item: JSONEdit.Item)] = []
            for (k, member) in tape.members(of: place.value).enumerated() {
                guard let found = target.tape.members(of: target.value).first(where: { tape.sameString(member.name, target.tape, $0.name) })
                else { continue }
                let edit = self.edit(place.at(member.value), to: target.at(found.value), donor: donorMember(found.name).map { donor!.at($0.value) })
                kept.append((found.name, .child(JSONEdit.Child(origin: k, name: place.at(member.name).name, value: edit))))
            }
            var added: [(name: Int, item: JSONEdit.Item)] = []
            for member in target.tape.members(of: target.value) where !kept.contains(where: { $0.name == member.name }) {
                let name: JSONEdit.Name, edit: JSONEdit
                if let d = donor, let found = donorMember(member.name) {
                    name = d.at(found.name).name
                    edit = self.edit(d.at(found.value), to: target.at(member.value))
                } else {
                    (name, edit) = (.text(target.tape.string(at: member.name)), target.at(member.value).new)
                }
                added.append((member.name, .child(JSONEdit.Child(name: name, value: edit))))
            }
            let layout = tape.layout(of: place.value)
            guard let d = donor, let donorMembers else { return .object(source: place.source, layout, members: (kept + added).map(\.item)) }
            func named(_ child: (name: Int, item: JSONEdit.Item)) -> (name: String, item: JSONEdit.Item) {
                (target.tape.string(at: child.name), child.item)
            }
            let order = donorMembers.map { d.tape.string(at: $0.name) }
            return .object(
                source: place.source, layout, members: Self.placing(added.map(named), among: kept.map(named), order: order))
        case (.array, .array) where tape.count(of: place.value) == target.tape.count(of: target.value):
            let donorElements = donor.flatMap { d -> [Int]? in
                guard d.tape.kind(d.value) == .array else { return nil }
                let entries = Array(d.tape.elements(of: d.value))
                return entries.count == tape.count(of: place.value) ? entries : nil
            }
            let items = zip(tape.elements(of: place.value), target.tape.elements(of: target.value)).enumerated().map { k, pair in
                JSONEdit.Item.child(
                    JSONEdit.Child(
                        origin: k, value: edit(place.at(pair.0), to: target.at(pair.1), donor: donorElements.map { donor!.at($0[k]) })))
            }
            return .array(source: place.source, tape.layout(of: place.value), elements: items)
        default:
            return target.new
        }
    }

    /// The members `kept` (in their own order) with each of `added` placed
    /// (contract section 6): after the nearest member before it in `order`
    /// (THEIRS' order) that is placed, first when there is none; without
    /// an order, or for a member `order` lacks, last.
    /// - Complexity: O(n·m) in the numbers of members kept and added (few).
    public static func placing<Item>(
        _ added: [(name: String, item: Item)], among kept: [(name: String, item: Item)], order: [String]?
    ) -> [Item] {
        guard let order else { return (kept + added).map(\.item) }
        var placed = kept
        let position = { (name: String) in order.firstIndex { CodePoints.equal($0, name) } }
        for member in added.sorted(by: { (position($0.name) ?? .max) < (position($1.name) ?? .max) }) {
            guard let p = position(member.name) else {
                placed.append(member)
                continue
            }
            let before = order[..<p].reversed().lazy.compactMap { name in placed.firstIndex { CodePoints.equal($0.name, name) } }.first
            placed.insert(member, at: before.map { $0 + 1 } ?? 0)
        }
        return placed.map(\.item)
    }
}
