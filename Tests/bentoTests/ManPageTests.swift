import Foundation
import Testing

@testable import bento

/// man/bento.1 against the command table: every command and every option the
/// parser accepts is documented under its command, and appears in `--help`.
@Suite("Manual page")
struct ManPageTests {
    static let page: String = {
        let url = BentoProcess.packageRoot.appendingPathComponent("man/bento.1")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The lines of the `.SS` subsection whose title starts with `title`,
    /// up to the next `.SS` or `.SH`.
    static func subsection(_ title: String) -> String? {
        var lines: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines != nil && (line.hasPrefix(".SS") || line.hasPrefix(".SH")) { break }
            if lines != nil { lines!.append(line) }
            if line.hasPrefix(".SS \"\(title) ") || line == ".SS \"\(title)\"" { lines = [] }
        }
        return lines.map { $0.joined(separator: "\n") }
    }

    /// `--format` as roff writes it: `\-\-format`.
    static func roff(_ text: String) -> String { text.replacing("-", with: "\\-") }

    @Test("the page exists and names bento")
    func exists() {
        #expect(Self.page.contains(".TH BENTO 1 "))
        #expect(Self.page.contains(".SH NAME\nbento \\- "))
    }

    @Test("every command has a subsection and a SYNOPSIS line")
    func commands() {
        let synopsis = Self.page.components(separatedBy: ".SH SYNOPSIS")[1].components(separatedBy: ".SH ")[0]
        for command in Commands.all {
            #expect(Self.subsection("bento " + Self.roff(command.name)) != nil, "no .SS for \(command.name)")
            #expect(synopsis.contains(".B bento \(Self.roff(command.name))\n"), "\(command.name) not in SYNOPSIS")
        }
    }

    @Test("every option of every command is documented under that command, with its values")
    func options() throws {
        for command in Commands.all {
            let section = try #require(Self.subsection("bento " + Self.roff(command.name)), "\(command.name)")
            for option in command.options {
                // An option's entry is a .TP whose tag names it.
                let entry = section.components(separatedBy: ".TP\n").dropFirst().first { tag in
                    let first = tag.split(separator: "\n").first.map(String.init) ?? ""
                    return first.contains(Self.roff("--\(option.long)") + " ")
                        || first.hasSuffix(Self.roff("--\(option.long)"))
                        || first.contains(Self.roff("--\(option.long)") + "\"")
                }
                let documented = try #require(entry, "bento \(command.name) --\(option.long) is not in man/bento.1")
                let tag = documented.split(separator: "\n").first.map(String.init) ?? ""
                if let short = option.short {
                    #expect(tag.contains("\\-\(short)"), "bento \(command.name) -\(short) is not in its .TP tag")
                }
                if let value = option.valueName {
                    #expect(tag.contains(value), "bento \(command.name) --\(option.long) \(value): value not named")
                }
                for choice in option.choices {
                    #expect(
                        section.contains(".B \(choice)") || section.contains(".BR \(choice)")
                            || section.contains("\\fB\(choice)\\fR") || section.contains("As for"),
                        "bento \(command.name) --\(option.long) \(choice) is not documented")
                }
            }
        }
    }

    @Test("the global options are documented")
    func globalOptions() throws {
        let section = try #require(Self.subsection("Global options"))
        for option in CompletionScript.globalOptions {
            #expect(section.contains(Self.roff(option)), "\(option)")
        }
    }

    @Test("every option is in its command's --help, and every command in bento --help")
    func help() {
        for command in Commands.all {
            #expect(Tool.overview.contains("  \(command.name) "), "\(command.name) not in bento --help")
            for option in command.options {
                #expect(command.help.contains("--\(option.long)"), "\(command.name) --\(option.long)")
                if let short = option.short { #expect(command.help.contains("-\(short), --\(option.long)")) }
                for choice in option.choices { #expect(command.help.contains(choice)) }
            }
        }
    }

    @Test("the page has the sections a manual page needs")
    func sections() {
        for title in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "INPUT FORMAT", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES",
            "SEE ALSO",
        ] {
            #expect(Self.page.contains("\n.SH \(title)\n"), "no \(title)")
        }
        #expect(Self.page.contains(".B NO_COLOR"))
        #expect(Self.page.contains("jq"))
        #expect(Self.page.contains("git config diff.bento.command"))
    }

    @Test("groff finds no problem", .enabled(if: ExternalProgram.available("groff")))
    func groff() throws {
        let path = BentoProcess.packageRoot.appendingPathComponent("man/bento.1").path
        let result = try ExternalProgram.run("groff", ["-man", "-ww", "-z", path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("mandoc -T lint finds no problem", .enabled(if: ExternalProgram.available("mandoc")))
    func mandoc() throws {
        let path = BentoProcess.packageRoot.appendingPathComponent("man/bento.1").path
        let result = try ExternalProgram.run("mandoc", ["-T", "lint", path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }
}
