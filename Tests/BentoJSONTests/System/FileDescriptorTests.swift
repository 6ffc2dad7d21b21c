import Foundation
import Testing

@testable import BentoJSON

/// Whole writes and reads on descriptors, and the errors they end with.
@Suite("File descriptors")
struct FileDescriptorTests {
    @Test("everything written to a pipe is read back")
    func pipe() throws {
        let pipe = Pipe()
        let bytes = Array("hello, pipe".utf8)
        #expect(FileDescriptor.writeAll(pipe.fileHandleForWriting.fileDescriptor, bytes) == nil)
        try pipe.fileHandleForWriting.close()
        #expect(Array(pipe.fileHandleForReading.readDataToEndOfFile()) == bytes)
    }

    @Test("a write to a full device ends with its errno, which reads as the system's words")
    func full() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let failure = try #require(FileDescriptor.writeAll(handle.fileDescriptor, [1, 2, 3]))
        #expect(FileDescriptor.message(failure) == "No space left on device")
    }
}
