/// A schema's member names (its `CodingKeys`), or the strings an enum's
/// cases are written as, laid out once: a reader finds which key a name is
/// by its length and then its bytes, without making a string or asking
/// each key for its name.
public struct MemberKeys<Key: Sendable>: Sendable {
    /// The keys, in the schema's order.
    public let keys: [Key]
    /// The keys' names, one after another.
    @usableFromInline let names: [UInt8]
    /// Where each key's name ends in `names` (it begins where the one
    /// before ends).
    @usableFromInline let ends: [Int]

    /// The table of `keys`, each named by `name`.
    /// - Complexity: O(n) in the length of their names.
    public init(_ keys: [Key], name: (Key) -> String) {
        self.keys = keys
        var names: [UInt8] = []
        var ends: [Int] = []
        for key in keys {
            names.append(contentsOf: name(key).utf8)
            ends.append(names.count)
        }
        (self.names, self.ends) = (names, ends)
    }

    /// The key whose name is `bytes`, if any.
    /// - Complexity: O(k) in the number of keys.
    @inlinable
    public func key(named bytes: Span<UInt8>) -> Key? {
        names.withSpan { names in
            var start = 0
            for k in ends.indices {
                let end = ends[k]
                if end - start == bytes.count && names.extracting(start..<end).sameBytes(as: bytes) { return keys[k] }
                start = end
            }
            return nil
        }
    }
}

extension MemberKeys where Key: CodingKey {
    /// The table of a schema's `keys`, named as they are coded.
    /// - Complexity: O(n) in the length of their names.
    public init(_ keys: [Key]) { self.init(keys, name: { $0.stringValue }) }
}

extension MemberKeys where Key: CaseIterable & RawRepresentable, Key.RawValue == String, Key.AllCases == [Key] {
    /// The table of every case of an enum, named by its raw value: how a
    /// string value that names one (`"row"`, `"insert"`) is read.
    /// - Complexity: O(n) in the length of their names.
    public init(cases: Key.Type) { self.init(Key.allCases, name: { $0.rawValue }) }
}
