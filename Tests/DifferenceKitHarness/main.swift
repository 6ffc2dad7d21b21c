// The engine against DifferenceKit, side by side in one process: the same
// id sequences, interleaved runs, medians. Built outside bento's package by
// run.sh (DifferenceKit cannot be one of its dependencies).
import BenchmarkScreens
import BentoJSON
import BentoKit
import DifferenceKit
import Dispatch

/// A row for DifferenceKit: its id, and its content version.
struct Row: Differentiable {
    let id: String
    let version: Int
    var differenceIdentifier: String { id }
    func isContentEqual(to source: Row) -> Bool { version == source.version }
}

/// A section's model for DifferenceKit: its index, which is its id.
struct SectionModel: Differentiable {
    let index: Int
    var differenceIdentifier: Int { index }
    func isContentEqual(to source: SectionModel) -> Bool { true }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
/// `x` with `digits` decimals.
func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((x * scale).rounded())
    let whole = n / Int(scale), part = String(n % Int(scale))
    return digits == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - part.count) + part
}
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

/// One workload: the generator's old and new rows, section by section.
struct Workload {
    let name: String
    let screens: TypicalScreens

    /// The ids as strings, made once for both engines.
    var ids: (old: [[(String, Int)]], new: [[(String, Int)]]) {
        (screens.old.map { $0.map { ("row-\($0.number)", $0.version) } },
         screens.new.map { $0.map { ("row-\($0.number)", $0.version) } })
    }
}

let components = (0...1).map { Component(type: "Row", properties: JSONObject([("version", .number(JSONNumber($0)))])) }

/// bento: ids hashed into `ScreenID`s, screens built, then `ScreenDiff`.
func bento(_ old: [[(String, Int)]], _ new: [[(String, Int)]]) -> (seconds: Double, moves: Int) {
    let start = now()
    func screen(_ sections: [[(String, Int)]]) -> Screen {
        Screen(box: Box(sections: sections.enumerated().map { s, rows in
            Section(id: ScreenID(s), rows: rows.map { Node(id: ScreenID($0.0), component: components[$0.1]) })
        }))
    }
    let changeset = ScreenDiff.changeset(from: screen(old), to: screen(new))
    let seconds = now() - start
    return (seconds, changeset.summary[.row, .move] + changeset.summary[.section, .move])
}

/// DifferenceKit: `StagedChangeset` over `ArraySection`s (one section: a flat array).
func differenceKit(_ old: [[(String, Int)]], _ new: [[(String, Int)]]) -> (seconds: Double, moves: Int) {
    func rows(_ section: [(String, Int)]) -> [Row] { section.map { Row(id: $0.0, version: $0.1) } }
    let start = now()
    var moves = 0
    if old.count == 1 && new.count == 1 {
        let staged = StagedChangeset(source: rows(old[0]), target: rows(new[0]))
        moves = staged.reduce(0) { $0 + $1.elementMoved.count }
    } else {
        let a = old.enumerated().map { ArraySection(model: SectionModel(index: $0.offset), elements: rows($0.element)) }
        let b = new.enumerated().map { ArraySection(model: SectionModel(index: $0.offset), elements: rows($0.element)) }
        let staged = StagedChangeset(source: a, target: b)
        moves = staged.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count }
    }
    return (now() - start, moves)
}

let arguments = CommandLine.arguments.dropFirst()
let runs = arguments.first.flatMap { Int($0) } ?? 7
let workloads = [
    Workload(name: "DifferenceKit's mix, 100k rows", screens: TypicalScreens(rows: 100_000, rowsPerSection: 100_000, mix: .differenceKit)),
    Workload(name: "sectioned, 100 × 1,000 rows", screens: TypicalScreens(rows: 100_000, rowsPerSection: 1_000)),
    Workload(name: "scattered, 100k rows", screens: TypicalScreens(rows: 100_000, rowsPerSection: 100_000)),
    Workload(name: "scattered, 1M rows", screens: TypicalScreens(rows: 1_000_000, rowsPerSection: 1_000_000)),
]
print("| workload | bento (ids hashed, screens built, diff) | DifferenceKit 1.3.0 | bento / DifferenceKit | moves: bento / DifferenceKit |")
print("|---|---|---|---|---|")
for workload in workloads {
    let (old, new) = workload.ids
    var a: [Double] = [], b: [Double] = []
    var movesA = 0, movesB = 0
    for _ in 0..<runs {
        let x = bento(old, new)
        let y = differenceKit(old, new)
        a.append(x.seconds)
        b.append(y.seconds)
        (movesA, movesB) = (x.moves, y.moves)
    }
    let ratio = median(a) / median(b)
    print("| \(workload.name) | \(fixed(median(a) * 1000, 1)) ms | \(fixed(median(b) * 1000, 1)) ms | \(fixed(ratio, 2))× | \(movesA) / \(movesB) |")
}
