/// A parsed JSON text: one entry per value, in document order.
///
/// Containers record where they end, so any value can be skipped in O(1), and
/// every entry keeps the byte offset where it starts, so errors found later
/// (by the schema) still point at a line and column. The tape holds no tree of
/// allocated nodes; the schema decoder builds the model straight from it.
public struct JSONTape: Sendable {
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    struct Entry: Sendable {
        var kind: Kind
        /// For arrays: the element count; for objects: the member count.
        var count: UInt32
        /// Byte offset of the value's first byte in the source.
        var offset: Int
        /// Strings and numbers: index into `strings` (a number's source text).
        /// Arrays and objects: the index of the entry after the container.
        var payload: Int
    }

    /// Object members are laid out as key (a string entry), value, key, value….
    var entries: [Entry] = []
    var strings: [String] = []
    public let source: SourceText

    init(source: SourceText) {
        self.source = source
    }

    /// The index of the entry after the value at `index`.
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .array || entry.kind == .object ? entry.payload : index + 1
    }

    /// The value at `index` as a `JSONValue` tree.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    func value(at index: Int) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(JSONNumber(validatedText: strings[entry.payload]))
        case .string: return .string(strings[entry.payload])
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.count))
            var i = index + 1
            while i < entry.payload {
                elements.append(value(at: i))
                i = next(after: i)
            }
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(Int(entry.count))
            var i = index + 1
            while i < entry.payload {
                members.append((strings[entries[i].payload], value(at: i + 1)))
                i = next(after: i + 1)
            }
            return .object(JSONObject(members))
        }
    }

    /// The entry index of the value at a coding path, and of the member's key
    /// when the path ends in a member. Used to locate errors; nil where the
    /// path leaves the document.
    func locate(_ path: [any CodingKey]) -> (value: Int, key: Int?)? {
        var index = 0
        var keyIndex: Int?
        for component in path {
            let entry = entries[index]
            keyIndex = nil
            switch entry.kind {
            case .array:
                guard let wanted = component.intValue else { return nil }
                var i = index + 1, n = 0
                while i < entry.payload && n < wanted { i = next(after: i); n += 1 }
                guard i < entry.payload else { return nil }
                index = i
            case .object:
                var i = index + 1
                var found: Int?
                while i < entry.payload {
                    if CodePoints.equal(strings[entries[i].payload], component.stringValue) { found = i; break }
                    i = next(after: i + 1)
                }
                guard let found else { return nil }
                keyIndex = found
                index = found + 1
            default:
                return nil
            }
        }
        return (index, keyIndex)
    }

    /// The byte offset where the entry starts.
    func offset(of index: Int) -> Int { entries[index].offset }
}
