import Synchronization

extension Parallel {
    /// Work offered to a thread that runs out of its own: a task that can
    /// share a part of its work offers it (`offer`), and a thread done with
    /// what it had takes it (`help()`). Nothing offered runs unless a thread
    /// helps, so offering never takes a core from work already running.
    public final class Offers: Sendable {
        private let works = Mutex<[@Sendable () -> Void]>([])

        /// No work offered yet.
        public init() {}

        /// Offers `work` to the next thread that helps.
        public func offer(_ work: @escaping @Sendable () -> Void) { works.withLock { $0.append(work) } }

        /// Does the work offered, the latest first, until none is left: what
        /// a thread calls when its own work is done.
        public func help() {
            while let work = works.withLock({ $0.popLast() }) { work() }
        }
    }
}
