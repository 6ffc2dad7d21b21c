/// How a command ends: its exit status, and the large values it made.
///
/// `Tool.run` hands them to `main`, which keeps them until the process
/// exits: freeing a large screen node by node costs more than the exit that
/// returns all the memory at once, and nothing reads them after
/// the command. A command only says what it made; how long it lives is
/// decided in one place.
struct CommandExit: ExpressibleByIntegerLiteral {
    /// The exit status.
    let status: Int32
    /// What the command made and no one reads again.
    let kept: [Any]

    /// Status `status`, keeping `kept` until the process exits.
    init(_ status: Int32, keeping kept: [Any] = []) {
        self.status = status
        self.kept = kept
    }

    init(integerLiteral status: Int32) { self.init(status) }
}
