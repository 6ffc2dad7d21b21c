import BentoKit

/// bento's phases in this process, one after the other: read both files,
/// parse both, decode both, diff, render the JSON changeset.
struct PipelineBench {
    struct Phases {
        var read = 0.0, parse = 0.0, decode = 0.0, diff = 0.0, render = 0.0
        var total: Double { read + parse + decode + diff + render }
    }

    let pair: GeneratedPair

    /// The median of each phase, and the median total, over `runs` runs.
    func measure(runs: Int) -> (median: Phases, summary: Summary) {
        var all: [Phases] = []
        var summary: Summary?
        for _ in 0..<runs {
            var p = Phases()
            var sources: [SourceText] = []
            var tapes: [JSONTape] = []
            var screens: [Screen] = []
            do {
                p.read = try Stopwatch.time {
                    sources = [try InputFile.read(pair.oldPath), try InputFile.read(pair.newPath)]
                }
                p.parse = try Stopwatch.time { tapes = try sources.map { try JSONReader.parse($0) } }
                p.decode = try Stopwatch.time { screens = try tapes.map { try ScreenReader.read($0) } }
            } catch {
                BenchOptions.fail("\(pair.name): \(error)")
            }
            sources = []
            tapes = []
            var changeset: Changeset?
            p.diff = Stopwatch.time {
                changeset = ScreenDiff.changeset(
                    from: screens[0], to: screens[1], oldName: pair.oldPath, newName: pair.newPath)
            }
            var output: [UInt8] = []
            p.render = Stopwatch.time { output = JSONRenderer.render(changeset!) }
            precondition(!output.isEmpty)
            summary = changeset!.summary
            all.append(p)
        }
        var m = Phases()
        m.read = Stopwatch.median(all.map(\.read))
        m.parse = Stopwatch.median(all.map(\.parse))
        m.decode = Stopwatch.median(all.map(\.decode))
        m.diff = Stopwatch.median(all.map(\.diff))
        m.render = Stopwatch.median(all.map(\.render))
        return (m, summary!)
    }
}
