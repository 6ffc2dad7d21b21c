/// How many records a changeset has, by kind and operation.
public struct Summary: Hashable, Sendable {
    private var counts: [Change.Kind: [Change.Operation: Int]] = [:]

    public init(_ changes: [Change]) {
        for change in changes { counts[change.kind, default: [:]][change.op, default: 0] += 1 }
    }

    public subscript(kind: Change.Kind, op: Change.Operation) -> Int {
        counts[kind]?[op] ?? 0
    }

    /// `{"screen": {"update": 0}, "sections": {...}, "rows": {...}}`.
    public var jsonValue: JSONValue {
        func ops(_ kind: Change.Kind, _ ops: [Change.Operation]) -> JSONValue {
            .object(JSONObject(ops.map { (key: $0.rawValue, value: .number(JSONNumber(self[kind, $0]))) }))
        }
        let all: [Change.Operation] = [.insert, .delete, .move, .update]
        return .object(
            JSONObject([
                ("screen", ops(.screen, [.update])),
                ("sections", ops(.section, all)),
                ("rows", ops(.row, all)),
            ]))
    }
}
