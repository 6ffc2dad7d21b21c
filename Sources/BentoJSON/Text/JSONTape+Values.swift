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
        locate(steps: path.count) { (path[$0].stringValue, path[$0].intValue) }
    }

    /// The entry index of the value `steps` steps down, and of the member's
    /// name when the last step is a member: step `k` is a member's name, or
    /// an element's index (nil: no element). Nil where a step leaves the
    /// document.
    /// - Complexity: O(n) in the size of the document.
    public func locate(steps: Int, _ step: (Int) -> (name: String, index: Int?)) -> (value: Int, key: Int?)? {
        var index = 0
        var keyIndex: Int?
        for k in 0..<steps {
            keyIndex = nil
            switch kind(index) {
            case .array:
                guard let wanted = step(k).index, let found = elements(of: index).enumerated().first(where: { $0.offset == wanted })
                else { return nil }
                index = found.element
            case .object:
                guard let found = member(step(k).name, in: index) else { return nil }
                keyIndex = found
                index = found + 1
            default:
                return nil
            }
        }
        return (index, keyIndex)
    }
}

extension JSONTape {
    /// True when the value at `index` equals the value at `otherIndex` of
    /// `other`, as bento-screen(5) compares values (section 2), both read in
    /// place: strings written without escapes are compared as bytes.
    /// - Complexity: O(n) in the size of the values, O(m²) in the members
    ///   of each object.
    public func equals(_ index: Int, _ other: JSONTape, _ otherIndex: Int) -> Bool {
        switch (kind(index), other.kind(otherIndex)) {
        case (.null, .null), (.true, .true), (.false, .false):
            return true
        case (.number, .number):
            let (a, b) = (numberText(at: index), other.numberText(at: otherIndex))
            return a == b || (JSONNumber(a).flatMap { x in JSONNumber(b).map { x == $0 } } ?? false)
        case (.string, .string):
            return sameString(index, other, otherIndex)
        case (.array, .array):
            guard count(of: index) == other.count(of: otherIndex) else { return false }
            return zip(elements(of: index), other.elements(of: otherIndex)).allSatisfy { equals($0, other, $1) }
        case (.object, .object):
            guard count(of: index) == other.count(of: otherIndex) else { return false }
            // Members most often stand in the same order: each is looked
            // for where it stands in `other` first.
            var same = other.members(of: otherIndex)
            return members(of: index).allSatisfy { name, value in
                if let (otherName, otherValue) = same.next(), sameString(name, other, otherName) {
                    return equals(value, other, otherValue)
                }
                return other.members(of: otherIndex).contains { otherName, otherValue in
                    sameString(name, other, otherName) && equals(value, other, otherValue)
                }
            }
        default:
            return false
        }
    }

    /// The hash (`NameTable`'s) of the string at `index`, escapes decoded:
    /// equal strings hash alike however they are written.
    func nameHash(_ index: Int) -> Int {
        let (range, escaped) = rawString(index)
        return withSpan(range) { NameTable.hash($0, escaped: escaped) }
    }

    /// Whether the string at `index` is the one at `otherIndex` of `other`,
    /// code point for code point.
    func sameString(_ index: Int, _ other: JSONTape, _ otherIndex: Int) -> Bool {
        let (a, escapedA) = rawString(index), (b, escapedB) = other.rawString(otherIndex)
        guard escapedA || escapedB else { return withSpan(a) { x in other.withSpan(b) { y in x.sameBytes(as: y) } } }
        return other.string(at: otherIndex, equals: string(at: index))
    }
}
