/// What the process may still use of memory: the limits of `ulimit -v`
/// (`RLIMIT_AS`, address space) and of the data segment (`RLIMIT_DATA`,
/// private writable mappings since Linux 4.7), less what the process has
/// mapped already; and a container's limit (the cgroup's `memory.max`, or
/// cgroup v1's `memory.limit_in_bytes`), less what the group uses.
///
/// Swift ends the process with a trace when an allocation fails, and a
/// container's limit ends it with SIGKILL: neither can be caught. So a
/// command weighs what it will need against this before it begins, and
/// says so in one line when it does not fit.
public struct MemoryLimit: Sendable, Equatable {
    /// Address space the process may still map (`ulimit -v`, and the data
    /// limit), in bytes; nil when unlimited.
    public var addressSpace: Int?
    /// Memory the process may still make resident before its container
    /// runs out, in bytes; nil when there is no such limit.
    public var resident: Int?

    /// No limit at all.
    public static let none = MemoryLimit(addressSpace: nil, resident: nil)

    /// The limits now.
    /// - Complexity: O(1): a few system calls and small files read.
    public static func current() -> MemoryLimit {
        var limit = MemoryLimit.none
        let limits = Platform.addressSpaceLimits()
        // What the process has mapped matters only under a limit: without
        // one, as nearly always, its status is not read.
        if isSet(limits) {
            let status = processStatus()
            for (allowed, used) in [(limits.addressSpace, status.size), (limits.data, status.data)] {
                guard let allowed else { continue }
                limit.addressSpace = min(limit.addressSpace ?? .max, max(0, allowed - used))
            }
        }
        if let group = containerLimit() { limit.resident = max(0, group.limit - group.used) }
        return limit
    }

    /// Whether the address space is limited (`ulimit -v`, or the data
    /// limit): what the process's set-up asks first, told by two system
    /// calls, with no file read.
    public static var limitsAddressSpace: Bool { isSet(Platform.addressSpaceLimits()) }

    /// Whether either of the address space's limits is set.
    private static func isSet(_ limits: (addressSpace: Int?, data: Int?)) -> Bool {
        limits.addressSpace != nil || limits.data != nil
    }

    /// The smallest of the two, where either is set: how much more the
    /// process can count on.
    public var available: Int? {
        switch (addressSpace, resident) {
        case (nil, nil): nil
        case (let a?, nil): a
        case (nil, let r?): r
        case (let a?, let r?): min(a, r)
        }
    }

    /// Whether `bytes` more fit in what is available.
    public func fits(_ bytes: Int) -> Bool { available.map { bytes <= $0 } ?? true }

    /// Throws unless `bytes` more fit in what the limits leave now: the
    /// one-line error of a command that does not fit, naming `file` (the
    /// input that makes it large), before anything is read or written.
    /// - Throws: `bento: FILE: not enough memory: needs about N MB, the
    ///   limit leaves M MB`.
    public static func require(_ bytes: Int, for file: String) throws(Diagnostic) {
        let limit = current()
        guard !limit.fits(bytes), let available = limit.available else { return }
        throw Diagnostic(file: file, location: nil, message: notEnough(bytes, available))
    }

    /// The words of the error: what is needed and what is left, in MB.
    public static func notEnough(_ needed: Int, _ available: Int) -> String {
        func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
        return "not enough memory: needs about \(megabytes(needed)) MB, the limit leaves \(available >> 20) MB"
    }

    /// Threads made from now on get a smaller stack (2 MB rather than the
    /// 8 MB `ulimit -s` gives), and share one heap arena, for a limited
    /// address space: so that the cores' workers fit under a tight `ulimit
    /// -v` (a thread that cannot be made would stall the work waiting for
    /// it), and no arena's reservation takes what the work needs.
    public static func fitThreads() {
        Platform.setThreadStack(threadStack)
        // Each thread's arena would reserve 64 MB: one arena for all.
        Platform.useOneHeapArena()
    }

    /// The stack of each thread under a limit of the address space.
    public static let threadStack = 2 << 20

    // MARK: Reading the limits

    // The files are read as bytes, split at bytes: split as a `String`'s
    // characters, `/proc/self/cgroup` alone took a tenth of a small diff.

    /// What the process has mapped (`VmSize`) and of its data (`VmData`),
    /// in bytes, from `/proc/self/status` (0 where there is none).
    private static func processStatus() -> (size: Int, data: Int) {
        guard let text = Platform.readSmallFile(FilePath("/proc/self/status")) else { return (0, 0) }
        var size = 0, data = 0
        for line in lines(text) {
            if line.starts(with: "VmSize:".utf8) { size = kilobytes(line) }
            if line.starts(with: "VmData:".utf8) { data = kilobytes(line) }
        }
        return (size, data)
    }

    /// The count of kilobytes after the name on a line of the status, in bytes.
    private static func kilobytes(_ line: ArraySlice<UInt8>) -> Int {
        let words = line.split(separator: UInt8(ascii: " "))
        return (words.dropFirst().first.flatMap(decimal) ?? 0) * 1024
    }

    /// The cgroup's limit and use, where the process is in one with a
    /// limit (cgroup v2's `memory.max`, v1's `memory.limit_in_bytes`).
    private static func containerLimit() -> (limit: Int, used: Int)? {
        guard let groups = Platform.readSmallFile(FilePath("/proc/self/cgroup")) else { return nil }
        for line in lines(groups) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(decoding: fields[2], as: UTF8.self)
            if fields[1].isEmpty {
                let directory = "/sys/fs/cgroup" + (path == "/" ? "" : path)
                if let limit = number(directory + "/memory.max") {
                    return (limit, number(directory + "/memory.current") ?? 0)
                }
            } else if fields[1].split(separator: UInt8(ascii: ",")).contains(where: { $0.elementsEqual("memory".utf8) }) {
                for directory in ["/sys/fs/cgroup/memory" + path, "/sys/fs/cgroup/memory"] {
                    // v1 writes an unlimited group as a huge number.
                    if let limit = number(directory + "/memory.limit_in_bytes"), limit < 1 << 60 {
                        return (limit, number(directory + "/memory.usage_in_bytes") ?? 0)
                    }
                }
            }
        }
        return nil
    }

    /// The number a one-line file holds; nil for `max`, or no such file.
    private static func number(_ path: String) -> Int? {
        Platform.readSmallFile(FilePath(path)).flatMap { lines($0).first.flatMap(decimal) }
    }

    private static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] { text.split(separator: UInt8(ascii: "\n")) }

    /// The number `digits` writes in decimal, nothing else; nil for anything else.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for c in digits {
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
        }
        return value
    }
}
