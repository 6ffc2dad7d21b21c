extension JSONTape {
    /// The value at `index` as a `JSONValue` tree.
    /// - Complexity: O(n) in the size of the value; recursion is bounded by
    ///   the reader's nesting limit.
    public func value(at index: Int) -> JSONValue {
        switch kind(index) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(JSONNumber(validatedText: numberText(at: index)))
        case .string: return .string(string(at: index))
        case .array:
            var elements: [JSONValue] = []
            for element in self.elements(of: index) { elements.append(value(at: element)) }
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            for (name, value) in self.members(of: index) { members.append((string(at: name), self.value(at: value))) }
            return .object(JSONObject(members))
        }
    }

    /// The entry index of the value at a coding path, and of the member's
    /// name when the path ends in a member. Used to locate errors; nil where
    /// the path leaves the document.
    /// - Complexity: O(n) in the size of the document.
    public func locate(_ path: [any CodingKey]) -> (value: Int, key: Int?)? {
        var index = 0
        var keyIndex: Int?
        for component in path {
            keyIndex = nil
            switch kind(index) {
            case .array:
                guard let wanted = component.intValue,
                    let found = elements(of: index).enumerated().first(where: { $0.offset == wanted })
                else { return nil }
                index = found.element
            case .object:
                guard let found = member(component.stringValue, in: index) else { return nil }
                keyIndex = found
                index = found + 1
            default:
                return nil
            }
        }
        return (index, keyIndex)
    }
}

/// Writes Unicode scalar values as UTF-8.
enum UTF8Encoding {
    /// Appends the UTF-8 encoding of a Unicode scalar value.
    static func append(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
