import Testing

@testable import BentoJSON
@testable import BentoKit

/// A merged section is one value whether its rows were taken from a section
/// as it is or merged item by item.
@Suite("Merged sections")
struct MergedSectionTests {
    private let section = try! Screens.read(
        #"{"box":{"sections":[{"id":"a","header":{"type":"H"},"rows":[{"id":"x","component":{"type":"T","n":1}},{"id":"y","component":{"type":"T","n":2}}]}]}}"#
    ).box.sections[0]

    @Test("a section taken as it is equals, and hashes as, the same rows merged one by one")
    func takenAndMerged() {
        let taken = MergedSection(section)
        let merged = MergedSection(id: section.id, members: taken.members, rows: section.rows.map(MergeItem.clean))
        #expect(taken == merged && taken.hashValue == merged.hashValue)
        #expect(taken.rows == merged.rows && taken.rowCount == 2 && !taken.hasConflicts)
        #expect(taken.isExactly(section) && merged.isExactly(section))
        #expect(taken.resolved(.ours) == section)
    }

    @Test("rows set on a section taken as it is replace its own, conflicts and all")
    func rowsSet() {
        var changed = MergedSection(section)
        let conflict = MergeItem<Node>.conflict(ours: section.rows[0], theirs: nil)
        changed.rows = [conflict, .clean(section.rows[1])]
        #expect(changed.hasConflicts && changed.rowCount == 2 && !changed.isExactly(section))
        #expect(changed != MergedSection(section))
        var fewer = MergedSection(section)
        fewer.rows.removeLast()
        #expect(fewer.rowCount == 1 && !fewer.isExactly(section) && fewer.resolved(.ours).rows == [section.rows[0]])
    }
}
