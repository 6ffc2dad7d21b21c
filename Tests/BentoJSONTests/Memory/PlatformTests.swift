import Foundation
import Synchronization
import Testing

@testable import BentoJSON

/// Whole writes and reads on descriptors, the errors they end with, and the
/// other calls `Platform` makes for bento.
@Suite("Platform: system calls behind safe functions")
struct PlatformTests {
    @Test("everything written to a pipe is read back")
    func pipe() throws {
        let pipe = Pipe()
        let bytes = Array("hello, pipe".utf8)
        #expect(bytes.withSpan { Platform.write(pipe.fileHandleForWriting.fileDescriptor, $0) } == nil)
        try pipe.fileHandleForWriting.close()
        #expect(Array(pipe.fileHandleForReading.readDataToEndOfFile()) == bytes)
    }

    @Test("pieces are written in order, empty ones and more than one writev's worth among them, none lost")
    func pieces() throws {
        // 2,500 pieces of 0 to 300 bytes: several writev calls, some pieces empty.
        let pieces = (0..<2500).map { k in [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: (k * 37) % 301) }
        for written in [pieces.map { $0 }, pieces.map { ByteStorage(copying: $0) }] as [Any] {
            let pipe = Pipe()
            let read = Mutex(Data())
            let reader = Thread { read.withLock { $0 = pipe.fileHandleForReading.readDataToEndOfFile() } }
            reader.start()
            let fd = pipe.fileHandleForWriting.fileDescriptor
            let failure = (written as? [[UInt8]]).map { Platform.write(fd, pieces: $0) } ?? Platform.write(fd, pieces: written as! [ByteStorage])
            #expect(failure == nil)
            try pipe.fileHandleForWriting.close()
            while !reader.isFinished { usleep(1000) }
            #expect(read.withLock { Array($0) } == pieces.flatMap { $0 })
        }
        #expect(Platform.write(1, pieces: [[], []] as [[UInt8]]) == nil)
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let full = Platform.write(handle.fileDescriptor, pieces: pieces)
        #expect(full.map(Platform.message) == "No space left on device")
    }

    @Test("a write to a full device ends with its errno, which reads as the system's words")
    func full() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let failure = try #require([1, 2, 3].withSpan { Platform.write(handle.fileDescriptor, $0) })
        #expect(failure == SystemError.noSpace)
        #expect(Platform.message(failure) == "No space left on device")
    }

    @Test("a file is read whole, and where asked; its status says what it is")
    func files() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bento-platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = FilePath(dir.appendingPathComponent("a.txt").path)
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path.description))
        let fd = try Platform.open(path, for: .read).get()
        defer { Platform.close(fd) }
        #expect(try Platform.status(fd).get().kind == .regular)
        #expect(try Platform.status(fd).get().size == 10)
        #expect(Platform.read(fd, at: 3..<6) == Array("345".utf8))
        #expect(Platform.read(fd, at: 8..<12) == nil)
        #expect(Platform.read(fd, upTo: 100).bytes == Array("0123456789".utf8))
        #expect(try Platform.status(FilePath(dir.path)).get().kind == .directory)
        #expect(throws: SystemError(errno: SystemError.noSuchFile)) { try Platform.status(FilePath(dir.path + "/none")).get() }
        #expect(try Platform.directoryEntries(FilePath(dir.path)).get() == ["a.txt"])
        #expect(Platform.open(path, for: .createNew(permissions: 0o600)).map { _ in 0 } == .failure(SystemError(errno: EEXIST)))
    }

    @Test("a child's status, what it printed and its peak memory come back")
    func child() throws {
        let exit = try #require(
            Platform.run(["sh", "-c", "printf hi; exit 3"], environment: [], searchingPath: true, output: .collected))
        #expect(exit.status == 3 && exit.exited && exit.output == Array("hi".utf8) && exit.peakMemory > 0)
        let killed = try #require(
            Platform.run(["sh", "-c", "kill -KILL $$"], environment: [], searchingPath: true, output: .collected))
        #expect(!killed.exited && killed.status == 128 + 9)
        #expect(Platform.run(["/no/such/program"], environment: [], searchingPath: false) == nil)
    }
}
