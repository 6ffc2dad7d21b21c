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

    @Test("pieces are written in order, empty ones and more than one writev's worth among them, none lost")
    func pieces() throws {
        // 2,500 pieces of 0 to 300 bytes: several writev calls, some pieces empty.
        let pieces = (0..<2500).map { k in [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: (k * 37) % 301) }
        let pipe = Pipe()
        nonisolated(unsafe) var read = Data()
        let reader = Thread { read = pipe.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let failure = withRawPieces(pieces) { FileDescriptor.writeAll(pipe.fileHandleForWriting.fileDescriptor, raw: $0) }
        #expect(failure == nil)
        try pipe.fileHandleForWriting.close()
        while !reader.isFinished { usleep(1000) }
        #expect(Array(read) == pieces.flatMap { $0 })
        #expect(withRawPieces([[], []]) { FileDescriptor.writeAll(1, raw: $0) } == nil)
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let full = withRawPieces(pieces) { FileDescriptor.writeAll(handle.fileDescriptor, raw: $0) }
        #expect(full.map(FileDescriptor.message) == "No space left on device")
    }

    /// Calls `body` with `pieces` as raw buffers, copied into memory that
    /// lives as long as the call.
    private func withRawPieces<R>(_ pieces: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) -> R) -> R {
        let copies = pieces.map { piece -> UnsafeMutableRawBufferPointer in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: piece.count, alignment: 1)
            copy.copyBytes(from: piece)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafeRawBufferPointer($0) })
    }

    @Test("a write to a full device ends with its errno, which reads as the system's words")
    func full() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        let failure = try #require(FileDescriptor.writeAll(handle.fileDescriptor, [1, 2, 3]))
        #expect(FileDescriptor.message(failure) == "No space left on device")
    }
}
