import Foundation
import Testing

@Suite("bento show")
struct ShowCommandTests {
    @Test("prints the outline and exits 0")
    func outline() throws {
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let dir = scratch.url
        let file = dir.appendingPathComponent("s.json")
        try ScratchDirectory.write(
            #"{"title": "T", "box": {"sections": [{"id": "s", "header": {"type": "H"}, "rows": [{"id": 1, "component": {"type": "Row", "n": 1.0}}]}]}}"#,
            to: file)
        let run = try BentoProcess.run(["show", file.path])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(
            run.stdout
                == "screen {\"title\":\"T\"}\nbox\n  section \"s\"\n    header \"s\" H {}\n    row 1 Row {\"n\":1}\npinnedToBottomBox\n")
    }

    @Test("reads standard input for -")
    func standardInput() throws {
        let run = try BentoProcess.run(["show", "-"], stdin: Array(#"{"sections": []}"#.utf8))
        #expect(run.status == 0)
        #expect(run.stdout == "screen {}\nbox\npinnedToBottomBox\n")
    }

    @Test("invalid input: exit 2, nothing on stdout, FILE:LINE:COLUMN on stderr")
    func invalid() throws {
        let run = try BentoProcess.run(["show", "-"], stdin: Array("{\"sections\": [{\"id\": true}]}".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("bento: -:1:22: sections[0].id: "))
    }

    @Test("bad usage: exit 2 and a hint")
    func usage() throws {
        for arguments in [["show"], ["show", "a.json", "b.json"], ["show", "--nope", "a.json"]] {
            let run = try BentoProcess.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("see 'bento help show'"), "\(arguments)")
        }
    }

    @Test("help has an example and bento --help lists the command")
    func help() throws {
        let help = try BentoProcess.run(["help", "show"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES:") && help.stdout.contains("bento show screen.json"))
        #expect(try BentoProcess.run(["--help"]).stdout.contains("  show "))
    }
}
