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

    /// Changes read per run, on one core.
    private static let changesReadPerRun = 4096

    /// The place of each of `changes`, in order, read on all cores: a change
    /// holds whole rows, and is copied (every reference in it counted up and
    /// down) each time it is read, so the changes of a large report are
    /// read once, here, rather than once per box and per renderer's pass.
    /// - Complexity: O(n) in the number of changes, spread over the cores.
    static func places(of changes: [Change]) -> [ChangePlace] {
        var places: [ChangePlace] = []
        places.append(concurrentlyMaking: changes.count, inRunsOf: changesReadPerRun) { k in
            let change = changes[k]
            return ChangePlace(box: change.box, kind: change.kind, op: change.op, from: change.from, to: change.to)
        }
        return places
    }
}
