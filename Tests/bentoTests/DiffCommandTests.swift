import Foundation
import Testing

/// `bento diff` end to end: the built binary, its exit status, its streams.
@Suite("bento diff, end to end")
struct DiffCommandTests {
    let pharmacy = (BentoProcess.fixture("pharmacy/old.json"), BentoProcess.fixture("pharmacy/new.json"))

    @Test("exit 1 when the screens differ, with a text report and a summary line")
    func differ() throws {
        let r = try BentoProcess.run(["diff", pharmacy.0, pharmacy.1])
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("\(pharmacy.0) → \(pharmacy.1)\n"))
        #expect(r.stdout.contains("row"))
        #expect(!r.stdout.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test("exit 0 and no output when the screens are the same")
    func same() throws {
        let r = try BentoProcess.run(["diff", BentoProcess.fixture("identical/old.json"), BentoProcess.fixture("identical/new.json")])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.isEmpty)
        let json = try BentoProcess.run(["diff", "-f", "json", pharmacy.0, pharmacy.0])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""identical": true"#))
    }

    @Test("-q prints nothing and only sets the status")
    func quiet() throws {
        let r = try BentoProcess.run(["diff", "-q", pharmacy.0, pharmacy.1])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
        let same = try BentoProcess.run(["diff", "--quiet", pharmacy.0, pharmacy.0])
        #expect(same.status == 0)
    }

    @Test("--format json writes the changeset of bento-changeset(5); --format=json and -f json are the same")
    func jsonFormat() throws {
        let a = try BentoProcess.run(["diff", "--format", "json", pharmacy.0, pharmacy.1])
        let b = try BentoProcess.run(["diff", "--format=json", pharmacy.0, pharmacy.1])
        let c = try BentoProcess.run(["diff", "-fjson", pharmacy.0, pharmacy.1])
        #expect(a.status == 1)
        #expect(a.stdout == b.stdout && b.stdout == c.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        #expect(object?["identical"] as? Bool == false)
        #expect(object?["old"] as? String == pharmacy.0)
    }

    @Test("- reads standard input, for one side only")
    func standardInput() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: pharmacy.1)))
        let fromStdin = try BentoProcess.run(["diff", "-f", "json", pharmacy.0, "-"], stdin: bytes)
        let fromFile = try BentoProcess.run(["diff", "-f", "json", pharmacy.0, pharmacy.1])
        #expect(fromStdin.status == 1)
        #expect(fromStdin.stdout.replacingOccurrences(of: #""new": "-""#, with: #""new": "\#(pharmacy.1)""#) == fromFile.stdout)
        let both = try BentoProcess.run(["diff", "-", "-"], stdin: bytes)
        #expect(both.status == 2)
        #expect(both.stdout.isEmpty)
        #expect(both.stderrLines.first == "bento: standard input ('-') can be only one of OLD and NEW")
    }

    @Test("-- ends the options: a file named like an option")
    func doubleDash() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("-q", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: pharmacy.0))))
        let r = try BentoProcess.run(["diff", "--", "-q", pharmacy.1], currentDirectory: scratch.url)
        #expect(r.status == 1)
        #expect(!r.stdout.isEmpty)
    }

    @Test("invalid input: exit 2, nothing on standard output, bento: FILE:LINE:COLUMN: message")
    func invalidInput() throws {
        let bad = BentoProcess.fixture("invalid/unknown-member.json")
        let r = try BentoProcess.run(["diff", pharmacy.0, bad])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderrLines.count == 1)
        let line = try #require(r.stderrLines.first)
        #expect(line.hasPrefix("bento: \(bad):"))
        #expect(line.contains("did you mean \"rows\"?"))
        #expect(line.range(of: #"^bento: .+:\d+:\d+: "#, options: .regularExpression) != nil)
    }

    @Test("both inputs invalid: one line for each, exit 2")
    func bothInvalid() throws {
        let r = try BentoProcess.run(["diff", BentoProcess.fixture("invalid/not-json.json"), BentoProcess.fixture("invalid/empty.json")])
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 2)
    }

    @Test("a missing file: exit 2 and the system's reason")
    func missingFile() throws {
        let r = try BentoProcess.run(["diff", "nope.json", pharmacy.1])
        #expect(r.status == 2)
        #expect(r.stderrLines == ["bento: nope.json: No such file or directory"])
    }

    @Test("colour: only on a terminal or with --color always; --color never and NO_COLOR turn it off")
    func colour() throws {
        let always = try BentoProcess.run(["diff", "--color", "always", pharmacy.0, pharmacy.1])
        #expect(always.stdout.contains("\u{1B}[32m"))
        let alwaysDespiteNoColor = try BentoProcess.run(
            ["diff", "--color=always", pharmacy.0, pharmacy.1], environment: ["NO_COLOR": "1"])
        #expect(alwaysDespiteNoColor.stdout.contains("\u{1B}["), "an explicit flag wins over NO_COLOR")
        let never = try BentoProcess.run(["diff", "--color", "never", pharmacy.0, pharmacy.1])
        #expect(!never.stdout.contains("\u{1B}["))
        let json = try BentoProcess.run(["diff", "--color", "always", "-f", "json", pharmacy.0, pharmacy.1])
        #expect(!json.stdout.contains("\u{1B}["), "JSON is never coloured")
    }

    @Test("usage errors: unknown option with the nearest valid one, bad value, wrong operands: exit 2")
    func usageErrors() throws {
        let typo = try BentoProcess.run(["diff", "--fromat", "json", pharmacy.0, pharmacy.1])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderrLines.first == "bento: unknown option '--fromat'; did you mean '--format'?")
        let value = try BentoProcess.run(["diff", "--format", "jsno", pharmacy.0, pharmacy.1])
        #expect(value.status == 2)
        #expect(value.stderrLines.first == "bento: invalid value 'jsno' for --format; did you mean 'json'?")
        let one = try BentoProcess.run(["diff", pharmacy.0])
        #expect(one.status == 2)
        let command = try BentoProcess.run(["dif", pharmacy.0, pharmacy.1])
        #expect(command.status == 2)
        #expect(command.stderrLines.first == "bento: unknown command 'dif'; did you mean 'diff'?")
    }

    @Test("help and version")
    func helpAndVersion() throws {
        let help = try BentoProcess.run(["diff", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE:"))
        #expect(help.stdout.contains("EXAMPLES:"))
        #expect(help.stdout.contains("--format"))
        let helpDiff = try BentoProcess.run(["help", "diff"])
        #expect(helpDiff.stdout == help.stdout)
        let top = try BentoProcess.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("diff"))
        #expect(top.stdout.contains("validate"))
        let version = try BentoProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^bento \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }
}
