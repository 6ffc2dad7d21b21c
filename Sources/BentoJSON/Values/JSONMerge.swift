/// The three-way merge of one JSON value, field by field: each side's field
/// changes against the base (`JSONDiff`'s leaf paths) are applied together.
///
/// A path changed on one side takes that side's value; changed on both to
/// equal values is clean; changed on both to different values, or one path
/// inside the other (`/props` replaced on one side, `/props/title` changed on
/// the other), is a conflict. The result holds the value resolved each way:
/// `ours` has every clean change of both sides and OURS' side of each
/// conflict, `theirs` the same with THEIRS' side. Without conflicts the two
/// are equal.
public enum JSONMerge {
    /// A merged value, resolved each way, and the paths in conflict.
    public struct Result: Sendable, Hashable {
        /// Clean changes of both sides, and OURS' side of each conflict.
        public var ours: JSONValue
        /// Clean changes of both sides, and THEIRS' side of each conflict.
        public var theirs: JSONValue
        /// The conflicting paths (of each pair, the outer one), in the order
        /// THEIRS' changes list them.
        public var conflicts: [String]

        /// True when nothing conflicts.
        public var isClean: Bool { conflicts.isEmpty }
    }

    /// Merges the changes from `base` to `ours` and from `base` to `theirs`.
    /// - Complexity: O(n) in the size of the three values, plus O(c·d) for
    ///   c changed leaves at depth d.
    public static func merge(base: JSONValue, ours: JSONValue, theirs: JSONValue) -> Result {
        if ours == theirs || theirs == base { return Result(ours: ours, theirs: ours, conflicts: []) }
        if ours == base { return Result(ours: theirs, theirs: theirs, conflicts: []) }
        let oursChanges = JSONDiff.changes(from: base, to: ours)
        let theirsChanges = JSONDiff.changes(from: base, to: theirs)

        // Paths compare as bytes: two names equal as Swift strings (é and
        // e + U+0301) are different members.
        var oursPaths: [[UInt8]: FieldChange] = [:]
        var oursAncestors: Set<[UInt8]> = []
        for change in oursChanges {
            oursPaths[Array(change.path.utf8)] = change
            for ancestor in ancestors(of: change.path) { oursAncestors.insert(Array(ancestor.utf8)) }
        }
        let theirsPaths = Set(theirsChanges.map { Array($0.path.utf8) })

        var conflicts: [String] = []
        var conflicted: Set<[UInt8]> = []  // paths of either side in a conflict
        var cleanTheirs: [FieldChange] = []
        for change in theirsChanges {
            let path = Array(change.path.utf8)
            if let same = oursPaths[path] {
                if same.new != change.new {
                    conflicts.append(change.path)
                    conflicted.insert(path)
                }
                continue  // equal on both sides: OURS already has it
            }
            if let outer = ancestors(of: change.path).first(where: { oursPaths[Array($0.utf8)] != nil }) {
                // OURS replaced a value THEIRS changed inside.
                if conflicted.insert(Array(outer.utf8)).inserted { conflicts.append(outer) }
                continue
            }
            if oursAncestors.contains(path) {
                // THEIRS replaced a value OURS changed inside.
                conflicts.append(change.path)
                conflicted.insert(path)
                for inner in oursChanges where isInside(inner.path, change.path) {
                    conflicted.insert(Array(inner.path.utf8))
                }
                continue
            }
            cleanTheirs.append(change)
        }

        let cleanOurs = oursChanges.filter {
            let path = Array($0.path.utf8)
            return !conflicted.contains(path) && !theirsPaths.contains(path)
        }
        guard let mergedOurs = applying(cleanTheirs, to: ours), let mergedTheirs = applying(cleanOurs, to: theirs)
        else {
            // A change that does not fit the other side: the whole value conflicts.
            return Result(ours: ours, theirs: theirs, conflicts: [""])
        }
        return Result(ours: mergedOurs, theirs: conflicts.isEmpty ? mergedOurs : mergedTheirs, conflicts: conflicts)
    }

    /// `value` with each change's new value set at its path (removed where
    /// it has none); nil when a path leads nowhere.
    private static func applying(_ changes: [FieldChange], to value: JSONValue) -> JSONValue? {
        var result = value
        for change in changes {
            guard let pointer = JSONPointer(change.path), let updated = pointer.setting(change.new, in: result)
            else { return nil }
            result = updated
        }
        return result
    }

    /// The paths strictly above `path`, outermost first: `""`, `/a` for `/a/b`.
    static func ancestors(of path: String) -> [String] {
        guard !path.isEmpty else { return [] }
        var result: [String] = [""]
        var index = path.utf8.index(after: path.utf8.startIndex)
        while let slash = path.utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
            result.append(String(path[..<slash]))
            index = path.utf8.index(after: slash)
        }
        return result
    }

    /// True when `inner` lies strictly inside `outer`.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner.utf8.count > outer.utf8.count && inner.utf8.starts(with: outer.utf8)
            && inner.utf8[inner.utf8.index(inner.utf8.startIndex, offsetBy: outer.utf8.count)] == UInt8(ascii: "/")
    }
}
