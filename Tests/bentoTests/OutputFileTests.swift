import Foundation
import Testing

/// `-o FILE` never harms what FILE names: a regular file is replaced
/// atomically through its links, a FIFO or a device is written as it is, and
/// anything else is refused. Run as root here; the unprivileged cases run as
/// `nobody` through setpriv where the machine allows it.
@Suite("Writing -o FILE")
struct OutputFileTests {
    /// A scratch directory with the sample screens and their changeset.
    static func setUp() throws -> (ScratchDirectory, String) {
        let dir = try ScratchDirectory()
        try dir.write("old.json", SampleScreens.old)
        try dir.write("new.json", SampleScreens.new)
        let changeset = try BentoProcess.run(["diff", "-f", "json", dir.path("old.json"), dir.path("new.json")])
        try dir.write("change.json", changeset.stdout)
        return (dir, "cd '\(dir.url.path)' && ")
    }

    static var isRoot: Bool { getuid() == 0 }
    static var canDropPrivileges: Bool { isRoot && ExternalProgram.available("setpriv") }

    @Test("a character device is written as it is: /dev/full says why, and stays a device")
    func fullDevice() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(cd + "bento apply -o /dev/full old.json change.json; echo \"status $?\"; test -c /dev/full && echo device")
        #expect(run.standardError == "bento: /dev/full: No space left on device\n")
        #expect(run.standardOutput == "status 2\ndevice\n")
        let null = try BentoRun.shell(cd + "bento apply -o /dev/null old.json change.json; echo \"status $?\"; test -c /dev/null && echo device")
        #expect(null.standardOutput == "status 0\ndevice\n")
    }

    @Test("a symbolic link: the file it names is replaced, keeping its mode, and the link stays")
    func symbolicLink() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(
            cd + """
                echo '{}' > target.json && chmod 640 target.json && ln -s target.json link.json &&
                bento apply -o link.json old.json change.json && test -L link.json && echo link &&
                stat -c %a target.json && bento diff -q new.json target.json && echo same && ls -a | grep -c bento- || true
                """)
        #expect(run.standardOutput == "link\n640\nsame\n0\n", "\(run.standardError)")
    }

    @Test("a link that names no file yet: the file is made where the link points")
    func danglingLink() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(
            cd + "mkdir out && ln -s out/made.json link.json && bento apply -o link.json old.json change.json && "
                + "test -L link.json && bento diff -q new.json out/made.json && echo made")
        #expect(run.standardOutput == "made\n", "\(run.standardError)")
    }

    @Test("a FIFO is written to, not replaced")
    func fifo() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(
            cd + "mkfifo pipe && (cat pipe > received.json &) && bento apply -o pipe old.json change.json && wait; "
                + "sleep 0.2; test -p pipe && echo fifo && bento diff -q new.json received.json && echo received")
        #expect(run.standardOutput == "fifo\nreceived\n", "\(run.standardError)")
    }

    @Test("a link to standard output on a pipe writes to the pipe")
    func standardOutputLink() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(cd + "bento apply -o /proc/self/fd/1 old.json change.json | bento diff -q new.json - && echo piped")
        #expect(run.standardOutput == "piped\n", "\(run.standardError)")
    }

    @Test("a directory and a socket are refused with exit 2, and nothing is written")
    func refused() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let directory = try BentoRun.shell(cd + "mkdir d && bento apply -o d old.json change.json; echo \"status $?\"; ls d | wc -l")
        #expect(directory.standardOutput == "status 2\n0\n")
        #expect(directory.standardError == "bento: d: Is a directory\n")
        let socket = try BentoRun.shell(
            cd + "python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind(\"sock\")' && "
                + "bento apply -o sock old.json change.json; echo \"status $?\"; test -S sock && echo socket")
        #expect(socket.standardOutput == "status 2\nsocket\n")
        #expect(socket.standardError.hasPrefix("bento: sock: not a regular file, a FIFO or a character device"))
    }

    @Test(
        "as an unprivileged user: a directory it cannot write to is an error, and no temporary file is left",
        .enabled(if: canDropPrivileges, "needs root and setpriv to run as nobody"))
    func unprivileged() throws {
        let (dir, cd) = try Self.setUp()
        defer { withExtendedLifetime(dir) {} }
        let run = try BentoRun.shell(
            cd + """
                chmod 755 . && mkdir locked && chmod 555 locked && chmod 644 *.json &&
                setpriv --reuid=65534 --regid=65534 --clear-groups bento apply -o locked/out.json old.json change.json;
                echo "status $?"; ls -a locked | wc -l
                """)
        #expect(run.standardOutput == "status 2\n2\n")
        #expect(run.standardError == "bento: locked/out.json: Permission denied\n")
    }
}
