import BentoJSON

/// The merge of an object's members field by field (`JSONMerge`), with each
/// conflict marked around the whole member it lies in: the screen's
/// attributes, a section's header and footer.
enum MemberMerge {
    /// The merged members in OURS' order (then THEIRS' members that only
    /// THEIRS' side of a conflict has), and the conflicting paths of each
    /// member in conflict.
    /// - Complexity: that of `JSONMerge.merge`.
    static func merge(base: JSONObject, ours: JSONObject, theirs: JSONObject)
        -> (members: [MergeItem<MergedMember>], conflicts: [(key: String, paths: [String])])
    {
        let result = JSONMerge.merge(base: .object(base), ours: .object(ours), theirs: .object(theirs))
        guard case .object(let mergedOurs) = result.ours, case .object(let mergedTheirs) = result.theirs else {
            preconditionFailure("the merge of two objects is an object")
        }
        // The member each conflict lies in; the whole value, when a side's
        // change could not be applied to the other.
        var conflicts: [(key: String, paths: [String])] = []
        var slot: [[UInt8]: Int] = [:]
        func add(_ key: String, _ path: String) {
            if let k = slot[Array(key.utf8)] {
                conflicts[k].paths.append(path)
            } else {
                slot[Array(key.utf8)] = conflicts.count
                conflicts.append((key, [path]))
            }
        }
        for path in result.conflicts {
            if let key = JSONPointer(path)?.tokens.first {
                add(key, path)
            } else {
                for member in mergedOurs.members + mergedTheirs.members
                where slot[Array(member.key.utf8)] == nil && mergedOurs[member.key] != mergedTheirs[member.key] {
                    add(member.key, "/" + JSONPointer.escape(member.key))
                }
            }
        }
        var members: [MergeItem<MergedMember>] = []
        for (key, value) in mergedOurs.members {
            let member = MergedMember(key: key, value: value)
            if slot[Array(key.utf8)] != nil {
                members.append(.conflict(ours: member, theirs: mergedTheirs[key].map { MergedMember(key: key, value: $0) }))
            } else {
                members.append(.clean(member))
            }
        }
        for (key, value) in mergedTheirs.members where mergedOurs[key] == nil {
            // Only a conflict leaves a member on THEIRS' side alone.
            members.append(.only(.theirs, MergedMember(key: key, value: value)))
        }
        return (members, conflicts)
    }
}
