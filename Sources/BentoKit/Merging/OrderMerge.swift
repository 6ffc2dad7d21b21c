/// The order rule of the merge (bento-changeset(5), MERGE), for the sections of a
/// box or the rows of a section: OURS' order, without what THEIRS deleted,
/// and each element THEIRS inserted or moved (and OURS did not) placed
/// immediately after the nearest element before it in THEIRS that is in
/// the merge (first, when there is none), taken in THEIRS' order.
enum OrderMerge {
    /// What the merge has for one of THEIRS' elements.
    enum Theirs<Item> {
        /// An item placed here, at THEIRS' place.
        case place(Item)
        /// The element is in the merge at OURS' place: OURS' element at this index.
        case atOurs(Int)
        /// The element is not in the merge here.
        case absent
    }

    /// Merges two orders. `ours` lists what the merge keeps at each of OURS'
    /// places (nil: nothing); `theirs` what it has for each of THEIRS'.
    /// - Complexity: O(n) in the two lengths: the merged list is a linked
    ///   list of array slots, so each placement is O(1), and elements are
    ///   found by index, never hashed.
    static func merge<Item>(ours: [Item?], theirs: [Theirs<Item>]) -> [Item] {
        // Slots 0..<ours.count are OURS' places; THEIRS' placements follow,
        // kept apart: OURS' items are read where they are, not copied into
        // an array of all the slots first (each copy of a row counts its
        // references up, and down again when the array goes).
        var placed: [Item] = []
        var next = [Int](repeating: -1, count: ours.count)
        var head = -1
        var last = -1
        for slot in ours.indices where ours[slot] != nil {
            if last < 0 { head = slot } else { next[last] = slot }
            last = slot
        }

        // The nearest element before, in THEIRS, that is in the merge: none
        // of THEIRS' elements joins the merge after the scan has passed it.
        var previous = -1
        for entry in theirs {
            switch entry {
            case .place(let item):
                placed.append(item)
                let slot = ours.count + placed.count - 1
                if previous < 0 {
                    next.append(head)
                    head = slot
                } else {
                    next.append(next[previous])
                    next[previous] = slot
                }
                previous = slot
            case .atOurs(let slot):
                if ours[slot] != nil { previous = slot }
            case .absent:
                break
            }
        }

        var merged: [Item] = []
        merged.reserveCapacity(next.count)
        var slot = head
        while slot >= 0 {
            merged.append(slot < ours.count ? ours[slot]! : placed[slot - ours.count])
            slot = next[slot]
        }
        return merged
    }
}
