import BentoJSON

/// Where a change is: its box, kind and operation, and its positions in the
/// old and the new file. What a renderer that walks every change needs,
/// without the change itself.
struct ChangePlace: Sendable {
    /// nil for a screen update.
    let box: BoxName?
    let kind: Change.Kind
    let op: Change.Operation
    /// The position in the old file; nil for an insert and a screen update.
    let from: Position?
    /// The position in the new file; nil for a delete and a screen update.
    let to: Position?

    /// Changes read per run, on one core (`readOnce`).
    static let changesReadPerRun = 4096

    /// The place of each of `changes`, in order.
    /// - Complexity: O(n) in the number of changes, spread over the cores.
    static func places(of changes: [Change]) -> [ChangePlace] {
        changes.readOnce { ChangePlace(box: $0.box, kind: $0.kind, op: $0.op, from: $0.from, to: $0.to) }
    }
}

extension [Change] {
    /// `read` of each change, in order, read on all cores. A change holds
    /// whole rows, and is copied (every reference in it counted up and
    /// down) each time it is read out: a renderer that walks every change
    /// reads what it needs here, once, rather than once per box or pass.
    /// - Complexity: O(n) in the number of changes, spread over the cores.
    func readOnce<T: Sendable>(_ read: @Sendable (Change) -> T) -> [T] {
        var values: [T] = []
        values.append(concurrentlyMaking: count, inRunsOf: ChangePlace.changesReadPerRun) { read(self[$0]) }
        return values
    }
}
