import BenchmarkScreens
import Testing

@testable import BentoKit

/// Patience sorting keeps one longest strictly increasing subsequence: the
/// elements that stay, so that the rest are the fewest moves.
@Suite("Longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
    /// The textbook O(n²) length, an independent check.
    static func quadraticLength(_ s: [Int]) -> Int {
        var best = [Int](repeating: 1, count: s.count)
        for i in s.indices {
            for j in 0..<i where s[j] < s[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    @Test("small cases, and the tie-break: for [A, B] → [B, A], A stays and B moves")
    func small() {
        #expect(LongestIncreasingSubsequence.members(of: []) == [])
        #expect(LongestIncreasingSubsequence.members(of: [0]) == [true])
        #expect(LongestIncreasingSubsequence.members(of: [1, 0]) == [false, true])
        #expect(LongestIncreasingSubsequence.members(of: [0, 1, 2]) == [true, true, true])
        #expect(LongestIncreasingSubsequence.members(of: [2, 0, 1]) == [false, true, true])
        // Increasing with gaps: all kept at once; equal neighbours do not increase.
        #expect(LongestIncreasingSubsequence.members(of: [1, 5, 9]) == [true, true, true])
        #expect(LongestIncreasingSubsequence.members(of: [3, 3]) == [false, true])
        #expect(LongestIncreasingSubsequence.members(of: [0, 1, 1, 2]) == [true, false, true, true])
    }

    @Test("random permutations: the kept elements increase, and there are as many as can be")
    func random() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let sequence = Array(0..<random.int(0...40)).shuffled(using: &random)
            let keep = LongestIncreasingSubsequence.members(of: sequence)
            let kept = zip(sequence, keep).filter(\.1).map(\.0)
            #expect(kept == kept.sorted())
            #expect(kept.count == Self.quadraticLength(sequence), "\(sequence)")
        }
    }

    @Test("outside every longest subsequence: only what every minimal move set moves")
    func outsideEvery() {
        #expect(LongestIncreasingSubsequence.outsideEvery(of: []) == [])
        // [a, b] -> [b, a]: a or b moves; neither for sure.
        #expect(LongestIncreasingSubsequence.outsideEvery(of: [1, 0]) == [false, false])
        // [x, s, y, z] -> [s, x, y, z]: x or s moves; neither for sure.
        #expect(LongestIncreasingSubsequence.outsideEvery(of: [1, 0, 2, 3]) == [false, false, false, false])
        // [a, b, c] -> [c, a, b]: only c moves.
        #expect(LongestIncreasingSubsequence.outsideEvery(of: [2, 0, 1]) == [true, false, false])
        #expect(LongestIncreasingSubsequence.outsideEvery(of: [0, 1, 2]) == [false, false, false])
    }

    @Test("random permutations: outside every longest subsequence is outside the one members(of:) keeps")
    func outsideEveryRandom() {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<300 {
            let sequence = Array(0..<random.int(0...12)).shuffled(using: &random)
            let outside = LongestIncreasingSubsequence.outsideEvery(of: sequence)
            let kept = LongestIncreasingSubsequence.members(of: sequence)
            #expect(zip(outside, kept).allSatisfy { !($0 && $1) }, "\(sequence)")
            // An element is in some longest run exactly when a longest run through it exists.
            let longest = Self.quadraticLength(sequence)
            for (k, isOutside) in outside.enumerated() {
                let before = Self.quadraticLength(sequence[..<k].filter { $0 < sequence[k] })
                let after = Self.quadraticLength(sequence[(k + 1)...].filter { $0 > sequence[k] })
                #expect(isOutside == (before + 1 + after != longest), "\(sequence) at \(k)")
            }
        }
    }
}
