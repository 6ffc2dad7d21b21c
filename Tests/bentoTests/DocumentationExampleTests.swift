import Foundation
import Testing

/// The README's and the man page's examples are tests: each block of `$ `
/// lines runs as one shell script, as a reader would type it, in a scratch
/// copy of the repository's files, and what each line prints (standard
/// output and error together) must be the lines that follow it, a line
/// `…` standing for lines left out.
///
/// A block that cannot run as written (a shell's <TAB>, `swift test`
/// itself) is marked in the source with a comment before it
/// (`<!-- example not run: why -->`, `.\" example not run: why`) and
/// counted apart.
@Suite("Documentation examples run as written", .serialized)
struct DocumentationExampleTests {
    /// One example: its commands, each with the lines it prints.
    struct Block: CustomStringConvertible {
        var source: String
        var line: Int
        var commands: [(command: String, expected: [String])] = []
        var notRun: String?

        var description: String { "\(source):\(line)" }
    }

    // MARK: Finding the examples

    /// The blocks of `$ ` lines of a Markdown text: fenced code blocks and
    /// indented ones whose first line is a command.
    static func markdownBlocks(_ text: String, source: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var k = 0
        func notRun(before start: Int) -> String? {
            for j in stride(from: start - 1, through: max(0, start - 3), by: -1) {
                let line = lines[j].trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("<!-- example not run:") { return String(line.dropFirst(21).dropLast(4)).trimmingCharacters(in: .whitespaces) }
                if !line.isEmpty && !line.hasPrefix("<!--") && !line.hasPrefix("```") { return nil }
            }
            return nil
        }
        while k < lines.count {
            let line = lines[k]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                // A fenced block: its lines up to the closing fence.
                let indent = line.prefix { $0 == " " }.count
                var body: [String] = []
                var j = k + 1
                while j < lines.count && !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    body.append(String(lines[j].dropFirst(min(indent, lines[j].prefix { $0 == " " }.count))))
                    j += 1
                }
                if body.first?.hasPrefix("$ ") == true {
                    blocks.append(block(body, source: source, line: k + 2, notRun: notRun(before: k)))
                }
                k = j + 1
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            if indent >= 4 && trimmed.hasPrefix("$ ") && (k == 0 || lines[k - 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[k - 1].hasPrefix("<!--")) {
                // An indented block: its lines while indented as far, blank ones inside.
                var body: [String] = []
                var j = k
                while j < lines.count {
                    let l = lines[j]
                    if l.trimmingCharacters(in: .whitespaces).isEmpty {
                        body.append("")
                    } else if l.prefix(while: { $0 == " " }).count >= indent {
                        body.append(String(l.dropFirst(indent)))
                    } else {
                        break
                    }
                    j += 1
                }
                while body.last == "" { body.removeLast() }
                blocks.append(block(body, source: source, line: k + 1, notRun: notRun(before: k)))
                k = j
                continue
            }
            k += 1
        }
        return blocks
    }

    /// A block's lines as commands and what each prints.
    static func block(_ body: [String], source: String, line: Int, notRun: String?) -> Block {
        var block = Block(source: source, line: line, notRun: notRun)
        for text in body {
            if text.hasPrefix("$ ") {
                block.commands.append((String(text.dropFirst(2)), []))
            } else if !block.commands.isEmpty {
                block.commands[block.commands.count - 1].expected.append(text)
            }
        }
        return block
    }

    /// The `.EX` blocks of the man page's EXAMPLES, as plain text.
    static func manBlocks(_ roff: String) -> [Block] {
        let lines = roff.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: ".SH EXAMPLES") else { return [] }
        var blocks: [Block] = []
        var k = start + 1
        while k < lines.count && !lines[k].hasPrefix(".SH ") {
            guard lines[k] == ".EX" else { k += 1; continue }
            var body: [String] = []
            var j = k + 1
            while j < lines.count && lines[j] != ".EE" { body.append(plain(lines[j])); j += 1 }
            let marker = lines[max(start, k - 3)..<k].first { $0.hasPrefix(".\\\" example not run:") }
            if body.first?.hasPrefix("$ ") == true {
                blocks.append(block(body, source: "man/bento.1", line: k + 1, notRun: marker.map { String($0.dropFirst(21)) }))
            }
            k = j + 1
        }
        return blocks
    }

    /// A line of roff as man prints it: its escapes read.
    static func plain(_ line: String) -> String {
        var text = line
        for (escape, character) in [
            ("\\(aq", "'"), ("\\(dq", "\""), ("\\(em", "—"), ("\\(->", "→"), ("\\(bu", "•"), ("\\(ha", "^"), ("\\(ti", "~"),
            ("\\(pc", "·"), ("\\(Po", "£"), ("\\[u2195]", "↕"), ("\\[u2026]", "…"), ("\\[u2192]", "→"), ("\\-", "-"),
            ("\\&", ""), ("\\e", "\\"),
        ] {
            text = text.replacingOccurrences(of: escape, with: character)
        }
        return text
    }

    // MARK: Running them

    static let repository = BentoProcess.packageRoot

    static var readme: [Block] {
        markdownBlocks((try? String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? "", source: "README.md")
    }

    static var manPage: [Block] {
        manBlocks((try? String(contentsOf: repository.appendingPathComponent("man/bento.1"), encoding: .utf8)) ?? "")
    }

    /// Runs `block`'s commands as one script in a scratch copy of the
    /// repository's fixtures, and gives what each printed.
    static func run(_ block: Block) throws -> [[String]] {
        let scratch = try ScratchDirectory()
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Fixtures"), to: scratch.url.appendingPathComponent("Fixtures"))
        let home = scratch.url.appendingPathComponent(".home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var script = "exec 2>&1\n"
        for (k, command) in block.commands.enumerated() {
            // The separator keeps the status the command before it left, for `echo $?`.
            script += "__status=$?; printf '\\n@@example \(k)@@\\n'; (exit $__status)\n\(command.command)\n"
        }
        script += "printf '\\n@@example end@@\\n'\n"
        let date = "2026-01-01T12:00:00+0000"
        let run = try ExternalProgram.run(
            "bash", ["--noprofile", "--norc", "-c", script], in: scratch.url,
            environment: [
                "NO_COLOR": "1", "COLUMNS": "80", "HOME": home.path, "TZ": "UTC", "LC_ALL": "C.UTF-8",
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "A Developer", "GIT_AUTHOR_EMAIL": "dev@example.com",
                "GIT_COMMITTER_NAME": "A Developer", "GIT_COMMITTER_EMAIL": "dev@example.com",
                "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_PAGER": "cat", "PAGER": "cat",
            ])
        var outputs: [[String]] = []
        var rest = run.stdout
        for k in 0...block.commands.count {
            let marker = k < block.commands.count ? "\n@@example \(k)@@\n" : "\n@@example end@@\n"
            let parts = rest.components(separatedBy: marker)
            if k > 0 { outputs.append(Self.lines(parts[0])) }
            rest = parts.dropFirst().joined(separator: marker)
        }
        return outputs
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `actual` is `expected`, a line `…` in it standing for any
    /// lines (none too); trailing white space aside.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        func trim(_ s: String) -> String { String(s.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        func match(_ a: ArraySlice<String>, _ e: ArraySlice<String>) -> Bool {
            guard let first = e.first else { return a.isEmpty }
            if trim(first) == "…" {
                var rest = a
                while true {
                    if match(rest, e.dropFirst()) { return true }
                    guard !rest.isEmpty else { return false }
                    rest = rest.dropFirst()
                }
            }
            guard let line = a.first, trim(line) == trim(first) else { return false }
            return match(a.dropFirst(), e.dropFirst())
        }
        return match(actual[...], expected[...])
    }

    private func check(_ blocks: [Block]) throws {
        #expect(!blocks.isEmpty)
        for block in blocks where block.notRun == nil {
            let outputs = try Self.run(block)
            for (k, command) in block.commands.enumerated() {
                let actual = outputs.indices.contains(k) ? outputs[k] : []
                #expect(
                    Self.matches(actual, command.expected),
                    "\(block): $ \(command.command)\nexpected:\n\(command.expected.joined(separator: "\n"))\nprinted:\n\(actual.joined(separator: "\n"))")
            }
        }
    }

    @Test("every example of the README runs as written and prints what it shows")
    func readmeExamples() throws { try check(Self.readme) }

    @Test("every example of the man page runs as written and prints what it shows")
    func manPageExamples() throws { try check(Self.manPage) }

    @Test("the examples that cannot run are few, and each says why")
    func notRun() {
        let skipped = (Self.readme + Self.manPage).filter { $0.notRun != nil }
        #expect(skipped.count <= 4, "\(skipped)")
        for block in skipped { #expect(block.notRun?.isEmpty == false, "\(block)") }
        #expect(Self.readme.count - Self.readme.filter { $0.notRun != nil }.count >= 15)
    }
}
