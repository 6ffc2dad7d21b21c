/// What a shell should offer for a command's operands.
enum OperandCompletion: Sendable {
    /// File and directory names.
    case files
    /// One of these words.
    case words([String])
    /// The names of bento's commands.
    case commands
    /// Nothing (operands are not typed by people).
    case nothing
}
