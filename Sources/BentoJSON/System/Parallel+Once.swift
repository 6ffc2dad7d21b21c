import Dispatch

extension Parallel {
    /// Work that either of two tasks running at the same time may need,
    /// done once: the first to ask does it, one that asks while it is being
    /// done waits for it, later ones take its result. One task can start it
    /// early for the other (`value` with the result let go), and neither
    /// ever waits for work not begun, so the two cannot deadlock, even run
    /// one after the other on one thread.
    public final class Once<Value: Sendable>: @unchecked Sendable {  // its state is behind `lock`
        private let work: @Sendable () -> Value
        private let lock = DispatchSemaphore(value: 1)
        private let finished = DispatchGroup()
        private var state = State.pending

        private enum State {
            case pending, running
            case done(Value)
        }

        /// `work`, not begun.
        public init(_ work: @escaping @Sendable () -> Value) {
            self.work = work
            finished.enter()
        }

        /// Begins the work on another thread, for whoever asks for `value`
        /// later: it waits for the work, or takes its result; one that
        /// asks before the thread begins does the work itself.
        public func start() {
            DispatchQueue.global().async { _ = self.value }
        }

        /// The work's result: done now, waited for, or taken.
        /// - Complexity: the work's, for the first to ask.
        public var value: Value {
            lock.wait()
            switch state {
            case .done(let value):
                lock.signal()
                return value
            case .running:
                lock.signal()
                finished.wait()
                // Asked again: the work is done now.
                return self.value
            case .pending:
                state = .running
                lock.signal()
                let value = work()
                lock.wait()
                state = .done(value)
                lock.signal()
                finished.leave()
                return value
            }
        }
    }
}
