/// Where a streamed text's pieces go, in order.
///
/// Only the writer of the whole text holds one, and it calls it from the
/// thread it writes on; the copies of the writer made to write a list's
/// runs on other cores have none. That is what makes it safe to send.
final class PieceSink: @unchecked Sendable {
    /// Takes the next piece.
    let consume: ([UInt8]) -> Void

    init(_ consume: @escaping ([UInt8]) -> Void) {
        self.consume = consume
    }
}
