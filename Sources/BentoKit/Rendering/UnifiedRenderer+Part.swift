import BentoJSON

extension UnifiedRenderer {
    /// A part of a hunk as written: its lines, and where the lines it
    /// removes and adds are in them. Their text is read again only for a
    /// hint, and only when one of them is not ASCII (`NormalizationHint`
    /// has nothing to say of two ASCII texts): the changed lines of a
    /// report are not copied a second time.
    struct Part: Sendable {
        private(set) var text: [UInt8] = []
        private var removed: [Range<Int>] = [], added: [Range<Int>] = []
        /// Whether every line removed and added is ASCII.
        private(set) var isASCII = true
        /// The removed and added lines' text, kept where `text` is written
        /// again, escaped, and their places in it are lost.
        private var kept: (removed: [UInt8], added: [UInt8])?
        /// Writes the lines' components, its room kept from line to line.
        private var canonical = CompactJSON.CanonicalWriter()

        /// A part with room for about `bytes` at once: a line of megabytes
        /// is then not copied again as the text grows past it.
        init(reserving bytes: Int) {
            text.reserveCapacity(bytes)
        }

        /// A line both sides keep.
        mutating func context(_ element: OutlineLine.Element, of screen: Screen) {
            text.append(UInt8(ascii: " "))
            OutlineRenderer.writeRawText(of: element, in: screen, to: &text, &canonical)
            text.append(UInt8(ascii: "\n"))
        }

        /// A removed (`-`) or added (`+`) line: the sign, the line's text
        /// and the colour's `codes` around them.
        mutating func changed(
            _ element: OutlineLine.Element, of screen: Screen, _ sign: Unicode.Scalar, _ codes: (open: [UInt8], close: [UInt8])
        ) {
            text += codes.open
            text.append(UInt8(ascii: sign))
            let start = text.count
            OutlineRenderer.writeRawText(of: element, in: screen, to: &text, &canonical)
            if sign == "-" { removed.append(start..<text.count) } else { added.append(start..<text.count) }
            if isASCII { isASCII = text.withSpan { ByteWords.isASCII($0.extracting(start...)) } }
            text += codes.close
            text.append(UInt8(ascii: "\n"))
        }

        /// Writes invisible format characters as escapes, once the part is
        /// written (`OneLine.escapingInvisible`).
        mutating func escapeInvisible() {
            guard OneLine.mayHoldFormat(text) else { return }
            if !isASCII { kept = (lines(removed), lines(added)) }
            text = Array(OneLine.escapingInvisible(String(decoding: text, as: UTF8.self)).utf8)
        }

        /// The text of the lines at `places`, joined.
        private func lines(_ places: [Range<Int>]) -> [UInt8] {
            var lines: [UInt8] = []
            text.withSpan { text in for place in places { lines.append(text.extracting(place)) } }
            return lines
        }

        /// What a hunk written in `parts` removes and adds, when the two
        /// differ only in Unicode normalization (`NormalizationHint`).
        /// - Complexity: O(n) in the length of the lines, when one of them
        ///   is not ASCII; O(p) in the number of parts otherwise.
        static func hint(_ parts: ArraySlice<Part>) -> String? {
            guard !parts.allSatisfy(\.isASCII) else { return nil }
            // Read in their parts, not joined.
            return NormalizationHint.describe(
                utf8Pieces: parts.map { $0.kept?.removed ?? $0.lines($0.removed) },
                parts.map { $0.kept?.added ?? $0.lines($0.added) })
        }
    }
}
