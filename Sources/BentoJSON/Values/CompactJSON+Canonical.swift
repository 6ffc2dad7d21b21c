extension CompactJSON {
    /// Appends the value of compact `text` as canonical JSON, exactly as
    /// `JSONWriter.canonical` writes the value: members sorted by name in
    /// code point order, one text per number, no white space. Read in
    /// place: strings (written alike in both) and names are copied as they
    /// are, and an object already in order is written as it is read.
    /// - Complexity: O(n log n) in the size of the value (members are
    ///   sorted); recursion is bounded by the reader's nesting limit.
    public static func writeCanonical(_ text: Span<UInt8>, to out: inout [UInt8]) {
        var writer = CanonicalWriter()
        writer.write(text, to: &out)
    }

    /// Writes the canonical text of compact values one after another
    /// (`writeCanonical`), keeping the room it sorts an object's members in
    /// from one value to the next: the thousands of small components of a
    /// report do not each make and free it.
    public struct CanonicalWriter: Sendable {
        /// The members of the objects being sorted, the innermost last.
        private var sorting: [SortedMember] = []

        /// A writer with no room made yet.
        public init() {}

        /// Appends the value of compact `text` as canonical JSON
        /// (`CompactJSON.writeCanonical`).
        /// - Complexity: O(n log n) in the size of the value.
        public mutating func write(_ text: Span<UInt8>, to out: inout [UInt8]) {
            guard !text.isEmpty else { return }
            // Written straight into `out`, lent to the writer and handed back.
            var writer = CompactWriter<[UInt8]>([])
            swap(&writer.bytes, &out)
            // Room for the members of a wide object at once: grown by
            // doubling, the array of a row of 100k members is copied and
            // its memory touched again and again.
            sorting.reserveCapacity(max(16, text.count / SortedMember.bytesPerMember))
            _ = CompactJSON.writeCanonical(text, at: 0, to: &writer, &sorting)
            swap(&writer.bytes, &out)
        }
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
    /// Members whose values are their own canonical text are noted first,
    /// not written: an object of such members (most are) is then written
    /// once, in one piece when in order, member by member when sorted. From
    /// the first value that must be made canonical on, members are written
    /// as they are read, each value once, and where each member's text
    /// went is noted at the end of `sorting`; members out of order (names
    /// with escapes, or one not after the one before) are then put in order
    /// by moving their written text, not by writing it again: written again
    /// at every level of nested objects, a value would be written twice per
    /// level above it.
    /// - Complexity: O(n log n) in the size of the object's text; its
    ///   members' written text is moved once if they were out of order.
    private static func writeObject(
        _ text: Span<UInt8>, at start: Int, to out: inout CompactWriter<[UInt8]>, _ sorting: inout [SortedMember]
    ) -> Int {
        out.open(isObject: true)
        let body = out.bytes.count, first = sorting.count
        var cursor = CompactMembers(objectAt: start)
        var order = MemberOrder()
        // Noted as their text in `text` while every value is plain.
        var member = cursor.nextName(in: text)
        while let (name, nameEscaped, value) = member, let end = plainEnd(text, value) {
            order.note(name, escaped: nameEscaped, in: text)
            sorting.append(SortedMember(name: name, written: name.lowerBound - 1..<end))
            cursor.resume(after: end, in: text)
            member = cursor.nextName(in: text)
        }
        guard member != nil else {
            if !order.inOrder {
                sort(&sorting, from: first, in: text, order)
                for k in first..<sorting.count { out.member(compact: text.extracting(sorting[k].written)) }
            } else if first < sorting.count {
                // In order, the members' text is already the object's, commas and all.
                out.member(compact: text.extracting(sorting[first].written.lowerBound..<sorting[sorting.count - 1].written.upperBound))
            }
            sorting.removeMembers(from: first)
            out.close(isObject: true)
            return cursor.end
        }
        // A value to make canonical: the members noted are written as they came, and so is the rest.
        for k in first..<sorting.count {
            let memberStart = out.bytes.count + (out.followsSibling ? 1 : 0)
            out.member(compact: text.extracting(sorting[k].written))
            sorting[k] = SortedMember(name: sorting[k].name, written: memberStart..<out.bytes.count)
        }
        while let (name, nameEscaped, value) = member {
            order.note(name, escaped: nameEscaped, in: text)
            // The member's own text, past the comma before it.
            let memberStart = out.bytes.count + (out.followsSibling ? 1 : 0)
            if let end = plainEnd(text, value) {
                out.member(compact: text.extracting(name.lowerBound - 1..<end))
                cursor.resume(after: end, in: text)
            } else {
                out.name(text.extracting(name), .compact)
                cursor.resume(after: writeCanonical(text, at: value, to: &out, &sorting), in: text)
            }
            sorting.append(SortedMember(name: name, written: memberStart..<out.bytes.count))
            member = cursor.nextName(in: text)
        }
        if !order.inOrder {
            sort(&sorting, from: first, in: text, order)
            // What was written is kept aside, then put back in order.
            let members = Array(out.bytes[body...])
            out.bytes.removeSubrange(body...)
            members.withSpan { members in
                for k in first..<sorting.count {
                    if k > first { out.bytes.append(UInt8(ascii: ",")) }
                    let written = sorting[k].written
                    out.bytes.append(members.extracting(written.lowerBound - body..<written.upperBound - body))
                }
            }
        }
        sorting.removeMembers(from: first)
        out.close(isObject: true)
        return cursor.end
    }

    /// Sorts `sorting` from `first` on by the members' names in `text`:
    /// each name told by its first sixteen bytes where they differ, by code
    /// points once decoded where any has escapes.
    private static func sort(_ sorting: inout [SortedMember], from first: Int, in text: Span<UInt8>, _ order: MemberOrder) {
        // Each name before the one before it (two members swapped, most
        // often): the order is the reverse, with no key read.
        if order.descending {
            var (a, b) = (first, sorting.count - 1)
            while a < b {
                sorting.swapAt(a, b)
                (a, b) = (a + 1, b - 1)
            }
            return
        }
        if order.escaped {
            // A name without escapes decodes to itself.
            let members = sorting[first...].map { CompactMembers.Member(name: $0.name, escaped: true, value: $0.written) }
            for (k, member) in CompactMembers.sortedByName(text, members).enumerated() {
                sorting[first + k] = SortedMember(name: member.name, written: member.value)
            }
            return
        }
        for k in first..<sorting.count { sorting[k].readKey(in: text) }
        sorting.sortByName(first..<sorting.count, in: text)
    }

    /// Where the value at `start` ends when its text is its canonical text
    /// (a string, a literal, a number written canonically); nil for any
    /// other (an object, an array, a number written otherwise).
    private static func plainEnd(_ text: Span<UInt8>, _ start: Int) -> Int? {
        switch text[start] {
        case UInt8(ascii: "\""): return CompactMembers.endOfString(text, start).0
        case UInt8(ascii: "{"), UInt8(ascii: "["): return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = CompactMembers.endOfValue(text, start)
            return JSONNumber.isCanonical(text.extracting(start..<end)) ? end : nil
        default: return CompactMembers.endOfValue(text, start)
        }
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

/// Whether the members of an object, as they come, are in order by name
/// (each name's bytes after the one before, none with escapes), or in
/// reverse order (each name's bytes before the one before, none with
/// escapes), and whether any name has escapes.
private struct MemberOrder {
    private(set) var inOrder = true
    private(set) var descending = true
    private(set) var escaped = false
    private var previous: Range<Int>?

    /// Notes the next member's name, at `name` in `text`.
    mutating func note(_ name: Range<Int>, escaped nameEscaped: Bool, in text: Span<UInt8>) {
        escaped = escaped || nameEscaped
        if escaped {
            (inOrder, descending) = (false, false)
        } else if inOrder || descending, let previous {
            // Equal names (which the reader refuses) are neither.
            let order = text.extracting(previous).compareBytes(with: text.extracting(name))
            if order >= 0 { inOrder = false }
            if order <= 0 { descending = false }
        }
        previous = name
    }
}
