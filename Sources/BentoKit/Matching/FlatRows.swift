import BentoJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rows of a box laid end to end: the interned id of each, and where
/// each section starts.
struct FlatRows {
    var keys: [Int32] = []
    var sectionStart: [Int] = []

    init(_ box: Box, _ table: inout IDTable) {
        keys.reserveCapacity(box.sections.reduce(0) { $0 + $1.rows.count })
        sectionStart.reserveCapacity(box.sections.count + 1)
        for s in box.sections.indices {
            sectionStart.append(keys.count)
            for r in box.sections[s].rows.indices {
                // Rows mostly follow the old order: try the id after the last one's.
                keys.append(Int32(table.intern(box.sections[s].rows[r].id, hint: keys.last.map { Int($0) + 1 } ?? 0)))
            }
        }
        sectionStart.append(keys.count)
    }

    init(keys: [Int32], sectionStart: [Int]) {
        self.keys = keys
        self.sectionStart = sectionStart
    }

    /// Both boxes' rows, their ids numbered 0..<keyCount (equal ids,
    /// equal numbers). Large boxes are numbered on all cores: the ids are
    /// split by the top bits of their hashes, each part is interned by
    /// one core into a table of its own, and the id numbered `local` in
    /// part `t` of `parts` gets `local × parts + t`.
    static func interned(_ old: Box, _ new: Box) -> (old: FlatRows, new: FlatRows, keyCount: Int) {
        let oldCount = old.sections.reduce(0) { $0 + $1.rows.count }
        let newCount = new.sections.reduce(0) { $0 + $1.rows.count }
        let parts = oldCount + newCount < 50_000 ? 1 : partCount
        // Sized for the larger box: most ids are in both.
        let capacity = max(oldCount, newCount) / parts + 16
        guard parts > 1 else {
            var table = IDTable(capacity: capacity)
            let a = FlatRows(old, &table), b = FlatRows(new, &table)
            return (a, b, table.count)
        }
        let shift = UInt64(64 - parts.trailingZeroBitCount)
        var oldKeys = [Int32](repeating: 0, count: oldCount), newKeys = [Int32](repeating: 0, count: newCount)
        let counts = oldKeys.withUnsafeMutableBufferPointer { oldOut in
            newKeys.withUnsafeMutableBufferPointer { newOut in
                // Each part writes only its own rows' places.
                nonisolated(unsafe) let outs = [oldOut, newOut]
                return Array(0..<parts).concurrentMap { part -> Int in
                    var table = IDTable(capacity: capacity)
                    for (box, out) in zip([old, new], outs) {
                        var flat = 0, last = -1
                        for s in box.sections.indices {
                            for r in box.sections[s].rows.indices {
                                let id = box.sections[s].rows[r].id
                                if Int(UInt64(bitPattern: Int64(id.hashCode)) >> shift) == part {
                                    // Rows mostly follow the old order: try the id after the last one's.
                                    last = table.intern(id, hint: last + 1)
                                    out[flat] = Int32(last * parts + part)
                                }
                                flat += 1
                            }
                        }
                    }
                    return table.count
                }
            }
        }
        return (
            FlatRows(keys: oldKeys, sectionStart: starts(old)), FlatRows(keys: newKeys, sectionStart: starts(new)),
            parts * (counts.max() ?? 0)
        )
    }

    /// How many parts ids are interned in: the cores, as a power of two, at most 8.
    private static let partCount: Int = {
        let cores = max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        return 1 << (Int.bitWidth - 1 - cores.leadingZeroBitCount)
    }()

    /// Where each section starts among the box's rows, and the end.
    private static func starts(_ box: Box) -> [Int] {
        var starts: [Int] = [0]
        starts.reserveCapacity(box.sections.count + 1)
        for section in box.sections { starts.append(starts[starts.count - 1] + section.rows.count) }
        return starts
    }

    func rows(of section: Int) -> Range<Int> { sectionStart[section]..<sectionStart[section + 1] }

    /// The section and row of the row at `flat`.
    func position(of flat: Int) -> Position {
        // The last section that starts at or before it (sections may be empty).
        var low = 0, high = sectionStart.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if sectionStart[mid] <= flat { low = mid } else { high = mid }
        }
        return Position(section: low, row: flat - sectionStart[low])
    }
}
