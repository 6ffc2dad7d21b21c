import Dispatch
import Synchronization

extension Parallel {
    /// Work that either of two tasks running at the same time may need,
    /// done once: the first to ask does it, one that asks while it is being
    /// done waits for it, later ones take its result. One task can start it
    /// early for the other (`value` with the result let go), and neither
    /// ever waits for work not begun, so the two cannot deadlock, even run
    /// one after the other on one thread.
    public final class Once<Value: Sendable>: Sendable {
        @usableFromInline let work: @Sendable () -> Value
        @usableFromInline let state = Mutex(State.pending)
        @usableFromInline let finished = DispatchGroup()

        @usableFromInline enum State {
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

        /// The work's result: done now, waited for, or taken. Inlined where
        /// it is asked, for the caller's type: a result asked for every row
        /// (an index) is then a lock and a copy, not the generic steps of
        /// each.
        /// - Complexity: the work's, for the first to ask.
        @inlinable
        public var value: Value {
            let found: State = state.withLock { state in
                defer { if case .pending = state { state = .running } }
                return state
            }
            switch found {
            case .done(let value):
                return value
            case .running:
                finished.wait()
                // Asked again: the work is done now.
                return self.value
            case .pending:
                let value = work()
                state.withLock { $0 = .done(value) }
                finished.leave()
                return value
            }
        }
    }
}
