extension ComponentText {
    /// A member that can be a main text: named after key `key` (its rank),
    /// in `props` or among the component's own members. Two words: the
    /// rank (the key, then `props` before the component's own) above where
    /// its value starts, and where it ends with whether it holds escapes.
    struct Candidate {
        let startAndRank: UInt64
        let endAndEscaped: UInt64

        init(key: Int, inProps: Bool, value: Range<Int>, escaped: Bool) {
            startAndRank = UInt64(key) << 57 | (inProps ? 0 : 1) << 56 | UInt64(value.lowerBound)
            endAndEscaped = UInt64(value.upperBound) << 1 | (escaped ? 1 : 0)
        }

        init(startAndRank: UInt64, endAndEscaped: UInt64) {
            (self.startAndRank, self.endAndEscaped) = (startAndRank, endAndEscaped)
        }

        var key: Int { Int(startAndRank >> 57) }
        var inProps: Bool { startAndRank >> 56 & 1 == 0 }
        var value: Range<Int> { Int(startAndRank & (1 << 56 - 1))..<Int(endAndEscaped >> 1) }
        var escaped: Bool { endAndEscaped & 1 == 1 }
    }

    /// The main texts: per key, in the keys' order, the member in `props`
    /// before the component's own; the first `limit` keys that have one.
    /// Member names do not repeat in an object, so a key has at most two
    /// members, and the best `limit` are kept as the members come, in two
    /// vectors of words (an array per card would be an allocation per card,
    /// and four structures copied at every step cost more than the scan).
    struct Chosen {
        private var starts = SIMD4<UInt64>(repeating: 0)
        private var ends = SIMD4<UInt64>(repeating: 0)
        private(set) var count = 0
        let limit: Int

        init(limit: Int) { self.limit = limit }

        /// Candidate `k` kept, the best first.
        subscript(k: Int) -> Candidate {
            precondition(k >= 0 && k < count, "no such candidate")
            return Candidate(startAndRank: starts[k], endAndEscaped: ends[k])
        }

        /// Whether no member to come can change the choice: the first
        /// `limit` keys are all taken from `props`.
        var isSettled: Bool {
            guard count == limit else { return false }
            for k in 0..<count where starts[k] >> 56 != UInt64(k) << 1 { return false }
            return true
        }

        mutating func offer(_ candidate: Candidate) {
            let key = candidate.startAndRank >> 57
            var k = 0
            while k < count && starts[k] >> 57 < key { k += 1 }
            if k < count && starts[k] >> 57 == key {
                if candidate.inProps { (starts[k], ends[k]) = (candidate.startAndRank, candidate.endAndEscaped) }
                return
            }
            guard k < limit else { return }
            if count < limit { count += 1 }
            var j = count - 1
            while j > k {
                (starts[j], ends[j]) = (starts[j - 1], ends[j - 1])
                j -= 1
            }
            (starts[k], ends[k]) = (candidate.startAndRank, candidate.endAndEscaped)
        }
    }
}
