/// Slots in a fixed order, each empty or taken, that answer "how many taken
/// slots come before this one" in O(log n): the index an element has in a
/// list that is edited by removals and insertions at known places, without
/// moving the others (a Fenwick tree of the taken slots).
///
/// The JSON Patch writer models each array this way: every element that is
/// ever in it has a slot, in the order the elements stand at the end, and
/// an operation's index is the rank of its slot at that step.
struct RankedSlots {
    /// Fenwick tree: `tree[k]` counts the taken slots in a range ending at k (1-based).
    private var tree: [Int]
    private var taken: [Bool]

    /// `count` slots, those of `taken` taken.
    /// - Complexity: O(n).
    init(count: Int, taken isTaken: (Int) -> Bool = { _ in false }) {
        taken = (0..<count).map(isTaken)
        tree = [Int](repeating: 0, count: count + 1)
        // Built in linear time: each node passes its count to its parent.
        for k in stride(from: 1, through: count, by: 1) {
            tree[k] += taken[k - 1] ? 1 : 0
            let parent = k + (k & -k)
            if parent <= count { tree[parent] += tree[k] }
        }
    }

    /// The number of taken slots before `slot`: its index in the list, once taken.
    /// - Complexity: O(log n).
    func rank(_ slot: Int) -> Int {
        var k = slot, sum = 0
        while k > 0 {
            sum += tree[k]
            k -= k & -k
        }
        return sum
    }

    /// Whether `slot` is taken.
    func isTaken(_ slot: Int) -> Bool { taken[slot] }

    /// Takes `slot` (an element lands there).
    /// - Complexity: O(log n).
    mutating func take(_ slot: Int) {
        guard !taken[slot] else { return }
        taken[slot] = true
        add(1, at: slot)
    }

    /// Frees `slot` (its element leaves).
    /// - Complexity: O(log n).
    mutating func free(_ slot: Int) {
        guard taken[slot] else { return }
        taken[slot] = false
        add(-1, at: slot)
    }

    private mutating func add(_ delta: Int, at slot: Int) {
        var k = slot + 1
        while k < tree.count {
            tree[k] += delta
            k += k & -k
        }
    }
}

/// Slots for a list whose elements keep their places but for some that
/// move, each moved one put right after the element before it in the final
/// order (an anchor that does not move, or the moved one before it): each
/// anchor's own slot is followed by slots for the run that lands after it,
/// and a run at the very start comes first.
struct AnchoredSlots {
    /// Where each original element's own slot is.
    private var own: [Int] = []
    /// Where the next slot of each anchor's run is (index 0: the run at the
    /// start; k + 1: after element k).
    private var next: [Int]
    /// All the slots: taken where `isTaken` says, for the elements there at first.
    private var slots: RankedSlots

    /// Slots for `count` elements, `runs[k + 1]` elements landing after
    /// element k (`runs[0]` at the start), and `isTaken(k)` for the
    /// elements in the list at first.
    /// - Complexity: O(n + m) in the elements and those that land.
    init(count: Int, runs: [Int], isTaken: (Int) -> Bool) {
        var next = [Int](repeating: 0, count: count + 1)
        own.reserveCapacity(count)
        var slot = 0
        next[0] = slot
        slot += runs[0]
        var taken = [Bool](repeating: false, count: count + runs.reduce(0, +))
        for k in 0..<count {
            own.append(slot)
            taken[slot] = isTaken(k)
            next[k + 1] = slot + 1
            slot += 1 + runs[k + 1]
        }
        self.next = next
        slots = RankedSlots(count: taken.count) { taken[$0] }
    }

    /// Frees original element `k`'s own slot (it leaves), and returns the
    /// index it had.
    /// - Complexity: O(log n).
    mutating func leave(element k: Int) -> Int {
        let index = slots.rank(own[k])
        free(element: k)
        return index
    }

    /// Frees original element `k`'s own slot (it leaves), when the index
    /// it had is not needed.
    /// - Complexity: O(log n).
    mutating func free(element k: Int) { slots.free(own[k]) }

    /// Takes the next slot of the run after element `anchor` (-1: the
    /// start), and returns the index that lands there.
    /// - Complexity: O(log n).
    mutating func land(after anchor: Int) -> Int {
        let slot = next[anchor + 1]
        next[anchor + 1] += 1
        slots.take(slot)
        return slots.rank(slot)
    }
}
