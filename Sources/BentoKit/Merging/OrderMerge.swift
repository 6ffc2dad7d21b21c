/// The order rule of the merge (contract section 6), for the sections of a
/// box or the rows of a section: OURS' order, without what THEIRS deleted,
/// and each element THEIRS inserted or moved (and OURS did not) placed
/// immediately after the nearest element before it in THEIRS that is in
/// the merge (first, when there is none), taken in THEIRS' order.
enum OrderMerge {
    /// Merges two orders of keyed elements. `ours` lists OURS' elements in
    /// its order, each with what the merge keeps at that place (nil: the
    /// merge does not keep it there); `theirs` the same for THEIRS.
    /// - Complexity: O(n) in the two lengths: the merged list is a linked
    ///   list of array slots, so each placement is O(1).
    static func merge<Key: Hashable, Item>(ours: [(key: Key, item: Item?)], theirs: [(key: Key, item: Item?)]) -> [Item] {
        var items: [Item] = []
        var next: [Int] = []  // the slot after each slot; -1 ends the list
        var head = -1
        var slotOfKey: [Key: Int] = [:]
        items.reserveCapacity(ours.count + theirs.count)
        next.reserveCapacity(ours.count + theirs.count)
        slotOfKey.reserveCapacity(ours.count + theirs.count)

        var last = -1
        for (key, item) in ours {
            guard let item else { continue }
            items.append(item)
            next.append(-1)
            let slot = items.count - 1
            if last < 0 { head = slot } else { next[last] = slot }
            last = slot
            slotOfKey[key] = slot
        }

        // The nearest element before, in THEIRS, that is in the merge: none
        // of THEIRS' elements joins the merge after the scan has passed it.
        var previous = -1
        for (key, item) in theirs {
            if let item {
                items.append(item)
                let slot = items.count - 1
                if previous < 0 {
                    next.append(head)
                    head = slot
                } else {
                    next.append(next[previous])
                    next[previous] = slot
                }
                slotOfKey[key] = slot
                previous = slot
            } else if let slot = slotOfKey[key] {
                previous = slot
            }
        }

        var merged: [Item] = []
        merged.reserveCapacity(items.count)
        var slot = head
        while slot >= 0 {
            merged.append(items[slot])
            slot = next[slot]
        }
        return merged
    }
}
