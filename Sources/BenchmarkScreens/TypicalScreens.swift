/// A pair of large generated screens, like a feed or a catalogue: sections of
/// rows with realistic components (~430 bytes a row as pretty-printed JSON),
/// and a new version with a fixed mix of changes.
///
/// The same parameters give the same bytes on every run, so timings of
/// different builds compare the same work.
public struct TypicalScreens: Sendable {
    /// What share of the old rows the new version changes.
    public struct Mix: Sendable, Equatable {
        /// Old rows that are gone from the new version.
        public var deleted: Double
        /// New rows, as a share of the old row count.
        public var inserted: Double
        /// Rows placed somewhere else: half within their section, half in
        /// another section (when there is more than one).
        public var moved: Double
        /// Rows whose component changes (moved or not).
        public var updated: Double

        public init(deleted: Double, inserted: Double, moved: Double, updated: Double) {
            self.deleted = deleted
            self.inserted = inserted
            self.moved = moved
            self.updated = updated
        }

        /// 10% of rows deleted, 10% inserted, 10% moved, 10% updated.
        public static let typical = Mix(deleted: 0.1, inserted: 0.1, moved: 0.1, updated: 0.1)

        /// DifferenceKit's benchmark: 10% deleted, 10% inserted, 2% moved,
        /// nothing updated.
        public static let differenceKit = Mix(deleted: 0.1, inserted: 0.1, moved: 0.02, updated: 0)
    }

    /// A row as the generator knows it: its number (the id is `row-N`) and
    /// the version of its content.
    public struct Row: Sendable, Equatable {
        public var number: Int
        public var version: Int
    }

    /// The rows of each section, old and new. Sections keep their ids and
    /// their order.
    public let old: [[Row]]
    public let new: [[Row]]

    public var rowCount: Int { old.reduce(0) { $0 + $1.count } }

    /// - Parameters:
    ///   - rows: rows in the old screen.
    ///   - rowsPerSection: rows in each old section (the last may be shorter).
    ///   - seed: picks the changes; the old screen is the same for every seed.
    ///   - firstInserted: the number of the first inserted row (`rows` when
    ///     nil), so that two versions of one old screen add different rows.
    public init(
        rows: Int, rowsPerSection: Int = 100, mix: Mix = .typical, seed: UInt64 = 2024, firstInserted: Int? = nil
    ) {
        var random = SeededGenerator(seed: seed)
        let perSection = max(1, rowsPerSection)
        let sectionCount = max(1, (rows + perSection - 1) / perSection)
        var old: [[Row]] = []
        old.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            let start = s * perSection
            old.append((start..<min(rows, start + perSection)).map { Row(number: $0, version: 0) })
        }
        self.old = old

        // Each new row gets a section and a sort key: survivors keep their
        // old index, moved and inserted rows draw a random place.
        var placed: [[(key: Double, row: Row)]] = old.map { rows in
            rows.enumerated().map { (Double($0.offset), $0.element) }
        }
        func pick(_ share: Double) -> Int { Int((Double(rows) * share).rounded()) }
        func randomLocation() -> (section: Int, index: Int) {
            let s = Int.random(in: 0..<sectionCount, using: &random)
            return (s, placed[s].isEmpty ? 0 : Int.random(in: 0..<placed[s].count, using: &random))
        }

        // Deletes: drawn without replacement from all rows.
        var all = [(section: Int, index: Int)]()
        all.reserveCapacity(rows)
        for (s, section) in old.enumerated() { for k in section.indices { all.append((s, k)) } }
        all.shuffle(using: &random)
        var gone = Set<Int>()
        for (s, k) in all.prefix(pick(mix.deleted)) { gone.insert(old[s][k].number) }
        let survivors = all.dropFirst(pick(mix.deleted))

        // Moves: the next rows of the shuffle; half stay in their section.
        var moving: [Int: Int] = [:]  // row number → target section
        for (n, location) in survivors.prefix(pick(mix.moved)).enumerated() {
            let across = sectionCount > 1 && n % 2 == 1
            var target = location.section
            if across {
                target = Int.random(in: 0..<(sectionCount - 1), using: &random)
                if target >= location.section { target += 1 }
            }
            moving[old[location.section][location.index].number] = target
        }
        // Updates: drawn from all survivors, so some moved rows change too.
        var updating = Set<Int>()
        for (s, k) in survivors.shuffled(using: &random).prefix(pick(mix.updated)) {
            updating.insert(old[s][k].number)
        }

        var moved: [(section: Int, row: Row)] = []
        for s in placed.indices {
            placed[s] = placed[s].compactMap { entry in
                var row = entry.row
                guard !gone.contains(row.number) else { return nil }
                if updating.contains(row.number) { row.version = 1 }
                if let target = moving[row.number] {
                    moved.append((target, row))
                    return nil
                }
                return (entry.key, row)
            }
        }
        for (section, row) in moved {
            let count = old[section].count
            placed[section].append((Double.random(in: -0.5..<Double(max(count, 1)), using: &random), row))
        }
        for n in 0..<pick(mix.inserted) {
            let (section, _) = randomLocation()
            let count = old[section].count
            placed[section].append(
                (Double.random(in: -0.5..<Double(max(count, 1)), using: &random),
                    Row(number: (firstInserted ?? rows) + n, version: 0)))
        }
        self.new = placed.map { section in section.sorted { $0.key < $1.key }.map(\.row) }
    }

    /// The old screen as pretty-printed JSON.
    public func oldText() -> [UInt8] { Self.text(old) }

    /// The new screen as pretty-printed JSON.
    public func newText() -> [UInt8] { Self.text(new) }

    // MARK: Text

    static func text(_ sections: [[Row]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(sections.reduce(0) { $0 + $1.count } * 440 + 256)
        out += """
            {
              "title": "Catalogue",
              "shouldUseSystemSeparators": true,
              "box": {
                "sections": [

            """.utf8
        for (s, rows) in sections.enumerated() {
            out += """
                      {
                        "id": "section-\(s)",
                        "header": {
                          "type": "SectionHeader",
                          "props": {
                            "title": "Aisle \(s)"
                          }
                        },
                        "rows": [
                """.utf8
            for (k, row) in rows.enumerated() {
                out += (k == 0 ? "\n" : ",\n").utf8
                appendRow(row, to: &out)
            }
            out += (rows.isEmpty ? "]\n" : "\n        ]\n").utf8
            out += (s == sections.count - 1 ? "        }\n" : "        },\n").utf8
        }
        out += """
                ]
              }
            }

            """.utf8
        return out
    }

    private static let types = ["IconTitleDetails", "TitleDetails", "ProductCard", "Description"]
    private static let places = ["High Street", "Church Lane", "Station Road", "Market Square", "Mill Road"]

    static func appendRow(_ row: Row, to out: inout [UInt8]) {
        let n = row.number
        let subtitle = row.version == 0 ? "Open until 18:00" : "Closed on Sundays (v\(row.version))"
        out += """
                        {
                          "id": "row-\(n)",
                          "component": {
                            "type": "\(types[n % types.count])",
                            "props": {
                              "title": "Item \(n)",
                              "detail": "\(n % 97) \(places[n % places.count]) · \(n % 10).\(n % 7) miles",
                              "accessibilityId": "catalogue.row-\(n)",
                              "subtitle": "\(subtitle)",
                              "price": \(n % 50).\(n % 10)9
                            },
                            "style": "disclosure"
                          }
                        }
              """.utf8
    }
}
