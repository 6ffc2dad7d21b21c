/// A schema's member names (its `CodingKeys`), or the strings an enum's
/// cases are written as, laid out once: a reader finds which key a name is
/// by its length and then its bytes, without making a string or asking
/// each key for its name.
public struct MemberKeys<Key: Sendable>: Sendable {
    /// The keys, in the schema's order.
    public let keys: [Key]
    /// The keys' names, one after another.
    @usableFromInline let names: [UInt8]
    /// Where each key's name is in `names`.
    @usableFromInline let places: [Range<Int>]

    /// The table of `keys`, each named by `name`.
    /// - Complexity: O(n) in the length of their names.
    public init(_ keys: [Key], name: (Key) -> String) {
        self.keys = keys
        var names: [UInt8] = []
        var places: [Range<Int>] = []
        for key in keys {
            let start = names.count
            names.append(contentsOf: name(key).utf8)
            places.append(start..<names.count)
        }
        (self.names, self.places) = (names, places)
    }

    /// The key whose name is `bytes`, if any.
    /// - Complexity: O(k) in the number of keys.
    @inlinable
    public func key(named bytes: Span<UInt8>) -> Key? {
        names.withSpan { names in
            for k in places.indices where places[k].count == bytes.count {
                if names.extracting(places[k]).sameBytes(as: bytes) { return keys[k] }
            }
            return nil
        }
    }
}

extension MemberKeys where Key: CodingKey {
    /// The table of a schema's `keys`, named as they are coded.
    /// - Complexity: O(n) in the length of their names.
    public init(_ keys: [Key]) { self.init(keys, name: \.stringValue) }
}

extension MemberKeys where Key: CaseIterable & RawRepresentable, Key.RawValue == String, Key.AllCases == [Key] {
    /// The table of every case of an enum, named by its raw value: how a
    /// string value that names one (`"row"`, `"insert"`) is read.
    /// - Complexity: O(n) in the length of their names.
    public init(cases: Key.Type) { self.init(Key.allCases, name: \.rawValue) }
}
