/// Large values a command made, kept until the process exits: freeing 100k
/// rows one by one takes longer (about 15 ms) than the exit that returns all
/// the memory at once, and nothing reads them after the command.
enum ExitKeeper {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` alive until the process exits. Only the main thread calls this.
    static func keep(_ value: Any) { values.append(value) }
}
