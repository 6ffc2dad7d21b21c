import Testing

@testable import BentoJSON
@testable import BentoKit

/// A box's records grouped by section, and cut into runs for the cores: a
/// section of many rows is spread over runs, and the report reads as one.
@Suite("Section groups, in runs of rows")
struct SectionGroupsTests {
    /// Sections of 1, 0 (a section updated alone), 1,500 and 3 updated rows.
    static func screens() -> (old: Screen, new: Screen) {
        func row(_ s: Int, _ r: Int, _ title: String) -> Node {
            Node(id: ScreenID("r\(s)-\(r)"), component: Component(type: "Row", properties: JSONObject([(key: "title", value: .string(title))])))
        }
        func screen(_ version: String) -> Screen {
            var screen = Screen(box: Box())
            for (s, count) in [1, 0, 1500, 3].enumerated() {
                let header = Component(type: "Header", properties: JSONObject([(key: "title", value: .string(s == 1 ? version : "h"))]))
                screen.box.sections.append(Section(id: ScreenID("s\(s)"), header: header, rows: (0..<count).map { row(s, $0, version) }))
            }
            return screen
        }
        return (screen("old"), screen("new"))
    }

    @Test("runs cover every group's rows once, in order, in parts of at most the run's length")
    func runsCoverRows() {
        let (old, new) = Self.screens()
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let grouped = SectionGroups(changeset.changes, of: .box, new: new.box)
        #expect(grouped.groups.map(\.rows.count) == [1, 0, 1500, 3])
        for length in [1, 7, 512, 4096] {
            let runs = grouped.runs(rowsPerRun: length)
            let parts = runs.flatMap { $0 }
            #expect(parts.allSatisfy { $0.rows.count <= length }, "\(length)")
            #expect(parts.filter(\.isFirst).map(\.group) == Array(grouped.groups.indices), "\(length)")
            let covered = parts.flatMap { grouped.groups[$0.group].rows[$0.rows] }
            #expect(covered == grouped.groups.flatMap(\.rows), "\(length)")
            if length < 1500 { #expect(runs.count > 1, "\(length)") }
        }
    }

    @Test("the text report names each section once and each row once, in order, when a section spans runs")
    func textReport() {
        let (old, new) = Self.screens()
        let text = TextRenderer(hints: false).render(ScreenDiff.changeset(from: old, to: new), old: old, new: new)
        let lines = text.split(separator: "\n").map(String.init)
        let sections = lines.filter { $0.contains("section \"s") }
        #expect(sections.count == 4)
        #expect(sections.map { $0.contains("\"s0\"") ? 0 : $0.contains("\"s1\"") ? 1 : $0.contains("\"s2\"") ? 2 : 3 } == [0, 1, 2, 3])
        let rows = lines.filter { $0.hasPrefix("    ~ row ") }
        let expected = [(0, 1), (2, 1500), (3, 3)].flatMap { s, n in (0..<n).map { "\"r\(s)-\($0)\"" } }
        #expect(rows.count == expected.count)
        #expect(zip(rows, expected).allSatisfy { $0.hasPrefix("    ~ row \($1) ") })
    }
}
