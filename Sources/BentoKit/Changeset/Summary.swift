import BentoJSON

/// How many records a changeset has, by kind and operation.
public struct Summary: Hashable, Sendable {
    /// One counter per kind and operation.
    private var counts = [Int](repeating: 0, count: Change.Kind.allCases.count * Change.Operation.allCases.count)
    /// The `--ignore` pointers in effect, as given.
    public var ignored: [String]

    /// - Complexity: O(n); only each record's kind and operation are read.
    public init(_ changes: [Change], ignored: [String] = []) {
        self.ignored = ignored
        for k in changes.indices { counts[Self.slot(changes[k].kind, changes[k].op)] += 1 }
    }

    /// How many records of `kind` and `op` there are.
    public subscript(kind: Change.Kind, op: Change.Operation) -> Int {
        counts[Self.slot(kind, op)]
    }

    private static func slot(_ kind: Change.Kind, _ op: Change.Operation) -> Int {
        let kinds: Int =
            switch kind {
            case .screen: 0
            case .section: 1
            case .row: 2
            }
        let ops: Int =
            switch op {
            case .insert: 0
            case .delete: 1
            case .move: 2
            case .update: 3
            }
        return kinds * 4 + ops
    }

    /// The counts in words, the zeros left out: `screen updated, 1 section
    /// updated, 3 rows inserted, 1 row moved` (`2 screens updated` in a sum
    /// over several screens); "" for none.
    public var phrase: String {
        var parts: [String] = []
        let screens = self[.screen, .update]
        if screens > 0 { parts.append(screens == 1 ? "screen updated" : "\(screens) screens updated") }
        for (kind, noun) in [(Change.Kind.section, "section"), (.row, "row")] {
            for op in [Change.Operation.insert, .delete, .move, .update] {
                let n = self[kind, op]
                if n > 0 { parts.append("\(n) \(noun)\(n == 1 ? "" : "s") \(op.pastParticiple)") }
            }
        }
        return parts.joined(separator: ", ")
    }

    /// The sum of two summaries' counts (and the first one's ignore rules).
    public static func + (a: Summary, b: Summary) -> Summary {
        var sum = a
        for k in sum.counts.indices { sum.counts[k] += b.counts[k] }
        return sum
    }

    /// `{"screen": {"update": 0}, "sections": {...}, "rows": {...}}`, then
    /// `"ignored": [...]` when `--ignore` was given (absent otherwise, so the
    /// default output stays the changeset of bento-changeset(5) byte for byte).
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
