/// A `Decoder` over a `JSONTape`: a Codable schema reads parsed JSON through
/// it, and every error it throws carries the JSON path of the value.
///
/// It is strict: a value of the wrong JSON type is an error (no string-to-
/// number coercion), and `JSONValue`s are built straight from the tape.
///
/// It is also cheap: a decoder is one small object that knows its parent, so
/// the coding path is built only when an error needs it; objects are searched
/// in place (their members are few) rather than copied into dictionaries; and
/// a value whose type has a fast path (`JSONTapeDecodable`) is read by it.
final class TapeDecoder: Decoder {
    /// What the decoders of one document share.
    final class Document {
        /// Reads the values of types that have a fast path.
        var reader: JSONTapeReader

        init(tape: JSONTape) {
            reader = JSONTapeReader(tape: tape)
        }
    }

    let document: Document
    let index: Int
    private let parent: TapeDecoder?
    /// How the parent reaches this value: the entry of the member's name
    /// (≥ 0), or `-1 - n` for element `n` of an array.
    private let step: Int

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: JSONTape) {
        document = Document(tape: tape)
        index = 0
        parent = nil
        step = 0
    }

    private init(document: Document, index: Int, parent: TapeDecoder, step: Int) {
        self.document = document
        self.index = index
        self.parent = parent
        self.step = step
    }

    var tape: JSONTape { document.reader.tape }
    var kind: JSONTape.Kind { tape.kind(index) }

    /// The path from the document to this value, built on demand.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = self
        while let parent = current.parent {
            keys.append(
                current.step >= 0
                    ? AnyCodingKey(tape.string(at: current.step)) : AnyCodingKey(intValue: -1 - current.step))
            current = parent
        }
        return keys.reversed()
    }

    func mismatch(_ expected: String) -> SchemaViolation {
        SchemaViolation(path: codingPath, "expected \(expected), found \(Self.typeName(kind))")
    }

    /// As `JSONValue.typeName` names it.
    static func typeName(_ kind: JSONTape.Kind) -> String {
        switch kind {
        case .null: "null"
        case .false, .true: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard kind == .object else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard kind == .array else { throw mismatch("an array") }
        return UnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    /// The decoder of the member whose name is at entry `keyEntry`.
    func member(_ keyEntry: Int) -> TapeDecoder {
        TapeDecoder(document: document, index: keyEntry + 1, parent: self, step: keyEntry)
    }

    /// The decoder of element `n`, at entry `index`.
    func element(_ n: Int, at index: Int) -> TapeDecoder {
        TapeDecoder(document: document, index: index, parent: self, step: -1 - n)
    }

    /// The entry of the name of this object's member `name`, if it has one.
    func memberKey(_ name: String) -> Int? { tape.member(name, in: index) }

    /// The entries of this object's member names, in written order.
    func memberKeys() -> [Int] { tape.members(of: index).map(\.name) }

    /// Decodes a value: by its type's fast path where it has one, else by
    /// its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let fast = type as? any JSONTapeDecodable.Type, let value = fast.init(tape: &document.reader, at: index) {
            return value as! T  // `fast` is `T`
        }
        return try T(from: self)
    }

    // MARK: Containers

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: TapeDecoder
        /// Member name → entry of the name, for objects too large to search.
        private let lookup: [ExactString: Int]?

        init(decoder: TapeDecoder) {
            self.decoder = decoder
            let tape = decoder.tape
            let end = Int(tape.entries[decoder.index].payload)
            var i = decoder.index + 1, count = 0
            while i < end && count <= 16 {
                count += 1
                i = tape.next(after: i + 1)
            }
            if count > 16 {
                var lookup: [ExactString: Int] = [:]
                for k in decoder.memberKeys() { lookup[ExactString(tape.string(at: k))] = k }
                self.lookup = lookup
            } else {
                lookup = nil
            }
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { decoder.memberKeys().compactMap { Key(stringValue: decoder.tape.string(at: $0)) } }
        func contains(_ key: Key) -> Bool { keyEntry(key) != nil }

        private func keyEntry(_ key: Key) -> Int? {
            if let lookup { return lookup[ExactString(key.stringValue)] }
            return decoder.memberKey(key.stringValue)
        }

        private func valueDecoder(_ key: Key) throws -> TapeDecoder {
            guard let entry = keyEntry(key) else {
                throw SchemaViolation(path: codingPath + [key], "missing member \"\(key.stringValue)\"")
            }
            return decoder.member(entry)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try valueDecoder(key).kind == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try valueDecoder(key).decodeValue(type)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let entry = keyEntry(key) else { return nil }
            let child = decoder.member(entry)
            if child.kind == .null { return nil }
            return try child.decodeValue(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try valueDecoder(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try valueDecoder(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { try valueDecoder(key) }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: TapeDecoder
        var currentIndex = 0
        private var entry: Int
        private let end: Int

        init(decoder: TapeDecoder) {
            self.decoder = decoder
            entry = decoder.index + 1
            end = Int(decoder.tape.entries[decoder.index].payload)
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { decoder.tape.count(of: decoder.index) }
        var isAtEnd: Bool { entry >= end }

        private mutating func nextDecoder() throws -> TapeDecoder {
            guard !isAtEnd else {
                throw SchemaViolation(path: codingPath, "expected more elements in the array")
            }
            let child = decoder.element(currentIndex, at: entry)
            entry = decoder.tape.next(after: entry)
            currentIndex += 1
            return child
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, decoder.tape.kind(entry) == .null else { return false }
            _ = try nextDecoder()
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try nextDecoder().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try nextDecoder().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try nextDecoder().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try nextDecoder() }
    }

    struct SingleValue: SingleValueDecodingContainer {
        let decoder: TapeDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.kind == .null }
        func decode(_ type: Bool.Type) throws -> Bool {
            switch decoder.kind {
            case .true: return true
            case .false: return false
            default: throw decoder.mismatch("a boolean")
            }
        }
        func decode(_ type: String.Type) throws -> String {
            guard decoder.kind == .string else { throw decoder.mismatch("a string") }
            return decoder.tape.string(at: decoder.index)
        }
        func decode(_ type: Double.Type) throws -> Double {
            guard let d = Double(try numberText()) else { throw decoder.mismatch("a number") }
            return d
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { try integer() }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
        func decode(_ type: UInt.Type) throws -> UInt { try integer() }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }

        private func numberText() throws -> String {
            guard decoder.kind == .number else { throw decoder.mismatch("a number") }
            return decoder.tape.numberText(at: decoder.index)
        }
        private func integer<I: FixedWidthInteger>() throws -> I {
            guard let value = I(try numberText()) else { throw decoder.mismatch("an integer") }
            return value
        }
    }
}
