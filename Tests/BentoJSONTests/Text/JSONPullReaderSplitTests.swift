import Testing

@testable import BentoJSON

/// One array read by two readers: the boundary between two elements, the
/// second reader's start there, and the first's step over what it read.
@Suite("JSON pull reader: an array read by two readers")
struct JSONPullReaderSplitTests {
    /// A reader inside the array `text` is, past its bracket.
    static func inArray(_ text: String) throws -> JSONPullReader {
        var reader = JSONPullReader(bytes: Array(text.utf8))
        try reader.beginArray()
        return reader
    }

    @Test("the boundary: past a comma between elements, never one in a string or an element")
    func boundary() throws {
        let text = #"[{"a": "x\"},{"}, "b\\", [1, [2, 3]], {"c": ","}, "\\\",", 4]"#
        let reader = try Self.inArray(text)
        let bytes = Array(text.utf8)
        // Commas between elements, found from the start.
        var found: [Int] = []
        var at = 1
        while let next = reader.elementBoundary(from: at, atOrAfter: at) {
            #expect(bytes[next - 1] == UInt8(ascii: ","))
            found.append(next)
            at = next
        }
        #expect(found.count == 5)
        // From a boundary, the next one at or after a target; none past the last.
        #expect(reader.elementBoundary(from: 1, atOrAfter: found[2]) == found[3])
        #expect(reader.elementBoundary(from: found[4], atOrAfter: found[4]) == nil)
        // The elements between boundaries are whole values.
        var starts = [1] + found
        starts.append(bytes.count)
        for (a, b) in zip(starts, starts.dropFirst()) {
            let element = String(decoding: bytes[a..<b - 1], as: UTF8.self)
            #expect((try? JSONReader.parse(Array(element.utf8))) != nil, "\(element)")
        }
    }

    @Test("the separator: how the first two elements are set apart, found again further on")
    func separator() throws {
        let text = "[\n  {\"a\": [1,\n  {}]},\n  {\"b\": \",\\n  {\"},\n  {\"c\": 3}\n]"
        let reader = try Self.inArray(text)
        let separator = try #require(reader.elementSeparator(within: 1 << 20))
        // A first element as long as the limit or longer: no separator.
        #expect(reader.elementSeparator(within: 10) == nil)
        #expect(separator == Array(",\n  {".utf8))
        let first = try #require(reader.separator(separator, from: 0))
        #expect(reader.separator(separator, from: first + 1).map { $0 > first } == true)
        #expect(try Self.inArray("[1]").elementSeparator(within: 1 << 20) == nil)
        // After an element: the comma and the white space around it.
        let bytes = Array(text.utf8)
        let firstEnd = try #require((0..<bytes.count - 2).first { bytes[$0] == UInt8(ascii: "]") && bytes[$0 + 1] == UInt8(ascii: "}") }) + 2
        #expect(reader.separator(after: firstEnd) == Array(",\n  {".utf8))
        #expect(reader.separator(after: text.utf8.count - 2) == nil)
    }

    @Test("a second reader from a boundary on, the first stepping over its elements: one reader's values")
    func continuing() throws {
        let text = #"[1, "two", [3, [4]], {"five": 5, "six": [6]}, null, "se,ven", 8.5]"#
        var whole = try Self.inArray(text)
        var one: [JSONValue] = []
        while try whole.nextElement() { one.append(try whole.value()) }
        try whole.finish()

        for target in [2, 10, 20, 30, 45] {
            var first = try Self.inArray(text)
            let boundary = try #require(first.elementBoundary(from: first.offset, atOrAfter: target))
            var second = first.continuing(at: boundary)
            var later: [JSONValue] = []
            var end = boundary
            while try second.nextElement() {
                later.append(try second.value())
                end = second.offset
            }
            var earlier: [JSONValue] = []
            while try first.nextElement() {
                if first.offset == boundary {
                    first.skipElements(to: end)
                    continue
                }
                earlier.append(try first.value())
            }
            try first.finish()
            #expect(earlier + later == one, "boundary \(boundary)")
            #expect(!earlier.isEmpty && !later.isEmpty)
        }
    }
}
