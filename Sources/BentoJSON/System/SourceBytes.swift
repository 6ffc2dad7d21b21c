import Synchronization

/// The bytes of a text that is edited, held where they do not move: a
/// regular file mapped read-only, or bytes read (standard input, a pipe, a
/// test's text), copied once into memory of their own.
///
/// A mapped text is never resident whole for long: its reader hands back
/// what it has read, and a writer that copies from it as it goes hands back
/// its pages now and then (`handBack()`); a page touched again comes back
/// from the page cache. This is what keeps `bento apply` from holding the
/// old screen's text beside its screen.
public final class SourceBytes: Sendable {
    /// The bytes.
    public let storage: ByteStorage
    /// The file mapped, when the bytes are a mapping.
    public let mapping: MappedFile?
    /// Where `storage` starts in the text: 0, or where a window starts.
    /// Every offset given is the whole text's.
    public let base: Int
    /// For a window, the indentation of the line it starts on (which may
    /// start before it).
    private let firstLineIndent: [UInt8]
    /// For each block of `lineBlock` bytes, where the last line feed up to
    /// its end is (-1: none yet): made at the first line far longer than
    /// usual (a text on one line), so that finding where a line starts never
    /// costs more than a block.
    private let lineIndex = Mutex<[Int]?>(nil)

    /// The bytes of a mapped file, which it keeps mapped.
    public init(_ file: MappedFile) {
        storage = file.storage
        mapping = file
        base = 0
        firstLineIndent = []
    }

    /// A copy of `bytes`.
    /// - Complexity: O(n) in their number.
    public convenience init(_ bytes: [UInt8]) {
        self.init(copying: bytes, base: 0)
    }

    private init(copying bytes: [UInt8], base: Int, firstLineIndent: [UInt8] = []) {
        storage = ByteStorage(copying: bytes)
        mapping = nil
        self.base = base
        self.firstLineIndent = firstLineIndent
    }

    /// A window on `text`: a copy of the bytes of `range` and of the line
    /// they start on, read without touching the mapping of a mapped file
    /// (`copyFar`), addressed by `text`'s offsets. For a value far from
    /// where a writer copies from: reading it through the mapping would
    /// map the page cache's folio around it, which can be megabytes.
    /// Only offsets inside the window may be read. A line longer than
    /// `lineScan` (a text on one line) is not read whole: the window keeps
    /// its indentation instead.
    /// - Complexity: O(n) in the length of the range and of its line's
    ///   start, at most `lineScan` of it.
    public convenience init(window range: Range<Int>, of text: SourceBytes) {
        precondition(text.startsText, "a window is of a whole text")
        var lead = min(Self.lineStartRead, range.lowerBound)
        while true {
            let start = range.lowerBound - lead
            let bytes = text.copyFar(start..<range.upperBound)
            // The line's start is in what was read, or is the text's.
            if start == 0 || bytes.withSpan({ $0.firstIndex(of: 0x0A, from: 0, to: lead) }) != nil {
                self.init(copying: bytes, base: start)
                return
            }
            if lead >= Self.lineScan {
                self.init(copying: Array(bytes[lead...]), base: range.lowerBound, firstLineIndent: text.lineIndent(at: range.lowerBound))
                return
            }
            lead = min(2 * lead, range.lowerBound)
        }
    }

    /// How much before a window's value is read for the line it starts on.
    static let lineStartRead = 256

    /// How far back a line's start is looked for byte by byte before the
    /// index of line feeds is used (or, for a window, its first line's
    /// indentation).
    static let lineScan = 16 << 10

    /// The size of the blocks of the index of line feeds.
    static let lineBlock = 4096

    /// The indentation of the line on which `offset` stands: its spaces
    /// and tabs up to its first other byte, or to `offset`.
    /// - Complexity: O(c) in the offset's column, at most `lineScan`
    ///   (and, once, O(n) in the text's size to index a text with far
    ///   longer lines).
    public func lineIndent(at offset: Int) -> [UInt8] {
        let local = offset - base
        let stop = max(0, local - Self.lineScan)
        var start = storage.withSpan { $0.lastIndex(of: 0x0A, from: stop, to: local).map { $0 + 1 } } ?? stop
        if start > 0 && storage[start - 1] != 0x0A {
            // Scanned `lineScan` bytes without finding the line's start.
            guard startsText else { return firstLineIndent }
            start = lineStart(before: start)
        } else if start == 0 && !startsText {
            return firstLineIndent
        }
        var end = start
        while end < local && (storage[end] == 0x20 || storage[end] == 0x09) { end += 1 }
        return storage.copy(start..<end)
    }

    /// Where the line on which `offset` stands begins (a whole text's
    /// offset), from the index of line feeds, made on first use.
    /// - Complexity: O(b) in the block size; O(n) once, to index.
    private func lineStart(before offset: Int) -> Int {
        let index = lineIndex.withLock { lineIndex in
            if lineIndex == nil {
                var index: [Int] = []
                index.reserveCapacity(storage.count / Self.lineBlock + 1)
                var last = -1
                storage.withSpan { bytes in
                    for blockStart in stride(from: 0, to: bytes.count, by: Self.lineBlock) {
                        var k = min(blockStart + Self.lineBlock, bytes.count)
                        while k > blockStart && bytes[k - 1] != 0x0A { k -= 1 }
                        if k > blockStart { last = k - 1 }
                        index.append(last)
                    }
                }
                lineIndex = index
            }
            return lineIndex!
        }
        // Within the block of `offset`, then the index before it.
        let block = offset / Self.lineBlock
        let blockStart = block * Self.lineBlock
        if let feed = storage.withSpan({ $0.lastIndex(of: 0x0A, from: blockStart, to: offset) }) { return feed + 1 }
        if blockStart > 0 && storage[blockStart - 1] == 0x0A { return blockStart }
        return block == 0 ? 0 : index[block - 1] + 1
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

    /// The number of bytes (a window's, for a window).
    public var count: Int { storage.count }

    /// Whether `self` starts where its text does: not a window that starts later.
    var startsText: Bool { base == 0 }

    /// The byte at `offset`.
    public subscript(offset: Int) -> UInt8 { storage[offset - base] }

    /// The bytes in `range`, without a copy, for as long as `self` is held.
    /// (The slice's indices are `storage`'s: only a window's differ from the text's.)
    subscript(range: Range<Int>) -> Slice<ByteStorage> { storage[(range.lowerBound - base)..<(range.upperBound - base)] }

    /// `body`'s result with the bytes in `range` (the whole text's offsets)
    /// as a span.
    @inlinable
    public func withSpan<R, E: Error>(_ range: Range<Int>, _ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try storage.withSpan((range.lowerBound - base)..<(range.upperBound - base), body)
    }

    /// `body`'s result with all the bytes as a span (a window's from its start).
    @inlinable
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R { try storage.withSpan(body) }

    /// A copy of the bytes in `range`.
    /// - Complexity: O(n) in the length of the range.
    public func copy(_ range: Range<Int>) -> [UInt8] { storage.copy((range.lowerBound - base)..<(range.upperBound - base)) }

    /// A copy of the bytes in `range`, read without touching the mapping
    /// of a mapped file (`MappedFile.read(_:)`): for a few bytes far from
    /// where a writer copies from.
    /// - Complexity: O(n) in the length of the range.
    public func copyFar(_ range: Range<Int>) -> [UInt8] { mapping?.read(range) ?? copy(range) }

    /// A copy of all the bytes.
    /// - Complexity: O(n) in their number.
    public var array: [UInt8] { storage.copy(0..<storage.count) }

    /// Whether the text is empty or only JSON's white space: no document
    /// at all (`/dev/null`, an empty file), which a merge reads as an
    /// empty screen.
    /// - Complexity: O(n) in the number of bytes, stopping at the first
    ///   that is not white space.
    public var isBlank: Bool {
        storage.withSpan { bytes in
            for k in bytes.indices where !Self.isWhiteSpace(bytes[k]) { return false }
            return true
        }
    }

    /// Whether `byte` is white space in JSON: space, tab, line feed or
    /// carriage return.
    public static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `other` holds the same bytes.
    /// - Complexity: O(n) in their number; O(1) when the counts differ.
    public func holdsSame(as other: SourceBytes) -> Bool {
        storage.withSpan { mine in other.storage.withSpan { mine.sameBytes(0..<mine.count, as: $0) } }
    }

    /// Hands back every page of a mapping: they leave the process's
    /// resident memory until touched again. Bytes read into memory stay.
    /// - Complexity: O(1) system calls.
    public func handBack() { mapping?.handBack() }
}
