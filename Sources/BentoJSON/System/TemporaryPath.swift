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
        let made = try Platform.makeTemporary(template, isDirectory: false).get()
        (path, descriptor, slot) = (made.path, made.descriptor, made.slot)
    }

    /// A directory made from `template` (as `mkdtemp(3)` takes it).
    /// - Throws: the `errno` when it could not be made.
    public init(directory template: FilePath) throws(SystemError) {
        let made = try Platform.makeTemporary(template, isDirectory: true).get()
        (path, descriptor, slot) = (made.path, -1, made.slot)
    }

    /// `path`, about to be made by the caller (a file of a temporary
    /// directory), registered first.
    public init(registering path: FilePath) {
        self.path = path
        descriptor = -1
        slot = Platform.registerForRemoval(path, isDirectory: false)
    }

    deinit { Platform.unregister(slot) }
}
