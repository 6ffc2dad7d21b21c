extension CompactJSON {
    /// Appends the value of compact `text` as canonical JSON, exactly as
    /// `JSONWriter.canonical` writes the value: members sorted by name in
    /// code point order, one text per number, no white space. Read in
    /// place: strings (written alike in both) and names are copied as they
    /// are, and an object already in order is written as it is read.
    /// - Complexity: O(n log n) in the size of the value (members are
    ///   sorted); recursion is bounded by the reader's nesting limit.
    public static func writeCanonical(_ text: Span<UInt8>, to out: inout [UInt8]) {
        guard !text.isEmpty else { return }
        // Written straight into `out`, lent to the writer and handed back.
        var writer = CompactWriter<[UInt8]>([])
        swap(&writer.bytes, &out)
        var sorting: [SortedMember] = []
        sorting.reserveCapacity(16)
        _ = writeCanonical(text, at: 0, to: &writer, &sorting)
        swap(&writer.bytes, &out)
    }

    /// `writeCanonical` of `text` into an array of its own.
    /// - Complexity: O(n log n) in the size of the value.
    static func canonicalText(_ text: Span<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        writeCanonical(text, to: &out)
        return out
    }

    /// Writes the value that starts at `start`; returns where it ends.
    /// `sorting` holds the members of the objects being sorted, the
    /// innermost last: one array for the whole value, not one per object.
    private static func writeCanonical(
        _ text: Span<UInt8>, at start: Int, to out: inout CompactWriter<[UInt8]>, _ sorting: inout [SortedMember]
    ) -> Int {
        switch text[start] {
        case UInt8(ascii: "{"):
            return writeObject(text, at: start, to: &out, &sorting)
        case UInt8(ascii: "["):
            out.open(isObject: false)
            var i = start + 1
            while text[i] != UInt8(ascii: "]") {
                i = writeCanonical(text, at: i, to: &out, &sorting)
                if text[i] == UInt8(ascii: ",") { i += 1 }
            }
            out.close(isObject: false)
            return i + 1
        default:
            let end = CompactMembers.endOfValue(text, start)
            writeScalar(text.extracting(start..<end), to: &out)
            return end
        }
    }

    /// Writes the object that starts at `start`; returns where it ends.
    /// Members already in order (names without escapes, each after the
    /// one before) are written as they are read, each value read once:
    /// no list of members is made. At the first one out of order, what was
    /// written of the object is taken back and the object is sorted.
    private static func writeObject(
        _ text: Span<UInt8>, at start: Int, to out: inout CompactWriter<[UInt8]>, _ sorting: inout [SortedMember]
    ) -> Int {
        let (mark, followedSibling) = (out.bytes.count, out.followsSibling)
        out.open(isObject: true)
        var cursor = CompactMembers(objectAt: start)
        var previous: Range<Int>?
        while let (name, escaped, value) = cursor.nextName(in: text) {
            if escaped || previous.map({ text.extracting($0).compareBytes(with: text.extracting(name)) >= 0 }) == true {
                out.bytes.removeSubrange(mark...)
                out.followsSibling = followedSibling
                return writeSorted(text, at: start, to: &out, &sorting)
            }
            out.name(text.extracting(name), .compact)
            cursor.resume(after: writeCanonical(text, at: value, to: &out, &sorting), in: text)
            previous = name
        }
        out.close(isObject: true)
        return cursor.end
    }

    /// Writes the object that starts at `start` with its members sorted by
    /// name; returns where it ends. Its members go at the end of `sorting`
    /// and are sorted there, each name told by its first sixteen bytes
    /// where they differ; they leave when the object is written.
    private static func writeSorted(
        _ text: Span<UInt8>, at start: Int, to out: inout CompactWriter<[UInt8]>, _ sorting: inout [SortedMember]
    ) -> Int {
        let first = sorting.count
        var cursor = CompactMembers(objectAt: start)
        var escaped = false
        while let member = cursor.next(in: text) {
            sorting.append(SortedMember(member, in: text))
            escaped = escaped || member.escaped
        }
        if escaped {
            // Names compared as code points once their escapes are decoded
            // (a name without escapes decodes to itself).
            let members = sorting[first...].map { CompactMembers.Member(name: $0.name, escaped: true, value: $0.value) }
            for (k, member) in CompactMembers.sortedByName(text, members).enumerated() {
                sorting[first + k] = SortedMember(member, in: text)
            }
        } else if sorting.count - first <= 16 {
            // A few members, as most objects have: sorted by insertion in
            // place (the library's sort would copy the slice first).
            for k in first + 1..<max(sorting.count, first + 1) {
                let member = sorting[k]
                var j = k
                while j > first && member.precedes(sorting[j - 1], in: text) {
                    sorting[j] = sorting[j - 1]
                    j -= 1
                }
                sorting[j] = member
            }
        } else {
            sorting[first...].sort { $0.precedes($1, in: text) }
        }
        out.open(isObject: true)
        for k in first..<sorting.count {
            let member = sorting[k]
            out.name(text.extracting(member.name), .compact)
            switch text[member.value.lowerBound] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): _ = writeCanonical(text, at: member.value.lowerBound, to: &out, &sorting)
            default: writeScalar(text.extracting(member.value), to: &out)
            }
        }
        out.close(isObject: true)
        sorting.removeSubrange(first...)
        return cursor.end
    }

    /// A number in its one canonical text; a string or literal as it is.
    private static func writeScalar(_ scalar: Span<UInt8>, to out: inout CompactWriter<[UInt8]>) {
        switch scalar[0] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if JSONNumber.isCanonical(scalar) {
                out.scalar(scalar)
            } else {
                Array(JSONNumber(validatedText: scalar.string).canonicalText.utf8).withSpan { out.scalar($0) }
            }
        default:
            out.value(compact: scalar)
        }
    }
}

/// A member of an object being sorted: where its name (inside its quotes)
/// and value are, and the first sixteen bytes of its name as two
/// big-endian words, zeros past its end.
struct SortedMember {
    let name: Range<Int>
    let value: Range<Int>
    private let high: UInt64, low: UInt64

    init(_ member: CompactMembers.Member, in text: Span<UInt8>) {
        (name, value) = (member.name, member.value)
        let name = member.name
        func word(from: Int) -> UInt64 {
            text.word(at: name.lowerBound + from, count: max(0, min(8, name.count - from))).byteSwapped
        }
        (high, low) = (word(from: 0), word(from: 8))
    }

    /// Whether this name comes before `other`'s in code point order, both
    /// without escapes: a name with no escapes holds no zero byte, so a
    /// shorter one, padded with zeros, comes before every longer one it
    /// begins; names alike in their first sixteen bytes are compared whole.
    func precedes(_ other: SortedMember, in text: Span<UInt8>) -> Bool {
        if high != other.high { return high < other.high }
        if low != other.low { return low < other.low }
        return text.extracting(name).compareBytes(with: text.extracting(other.name)) < 0
    }
}
