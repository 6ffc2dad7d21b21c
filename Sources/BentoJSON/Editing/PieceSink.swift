import Synchronization

/// Where a streamed text's pieces go, in order.
///
/// Only the writer of the whole text holds one, and it calls it from the
/// thread it writes on; the copies of the writer made to write a list's
/// runs on other cores have none. The lock around the consumer costs one
/// uncontended acquire per piece, and lets the compiler check the rest.
final class PieceSink: Sendable {
    private let consumer: Mutex<([UInt8]) -> Void>

    init(_ consume: sending @escaping ([UInt8]) -> Void) {
        consumer = Mutex(consume)
    }

    /// Takes the next piece.
    func consume(_ piece: [UInt8]) {
        consumer.withLock { $0(piece) }
    }
}
