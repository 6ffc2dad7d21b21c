import BentoKit

/// `bento diff OLD_DIR NEW_DIR`: every screen pair diffed in parallel by
/// `DirectoryDiff`, one report for the whole tree.
enum DirectoryReport {
    static func run(
        _ oldRoot: String, _ newRoot: String, rules: IgnoreRules, _ arguments: ArgumentParser.Result,
        _ terminal: Terminal
    ) -> Int32 {
        let directory = DirectoryDiff.changeset(from: oldRoot, to: newRoot, ignoring: rules)
        for diagnostic in directory.errors { terminal.error("\(diagnostic)") }
        for entry in directory.entries { for diagnostic in entry.errors { terminal.error("\(diagnostic)") } }
        let status: Int32 = directory.hasErrors ? 2 : directory.differs ? 1 : 0
        if arguments.has("quiet") { return status }
        switch arguments.value("format") ?? "text" {
        case "json":
            terminal.write(JSONRenderer.render(directory))
        default:
            terminal.write(TextRenderer(palette: terminal.palette(for: arguments.value("color"))).render(directory))
        }
        return status
    }
}
