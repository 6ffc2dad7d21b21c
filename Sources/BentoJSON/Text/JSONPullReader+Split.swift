/// One array's elements read by two readers at once: a second reader takes
/// the elements from a boundary on (`continuing(at:)`), while this one reads
/// those before it and then steps over the rest (`skipElements(to:)`).
extension JSONPullReader {
    /// The size of the text, in bytes.
    public var byteCount: Int { storage.count }

    /// A reader of the same text, inside the array at hand, at `offset`:
    /// just past the comma before one of its elements.
    /// It reads that element and those after it as this reader would, with
    /// the same containers around them (the same depth), and steps out of
    /// the array at its end.
    /// - Precondition: the container at hand is an array.
    public func continuing(at offset: Int) -> JSONPullReader {
        precondition(!top.isObject, "not in an array")
        var reader = self
        reader.scanner = JSONScanner(from: offset)
        reader.top.isFirst = true
        return reader
    }

    /// Moves past the elements of the array at hand that a reader
    /// `continuing` this one read, the last of them ending at `offset`: the
    /// array's end comes next. This reader stands past the comma where the
    /// other began.
    /// - Precondition: the container at hand is an array, past its first
    ///   element, and `offset` is ahead.
    public mutating func skipElements(to offset: Int) {
        precondition(!top.isObject && !top.isFirst && offset >= scanner.i, "no elements to skip")
        scanner = JSONScanner(from: offset)
    }

    /// Just past the first comma at or after `target` that separates two
    /// elements of an array, its elements read from `start` on (`start`
    /// outside every string and element, as just past an element's end):
    /// where a second reader can begin (`continuing(at:)`). Nil when the
    /// array ends first, or the text does.
    ///
    /// Only brackets, quotes and backslashes are looked at: in a valid text
    /// this is a boundary between two elements; in another, the reader that
    /// reaches it is the one to tell (it meets it, or it does not).
    /// - Complexity: O(n) in the bytes from `start` to the boundary.
    func elementBoundary(from start: Int, atOrAfter target: Int) -> Int? {
        storage.withSpan { bytes in Self.elementBoundary(bytes, from: start, atOrAfter: target) }
    }

    /// How the elements of the array at hand are set apart, when they are
    /// laid out as its first two are: the comma after its first element,
    /// and the white space after it, up to the second's first byte. Nil when
    /// the array has fewer than two elements, or its first is `limit` bytes
    /// long or longer.
    /// - Complexity: O(n) in the size of the first element, up to `limit`.
    public func elementSeparator(within limit: Int) -> [UInt8]? {
        precondition(!top.isObject, "not in an array")
        let pastComma = storage.withSpan { bytes -> Int? in
            // The first element starts after the bracket's white space.
            var first = JSONScanner(from: scanner.i)
            first.skipWhitespace(bytes)
            let end = Swift.min(bytes.count, first.i + limit)
            return Self.elementBoundary(bytes.extracting(..<end), from: first.i, atOrAfter: first.i)
        }
        return pastComma.flatMap { separator(after: $0 - 1) }
    }

    /// How the element that ends at `offset` is set apart from the next:
    /// its comma, and the white space around it, up to the next element's
    /// first byte. Nil when the array ends there.
    /// - Complexity: O(n) in the white space.
    public func separator(after offset: Int) -> [UInt8]? {
        storage.withSpan { bytes -> [UInt8]? in
            var comma = JSONScanner(from: offset)
            comma.skipWhitespace(bytes)
            guard comma.i < bytes.count, bytes[comma.i] == UInt8(ascii: ",") else { return nil }
            var next = JSONScanner(from: comma.i + 1)
            next.skipWhitespace(bytes)
            guard next.i < bytes.count else { return nil }
            return bytes.extracting(comma.i...next.i).array
        }
    }

    /// Where `separator` (`elementSeparator(within:)`, `separator(after:)`)
    /// is next written at or after
    /// `start`: the offset of its comma; nil when it is not.
    /// - Complexity: O(n) in the bytes looked through.
    public func separator(_ separator: [UInt8], from start: Int) -> Int? {
        storage.withSpan { bytes -> Int? in
            separator.withSpan { wanted -> Int? in
                var i = start
                while let comma = bytes.firstIndex(of: wanted[0], from: i) {
                    guard comma + wanted.count <= bytes.count else { return nil }
                    if bytes.extracting(comma..<comma + wanted.count).sameBytes(as: wanted) { return comma }
                    i = comma + 1
                }
                return nil
            }
        }
    }

    static func elementBoundary(_ bytes: Span<UInt8>, from start: Int, atOrAfter target: Int) -> Int? {
        var depth = 0  // inside elements
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                // To the closing quote: one after an even run of backslashes.
                var end = i + 1
                while true {
                    guard let quote = bytes.firstIndex(of: UInt8(ascii: "\""), from: end) else { return nil }
                    var backslashes = 0
                    while bytes[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
                    end = quote + 1
                    if backslashes % 2 == 0 { break }
                }
                i = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return nil }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 && i >= target { return i + 1 }
            default:
                break
            }
            i += 1
        }
        return nil
    }
}
