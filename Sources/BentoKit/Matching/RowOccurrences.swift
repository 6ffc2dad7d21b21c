/// Where each id occurs in a whole box: how often, and the last place.
struct RowOccurrences {
    var count: [Int32]
    var section: [Int32]
    var row: [Int32]

    init(_ flat: FlatRows, keyCount: Int) {
        count = [Int32](repeating: 0, count: keyCount)
        section = [Int32](repeating: 0, count: keyCount)
        row = [Int32](repeating: 0, count: keyCount)
        for s in 0..<flat.sectionStart.count - 1 {
            let start = flat.sectionStart[s]
            for p in flat.rows(of: s) {
                let key = Int(flat.keys[p])
                count[key] += 1
                section[key] = Int32(s)
                row[key] = Int32(p - start)
            }
        }
    }
}
