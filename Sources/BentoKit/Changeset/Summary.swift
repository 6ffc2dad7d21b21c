/// How many records a changeset has, by kind and operation.
public struct Summary: Hashable, Sendable {
    private var counts: [Change.Kind: [Change.Operation: Int]] = [:]
    /// The `--ignore` pointers in effect, as given.
    public var ignored: [String]

    public init(_ changes: [Change], ignored: [String] = []) {
        self.ignored = ignored
        for change in changes { counts[change.kind, default: [:]][change.op, default: 0] += 1 }
    }

    public subscript(kind: Change.Kind, op: Change.Operation) -> Int {
        counts[kind]?[op] ?? 0
    }

    /// `{"screen": {"update": 0}, "sections": {...}, "rows": {...}}`, then
    /// `"ignored": [...]` when `--ignore` was given (absent otherwise, so the
    /// default output stays the contract's byte for byte).
    public var jsonValue: JSONValue {
        func ops(_ kind: Change.Kind, _ ops: [Change.Operation]) -> JSONValue {
            .object(JSONObject(ops.map { (key: $0.rawValue, value: .number(JSONNumber(self[kind, $0]))) }))
        }
        let all: [Change.Operation] = [.insert, .delete, .move, .update]
        var members: [(key: String, value: JSONValue)] = [
            ("screen", ops(.screen, [.update])),
            ("sections", ops(.section, all)),
            ("rows", ops(.row, all)),
        ]
        if !ignored.isEmpty { members.append(("ignored", .array(ignored.map { .string($0) }))) }
        return .object(JSONObject(members))
    }
}
