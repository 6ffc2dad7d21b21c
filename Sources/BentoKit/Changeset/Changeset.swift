import BentoJSON

/// What changed from one screen to another: the records in the order
/// of bento-changeset(5) (screen; then per box, sections then rows, each as delete, insert,
/// move, update; deletes by old position, the rest by new position).
public struct Changeset: Hashable, Sendable {
    /// The format version of the JSON changeset.
    public static let version = 1

    /// The name of the old input, as given on the command line.
    public var oldName: String
    /// The name of the new input, as given on the command line.
    public var newName: String
    /// The records, in bento-changeset(5)'s order.
    public var changes: [Change]
    /// The `--ignore` rules the changeset was made with: renderers that draw
    /// whole screens leave the same fields out. Recorded in the summary only
    /// when there are some.
    public var ignoring: IgnoreRules

    /// The `--ignore` pointers, as given.
    public var ignored: [String] { ignoring.pointers }

    /// A changeset of `changes` between the inputs named `oldName` and `newName`.
    public init(oldName: String, newName: String, changes: [Change], ignoring: IgnoreRules = .none) {
        self.oldName = oldName
        self.newName = newName
        self.changes = changes
        self.ignoring = ignoring
    }

    /// True when the two screens are equal as bento-screen(5) compares them.
    public var isIdentical: Bool { changes.isEmpty }

    /// The records counted by kind and operation.
    public var summary: Summary { Summary(changes, ignored: ignored) }

    /// The JSON changeset of bento-changeset(5), JSON CHANGESET.
    public var jsonValue: JSONValue {
        .object(
            JSONObject([
                ("version", .number(JSONNumber(Self.version))),
                ("old", .string(oldName)),
                ("new", .string(newName)),
                ("identical", .bool(isIdentical)),
                ("summary", summary.jsonValue),
                ("changes", .array(changes.map(\.jsonValue))),
            ]))
    }
}

extension Changeset: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, old, new, summary, changes

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    /// The member of `summary` that records `--ignore`.
    enum SummaryKeys: String, CodingKey, CaseIterable {
        case ignored

        /// Every key, laid out once for the reader.
        static let all = MemberKeys(allCases)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw SchemaViolation(
                path: decoder.codingPath + [CodingKeys.version], "unsupported changeset version \(version)")
        }
        oldName = try c.decodeIfPresent(String.self, forKey: .old) ?? ""
        newName = try c.decodeIfPresent(String.self, forKey: .new) ?? ""
        changes = try c.decode([Change].self, forKey: .changes)
        // `summary.ignored`: the changeset was made ignoring these fields.
        var pointers: [String] = []
        if c.contains(.summary) {
            let summary = try c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
            pointers = try summary.decodeIfPresent([String].self, forKey: .ignored) ?? []
        }
        do {
            ignoring = try IgnoreRules(pointers)
        } catch {
            throw SchemaViolation(path: decoder.codingPath + [CodingKeys.summary, SummaryKeys.ignored], error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
