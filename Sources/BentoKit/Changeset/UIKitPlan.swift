import BentoJSON

/// A changeset as `UITableView` / `UICollectionView` batch updates (the
/// bento-changeset(5), UIKIT PLAN): for each box, the batches, each one
/// `performBatchUpdates` call, that UIKit accepts and that animate every
/// section and row present on both sides as itself. Made by `UIKitPlanner`.
public struct UIKitPlan: Hashable, Sendable {
    /// The batches of each box, `box` then `pinnedToBottomBox`; none for a
    /// box that did not change.
    public var boxes: [BoxName: [Batch]]

    /// A plan of `boxes`.
    public init(boxes: [BoxName: [Batch]]) {
        self.boxes = boxes
    }

    /// A row's place: `[section, row]`.
    public struct IndexPath: Hashable, Sendable, Comparable {
        /// The section's index.
        public var section: Int
        /// The row's index in its section.
        public var row: Int

        /// The place of row `row` of section `section`.
        public init(_ section: Int, _ row: Int) {
            self.section = section
            self.row = row
        }

        /// Section first, then row.
        public static func < (a: IndexPath, b: IndexPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
    }

    /// A section of a layout: its id and its rows' ids, as the file writes them.
    public struct SectionLayout: Hashable, Sendable {
        /// The section's id.
        public var id: ScreenID
        /// Its rows' ids, in order.
        public var rows: [ScreenID]

        /// Section `id` with `rows`.
        public init(id: ScreenID, rows: [ScreenID]) {
            self.id = id
            self.rows = rows
        }
    }

    /// One `performBatchUpdates` call. Deletes, reloads and the sources of
    /// moves are indices in the layout before the batch; inserts and the
    /// destinations of moves in the layout after it (`sections`). Lists are
    /// sorted ascending (moves by source).
    public struct Batch: Hashable, Sendable {
        /// Sections deleted, by index before.
        public var deleteSections: [Int] = []
        /// Sections inserted, by index after.
        public var insertSections: [Int] = []
        /// Sections moved, from an index before to an index after.
        public var moveSections: [(from: Int, to: Int)] = []
        /// Sections reloaded (and their rows with them), by index before.
        public var reloadSections: [Int] = []
        /// Rows deleted, by index path before.
        public var deleteRows: [IndexPath] = []
        /// Rows inserted, by index path after.
        public var insertRows: [IndexPath] = []
        /// Rows moved, from an index path before to one after.
        public var moveRows: [(from: IndexPath, to: IndexPath)] = []
        /// Rows reloaded, by index path before.
        public var reloadRows: [IndexPath] = []
        /// The layout after the batch: what the data source holds when it is applied.
        public var sections: [SectionLayout] = []

        /// An empty batch.
        public init() {}

        /// The lists in bento-changeset(5)'s order (ascending; moves by source).
        mutating func sort() {
            deleteSections.sort()
            insertSections.sort()
            moveSections.sort { $0.from < $1.from }
            reloadSections.sort()
            deleteRows.sort()
            insertRows.sort()
            moveRows.sort { $0.from < $1.from }
            reloadRows.sort()
        }

        /// Batches are equal when their lists and layouts are.
        public static func == (a: Batch, b: Batch) -> Bool {
            a.deleteSections == b.deleteSections && a.insertSections == b.insertSections
                && a.moveSections.elementsEqual(b.moveSections, by: ==) && a.reloadSections == b.reloadSections
                && a.deleteRows == b.deleteRows && a.insertRows == b.insertRows
                && a.moveRows.elementsEqual(b.moveRows, by: ==) && a.reloadRows == b.reloadRows
                && a.sections == b.sections
        }

        /// Hashes the lists and the layout.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(deleteSections)
            hasher.combine(insertSections)
            for move in moveSections { hasher.combine(move.from); hasher.combine(move.to) }
            hasher.combine(reloadSections)
            hasher.combine(deleteRows)
            hasher.combine(insertRows)
            for move in moveRows { hasher.combine(move.from); hasher.combine(move.to) }
            hasher.combine(reloadRows)
            hasher.combine(sections)
        }
    }
}
