import BentoJSON

/// The rows of a box laid end to end: the interned id of each, and where
/// each section starts.
struct FlatRows {
    var keys: [Int32] = []
    var sectionStart: [Int] = []

    init(_ box: Box, _ table: inout IDTable) {
        sectionStart = box.rowStarts
        keys.reserveCapacity(sectionStart[sectionStart.count - 1])
        for section in box.sections {
            for row in section.rows {
                // Rows mostly follow the old order: try the id after the last one's.
                keys.append(Int32(table.intern(row.id, hint: keys.last.map { Int($0) + 1 } ?? 0)))
            }
        }
    }

    init(keys: [Int32], sectionStart: [Int]) {
        self.keys = keys
        self.sectionStart = sectionStart
    }

    /// Both boxes' rows, their ids numbered 0..<keyCount (equal ids,
    /// equal numbers). Large boxes are numbered on all cores, and in parts
    /// small enough for a core's cache: each box's rows are first sorted
    /// into parts by the top bits of their ids' hashes (keeping their
    /// order), then each part is interned into a table of its own, and the
    /// id numbered `local` in part `t` of `parts` gets `local × parts + t`.
    /// One table for all the ids misses the cache at nearly every probe,
    /// and that is most of the time of numbering them.
    static func interned(_ old: Box, _ new: Box) -> (old: FlatRows, new: FlatRows, keyCount: Int) {
        let oldCount = old.sections.reduce(0) { $0 + $1.rows.count }
        let newCount = new.sections.reduce(0) { $0 + $1.rows.count }
        guard oldCount + newCount >= 50_000 else {
            // Sized for the larger box: most ids are in both.
            var table = IDTable(capacity: max(oldCount, newCount))
            let a = FlatRows(old, &table), b = FlatRows(new, &table)
            return (a, b, table.count)
        }
        let parts = Self.partCount(for: max(oldCount, newCount))
        let shift = UInt64(64 - parts.trailingZeroBitCount)
        let boxes = [old, new]
        let starts = boxes.map(\.rowStarts)
        let buckets = boxes.concurrentMap { box in Self.bucketed(box, parts: parts, shift: shift) }

        let (oldKeys, (newKeys, counts)) = [Int32].filled(count: oldCount, with: 0) { oldOut in
            [Int32].filled(count: newCount, with: 0) { newOut in
                // Each part sets only its own rows' places.
                let outs = [oldOut, newOut]
                return Array(0..<parts).concurrentMap { part -> Int in
                    var table = IDTable(capacity: max(buckets[0][part].count, buckets[1][part].count))
                    for b in 0..<2 {
                        var last = -1
                        for row in buckets[b][part] {
                            // Rows mostly follow the old order: try the id after the last one's.
                            last = table.intern(row.canonical, hash: row.hash, hint: last + 1)
                            outs[b][Int(row.flat)] = Int32(last * parts + part)
                        }
                    }
                    return table.count
                }
            }
        }
        return (
            FlatRows(keys: oldKeys, sectionStart: starts[0]), FlatRows(keys: newKeys, sectionStart: starts[1]),
            parts * (counts.max() ?? 0)
        )
    }

    /// The power of two that leaves about 8,192 ids a part (a table of
    /// 16,384 slots, 128 KB: in a core's cache), at least 2 and at most
    /// 4,096. Smaller parts cost more in sorting the rows into them than
    /// they save in probes (measured at 100k and 1M rows).
    private static func partCount(for ids: Int) -> Int {
        var parts = 2
        while parts < 4096 && parts * 8192 < ids { parts <<= 1 }
        return parts
    }

    /// What interning a row needs of it, copied out in the box's order:
    /// a part then reads its rows from one list, not from all over the box.
    private struct Row {
        var hash: UInt64
        var canonical: String
        var flat: Int32
    }

    /// The box's rows in `parts` lists by the top bits of their ids'
    /// hashes, each list in the box's order.
    private static func bucketed(_ box: Box, parts: Int, shift: UInt64) -> [[Row]] {
        let rows = box.sections.reduce(0) { $0 + $1.rows.count }
        var buckets = [[Row]](repeating: [], count: parts)
        for part in 0..<parts { buckets[part].reserveCapacity(rows / parts + rows / parts / 4 + 16) }
        var flat: Int32 = 0
        // Sections and rows read where they are: a copy of each would be
        // retained and released, at every row.
        box.sections.withSpan { sections in
            for s in sections.indices {
                sections[s].rows.withSpan { rows in
                    for r in rows.indices {
                        let hash = rows[r].id.hashBits
                        buckets[Int(hash >> shift)].append(Row(hash: hash, canonical: rows[r].id.canonical, flat: flat))
                        flat += 1
                    }
                }
            }
        }
        return buckets
    }

    func rows(of section: Int) -> Range<Int> { sectionStart[section]..<sectionStart[section + 1] }

    /// The section and row of the row at `flat`.
    func position(of flat: Int) -> RowPosition {
        // The last section that starts at or before it (sections may be empty).
        var low = 0, high = sectionStart.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if sectionStart[mid] <= flat { low = mid } else { high = mid }
        }
        return RowPosition(section: low, row: flat - sectionStart[low])
    }
}
