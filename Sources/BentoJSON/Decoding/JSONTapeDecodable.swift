/// A type that can also be read straight from a tape, without `Decoder`: a
/// fast path beside its `init(from:)`.
///
/// The Codable `init(from:)` stays the definition of the format. The fast
/// path accepts only values that `init(from:)` accepts and builds the same
/// value; at the first thing it is not sure of it returns nil, and the
/// decoder runs `init(from:)` on the same value, which reports the error
/// with its path. `TapeDecoder` takes the fast path wherever a value of a
/// conforming type is decoded, so valid documents, nearly all of them, take
/// no detour through `Decoder`.
public protocol JSONTapeDecodable: Decodable {
    /// The value at entry `index` of `reader.tape`, or nil to leave it to
    /// `init(from:)`.
    init?(tape reader: inout JSONTapeReader, at index: Int)
}

extension JSONValue: JSONTapeDecodable {
    /// Any JSON value is one: numbers keep their text, members their order.
    public init?(tape reader: inout JSONTapeReader, at index: Int) {
        self = reader.tape.value(at: index)
    }
}

/// A tape being decoded by fast paths (`JSONTapeDecodable`).
public struct JSONTapeReader {
    /// The tape.
    public let tape: JSONTape

    /// A reader of `tape`.
    public init(tape: JSONTape) {
        self.tape = tape
    }

    /// A `T` at `index`, by its fast path.
    @inlinable
    public mutating func decode<T: JSONTapeDecodable>(_ type: T.Type, at index: Int) -> T? {
        T(tape: &self, at: index)
    }
}
