#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory asked of the system before an input-sized buffer is made: a
/// Swift array that cannot grow ends the process with a trace, so where a
/// size follows from the input, the system is asked first and a refusal is
/// an error (`ulimit -v` reached), one line, exit 2.
enum Memory {
    /// Whether `size` bytes can be had now.
    /// - Complexity: O(1): one allocation, returned at once.
    static func canAllocate(_ size: Int) -> Bool {
        guard let probe = malloc(max(size, 1)) else { return false }
        free(probe)
        return true
    }

    /// The tape of a text of `count` bytes holds no more than this: an
    /// entry of 8 bytes for a value, and a value takes two bytes at least.
    static func tapeBound(_ count: Int) -> Int { count / 2 * 8 + 64 }
}
