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
    /// Where `buffer` starts in the text: 0, or where a window starts.
    /// Every offset given is the whole text's.
    public let base: Int

    /// The bytes of a mapped file, which it keeps mapped.
    public init(_ file: MappedFile) {
        buffer = file.bytes
        mapping = file
        base = 0
    }

    /// A copy of `bytes`.
    /// - Complexity: O(n) in their number.
    public convenience init(_ bytes: [UInt8]) {
        self.init(copying: bytes, base: 0)
    }

    private init(copying bytes: [UInt8], base: Int) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        buffer = UnsafeBufferPointer(copy)
        mapping = nil
        self.base = base
    }

    /// A window on `text`: a copy of the bytes of `range` and of the line
    /// they start on, read without touching the mapping of a mapped file
    /// (`copyFar`), addressed by `text`'s offsets. For a value far from
    /// where a writer copies from: reading it through the mapping would
    /// map the page cache's folio around it, which can be megabytes.
    /// Only offsets inside the window may be read.
    /// - Complexity: O(n) in the length of the range and of its line's start.
    public convenience init(window range: Range<Int>, of text: SourceBytes) {
        precondition(text.startsText, "a window is of a whole text")
        var lead = min(Self.lineStartRead, range.lowerBound)
        while true {
            let start = range.lowerBound - lead
            let bytes = text.copyFar(start..<range.upperBound)
            // The line's start is in what was read, or is the text's.
            if start == 0 || bytes[..<lead].contains(0x0A) {
                self.init(copying: bytes, base: start)
                return
            }
            lead = min(2 * lead, range.lowerBound)
        }
    }

    /// How much before a window's value is read for the line it starts on.
    static let lineStartRead = 256

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

    /// The number of bytes (a window's, for a window).
    public var count: Int { buffer.count }

    /// Whether `self` starts where its text does: not a window that starts later.
    var startsText: Bool { base == 0 }

    /// The byte at `offset`.
    public subscript(offset: Int) -> UInt8 { buffer[offset - base] }

    /// The bytes in `range`, without a copy, for as long as `self` is held.
    /// (The slice's indices are `buffer`'s: only a window's differ from the text's.)
    subscript(range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { buffer[(range.lowerBound - base)..<(range.upperBound - base)] }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }

    /// A copy of the bytes in `range`, read without touching the mapping
    /// of a mapped file (`MappedFile.read(_:)`): for a few bytes far from
    /// where a writer copies from.
    /// - Complexity: O(n) in the length of the range.
    public func copyFar(_ range: Range<Int>) -> [UInt8] { mapping?.read(range) ?? copy(range) }

    /// A copy of all the bytes.
    /// - Complexity: O(n) in their number.
    public var array: [UInt8] { Array(buffer) }

    /// Whether the text is empty or only JSON's white space: no document
    /// at all (`/dev/null`, an empty file), which a merge reads as an
    /// empty screen.
    /// - Complexity: O(n) in the number of bytes, stopping at the first
    ///   that is not white space.
    public var isBlank: Bool { buffer.allSatisfy(Self.isWhiteSpace) }

    /// Whether `byte` is white space in JSON: space, tab, line feed or
    /// carriage return.
    public static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

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
