#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a text that is edited, held where they do not move: a
/// regular file mapped read-only, or bytes read (standard input, a pipe, a
/// test's text), copied once into memory of their own.
///
/// A mapped text is never resident whole for long: its reader hands back
/// what it has read, and a writer that copies from it as it goes hands back
/// its pages now and then (`handBack()`); a page touched again comes back
/// from the page cache. This is what keeps `bento apply` from holding the
/// old screen's text beside its screen.
public final class SourceBytes: @unchecked Sendable {  // never written to once made
    /// The bytes.
    let buffer: UnsafeBufferPointer<UInt8>
    /// The file mapped, when the bytes are a mapping.
    public let mapping: MappedFile?

    /// The bytes of a mapped file, which it keeps mapped.
    public init(_ file: MappedFile) {
        buffer = file.bytes
        mapping = file
    }

    /// A copy of `bytes`.
    /// - Complexity: O(n) in their number.
    public init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        buffer = UnsafeBufferPointer(copy)
        mapping = nil
    }

    /// The text at `path` (`-` for standard input) to be edited: a regular
    /// file mapped, and kept open for reads at random; anything else read
    /// whole.
    /// - Throws: a `Diagnostic`, as `InputFile.read` words it.
    /// - Complexity: O(1) for a mapped file; O(n) in the size of one read.
    public static func read(_ path: FilePath) throws(Diagnostic) -> SourceBytes {
        if let file = MappedFile(path, readsAtRandom: true) { return SourceBytes(file) }
        return SourceBytes(try InputFile.read(path).bytes)
    }

    deinit {
        if mapping == nil { UnsafeMutableBufferPointer(mutating: buffer).deallocate() }
    }

    /// The number of bytes.
    public var count: Int { buffer.count }

    /// The byte at `offset`.
    public subscript(offset: Int) -> UInt8 { buffer[offset] }

    /// The bytes in `range`, without a copy, for as long as `self` is held.
    subscript(range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { buffer[range] }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { Array(buffer[range]) }

    /// A copy of the bytes in `range`, read without touching the mapping
    /// of a mapped file (`MappedFile.read(_:)`): for a few bytes far from
    /// where a writer copies from.
    /// - Complexity: O(n) in the length of the range.
    public func copyFar(_ range: Range<Int>) -> [UInt8] { mapping?.read(range) ?? copy(range) }

    /// A copy of all the bytes.
    /// - Complexity: O(n) in their number.
    public var array: [UInt8] { Array(buffer) }

    /// Whether `other` holds the same bytes.
    /// - Complexity: O(n) in their number; O(1) when the counts differ.
    public func holdsSame(as other: SourceBytes) -> Bool {
        count == other.count && (count == 0 || memcmp(buffer.baseAddress!, other.buffer.baseAddress!, count) == 0)
    }

    /// Hands back every page of a mapping: they leave the process's
    /// resident memory until touched again. Bytes read into memory stay.
    /// - Complexity: O(1) system calls.
    public func handBack() { mapping?.handBack() }
}
