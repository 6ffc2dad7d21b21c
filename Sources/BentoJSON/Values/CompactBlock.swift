#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes of compact JSON text, one allocation: the texts of many components
/// one after another (`CompactArena`), or the text of one. A text, once
/// written, never changes; the arena that owns the block writes only past
/// what it wrote before.
@usableFromInline
final class CompactBlock {
    /// The bytes, how many the block holds, and how many are written.
    private let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var used = 0

    private init(capacity: Int) {
        self.capacity = capacity
        base = Self.allocate(capacity)
    }

    deinit {
        #if canImport(Glibc)
            Glibc.free(base)
        #elseif canImport(Darwin)
            Darwin.free(base)
        #endif
    }

    /// A block with room for `capacity` bytes, none written.
    static func make(capacity: Int) -> CompactBlock { CompactBlock(capacity: capacity) }

    /// Room left past the bytes written.
    var free: Int { capacity - used }

    /// Writes `text` past the bytes written, which must leave room for it,
    /// and returns where it starts.
    /// - Complexity: O(n) in the length of the text.
    func append(_ text: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        precondition(text.count <= free, "no room in the block")
        let start = base + used
        if let source = text.baseAddress { start.initialize(from: source, count: text.count) }
        used += text.count
        return UnsafePointer(start)
    }

    /// Memory for a block. A large one is aligned to, and asks for, the
    /// system's large pages where it has them (Linux's transparent huge
    /// pages): a screen's texts are most of its memory, and touching them
    /// 4 KB at a time was a tenth of reading.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        #if os(Linux)
            if capacity >= largePage && capacity % largePage == 0 {
                var memory: UnsafeMutableRawPointer?
                if posix_memalign(&memory, largePage, capacity) == 0, let memory {
                    _ = madvise(memory, capacity, MADV_HUGEPAGE)
                    return memory.assumingMemoryBound(to: UInt8.self)
                }
            }
        #endif
        return malloc(max(capacity, 1))!.assumingMemoryBound(to: UInt8.self)
    }

    /// The size of a large page (x86-64 and arm64 Linux).
    static let largePage = 2 << 20
}
