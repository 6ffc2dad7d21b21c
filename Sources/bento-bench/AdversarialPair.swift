import BenchmarkScreens
import BentoKit

/// An adversarial pair written to files, with the changeset it
/// must give checked once in this process.
struct AdversarialPair {
    let files: GeneratedPair
    /// The records the changeset has, as `AdversarialScreens.Expected` counts them.
    let summary: String

    init(kind: AdversarialScreens.Kind, rows: Int, in directory: String) {
        let pair = AdversarialScreens.pair(kind, rows: rows)
        let texts = pair.files()
        files = GeneratedPair(name: "adversarial-\(kind.rawValue)-\(rows)", old: texts.old, new: texts.new, rows: pair.rowCount, in: directory)
        let changeset = ScreenDiff.changeset(from: pair.old, to: pair.new)
        let s = changeset.summary
        let got = AdversarialScreens.Expected(
            sectionMoves: s[.section, .move], rowInserts: s[.row, .insert], rowDeletes: s[.row, .delete],
            rowMoves: s[.row, .move], rowUpdates: s[.row, .update])
        guard got == pair.expected else {
            BenchOptions.fail("adversarial \(kind.rawValue): the changeset has \(got), expected \(pair.expected)")
        }
        summary = [
            (s[.section, .move], "section moves"), (s[.row, .move], "moves"), (s[.row, .insert], "inserts"),
            (s[.row, .delete], "deletes"), (s[.row, .update], "updates"),
        ].filter { $0.0 > 0 }.map { "\(Format.count($0.0)) \($0.1)" }.joined(separator: ", ")
    }
}
