#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// A temporary file or directory that a signal ending the process (SIGINT,
/// SIGTERM, SIGHUP, SIGPIPE) removes, for as long as this owner lives; the
/// process then ends by that signal, as GNU sort does, so that Ctrl-C
/// during `-o` leaves no `.NAME.bento-XXXXXX` beside the target.
///
/// The handler is C (`CSystem`): it may call only async-signal-safe
/// functions, so the path is kept as bytes made before the file exists.
/// An owner is registered from before its file is made until it is let go
/// (after the file is renamed or removed): a signal at any moment in
/// between removes the file or finds nothing there. Not copyable: a path
/// is registered once and let go once.
public struct TemporaryPath: ~Copyable {
    /// The path made.
    public let path: FilePath
    /// The file's descriptor, open for writing (-1 for a directory, or a
    /// path registered before it is made).
    public let descriptor: Int32
    private let slot: Int32

    /// A file made from `template` (a path ending in `XXXXXX`, as
    /// `mkstemp(3)` takes it), open for writing at `descriptor`.
    /// - Throws: the `errno` when it could not be made.
    public init(file template: FilePath) throws(SystemError) {
        let (slot, result, name) = Self.make(template, isDirectory: false)
        guard result >= 0 else { throw SystemError(errno: errno) }
        (path, descriptor, self.slot) = (name, result, slot)
    }

    /// A directory made from `template` (as `mkdtemp(3)` takes it).
    /// - Throws: the `errno` when it could not be made.
    public init(directory template: FilePath) throws(SystemError) {
        let (slot, result, name) = Self.make(template, isDirectory: true)
        guard result >= 0 else { throw SystemError(errno: errno) }
        (path, descriptor, self.slot) = (name, -1, slot)
    }

    /// `path`, about to be made by the caller (a file of a temporary
    /// directory), registered first.
    public init(registering path: FilePath) {
        self.path = path
        descriptor = -1
        slot = path.withCString { bento_cleanup_add($0, 0) }
    }

    private static func make(_ template: FilePath, isDirectory: Bool) -> (slot: Int32, result: Int32, name: FilePath) {
        var bytes = template.bytes.map { CChar(bitPattern: $0) } + [0]
        var slot: Int32 = -1
        let result = bytes.withUnsafeMutableBufferPointer { bento_cleanup_make($0.baseAddress!, isDirectory ? 1 : 0, &slot) }
        return (slot, result, FilePath(bytes: bytes.dropLast().map { UInt8(bitPattern: $0) }))
    }

    deinit { bento_cleanup_remove(slot) }
}

/// An `errno` from a system call that failed.
public struct SystemError: Error, Sendable {
    /// The error number.
    public let errno: Int32

    /// The system's words for it: "No space left on device".
    public var message: String { FileDescriptor.message(errno) }
}
