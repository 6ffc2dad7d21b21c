import BenchmarkScreens
import Testing

@testable import BentoKit

@Suite("Line matching: the line diff of a file that is no screen")
struct LineMatchTests {
    /// Random lines from a small alphabet, so that lines repeat.
    private func lines(_ count: Int, alphabet: Int, _ g: inout SeededGenerator) -> [Int] {
        (0..<count).map { _ in Int(g.next() % UInt64(alphabet)) }
    }

    /// `a` edited: some lines deleted, changed, inserted and moved.
    private func edited(_ a: [Int], alphabet: Int, _ g: inout SeededGenerator) -> [Int] {
        var b = a
        for _ in 0..<Int(g.next() % 6) where !b.isEmpty {
            let k = Int(g.next() % UInt64(b.count))
            switch g.next() % 4 {
            case 0: b.remove(at: k)
            case 1: b[k] = Int(g.next() % UInt64(alphabet))
            case 2: b.insert(Int(g.next() % UInt64(alphabet)), at: k)
            default: b.append(b.remove(at: k))
            }
        }
        return b
    }

    @Test("the pairs are common lines, increasing on both sides; equal texts keep every line")
    func pairsAreCommon() {
        var g = SeededGenerator(seed: 41)
        for round in 0..<2_000 {
            let alphabet = round % 3 == 0 ? 3 : 40
            let a = lines(Int(g.next() % 60), alphabet: alphabet, &g)
            let b = round % 5 == 0 ? lines(Int(g.next() % 60), alphabet: alphabet, &g) : edited(a, alphabet: alphabet, &g)
            let pairs = LineMatch.pairs(a, b)
            for (k, (i, j)) in pairs.enumerated() {
                #expect(a[i] == b[j])
                if k > 0 { #expect(pairs[k - 1].0 < i && pairs[k - 1].1 < j) }
            }
            #expect(LineMatch.pairs(a, a).count == a.count)
        }
    }

    @Test("a few edits are found as a few: Myers finds the fewest where no line is unique")
    func fewEdits() {
        // Every line twice: no anchor, Myers alone.
        let a = (0..<200).map { $0 % 100 }
        var b = a
        b.remove(at: 150)
        b.insert(7, at: 20)
        #expect(LineMatch.pairs(a, b).count == a.count - 1)
    }

    @Test("unrelated texts: nothing kept, however long")
    func unrelated() {
        let a = Array(0..<200_000), b = Array(200_000..<400_000)
        #expect(LineMatch.pairs(a, b).isEmpty)
        // Lines that repeat on both sides but never match in order past the bound.
        let c = (0..<200_000).map { $0 % 2 }, d = (0..<200_000).map { 2 + $0 % 2 }
        #expect(LineMatch.pairs(c, d).isEmpty)
    }

    @Test(
        "the rendered diff is a patch: GNU patch applied to the old text gives the new one",
        .enabled(if: GNUPatch.isAvailable))
    func renderedIsAPatch() throws {
        var g = SeededGenerator(seed: 7)
        var files: [(name: String, original: String)] = [], expected: [String: String] = [:], diffs = ""
        for k in 0..<150 {
            let alphabet = k % 2 == 0 ? 4 : 30
            let a = lines(Int(g.next() % 40), alphabet: alphabet, &g)
            let b = k % 7 == 0 ? lines(Int(g.next() % 40), alphabet: alphabet, &g) : edited(a, alphabet: alphabet, &g)
            // Now and then a last line without a line end, on either side.
            func text(_ lines: [Int], _ open: Bool) -> String {
                let joined = lines.map { "line \($0)" }.joined(separator: "\n")
                return lines.isEmpty ? "" : joined + (open ? "" : "\n")
            }
            let old = text(a, g.next() % 5 == 0), new = text(b, g.next() % 5 == 0)
            let name = "f\(k).txt"
            files.append((name, old))
            expected[name] = new
            let diff = LineDiffRenderer(context: Int(g.next() % 4))
                .render(old: Array(old.utf8), new: Array(new.utf8), oldName: name, newName: name)
            #expect(diff.isEmpty == (old == new), "\(name)")
            diffs += String(decoding: diff, as: UTF8.self)
        }
        let result = try GNUPatch.apply(files, diffs: diffs)
        #expect(result.status == 0, "\(result.log)")
        for (name, new) in expected { #expect(result.files[name] == new, "\(name)") }
    }
}
