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

/// A tape being decoded by fast paths (`JSONTapeDecodable`), with what they
/// share: a scratch buffer for compact text and the strings read so far that
/// are worth sharing.
public struct JSONTapeReader {
    /// The tape.
    public let tape: JSONTape
    /// Compact text is written here, then copied out at its exact size.
    private var scratch: [UInt8] = []
    /// Long strings read with `sharedString(at:)`, so equal ones share storage.
    private var sharedStrings = StringPool()

    /// A reader of `tape`, sharing nothing yet.
    public init(tape: JSONTape) {
        self.tape = tape
    }

    /// A `T` at `index`, by its fast path.
    @inlinable
    public mutating func decode<T: JSONTapeDecodable>(_ type: T.Type, at index: Int) -> T? {
        T(tape: &self, at: index)
    }

    /// Calls `body` with the entries of the name and the value of each
    /// member of the object at `index`, in written order, while it returns
    /// true. The tape is read in place: a fast path that walks an object
    /// this way copies nothing.
    /// - Returns: false when `body` stopped the walk.
    /// - Complexity: O(n) in the number of members, plus what `body` does.
    @inlinable
    public mutating func forEachMember(
        of index: Int, _ body: (inout JSONTapeReader, _ name: Int, _ value: Int) -> Bool
    ) -> Bool {
        let end = tape.end(of: index)
        var name = index + 1
        while name < end {
            guard body(&self, name, name + 1) else { return false }
            name = tape.next(after: name + 1)
        }
        return true
    }

    /// The elements of the array at `index`, each read by `element`; nil if
    /// the value is not an array or an element cannot be read.
    /// - Complexity: O(n) in the size of the array, plus what `element` does.
    @inlinable
    public mutating func array<Element>(at index: Int, _ element: (inout JSONTapeReader, Int) -> Element?) -> [Element]? {
        guard tape.kind(index) == .array else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(tape.count(of: index))
        for entry in tape.elements(of: index) {
            guard let value = element(&self, entry) else { return nil }
            elements.append(value)
        }
        return elements
    }

    /// The elements of the array at `index`, each made by `element` (nil
    /// if one is nil or the value is not an array), decoded on all cores: a
    /// run of elements per thread, each thread with a reader of its own.
    /// - Complexity: O(n) in the size of the array, spread over the cores.
    public func concurrentArray<Element: Sendable>(
        at index: Int, _ element: @Sendable (inout JSONTapeReader, Int) -> Element?
    ) -> [Element]? {
        guard tape.kind(index) == .array else { return nil }
        let entries = Array(tape.elements(of: index))
        guard !entries.isEmpty else { return [] }
        let tape = self.tape
        let parts = Parallel.runs(covering: entries.count, length: Parallel.RunSize.decodedEntries)
        var complete = true
        // Each element is made in its place: records are large, and copying
        // the runs together afterwards cost a tenth of the decoding.
        let elements = [Element](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            nonisolated(unsafe) let places = buffer.baseAddress!
            // How many of each run's elements were made: all, or those
            // before the first that could not be.
            let made = parts.concurrentMap { range -> Int in
                var reader = JSONTapeReader(tape: tape)
                for k in range {
                    guard let value = element(&reader, entries[k]) else { return k - range.lowerBound }
                    (places + k).initialize(to: value)
                }
                return range.count
            }
            complete = zip(parts, made).allSatisfy { $0.count == $1 }
            if complete {
                initialized = entries.count
            } else {
                for (range, count) in zip(parts, made) { (places + range.lowerBound).deinitialize(count: count) }
                initialized = 0
            }
        }
        return complete ? elements : nil
    }

    /// The value at `index` as compact JSON text (see `CompactJSON`),
    /// leaving out the member whose name is at entry `omitted`, if given.
    /// - Complexity: O(n) in the size of the value.
    public mutating func compactText(of index: Int, omittingMember omitted: Int? = nil) -> CompactJSON {
        scratch.removeAll(keepingCapacity: true)
        tape.writeCompact(index, omittingMember: omitted, to: &scratch)
        return scratch.withUnsafeBufferPointer { CompactJSON(copying: $0) }
    }

    /// The string at `index`; a long one equal to one read before (a type
    /// name that recurs on every row) shares that one's storage.
    /// - Complexity: O(n) in the length of the string, times the few strings kept.
    public mutating func sharedString(at index: Int) -> String {
        let (range, escaped) = tape.rawString(index)
        guard !escaped else { return tape.string(at: index) }
        return tape.source.bytes.withUnsafeBufferPointer { sharedStrings.string(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
