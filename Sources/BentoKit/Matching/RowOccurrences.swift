/// Where each id occurs in a whole box: how often, and the last place.
///
/// One record per id, its three numbers side by side: ids come in file
/// order, their keys in no order at all, and one cache line fetched per row
/// (not three) is what keeps a box of a million rows from costing more per
/// row than one of a hundred thousand.
struct RowOccurrences {
    struct Occurrence {
        var count: Int32 = 0
        var section: Int32 = 0
        var row: Int32 = 0
    }

    /// By key.
    let places: [Occurrence]

    /// - Complexity: O(n + k) in the rows and the keys.
    init(_ flat: FlatRows, keyCount: Int) {
        var places = [Occurrence](repeating: Occurrence(), count: keyCount)
        for s in 0..<flat.sectionStart.count - 1 {
            let start = flat.sectionStart[s]
            for p in flat.rows(of: s) {
                let key = Int(flat.keys[p])
                places[key].count += 1
                places[key].section = Int32(s)
                places[key].row = Int32(p - start)
            }
        }
        self.places = places
    }
}
