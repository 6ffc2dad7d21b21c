import BenchmarkScreens

@testable import BentoJSON
@testable import BentoKit

/// Small helpers to write screens as JSON text in tests.
enum Screens {
    /// Reads a screen from JSON text, as bento reads a file.
    static func read(_ json: String, name: String = "test.json") throws(Diagnostic) -> Screen {
        try ScreenReader.read(SourceText(name: name, bytes: Array(json.utf8)))
    }

    /// The generator's old and new screens, read as bento reads files.
    static func read(_ generated: TypicalScreens) throws(Diagnostic) -> (old: Screen, new: Screen) {
        (
            try ScreenReader.read(SourceText(name: "old.json", bytes: generated.oldText())),
            try ScreenReader.read(SourceText(name: "new.json", bytes: generated.newText()))
        )
    }

    /// The diagnostic bento gives for invalid JSON text, or nil if it is valid.
    static func error(_ json: String, name: String = "test.json") -> Diagnostic? {
        do {
            _ = try read(json, name: name)
            return nil
        } catch {
            return error
        }
    }

    /// The changeset between two screens written as JSON text.
    static func diff(_ old: String, _ new: String) throws -> Changeset {
        ScreenDiff.changeset(from: try read(old), to: try read(new))
    }

    /// A one-box screen: sections given as `id: [row ids]`, rows of type T.
    static func box(_ sections: [(String, [String])]) -> String {
        let body = sections.map { section, rows in
            let nodes = rows.map { #"{"id":"\#($0)","component":{"type":"T"}}"# }.joined(separator: ",")
            return #"{"id":"\#(section)","rows":[\#(nodes)]}"#
        }
        return #"{"box":{"sections":[\#(body.joined(separator: ","))]}}"#
    }
}

extension Changeset {
    /// `op kind id` for each record, e.g. `move row x`, to assert on briefly.
    var outline: [String] {
        changes.map { "\($0.op.rawValue) \($0.kind.rawValue)" + ($0.id.map { " \($0.description)" } ?? "") }
    }
}
