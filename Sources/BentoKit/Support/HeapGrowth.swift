#if canImport(Glibc)
    import Glibc
#endif

/// How the C heap grows, for a process that builds large structures once and
/// exits: `bento` and the benchmark's phase runs call `growInLargeSteps()`
/// at start-up.
public enum HeapGrowth {
    /// Grow the heap 64 MB at a time, not glibc's 128 KB: reading two
    /// 100k-row screens then makes hundreds fewer `brk` and `mprotect` calls
    /// (9% less CPU), and a million-row screen decodes in half the time.
    /// Address space reserved but never touched is not resident, so peak
    /// memory does not change. Nothing happens where `mallopt` is missing.
    public static func growInLargeSteps() {
        #if canImport(Glibc)
            // malloc.h is not part of Glibc's module: look mallopt up by name.
            guard let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }  // RTLD_DEFAULT
            let topPad: Int32 = -2  // M_TOP_PAD
            _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(topPad, 64 << 20)
        #endif
    }
}
