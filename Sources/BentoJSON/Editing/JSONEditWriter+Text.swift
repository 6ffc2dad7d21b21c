extension JSONEditWriter {
    // MARK: New content

    /// `value` in the style, at the indentation of the line it starts on.
    /// - Complexity: O(n) in the size of the value.
    mutating func writeNew(_ value: JSONValue) {
        writeNew(compact: CompactJSON(value).bytes)
    }

    /// The value `text` holds in `CompactJSON`'s form, in the style, in one
    /// pass: each child on a line of its own, indented one level more than
    /// the line its container opens on (all on one line, in a one-line
    /// text), its strings with the text's escapes (`JSONLayout`).
    /// - Complexity: O(n) in the size of the text.
    mutating func writeNew(compact text: [UInt8]) {
        // The bytes go straight to `out`; where the line ends up indented
        // is worked out once, at the end.
        let start = out.count
        let layout: JSONLayout
        if let k = layouts.lastIndex(where: { $0.base == indent && $0.style == style }) {
            layout = layouts[k].layout
        } else {
            layout = style.layout(base: indent)
            if layouts.count == Self.layoutsKept { layouts.removeFirst() }
            layouts.append(LaidOut(style: style, base: indent, layout: layout))
        }
        text.withSpan { layout.write(compact: $0, to: &out) }
        out.withSpan { Self.track($0.extracting(start...), indent: &indent, atLineStart: &atLineStart) }
    }

    /// A layout of new content, made for a style and an indentation.
    struct LaidOut {
        var style: TextStyle
        var base: [UInt8]
        var layout: JSONLayout
    }

    /// How many layouts are kept.
    static let layoutsKept = 4

    /// A value of source `s` kept but for the values `replaced` writes
    /// anew: the bytes between them copied as a kept value's are (read
    /// from the file when far: `readingFar`), each replacement written in
    /// the style where its value stood.
    mutating func writeSpliced(_ s: Int, _ range: Range<Int>, _ replaced: [JSONEdit.Replacement]) {
        readingFar(range, of: s) { writer in
            let from = writer.lineIndent(s, range.lowerBound), to = writer.indent
            var start = range.lowerBound
            for replacement in replaced {
                writer.copy(start..<replacement.range.lowerBound, of: s, from: from, to: to)
                writer.writeNew(compact: replacement.compact)
                start = replacement.range.upperBound
            }
            writer.copy(start..<range.upperBound, of: s, from: from, to: to)
        }
    }

    /// A container of `count` children, each written by `child`: on lines
    /// of their own one level in (on one line, in a one-line text).
    mutating func writeNewContainer(isObject: Bool, count: Int, _ child: (inout JSONEditWriter, Int) -> Void) {
        guard count > 0 else {
            writeEmpty(isObject: isObject)
            return
        }
        let outer = indent
        append(UInt8(ascii: isObject ? "{" : "["))
        for k in 0..<count {
            if k > 0 { append(UInt8(ascii: ",")) }
            if style.isOneLine {
                if k > 0 { append(style.elementSpace) }
            } else {
                append(style.lineEnd)
                append(outer)
                append(style.indentUnit)
            }
            child(&self, k)
        }
        if !style.isOneLine {
            append(style.lineEnd)
            append(outer)
        }
        append(UInt8(ascii: isObject ? "}" : "]"))
    }

    /// A string in the style: escaped where JSON requires, and `/` or every
    /// character past ASCII too where the text escapes them.
    mutating func writeString(_ text: String) {
        var literal: [UInt8] = []
        JSONWriter.writeString(text, to: &literal)
        writeNew(compact: literal)
    }

    // MARK: Bytes

    /// Copies `range` of source `s`, whose lines are indented `from` where
    /// they stand, to lines indented `to`, with the style's line end.
    /// - Complexity: O(n) in the size of the range.
    mutating func copy(_ range: Range<Int>, of s: Int, from: [UInt8], to: [UInt8]) {
        let bytes = sources[s]
        nearby[s] = range.upperBound
        if sink != nil, range.count >= options.streamedPieceSize, from == to && lineEnd(of: s) == style.lineEnd {
            // A long stretch kept as it stands (a box no record touches)
            // goes out a piece at a time, never held whole.
            for start in stride(from: range.lowerBound, to: range.upperBound, by: options.streamedPieceSize) {
                add(piece: bytes.copy(start..<min(start + options.streamedPieceSize, range.upperBound)))
            }
            return
        }
        bytes.withSpan(range) { copy($0, of: s, from: from, to: to) }
    }

    /// Copies `text`, from source `s`, whose lines are indented `from`
    /// where they stand, to lines indented `to`, with the style's line end.
    /// - Complexity: O(n) in the size of the text.
    private mutating func copy(_ text: Swift.Span<UInt8>, of s: Int, from: [UInt8], to: [UInt8]) {
        if from == to && lineEnd(of: s) == style.lineEnd {
            append(text)
            return
        }
        var start = 0
        while let newline = text.firstIndex(of: 0x0A, from: start) {
            let lineEnd = newline > start && text[newline - 1] == 0x0D ? newline - 1 : newline
            append(text.extracting(start..<lineEnd))
            append(style.lineEnd)
            var next = newline + 1
            if next + from.count <= text.count && from.indices.allSatisfy({ text[next + $0] == from[$0] }) {
                next += from.count
                append(to)
            }
            start = next
        }
        append(text.extracting(start...))
    }

    /// The line end of source `s`: the style's for the text edited.
    private func lineEnd(of s: Int) -> [UInt8] { s == 0 ? style.lineEnd : TextStyle.lineEnd(of: sources[s].storage) }

    /// A value of source `s` kept as it stands, at `range`, written at the
    /// indentation of the line it lands on. A short one far from where
    /// this writer last copied from a mapped source (a row moved from
    /// another section) is read from the file with the line it starts on,
    /// not through the mapping: each such read would map the pages, or
    /// the page cache's large folio, around it.
    /// - Complexity: O(n) in the size of the range, and its column.
    mutating func copyKept(_ range: Range<Int>, of s: Int) {
        let source = sources[s]
        if readsFar(range, of: s) {
            let lead = min(options.farLineStart, range.lowerBound)
            let text = source.copyFar((range.lowerBound - lead)..<range.upperBound)
            // The line's start is in what was read, or is the text's.
            if let from = Self.lineIndent(text, at: lead, startsText: lead == range.lowerBound) {
                nearby[s] = range.upperBound
                text.withSpan { copy($0.extracting(lead...), of: s, from: from, to: indent) }
                return
            }
        }
        copy(range, of: s, from: lineIndent(s, range.lowerBound), to: indent)
    }

    /// The indentation of the line on which `offset` of source `s` stands.
    /// - Complexity: O(c) in the offset's column, at most a few kilobytes
    ///   (see `SourceBytes.lineIndent(at:)`).
    func lineIndent(_ s: Int, _ offset: Int) -> [UInt8] { sources[s].lineIndent(at: offset) }

    /// The indentation of the line on which `offset` of `bytes` stands;
    /// nil when that line starts before `bytes` do, unless they start the
    /// text (`startsText`).
    /// - Complexity: O(c) in the offset's column.
    private static func lineIndent<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, at offset: Int, startsText: Bool)
        -> [UInt8]? where Bytes.Index == Int
    {
        var start = offset
        while start > bytes.startIndex && bytes[start - 1] != 0x0A { start -= 1 }
        guard start > bytes.startIndex || startsText else { return nil }
        var end = start
        while end < offset && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return Array(bytes[start..<end])
    }

    mutating func append(_ byte: UInt8) {
        out.append(byte)
        if byte == 0x0A {
            indent.removeAll(keepingCapacity: true)
            atLineStart = true
        } else if atLineStart {
            if byte == 0x20 || byte == 0x09 { indent.append(byte) } else { atLineStart = false }
        }
    }

    /// Adds `text`, written elsewhere, as a piece of its own.
    mutating func add(piece text: [UInt8]) {
        if let sink {
            if !out.isEmpty { sink.consume(out) }
            sink.consume(text)
        } else {
            pieces.append(out)
            pieces.append(text)
        }
        out = []
        text.withSpan { Self.track($0, indent: &indent, atLineStart: &atLineStart) }
    }

    /// Appends `bytes`, keeping track of the indentation of the line they end on.
    mutating func append(_ bytes: Swift.Span<UInt8>) {
        guard !bytes.isEmpty else { return }
        out.append(bytes)
        Self.track(bytes, indent: &indent, atLineStart: &atLineStart)
    }

    /// Appends `bytes`, keeping track of the indentation of the line they end on.
    mutating func append(_ bytes: [UInt8]) { bytes.withSpan { append($0) } }

    /// Appends the bytes of a source, keeping track of the indentation of
    /// the line they end on.
    mutating func append(_ bytes: Slice<ByteStorage>) { bytes.withSpan { append($0) } }

    /// Past the last line feed of `bytes`; 0 when there is none. Eight
    /// bytes at a time from the end: most copies end a few bytes into a line.
    private static func endOfLastLineFeed(_ bytes: Swift.Span<UInt8>) -> Int {
        var k = bytes.count
        while k >= 8 {
            let found = ByteWords.exactBytes(0x0A, in: bytes.word(at: k - 8))
            // The last line feed is the highest byte flagged (bytes load low first).
            if found != 0 { return k - 8 + (63 - found.leadingZeroBitCount) / 8 + 1 }
            k -= 8
        }
        while k > 0 && bytes[k - 1] != 0x0A { k -= 1 }
        return k
    }

    /// Notes the indentation of the line `bytes`, just written, end on:
    /// `indent` and `atLineStart` are the writer's.
    private static func track(_ bytes: Swift.Span<UInt8>, indent: inout [UInt8], atLineStart: inout Bool) {
        guard !bytes.isEmpty else { return }
        var lineStart = 0
        let k = Self.endOfLastLineFeed(bytes)
        if k > 0 {
            atLineStart = true
            lineStart = k
        }
        guard atLineStart else { return }
        var i = lineStart
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let white = bytes.extracting(lineStart..<i)
        if k == 0 {
            indent.append(white)
        } else if !indent.withSpan({ $0.sameBytes(as: white) }) {
            // Most lines stand as indented as the one before: that array is
            // kept, not made again a byte at a time on every copy.
            indent.removeAll(keepingCapacity: true)
            indent.append(white)
        }
        if i < bytes.count { atLineStart = false }
    }
}
