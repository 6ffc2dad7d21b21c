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

    /// The pages `man/` holds: the command's and the two pages of rules.
    static let pages = ["bento.1", "bento-screen.5", "bento-changeset.5"]

    @Test("groff finds no problem", .enabled(if: ExternalProgram.available("groff")), arguments: pages)
    func groff(_ page: String) throws {
        let path = BentoProcess.packageRoot.appendingPathComponent("man/\(page)").path
        let result = try ExternalProgram.run("groff", ["-man", "-ww", "-z", path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("mandoc -T lint finds no problem", .enabled(if: ExternalProgram.available("mandoc")), arguments: pages)
    func mandoc(_ page: String) throws {
        let path = BentoProcess.packageRoot.appendingPathComponent("man/\(page)").path
        let result = try ExternalProgram.run("mandoc", ["-T", "lint", path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("bento.1 names the pages of rules in SEE ALSO")
    func seeAlso() throws {
        let seeAlso = try #require(Self.page.components(separatedBy: ".SH SEE ALSO\n").last)
        #expect(seeAlso.contains(".BR bento\\-screen (5),"))
        #expect(seeAlso.contains(".BR bento\\-changeset (5),"))
    }

    /// The headings (`.SH` and `.SS`) of `man/NAME.5`.
    static func headings(ofPage name: String) throws -> Set<String> {
        let url = BentoProcess.packageRoot.appendingPathComponent("man/\(name).5")
        let text = try String(contentsOf: url, encoding: .utf8)
        return Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix(".SH ") || line.hasPrefix(".SS ") else { return nil }
                return line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            })
    }

    @Test("every citation of a page of rules in the sources, tests and README names one of its headings")
    func citations() throws {
        let pages = ["screen": try Self.headings(ofPage: "bento-screen"),
                     "changeset": try Self.headings(ofPage: "bento-changeset")]
        let root = BentoProcess.packageRoot
        var files = [root.appendingPathComponent("README.md")]
        for folder in ["Sources", "Tests"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["swift", "py", "sh", "md"].contains(url.pathExtension) { files.append(url) }
            }
        }
        // "bento-screen(5), MATCHING" or "bento-changeset(5) MERGE": the words
        // in capitals after the page are one of its headings.
        let citation = /bento-(screen|changeset)\(5\),? ((?:[A-Z0-9]+ )*[A-Z0-9]{2,})/
        var cited = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: citation) {
                cited += 1
                let page = String(match.output.1), heading = String(match.output.2)
                #expect(pages[page]?.contains(heading) == true,
                        "\(file.lastPathComponent): bento-\(page)(5) has no heading \(heading)")
            }
        }
        #expect(cited > 40, "citations found: \(cited)")
    }
}
