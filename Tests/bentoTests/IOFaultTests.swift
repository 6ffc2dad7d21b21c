import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Input and output that fail: a clear `bento: …` line and exit 2, or, for a
/// reader that went away, silence. And bento never writes to its inputs.
@Suite("I/O faults")
struct IOFaultTests {
    static let screen = #"{"title": "Ça", "box": {"sections": [{"id": "a", "rows": []}]}}"#
    static let changed = #"{"title": "Ça va", "box": {"sections": [{"id": "b", "rows": []}]}}"#

    // MARK: Inputs

    @Test("a missing file")
    func missingFile() throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.json", Self.screen)
        let missing = scratch.path("missing.json")
        let result = try BentoRun.run(["diff", missing, good])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["bento: \(missing): No such file or directory"], "\(result)")
    }

    @Test("a directory where a file is expected")
    func directory() throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.json", Self.screen)
        let result = try BentoRun.run(["diff", good, scratch.url.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["bento: \(scratch.url.path): Is a directory"], "\(result)")

        // A file that cannot be read is trouble for validate too (bento-screen(5), REPORTS): 2.
        let validate = try BentoRun.run(["validate", scratch.url.path])
        #expect(validate.status == 2)
        #expect(validate.errorLines == ["bento: \(scratch.url.path): Is a directory"])

        // Standard input redirected from a directory.
        let fromDirectory = try BentoRun.run(["validate", "-"], stdin: .file(scratch.url.path))
        #expect(fromDirectory.status == 2)
        #expect(fromDirectory.errorLines == ["bento: -: Is a directory"], "\(fromDirectory)")
    }

    /// chmod 000 does not stop root from reading. As root, bento runs as
    /// `nobody` through setpriv(1) so that the permission bites, if nobody
    /// can run it from where it was built.
    static let permissionsBite: Bool = {
        if geteuid() != 0 { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
        let probe = try? BentoRun.shell("exec setpriv --reuid=65534 --regid=65534 --clear-groups bento --version")
        return probe?.status == 0
    }()

    @Test(
        "a file without read permission",
        .enabled(
            if: permissionsBite,
            "running as root, and bento cannot run as nobody through setpriv: chmod 000 would not block reading"))
    func unreadable() throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.json", Self.screen)
        let locked = try scratch.write("locked.json", Self.screen)
        unsafe #expect(chmod(locked, 0o000) == 0)
        let result: BentoRun.Result
        if geteuid() == 0 {
            result = try BentoRun.shell(
                "exec setpriv --reuid=65534 --regid=65534 --clear-groups bento diff \(quoted(locked)) \(quoted(good))")
        } else {
            result = try BentoRun.run(["diff", locked, good])
        }
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["bento: \(locked): Permission denied"], "\(result)")
    }

    @Test("standard input closed")
    func standardInputClosed() throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.write("good.json", Self.screen)
        // With descriptor 0 closed, the next file opened would get number 0;
        // reading "standard input" must not read that file and say
        // "identical".
        for arguments in [["diff", "-", good], ["diff", good, "-"], ["validate", "-"]] {
            let result = try BentoRun.run(arguments, stdin: .closed)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines == ["bento: -: Bad file descriptor"], "\(arguments): \(result)")
        }
    }

    @Test("standard input empty")
    func standardInputEmpty() throws {
        let result = try BentoRun.run(["validate", "-"], stdin: .empty)
        #expect(result.status == 1)
        #expect(result.errorLines == ["bento: -:1:1: empty document: expected a JSON value"], "\(result)")
    }

    @Test("standard input can be only one side")
    func standardInputTwice() throws {
        let result = try BentoRun.run(["diff", "-", "-"], stdin: .bytes(Array(Self.screen.utf8)))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines.first?.hasPrefix("bento: ") == true, "\(result)")
    }

    // MARK: Outputs

    @Test("a full disk: exit 2 and a write error")
    func fullDisk() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system")
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen)
        let new = try scratch.write("new.json", Self.changed)
        for arguments in [["diff", old, new], ["diff", "-f", "json", old, new], ["--help"], ["help", "diff"]] {
            let result = try BentoRun.run(arguments, stdout: .file("/dev/full"))
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(!result.signaled)
            #expect(result.errorLines == ["bento: write error: No space left on device"], "\(arguments): \(result)")
        }
        // Nothing to write, nothing to fail: identical screens and -q keep their status.
        #expect(try BentoRun.run(["diff", old, old], stdout: .file("/dev/full")).status == 0)
        #expect(try BentoRun.run(["diff", "-q", old, new], stdout: .file("/dev/full")).status == 1)
    }

    @Test("standard output closed: a write error, not a crash")
    func standardOutputClosed() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen)
        let new = try scratch.write("new.json", Self.changed)
        let result = try BentoRun.shell("bento diff \(quoted(old)) \(quoted(new)) >&-")
        #expect(result.status == 2, "\(result)")
        #expect(result.errorLines == ["bento: write error: Bad file descriptor"], "\(result)")
    }

    /// A changeset long enough to overflow a pipe's buffer, so that bento is
    /// still writing when the reader goes away.
    static func largeScreens(in scratch: ScratchDirectory) throws -> (String, String) {
        func screen(_ title: String) -> String {
            let rows = (0..<3000).map { #"{"id": \#($0), "component": {"type": "Row", "title": "\#(title) \#($0)"}}"# }
            return #"{"box": {"sections": [{"id": "all", "rows": [\#(rows.joined(separator: ","))]}]}}"#
        }
        return (try scratch.write("old.json", screen("old")), try scratch.write("new.json", screen("new")))
    }

    @Test("a pipe closed early: no message, no trace")
    func closedPipe() throws {
        let scratch = try ScratchDirectory()
        let (old, new) = try Self.largeScreens(in: scratch)
        for format in ["text", "json"] {
            let result = try BentoRun.run(["diff", "-f", format, old, new], stdout: .closedPipe)
            #expect(result.status == 1, "\(format): \(result)")
            #expect(!result.signaled)
            #expect(result.stderr.isEmpty, "\(format): \(result)")
        }
        let piped = try BentoRun.shell(
            "bento diff -f json \(quoted(old)) \(quoted(new)) | head -1; echo \"status ${PIPESTATUS[0]}\" >&2")
        #expect(piped.standardOutput == "{\n", "\(piped)")
        #expect(piped.errorLines == ["status 1"], "\(piped)")
    }

    // MARK: Inputs stay as they were

    @Test("bento never writes to its inputs")
    func inputsUntouched() throws {
        let scratch = try ScratchDirectory()
        let old = try scratch.write("old.json", Self.screen)
        let new = try scratch.write("new.json", Self.changed)
        let invalid = try scratch.write("invalid.json", #"{"box": {"sections": [{"id": 1}, {"id": 1}]}}"#)
        // Read-only inputs: bento must not need to open them for writing.
        for path in [old, new, invalid] { unsafe #expect(chmod(path, 0o444) == 0) }
        let past = timespec(tv_sec: 1_000_000_000, tv_nsec: 0)
        for path in [old, new, invalid] {
            var times = [past, past]
            unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        func snapshot() throws -> [String: (bytes: Data, modified: Int, mode: UInt16)] {
            var result: [String: (Data, Int, UInt16)] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) {
                let path = scratch.path(name)
                var info = stat()
                _ = unsafe stat(path, &info)
                result[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), info.st_mtim.tv_sec, UInt16(info.st_mode))
            }
            return result
        }
        // A changeset from old to new, for apply (kept outside the folder).
        let outside = try ScratchDirectory()
        let made = try BentoRun.run(["diff", "-f", "json", old, new])
        let changeset = try outside.write("changeset.json", bytes: made.stdout)
        let before = try snapshot()
        let runs: [([String], BentoRun.Input)] = [
            (["diff", old, new], .empty),
            (["diff", "-f", "json", old, new], .empty),
            (["diff", "-f", "unified", old, new], .empty),
            (["diff", "-f", "patch", old, new], .empty),
            (["diff", "-f", "html", old, new], .empty),
            (["diff", old, old], .empty),
            (["diff", "-", new], .file(old)),
            (["show", old], .empty),
            (["apply", old, changeset], .empty),
            (["validate", old, new, invalid], .empty),
            (["diff", invalid, new], .empty),
        ]
        for (arguments, input) in runs {
            let result = try BentoRun.run(arguments, stdin: input, directory: scratch.url.path)
            #expect(!result.signaled)
            #expect([0, 1, 2].contains(result.status), "\(arguments): \(result)")
        }
        let after = try snapshot()
        #expect(Set(after.keys) == Set(before.keys), "bento left files behind: \(after.keys.sorted())")
        for (name, was) in before {
            let now = try #require(after[name])
            #expect(now.bytes == was.bytes, "\(name) changed")
            #expect(now.modified == was.modified, "\(name) was touched")
            #expect(now.mode == was.mode, "\(name) changed mode")
        }
    }

    private func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
