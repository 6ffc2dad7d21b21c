/// Reads an input file whole, or standard input for `-`. Never writes.
///
/// A regular file is read straight into one buffer of its size; a pipe or a
/// device is read in growing chunks that are joined once at the end, so the
/// peak memory stays close to the input's size. Anything larger than
/// `maximumSize` is refused before it is read whole (`/dev/zero` ends too).
public enum InputFile {
    /// The largest input bento reads: 2 GiB − 1 bytes, as positions in a
    /// document are kept in 32 bits.
    public static let maximumSize = Int(Int32.max)
    /// The most read from a character device that is no terminal before it
    /// is refused as one that does not end (`/dev/zero`, `/dev/random`).
    public static let deviceLimit = 1 << 20

    /// The bytes of `path` (`-` for standard input).
    /// - Throws: a `Diagnostic` without a position and with the system's
    ///   reason, as GNU tools word it: `old.json: No such file or directory`,
    ///   `-: Bad file descriptor`, `screens: Is a directory`.
    /// - Complexity: O(n) in the size of the file.
    public static func read(_ path: FilePath) throws(Diagnostic) -> SourceText {
        let isStandardInput = path.isStandardStream
        let fd: Int32
        if isStandardInput {
            fd = 0
        } else {
            switch Platform.open(path, for: .read) {
            case .success(let opened): fd = opened
            case .failure(let error): throw failure(path, errorNumber: error.errno)
            }
        }
        defer { if !isStandardInput { Platform.close(fd) } }
        let status: Platform.FileStatus
        switch Platform.status(fd) {
        case .success(let found): status = found
        case .failure(let error): throw failure(path, errorNumber: error.errno)
        }
        let bytes: [UInt8]
        switch status.kind {
        case .directory:
            throw failure(path, errorNumber: SystemError.isDirectory)
        case .regular:
            guard status.size <= maximumSize else { throw tooLarge(path) }
            bytes = try readRegular(fd, size: status.size, path: path)
        case .characterDevice where !Platform.isTerminal(fd):
            // /dev/null ends at once; /dev/zero and /dev/random never do.
            bytes = try readStream(fd, path: path, limit: deviceLimit)
        default:
            bytes = try readStream(fd, path: path)
        }
        return SourceText(name: path.description, bytes: bytes)
    }

    /// The size of the regular file at `path`; nil for anything else
    /// (standard input, a pipe, a device, nothing there).
    /// - Complexity: O(1): one `stat`.
    public static func size(_ path: FilePath) -> Int? {
        guard !path.isStandardStream, case .success(let status) = Platform.status(path), status.kind == .regular else {
            return nil
        }
        return status.size
    }

    /// The bytes of the file spelled `path` (`-` for standard input).
    /// - Complexity: O(n) in the size of the file.
    public static func read(_ path: String) throws(Diagnostic) -> SourceText { try read(FilePath(path)) }

    /// Reads a regular file of `size` bytes into one exact buffer; a file
    /// that grows meanwhile is read on as a stream.
    private static func readRegular(_ fd: Int32, size: Int, path: FilePath) throws(Diagnostic) -> [UInt8] {
        guard Platform.canAllocate(size) else { throw outOfMemory(path, needing: size) }
        var (bytes, failed) = Platform.read(fd, upTo: size)
        if failed != 0 { throw failure(path, errorNumber: failed) }
        if bytes.count == size {
            let rest = try readStream(fd, path: path, alreadyRead: size)
            if !rest.isEmpty { bytes += rest }
        }
        return bytes
    }

    /// Reads to the end of a pipe, a terminal or a device, refusing one
    /// longer than `limit`.
    private static func readStream(
        _ fd: Int32, path: FilePath, alreadyRead: Int = 0, limit: Int = maximumSize
    ) throws(Diagnostic) -> [UInt8] {
        var chunks: [[UInt8]] = []
        var total = 0
        var chunkSize = 1 << 16
        while true {
            guard Platform.canAllocate(chunkSize) else { throw outOfMemory(path, needing: chunkSize) }
            let (chunk, failed) = Platform.read(fd, upTo: chunkSize)
            if failed != 0 { throw failure(path, errorNumber: failed) }
            let ended = chunk.count < chunkSize
            total += chunk.count
            guard alreadyRead + total <= maximumSize else { throw tooLarge(path) }
            guard alreadyRead + total <= limit else {
                throw Diagnostic(
                    file: path.description, location: nil,
                    message: "a character device that does not end (more than 1 MiB read); bento reads files and pipes")
            }
            if !chunk.isEmpty { chunks.append(chunk) }
            if ended { break }
            chunkSize = min(chunkSize * 2, 1 << 26)
        }
        if chunks.count == 1 { return chunks[0] }
        guard Platform.canAllocate(total) else { throw outOfMemory(path, needing: total) }
        // Join, letting each chunk go as soon as it is copied.
        chunks.reverse()
        var joined: [UInt8] = []
        joined.reserveCapacity(total)
        while let chunk = chunks.popLast() { joined += chunk }
        return joined
    }

    private static func failure(_ path: FilePath, errorNumber: Int32) -> Diagnostic {
        Diagnostic(file: path.description, location: nil, message: Platform.message(errorNumber))
    }

    /// The buffer of an input is asked of the system before it is filled
    /// (`Memory`), so that a limit on memory is an error, not an abort.
    private static func outOfMemory(_ path: FilePath, needing bytes: Int) -> Diagnostic {
        Diagnostic(
            file: path.description, location: nil,
            message: MemoryLimit.notEnough(bytes, MemoryLimit.current().available ?? 0))
    }

    private static func tooLarge(_ path: FilePath) -> Diagnostic {
        Diagnostic(file: path.description, location: nil, message: "file too large: bento reads screens of up to 2 GiB")
    }
}
