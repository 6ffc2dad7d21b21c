import BentoJSON

/// A box's records grouped as people read them: under the section they
/// belong to in the new screen, sections in the new screen's order, and the
/// rows under each in order (deletes at their old position); deleted
/// sections apart, last.
///
/// The text and Markdown reports list changes this way. Groups hold the
/// records' indices: records are large to copy and compare.
struct SectionGroups {
    /// One section of the new screen with a record of its own or of its rows.
    struct Group {
        /// The section's index in the new box.
        let section: Int
        /// The section's own record (inserted, moved or updated), if any.
        let record: Int?
        /// The records of its rows, in order.
        let rows: [Int]
    }

    /// The touched sections, in the new box's order.
    let groups: [Group]
    /// The records of the sections deleted, in the changeset's order.
    let deletedSections: [Int]

    /// The records of `box` in `records`, grouped by the sections of `new`.
    /// - Complexity: O(n + r log r) for n records and the r rows of the
    ///   largest section.
    init(_ records: [Change], of box: BoxName, new: Box) {
        var sectionRecord = [Int?](repeating: nil, count: new.sections.count)
        var rowsBySection = [[(order: (Int, Int), record: Int)]](repeating: [], count: new.sections.count)
        var deleted: [Int] = []
        var newIndexByID: [ScreenID: Int] = [:]
        for (j, s) in new.sections.enumerated() { newIndexByID[s.id] = j }
        for (k, change) in records.enumerated() {
            switch change {
            case .screen: continue
            case .section(let s):
                guard s.box == box else { continue }
                if let to = s.edit.to { sectionRecord[to] = k } else { deleted.append(k) }
            case .row(let r):
                guard r.box == box else { continue }
                if let to = r.edit.to {
                    rowsBySection[to.section].append(((to.row, 1), k))
                } else if let j = newIndexByID[r.section] {
                    // A delete, shown under its section where that section still is.
                    rowsBySection[j].append(((r.edit.from?.row ?? 0, 0), k))
                }
            }
        }
        groups = new.sections.indices.compactMap { j in
            guard sectionRecord[j] != nil || !rowsBySection[j].isEmpty else { return nil }
            // In order, and in the changeset's order where that is the same.
            let rows = rowsBySection[j].sorted {
                ($0.order.0, $0.order.1, $0.record) < ($1.order.0, $1.order.1, $1.record)
            }
            return Group(section: j, record: sectionRecord[j], rows: rows.map(\.record))
        }
        deletedSections = deleted
    }

    /// A run of one group's rows; the group's own line goes with its first.
    struct Part: Sendable {
        /// The group's index in `groups`.
        let group: Int
        /// Which of its rows, by index in its `rows`.
        let rows: Range<Int>
        var isFirst: Bool { rows.lowerBound == 0 }
    }

    /// The groups cut into parts of at most `rowsPerRun` rows, gathered into
    /// runs of about that many (a group's own line weighs one): a section of
    /// many rows is written on all cores, and small sections go together.
    /// - Complexity: O(g + r / rowsPerRun) for g groups of r rows.
    func runs(rowsPerRun: Int) -> [[Part]] {
        var parts: [Part] = []
        for (g, group) in groups.enumerated() {
            var start = 0
            repeat {
                let end = min(start + rowsPerRun, group.rows.count)
                parts.append(Part(group: g, rows: start..<end))
                start = end
            } while start < group.rows.count
        }
        return Parallel.runs(weighing: parts.map { $0.rows.count + 1 }, atLeast: rowsPerRun).runs.map { Array(parts[$0]) }
    }
}
