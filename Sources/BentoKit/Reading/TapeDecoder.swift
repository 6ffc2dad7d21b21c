/// A `Decoder` over a `JSONTape`: the Codable schema reads parsed JSON through
/// it, and every error it throws carries the JSON path of the value.
///
/// It is strict: a value of the wrong JSON type is an error (no string-to-
/// number coercion), and `JSONValue` members are built straight from the tape.
final class TapeDecoder: Decoder {
    let tape: JSONTape
    let index: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: JSONTape, index: Int = 0, codingPath: [any CodingKey] = []) {
        self.tape = tape
        self.index = index
        self.codingPath = codingPath
    }

    var kind: JSONTape.Kind { tape.entries[index].kind }

    func decodeJSONValue() throws -> JSONValue { tape.value(at: index) }

    func mismatch(_ expected: String) -> SchemaViolation {
        SchemaViolation(path: codingPath, "expected \(expected), found \(tape.value(at: index).typeName)")
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

    func child(_ index: Int, key: any CodingKey) -> TapeDecoder {
        TapeDecoder(tape: tape, index: index, codingPath: codingPath + [key])
    }

    // MARK: Containers

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: TapeDecoder
        /// Member name → entry index of its value.
        let members: [ExactString: Int]
        let names: [String]

        init(decoder: TapeDecoder) {
            self.decoder = decoder
            let tape = decoder.tape
            let end = tape.entries[decoder.index].payload
            var members: [ExactString: Int] = [:]
            var names: [String] = []
            var i = decoder.index + 1
            while i < end {
                let name = tape.strings[tape.entries[i].payload]
                members[ExactString(name)] = i + 1
                names.append(name)
                i = tape.next(after: i + 1)
            }
            self.members = members
            self.names = names
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { names.compactMap { Key(stringValue: $0) } }
        func contains(_ key: Key) -> Bool { members[ExactString(key.stringValue)] != nil }

        private func valueDecoder(_ key: Key) throws -> TapeDecoder {
            guard let index = members[ExactString(key.stringValue)] else {
                throw SchemaViolation(path: codingPath + [key], "missing member \"\(key.stringValue)\"")
            }
            return decoder.child(index, key: key)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try valueDecoder(key).kind == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try valueDecoder(key).decodeValue(type)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard contains(key) else { return nil }
            let child = try valueDecoder(key)
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
            end = decoder.tape.entries[decoder.index].payload
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { Int(decoder.tape.entries[decoder.index].count) }
        var isAtEnd: Bool { entry >= end }

        private mutating func nextDecoder() throws -> TapeDecoder {
            guard !isAtEnd else {
                throw SchemaViolation(path: codingPath, "expected more elements in the array")
            }
            let child = decoder.child(entry, key: AnyCodingKey(intValue: currentIndex))
            entry = decoder.tape.next(after: entry)
            currentIndex += 1
            return child
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, decoder.tape.entries[entry].kind == .null else { return false }
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
            return decoder.tape.strings[decoder.tape.entries[decoder.index].payload]
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
            return decoder.tape.strings[decoder.tape.entries[decoder.index].payload]
        }
        private func integer<I: FixedWidthInteger>() throws -> I {
            guard let value = I(try numberText()) else { throw decoder.mismatch("an integer") }
            return value
        }
    }

    /// Decodes a value, with fast paths for the JSON value types.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return try decodeJSONValue() as! T }
        if type == String.self { return try SingleValue(decoder: self).decode(String.self) as! T }
        return try T(from: self)
    }
}
