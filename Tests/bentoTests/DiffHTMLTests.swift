import Foundation
import Testing

/// `bento diff --format html`, end to end.
@Suite("bento diff --format html, end to end")
struct DiffHTMLTests {
    let pharmacy = ("Fixtures/pharmacy/old.json", "Fixtures/pharmacy/new.json")

    @Test("writes one page to standard output, exit 1 when the screens differ")
    func page() throws {
        let r = try BentoProcess.run(["diff", "--format", "html", pharmacy.0, pharmacy.1])
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(r.stdout.hasSuffix("</body>\n</html>\n"))
        #expect(r.stdout.contains("<code>\(pharmacy.0)</code>"))
        #expect(!r.stdout.contains("<script"), "nothing to run")
        #expect(!r.stdout.contains("http://") && !r.stdout.contains("https://"), "nothing to fetch")
        #expect(r.stdout.contains("Content-Security-Policy"))
    }

    @Test("the Content-Security-Policy names the page's style sheet by its SHA-256, as python's hashlib computes it")
    func policyNamesTheStyleSheet() throws {
        let r = try BentoProcess.run(["diff", "--format", "html", pharmacy.0, pharmacy.1])
        let style = try #require(r.stdout.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
        let hash = "import base64, hashlib, sys; print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())"
        let python = try BentoRun.launch("/usr/bin/env", ["python3", "-c", hash], stdin: .bytes(Array(style.utf8)), environment: [:])
        let digest = python.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(python.status == 0 && !digest.isEmpty)
        #expect(r.stdout.contains("content=\"default-src 'none'; style-src 'sha256-\(digest)'\""))
    }

    @Test("two runs, two processes: the same bytes (no timestamp, no hash order)")
    func deterministic() throws {
        for name in ["pharmacy", "prescriptions", "crosssection", "unicode"] {
            let args = ["diff", "-f", "html", "Fixtures/\(name)/old.json", "Fixtures/\(name)/new.json"]
            let a = try BentoProcess.run(args), b = try BentoProcess.run(args)
            #expect(a.status == 1 && a.stdout == b.stdout, "\(name)")
        }
    }

    @Test("identical screens: exit 0 and a page that says so; -q prints nothing")
    func identical() throws {
        let r = try BentoProcess.run(["diff", "-f", "html", pharmacy.0, pharmacy.0])
        #expect(r.status == 0)
        #expect(r.stdout.contains("The screens are identical."))
        let quiet = try BentoProcess.run(["diff", "-q", "-f", "html", pharmacy.0, pharmacy.1])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty)
    }

    @Test("invalid input: exit 2, nothing on standard output")
    func invalid() throws {
        let r = try BentoProcess.run(["diff", "-f", "html", pharmacy.0, "Fixtures/invalid/not-json.json"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("bento: Fixtures/invalid/not-json.json:"))
    }

    @Test("--help lists the html format")
    func help() throws {
        let r = try BentoProcess.run(["diff", "--help"])
        #expect(r.stdout.contains("html"))
    }
}
