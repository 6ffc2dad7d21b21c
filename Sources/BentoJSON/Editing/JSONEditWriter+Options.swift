extension JSONEditWriter {
    /// How a writer shares its work among the cores and reads its sources:
    /// what an edit leaves to the writer, which changes no byte written.
    public struct Options: Sendable {
        /// Containers edited in place with this many children or more are
        /// written in runs on all cores...
        public var childrenWrittenInParallel = 64
        /// ...of this many children at least...
        public var childrenPerRun = 16
        /// ...and, in a long list, in no more runs than this: a run of a
        /// wide object's short members is less work than handing it over...
        public var mostRuns = 512
        /// ...with this many runs written ahead of a streamed output.
        public var runsAhead = 4
        /// How much is streamed between two hand-backs of mapped sources'
        /// pages (a run hands back its own once it wrote an eighth of it).
        public var writtenBetweenHandBacks = 1 << 19
        /// Values this long or shorter, `nearbyDistance` or farther from
        /// where the writer last copied from a mapped source (a row moved
        /// from another section), are read from the file, not through the
        /// mapping: each such read would map the pages, or the page
        /// cache's large folio, around it...
        public var farReadLimit = 64 << 10
        /// ...this distance, in bytes...
        public var nearbyDistance = 64 << 10
        /// ...with this much before a kept one, for the line it starts on.
        public var farLineStart = 256
        /// The size of the pieces a long stretch kept as it stands is
        /// streamed in.
        public var streamedPieceSize = 1 << 20

        /// The options bento writes with.
        public init() {}
    }

    /// Whether `range` of source `s` is read from the file rather than
    /// through its mapping (`Options.farReadLimit`).
    func readsFar(_ range: Range<Int>, of s: Int) -> Bool {
        sources[s].mapping != nil && range.count <= options.farReadLimit
            && abs(range.lowerBound - nearby[s]) > options.nearbyDistance
    }
}
