import BentoJSON
import BentoKit
import Foundation
import Testing

/// Limits instead of crashes: nesting beyond 512 levels is an error at the
/// 513th, however deep the input goes; the deepest valid documents diff;
/// huge strings and huge files get an answer or an error in memory bounded
/// by the input's size, never a stack overflow.
@Suite("Limits instead of crashes")
struct LimitsTests {
    @Test(
        "100,000 levels of nesting: an error at level 513",
        arguments: [
            ("arrays", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
            ("arrays never closed", String(repeating: "[", count: 100_000)),
            ("objects", String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)),
            ("mixed", String(repeating: #"[{"é":"#, count: 50_000) + "1" + String(repeating: "}]", count: 50_000)),
        ])
    func deepNesting(_ input: (name: String, text: String)) throws {
        let scratch = try ScratchDirectory()
        let deep = try scratch.write("deep.json", input.text)
        let good = try scratch.write("good.json", #"{"box": {"sections": []}}"#)
        let result = try BentoRun.run(["diff", deep, good])
        #expect(!result.signaled, "\(input.name): \(result)")
        #expect(result.status == 2, "\(input.name): \(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines.count == 1, "\(input.name): \(result)")
        #expect(result.errorLines.first?.contains("nesting deeper than 512 levels") == true, "\(result)")
        if input.name.hasPrefix("arrays") {
            // Level 513 opens after 512 brackets.
            #expect(result.errorLines.first?.hasPrefix("bento: \(deep):1:513: ") == true, "\(result)")
        }
    }

    /// A component nested to the limit on both sides, differing at the
    /// bottom: decoding, comparing, field changes and output all go 512
    /// levels deep (on the reading threads too).
    @Test("512 levels: the deepest valid screens diff")
    func deepestValid() throws {
        // Screen, box, sections, section, rows, node, component: 7 levels;
        // the prop's arrays take 504 more, and the new leaf object the 512th.
        func screen(_ leaf: String) -> String {
            #"{"box": {"sections": [{"id": "s", "rows": [{"id": {"k": "#
                + String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
                + #"}, "component": {"type": "T", "deep": "# + String(repeating: "[", count: 504) + leaf
                + String(repeating: "]", count: 504) + "}}]}]}}"
        }
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", screen(#""a""#))
        let new = try scratch.write("new.json", screen(#"{"b": 1e999999}"#))

        let same = try BentoRun.run(["diff", old, old])
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.isEmpty)

        let text = try BentoRun.run(["diff", old, new])
        #expect(text.status == 1, "\(text)")
        #expect(text.stderr.isEmpty, "\(text)")
        #expect(text.standardOutput.contains("/component/deep" + String(repeating: "/0", count: 504)))

        let json = try BentoRun.run(["diff", "-f", "json", old, new])
        #expect(json.status == 1)
        #expect(json.stderr.isEmpty, "\(json)")
        // The changeset is valid JSON and says where the leaf changed.
        // (Foundation's JSONSerialization cannot hold 1e999999.)
        let changeset = try JSONDecoding.decode(Changeset.self, from: SourceText(name: "-", bytes: json.stdout)).value
        #expect(changeset.changes.count == 1)
        #expect(changeset.changes.first?.fields.map(\.path) == ["/component/deep" + String(repeating: "/0", count: 504)])

        let validate = try BentoRun.run(["validate", old, new])
        #expect(validate.status == 0, "\(validate)")
    }

    // MARK: Size

    /// Sizes for the big inputs: small enough for a debug build in every
    /// `swift test`; `.ci/run` sets BENTO_FULL_SIZE_LIMITS=1 and runs them
    /// at full size (a 100 MB string, 1 GB of white space) with the
    /// release build.
    static let fullSize = ProcessInfo.processInfo.environment["BENTO_FULL_SIZE_LIMITS"] == "1"
    static let stringSize = fullSize ? 100_000_000 : 4_000_000
    static let whiteSpaceSize = fullSize ? 1_000_000_000 : 8_000_000

    /// Runs a shell pipeline through /usr/bin/time, when it exists, and
    /// returns the result and bento's peak resident memory in bytes.
    private func measured(_ script: String) throws -> (BentoRun.Result, peak: Int?) {
        let timer = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: timer) else { return (try BentoRun.shell(script), nil) }
        let scratch = try ScratchDirectory()
        let report = scratch.path("rss")
        let result = try BentoRun.shell(
            script.replacingOccurrences(of: "BENTO", with: "\(timer) -o '\(report)' -f %M bento"))
        let kilobytes = (try? String(contentsOfFile: report, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let kilobytes {
            print("bento peak memory for `\(script.prefix(80))…`: \(kilobytes / 1024) MB")
        }
        return (result, kilobytes.map { $0 * 1024 })
    }

    @Test("a huge string: an answer, memory bounded by the input")
    func hugeString() throws {
        let scratch = try ScratchDirectory()
        let n = Self.stringSize
        // Two screens whose only row holds an n-byte string of "aé"s (the
        // reader checks every UTF-8 sequence); they differ in the last
        // character.
        for (name, last) in [("old.json", "a"), ("new.json", "b")] {
            let script = """
                { printf '{"box": {"sections": [{"id": "s", "rows": [{"id": "r", "component": {"type": "T", "text": "'
                  yes 'aé' | tr -d '\\n' | head -c \(n / 3 * 3)
                  printf '\(last)"}}]}]}}'; } > '\(scratch.path(name))'
                """
            let made = try BentoRun.shell(script)
            #expect(made.status == 0, "\(made)")
        }
        let (result, peak) = try measured("BENTO diff '\(scratch.path("old.json"))' '\(scratch.path("new.json"))'")
        #expect(result.status == 1, "\(result)")
        #expect(!result.signaled)
        #expect(result.stderr.isEmpty, "\(result.standardError.prefix(500))")
        // The text output shortens long values.
        #expect(result.stdout.count < 4096, "text output of \(result.stdout.count) bytes")
        #expect(result.standardOutput.contains("/component/text"))
        if let peak {
            // Two inputs of n bytes each, their strings, and the runtime.
            #expect(peak < 6 * n + 64 << 20, "peak \(peak >> 20) MB for 2 × \(n >> 20) MB of input")
        }
    }

    @Test("a file of white space: an error, memory bounded by the input")
    func whiteSpace() throws {
        let n = Self.whiteSpaceSize
        // Streamed through a pipe: no disk needed, and no size known ahead.
        let (piped, peak) = try measured("head -c \(n) /dev/zero | tr '\\0' ' ' | BENTO validate -")
        #expect(!piped.signaled)
        #expect(piped.status == 1, "\(piped)")
        #expect(piped.stdout.isEmpty)
        #expect(piped.errorLines == ["bento: -:1:\(n + 1): empty document: expected a JSON value"], "\(piped)")
        if let peak {
            #expect(peak < n + n / 4 + 64 << 20, "peak \(peak >> 20) MB for \(n >> 20) MB of input")
        }
    }

    @Test("white space around a valid screen is fine")
    func whiteSpaceAround() throws {
        let scratch = try ScratchDirectory()
        let padding = String(repeating: " \n\t\r", count: 250_000)
        let file = try scratch.write("padded.json", padding + #"{"box": {"sections": []}}"# + padding)
        let result = try BentoRun.run(["diff", file, file])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
    }
}
