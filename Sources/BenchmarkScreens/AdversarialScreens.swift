import BentoJSON
import BentoKit

/// Screen pairs built to push an identity diff off its linear path: every
/// row moved, every row crossing sections, a section per row, ids that a
/// weak hash would pile into one bucket, and one id repeated in every
/// section. The benchmark times them per row; the tests check that the
/// changeset is right at small sizes (`expected`).
///
/// Deterministic: the same kind and size give the same screens.
public enum AdversarialScreens {
    public enum Kind: String, CaseIterable, Sendable {
        /// One section of n rows, and the same rows in reverse order:
        /// n − 1 moves (the longest increasing subsequence is one row).
        case reversal
        /// n rows in sections of 100 (at least two sections); every row goes
        /// to the next section, at the same index: n cross-section moves.
        case acrossSections
        /// n sections of one row each, in reverse order, every row updated:
        /// n − 1 section moves and n row updates.
        case singleRowSections
        /// One section of n rows whose ids share a 256-character prefix and
        /// differ only at the end, reversed; every fourth id is respelled
        /// with a decomposed "é" (U+0065 U+0301 for U+00E9), which Swift's
        /// `String ==` calls equal and bento-screen(5) does not: that row is a
        /// delete and an insert.
        case collidingIDs
        /// n/2 sections, each with a row of the same id "row" and a row of a
        /// unique id; the unique rows rotate to the next section. The
        /// repeated id never counts as a cross-section move, the unique
        /// ones always do.
        case sameIDEverywhere
    }

    /// How many records of each kind the changeset must have.
    public struct Expected: Sendable, Equatable, CustomStringConvertible {
        public var sectionMoves = 0
        public var rowInserts = 0
        public var rowDeletes = 0
        public var rowMoves = 0
        public var rowUpdates = 0

        public init(sectionMoves: Int = 0, rowInserts: Int = 0, rowDeletes: Int = 0, rowMoves: Int = 0, rowUpdates: Int = 0) {
            self.sectionMoves = sectionMoves
            self.rowInserts = rowInserts
            self.rowDeletes = rowDeletes
            self.rowMoves = rowMoves
            self.rowUpdates = rowUpdates
        }

        public var description: String {
            "sections moved \(sectionMoves); rows inserted \(rowInserts), deleted \(rowDeletes), "
                + "moved \(rowMoves), updated \(rowUpdates)"
        }
    }

    /// One adversarial pair.
    public struct Pair: Sendable {
        public let kind: Kind
        public let old: Screen
        public let new: Screen
        /// Rows in the old screen.
        public let rowCount: Int
        public let expected: Expected

        /// The two screens as files are written: pretty JSON, UTF-8.
        public func files() -> (old: [UInt8], new: [UInt8]) {
            let writer = JSONWriter(style: .pretty)
            var old: [UInt8] = [], new: [UInt8] = []
            writer.write(self.old.jsonValue, to: &old)
            writer.write(self.new.jsonValue, to: &new)
            return (old + [0x0A], new + [0x0A])
        }
    }

    /// The pair of `kind` with about `rows` rows in each screen.
    /// - Complexity: O(rows).
    public static func pair(_ kind: Kind, rows: Int) -> Pair {
        let n = max(rows, 2)
        switch kind {
        case .reversal:
            let rows = (0..<n).map { row("row-\($0)") }
            return Pair(
                kind: kind, old: screen([section("all", rows)]), new: screen([section("all", rows.reversed())]),
                rowCount: n, expected: Expected(rowMoves: n - 1))

        case .acrossSections:
            let count = max(2, (n + 99) / 100)
            var old = [[Node]](repeating: [], count: count)
            var new = [[Node]](repeating: [], count: count)
            for i in 0..<n {
                // Row i sits at index i / count of section i % count, and
                // keeps that index in the next section.
                old[i % count].append(row("row-\(i)"))
                new[(i + 1) % count].append(row("row-\(i)"))
            }
            return Pair(
                kind: kind, old: screen(sections(old)), new: screen(sections(new)), rowCount: n,
                expected: Expected(rowMoves: n))

        case .singleRowSections:
            let old = (0..<n).map { section("section-\($0)", [row("row-\($0)")]) }
            let new = (0..<n).reversed().map { section("section-\($0)", [row("row-\($0)", version: 1)]) }
            return Pair(
                kind: kind, old: screen(old), new: screen(new), rowCount: n,
                expected: Expected(sectionMoves: n - 1, rowUpdates: n))

        case .collidingIDs:
            let prefix = String(String(repeating: "screen.section.row.", count: 14).prefix(256))
            func id(_ k: Int, decomposed: Bool) -> String {
                prefix + (decomposed ? "e\u{301}" : "\u{E9}") + String(k)
            }
            let old = (0..<n).map { row(id($0, decomposed: false)) }
            let new = (0..<n).reversed().map { row(id($0, decomposed: $0 % 4 == 0)) }
            let respelled = (n + 3) / 4
            let kept = n - respelled
            return Pair(
                kind: kind, old: screen([section("all", old)]), new: screen([section("all", new)]), rowCount: n,
                expected: Expected(rowInserts: respelled, rowDeletes: respelled, rowMoves: max(kept - 1, 0)))

        case .sameIDEverywhere:
            let count = n / 2
            let old = (0..<count).map { s in section("section-\(s)", [row("row"), row("unique-\(s)")]) }
            let new = (0..<count).map { s in
                section("section-\(s)", [row("unique-\((s + count - 1) % count)"), row("row")])
            }
            return Pair(
                kind: kind, old: screen(old), new: screen(new), rowCount: 2 * count,
                expected: Expected(rowMoves: count))
        }
    }

    // MARK: Building blocks

    private static func row(_ id: String, version: Int = 0) -> Node {
        Node(
            id: ScreenID(id),
            component: Component(
                type: "IconTitleDetails",
                properties: JSONObject([
                    (key: "title", value: .string("Title of \(id)")),
                    (key: "version", value: .number(JSONNumber(version))),
                ])))
    }

    private static func section(_ id: String, _ rows: [Node]) -> Section {
        Section(id: ScreenID(id), rows: rows)
    }

    private static func sections(_ rows: [[Node]]) -> [Section] {
        rows.enumerated().map { section("section-\($0.offset)", $0.element) }
    }

    private static func screen(_ sections: [Section]) -> Screen {
        Screen(box: Box(sections: sections))
    }
}
