#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// The system calls on files that bento makes, for both C libraries (glibc
/// on Linux, Darwin's on macOS), each behind a safe function: paths go in as
/// `FilePath`, bytes as spans and arrays, and what comes back is a value or
/// an `errno` (`SystemError`). Nothing above this file passes a pointer to
/// the system. (Processes, the environment and signals: `Platform+Process`.)
public enum Platform {
    /// The `errno` of the last call that failed on this thread.
    public static var lastError: Int32 { errno }

    /// The system's words for an `errno` value: "No space left on device".
    public static func message(_ errorNumber: Int32) -> String {
        unsafe String(cString: strerror(errorNumber))
    }

    // MARK: Files and their kinds

    /// What `stat(2)` says of a file.
    public struct FileStatus: Sendable {
        /// What the file is.
        public enum Kind: Sendable { case regular, directory, fifo, characterDevice, symbolicLink, other }
        /// Its kind, from the mode's type bits.
        public let kind: Kind
        /// Its size in bytes.
        public let size: Int
        /// Its permission bits (and set-id and sticky bits).
        public let permissions: UInt32
        /// Its owner and group.
        public let owner: UInt32, group: UInt32
        /// The device and inode that name it.
        public let device: UInt64, inode: UInt64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .regular
            case S_IFDIR: kind = .directory
            case S_IFIFO: kind = .fifo
            case S_IFCHR: kind = .characterDevice
            case S_IFLNK: kind = .symbolicLink
            default: kind = .other
            }
            size = Int(info.st_size)
            permissions = UInt32(info.st_mode & 0o7777)
            owner = UInt32(info.st_uid)
            group = UInt32(info.st_gid)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What the file at `path` is; a symbolic link is followed unless
    /// `followingLinks` is false.
    public static func status(_ path: FilePath, followingLinks: Bool = true) -> Result<FileStatus, SystemError> {
        var info = stat()
        let result = unsafe path.withCString { name in followingLinks ? unsafe stat(name, &info) : unsafe lstat(name, &info) }
        return result == 0 ? .success(FileStatus(info)) : .failure(SystemError(errno: errno))
    }

    /// What the file open at `descriptor` is.
    public static func status(_ descriptor: Int32) -> Result<FileStatus, SystemError> {
        var info = stat()
        return unsafe fstat(descriptor, &info) == 0 ? .success(FileStatus(info)) : .failure(SystemError(errno: errno))
    }

    /// How a file is opened.
    public enum Access: Sendable {
        /// For reading.
        case read
        /// For writing, as it is.
        case write
        /// Made for writing, with `permissions`; fails when it exists.
        case createNew(permissions: UInt32)
    }

    /// Opens the file at `path`: its descriptor (closed on `exec`).
    public static func open(_ path: FilePath, for access: Access) -> Result<Int32, SystemError> {
        let descriptor = unsafe path.withCString { name -> Int32 in
            switch access {
            case .read: unsafe systemOpen(name, O_RDONLY | O_CLOEXEC, 0)
            case .write: unsafe systemOpen(name, O_WRONLY | O_CLOEXEC, 0)
            case .createNew(let permissions):
                unsafe systemOpen(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            }
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(errno: errno))
    }

    /// Closes `descriptor`; false when the close reports an error (a
    /// write that failed late, on some file systems).
    @discardableResult
    public static func close(_ descriptor: Int32) -> Bool { systemClose(descriptor) == 0 }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether `descriptor` is open.
    public static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 || errno != EBADF }

    // MARK: Reading

    /// Reads from `descriptor` until `count` bytes are read or the input
    /// ends: the bytes, and the `errno` of a read that failed (else 0).
    /// - Complexity: O(n) in the count.
    public static func read(_ descriptor: Int32, upTo count: Int) -> (bytes: [UInt8], error: Int32) {
        var failure: Int32 = 0
        let bytes = unsafe [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let n = unsafe systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                initialized += n
            }
        }
        return (bytes, failure)
    }

    /// The bytes at `range` of the file open at `descriptor`, read where
    /// they are (`pread(2)`); nil when the read fails or the file is shorter.
    /// - Complexity: O(n) in the length of the range.
    public static func read(_ descriptor: Int32, at range: Range<Int>) -> [UInt8]? {
        var failed = false
        let bytes = unsafe [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            count = 0
            while count < range.count {
                let got = unsafe pread(descriptor, buffer.baseAddress! + count, range.count - count, off_t(range.lowerBound + count))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failed = true
                    break
                }
                count += got
            }
        }
        return failed ? nil : bytes
    }

    /// A small file whole (under 64 KB), or nil when it cannot be read.
    public static func readSmallFile(_ path: FilePath) -> [UInt8]? {
        guard case .success(let descriptor) = open(path, for: .read) else { return nil }
        defer { close(descriptor) }
        let (bytes, error) = read(descriptor, upTo: 1 << 16)
        return error == 0 ? bytes : nil
    }

    // MARK: Writing

    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: nil, or the `errno` of the write that failed (`EPIPE`
    ///   when the reader of a pipe went away).
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ descriptor: Int32, _ bytes: Span<UInt8>) -> Int32? {
        unsafe bytes.withUnsafeBufferPointer { unsafe write(descriptor, [UnsafeRawBufferPointer($0)]) }
    }

    /// Writes all of `pieces`, in order, to `descriptor`: up to 1024 pieces
    /// a system call (`writev`), none copied into one buffer first.
    /// - Returns: nil, or the `errno` of the write that failed.
    /// - Complexity: O(n) in the number of bytes.
    public static func write(_ descriptor: Int32, pieces: [[UInt8]]) -> Int32? {
        var failure: Int32?
        var start = 0
        while start < pieces.count && failure == nil {
            let group = pieces[start..<min(start + piecesLent, pieces.count)]
            var lent: [UnsafeRawBufferPointer] = unsafe []
            unsafe lent.reserveCapacity(group.count)
            failure = unsafe lending(group, into: &lent) { unsafe write(descriptor, $0) }
            start += group.count
        }
        return failure
    }

    /// Writes all of `pieces` (the bytes each one lends), in order, to `descriptor`.
    /// - Returns: nil, or the `errno` of the write that failed.
    public static func write(_ descriptor: Int32, pieces: [ByteStorage]) -> Int32? {
        var failure: Int32?
        var start = 0
        while start < pieces.count && failure == nil {
            let group = pieces[start..<min(start + vectorsPerWrite, pieces.count)]
            failure = withExtendedLifetime(group) {
                unsafe write(descriptor, group.map { unsafe UnsafeRawBufferPointer(start: $0.base, count: $0.count) })
            }
            start += group.count
        }
        return failure
    }

    /// Pieces lent at a time: each array lends its bytes inside the one
    /// before, this deep.
    static let piecesLent = 256

    /// At most this many pieces a `writev` (POSIX's smallest `IOV_MAX` is
    /// 16; Linux and macOS take 1024).
    static let vectorsPerWrite = 1024

    private static func lending(
        _ pieces: ArraySlice<[UInt8]>, into lent: inout [UnsafeRawBufferPointer], _ body: ([UnsafeRawBufferPointer]) -> Int32?
    ) -> Int32? {
        guard let first = pieces.first else { return unsafe body(lent) }
        return unsafe first.withUnsafeBytes { bytes in
            unsafe lent.append(bytes)
            return unsafe lending(pieces.dropFirst(), into: &lent, body)
        }
    }

    /// `writev(2)` of `pieces` until all are written or a write fails.
    private static func write(_ descriptor: Int32, _ pieces: [UnsafeRawBufferPointer]) -> Int32? {
        var k = 0, offset = 0  // the next byte to write: `offset` into piece k
        var vectors: [iovec] = unsafe []
        unsafe vectors.reserveCapacity(vectorsPerWrite)
        while unsafe k < pieces.count {
            unsafe vectors.removeAll(keepingCapacity: true)
            for j in unsafe k..<min(k + vectorsPerWrite, pieces.count) {
                let skip = j == k ? offset : 0
                guard let base = unsafe pieces[j].baseAddress, unsafe pieces[j].count > skip else { continue }
                unsafe vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: pieces[j].count - skip))
            }
            guard unsafe !vectors.isEmpty else { break }
            var n = unsafe vectors.withUnsafeBufferPointer { unsafe systemWritev(descriptor, $0.baseAddress!, Int32($0.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Past the bytes written: whole pieces, then into the next.
            while unsafe k < pieces.count && n >= pieces[k].count - offset {
                unsafe n -= pieces[k].count - offset
                k += 1
                offset = 0
            }
            offset += n
        }
        return nil
    }

    /// Flushes what was written to `descriptor` to the disk.
    public static func synchronize(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

    /// Starts sending what was written to the file open at `descriptor` to
    /// the disk, without waiting, where the system can (Linux): the disk
    /// then works while the rest is made, and `synchronize` at the end
    /// waits for the last part only. Nothing where it cannot.
    public static func startWriteback(_ descriptor: Int32) { _ = bento_start_writeback(descriptor) }

    /// Sets the permission bits of the file open at `descriptor`.
    public static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> Bool {
        fchmod(descriptor, mode_t(permissions)) == 0
    }

    /// Gives the file open at `descriptor` an owner and group; nil keeps one.
    public static func setOwner(_ descriptor: Int32, owner: UInt32?, group: UInt32?) -> Bool {
        fchown(descriptor, owner.map { uid_t($0) } ?? uid_t.max, group.map { gid_t($0) } ?? gid_t.max) == 0
    }

    /// The process's file creation mask, read (and left as it was).
    public static func creationMask() -> UInt32 {
        let mask = umask(0)
        umask(mask)
        return UInt32(mask)
    }

    // MARK: Names

    /// Renames `from` to `to`, replacing what `to` names.
    public static func rename(_ from: FilePath, to: FilePath) -> Result<Void, SystemError> {
        let result = unsafe from.withCString { source in unsafe to.withCString { target in unsafe systemRename(source, target) } }
        return result == 0 ? .success(()) : .failure(SystemError(errno: errno))
    }

    /// Removes the file at `path`.
    @discardableResult
    public static func removeFile(_ path: FilePath) -> Bool { unsafe path.withCString { unsafe unlink($0) } == 0 }

    /// Makes the directory `path` with `permissions`; false when it could not
    /// (it exists, or its parent does not).
    @discardableResult
    public static func makeDirectory(_ path: FilePath, permissions: UInt32 = 0o755) -> Bool {
        unsafe path.withCString { unsafe mkdir($0, mode_t(permissions)) } == 0
    }

    /// Removes the empty directory at `path`.
    @discardableResult
    public static func removeDirectory(_ path: FilePath) -> Bool { unsafe path.withCString { unsafe rmdir($0) } == 0 }

    /// What the symbolic link at `path` holds.
    public static func linkTarget(_ path: FilePath) -> Result<FilePath, SystemError> {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = unsafe path.withCString { link in
            unsafe buffer.withUnsafeMutableBufferPointer { unsafe readlink(link, $0.baseAddress!, $0.count - 1) }
        }
        guard length > 0 else { return .failure(SystemError(errno: errno)) }
        return .success(FilePath(bytes: buffer[..<length].map { UInt8(bitPattern: $0) }))
    }

    /// The names in the directory at `path` but `.` and `..`, in the
    /// order the system gives them.
    public static func directoryEntries(_ path: FilePath) -> Result<[FilePath], SystemError> {
        guard let handle = unsafe path.withCString({ unsafe opendir($0) }) else { return .failure(SystemError(errno: errno)) }
        defer { unsafe closedir(handle) }
        var names: [FilePath] = []
        while let entry = unsafe readdir(handle) {
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe FilePath(bytes: Array(raw.prefix { $0 != 0 }))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    // MARK: Temporary files removed by a signal

    /// Registers `path` to be removed if a signal ends the process
    /// (`bento_cleanup_add`): the slot to let go of, or -1.
    public static func registerForRemoval(_ path: FilePath, isDirectory: Bool) -> Int32 {
        unsafe path.withCString { unsafe bento_cleanup_add($0, isDirectory ? 1 : 0) }
    }

    /// Lets go of a slot of `registerForRemoval` or `makeTemporary`.
    public static func unregister(_ slot: Int32) { bento_cleanup_remove(slot) }

    /// A file (`mkstemp(3)`) or directory (`mkdtemp(3)`) made from
    /// `template`, registered for removal from before it exists: its slot,
    /// its descriptor (0 for a directory), and its name; or the `errno`.
    public static func makeTemporary(_ template: FilePath, isDirectory: Bool) -> Result<
        (slot: Int32, descriptor: Int32, path: FilePath), SystemError
    > {
        var bytes = template.bytes.map { CChar(bitPattern: $0) } + [0]
        var slot: Int32 = -1
        let result = unsafe bytes.withUnsafeMutableBufferPointer { unsafe bento_cleanup_make($0.baseAddress!, isDirectory ? 1 : 0, &slot) }
        guard result >= 0 else { return .failure(SystemError(errno: errno)) }
        return .success((slot, result, FilePath(bytes: bytes.dropLast().map { UInt8(bitPattern: $0) })))
    }

    /// Whether `size` bytes can be had now: a Swift array that cannot grow
    /// ends the process with a trace, so where a size follows from the
    /// input, the system is asked first and a refusal is an error (`ulimit
    /// -v` reached), one line, exit 2.
    /// - Complexity: O(1): one allocation, returned at once.
    public static func canAllocate(_ size: Int) -> Bool {
        guard let probe = unsafe malloc(Swift.max(size, 1)) else { return false }
        unsafe free(probe)
        return true
    }

    /// The size of a page of memory.
    public static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}

extension FilePath {
    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try unsafe (bytes + [0]).withUnsafeBufferPointer { buffer in
            try unsafe buffer.withMemoryRebound(to: CChar.self) { try unsafe body($0.baseAddress!) }
        }
    }
}

/// An `errno` from a system call that failed.
public struct SystemError: Error, Sendable, Equatable {
    /// The error number.
    public let errno: Int32

    /// An error of number `errno`.
    public init(errno: Int32) { self.errno = errno }

    /// The system's words for it: "No space left on device".
    public var message: String { Platform.message(errno) }

    /// `EISDIR`: a directory where a file was wanted.
    public static let isDirectory = EISDIR
    /// `ENOENT`: nothing at the path.
    public static let noSuchFile = ENOENT
    /// `ELOOP`: too many symbolic links.
    public static let tooManyLinks = ELOOP
    /// `EPIPE`: the reader of a pipe went away.
    public static let brokenPipe = EPIPE
    /// `ENOSPC`: the disk is full.
    public static let noSpace = ENOSPC
}

// At file scope, where no Swift function of the same name shadows them.
private func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>, _ count: Int32) -> Int {
    unsafe writev(fd, vectors, count)
}
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { unsafe read(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { unsafe rename(from, to) }
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    unsafe open(path, flags, mode)
}
