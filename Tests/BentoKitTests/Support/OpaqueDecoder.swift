@testable import BentoJSON
@testable import BentoKit

/// Wraps a decoder so that the schema cannot see it is a `TapeDecoder`: every
/// `init(from:)` then takes its generic Codable path, the one any decoder
/// gets. Values are still read from the tape underneath.
struct OpaqueDecoder: Decoder {
    let base: any Decoder

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed(base: try base.container(keyedBy: type)))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(base: try base.unkeyedContainer()) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try base.singleValueContainer() }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let base: KeyedDecodingContainer<Key>
        var codingPath: [any CodingKey] { base.codingPath }
        var allKeys: [Key] { base.allKeys }
        func contains(_ key: Key) -> Bool { base.contains(key) }
        func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: OpaqueDecoder(base: try base.superDecoder(forKey: key)))
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard base.contains(key), try !base.decodeNil(forKey: key) else { return nil }
            return try decode(type, forKey: key)
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try OpaqueDecoder(base: try base.superDecoder(forKey: key)).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try OpaqueDecoder(base: try base.superDecoder(forKey: key)).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { OpaqueDecoder(base: try base.superDecoder()) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            OpaqueDecoder(base: try base.superDecoder(forKey: key))
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        var base: any UnkeyedDecodingContainer
        var codingPath: [any CodingKey] { base.codingPath }
        var count: Int? { base.count }
        var isAtEnd: Bool { base.isAtEnd }
        var currentIndex: Int { base.currentIndex }
        mutating func decodeNil() throws -> Bool { try base.decodeNil() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: OpaqueDecoder(base: try base.superDecoder()))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try OpaqueDecoder(base: try base.superDecoder()).container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try OpaqueDecoder(base: try base.superDecoder()).unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { OpaqueDecoder(base: try base.superDecoder()) }
    }
}
