import BentoJSON

/// Fields that take no part in equality and field changes: `--ignore POINTER`.
///
/// Each rule is a JSON Pointer (RFC 6901) written like the `path` of a field
/// change, relative to the object that record compares: a row's node
/// (`/component/props/analyticsId`), a section without its rows
/// (`/header/*/accessibilityId`) or the screen's attributes
/// (`/shouldUseSystemSeparators`). A token `*` matches any one member name or
/// array index. Every rule is tried on every such object; a rule that names
/// nothing there has no effect.
///
/// A matched member is left out on both sides before comparing; a matched
/// array element is replaced by `null` on both sides, so that indices (and
/// the paths of the remaining field changes) stay true. Field changes report
/// the values as the files hold them, unmasked. Identity is untouched: rows
/// and sections still match by id, and inserted or deleted content is
/// reported whole.
public struct IgnoreRules: Sendable, Hashable {
    /// An `--ignore` argument that is not a usable pointer.
    public struct InvalidPointer: Error, Sendable, CustomStringConvertible {
        /// The argument as given.
        public let pointer: String
        /// Why it is not usable.
        public let reason: String
        public var description: String { "invalid --ignore pointer '\(pointer)': \(reason)" }
    }

    /// One reference token of a rule; `index` is set when the token can also
    /// name an array element.
    private enum Token: Sendable {
        case any
        case name(String, index: Int?)

        func matches(member name: String) -> Bool {
            switch self {
            case .any: true
            case .name(let token, _): CodePoints.equal(token, name)
            }
        }

        func matches(index k: Int) -> Bool {
            switch self {
            case .any: true
            case .name(_, let index): index == k
            }
        }
    }

    /// Where a rule stands while walking a value: tokens matched so far.
    private struct Cursor {
        let rule: Int
        let depth: Int
    }

    /// The pointers as given, in order.
    public let pointers: [String]
    private let rules: [[Token]]

    /// No rules: everything takes part.
    public static let none = IgnoreRules()

    /// No rules.
    public init() {
        pointers = []
        rules = []
    }

    /// Rules from `--ignore` arguments.
    /// - Throws: `InvalidPointer` for a string that is not a JSON Pointer, or
    ///   for `""`, which would ignore whole objects and make every screen equal.
    /// - Complexity: O(n) in the total length of the pointers.
    public init(_ pointers: [String]) throws(InvalidPointer) {
        var rules: [[Token]] = []
        for pointer in pointers {
            guard !pointer.isEmpty else {
                throw InvalidPointer(
                    pointer: pointer, reason: "the empty pointer names the whole object; name a field, e.g. '/title'")
            }
            guard pointer.utf8.first == UInt8(ascii: "/") else {
                throw InvalidPointer(
                    pointer: pointer, reason: "a JSON Pointer starts with '/'; did you mean '/\(pointer)'?")
            }
            guard let tokens = JSONPointer(pointer)?.tokens else {
                throw InvalidPointer(pointer: pointer, reason: "'~' must be followed by 0 (for '~') or 1 (for '/')")
            }
            // `*` is the wildcard as written; `~0`-escaping cannot produce it,
            // so a literal member named "*" cannot be singled out.
            let raw = pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            rules.append(
                zip(tokens, raw).map { token, spelled in
                    spelled.elementsEqual("*".utf8) ? .any : .name(token, index: JSONPointer.index(token))
                })
        }
        self.pointers = pointers
        self.rules = rules
    }

    /// True when there are no rules.
    public var isEmpty: Bool { rules.isEmpty }

    /// Rules are the same when their pointers are.
    public static func == (a: IgnoreRules, b: IgnoreRules) -> Bool { a.pointers == b.pointers }
    public func hash(into hasher: inout Hasher) { hasher.combine(pointers) }

    /// `value` with every matched member removed and every matched array
    /// element replaced by `null`.
    /// - Complexity: O(n · r) in the size of the value and the number of rules,
    ///   visiting only the parts some rule can still reach.
    public func masked(_ value: JSONValue) -> JSONValue {
        mask(value, rules.indices.map { Cursor(rule: $0, depth: 0) })
    }

    private func mask(_ value: JSONValue, _ active: [Cursor]) -> JSONValue {
        guard !active.isEmpty else { return value }
        switch value {
        case .object(let object):
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(object.count)
            for member in object.members {
                let next = advance(active) { $0.matches(member: member.key) }
                if next.contains(where: isComplete) { continue }
                members.append((member.key, mask(member.value, next)))
            }
            return .object(JSONObject(members))
        case .array(let elements):
            return .array(
                elements.enumerated().map { k, element in
                    let next = advance(active) { $0.matches(index: k) }
                    return next.contains(where: isComplete) ? .null : mask(element, next)
                })
        default:
            return value
        }
    }

    private func advance(_ active: [Cursor], where matches: (Token) -> Bool) -> [Cursor] {
        active.compactMap { cursor in
            matches(rules[cursor.rule][cursor.depth]) ? Cursor(rule: cursor.rule, depth: cursor.depth + 1) : nil
        }
    }

    private func isComplete(_ cursor: Cursor) -> Bool { cursor.depth == rules[cursor.rule].count }

    /// The field changes from `old` to `new` with the ignored fields left
    /// out; values as the originals hold them.
    /// - Complexity: O(n) in the size of the two values (for a fixed rule set).
    public func fieldChanges(from old: JSONValue, to new: JSONValue) -> [FieldChange] {
        guard !isEmpty else { return JSONDiff.changes(from: old, to: new) }
        return JSONDiff.changes(from: masked(old), to: masked(new)).map { change in
            // Masking only removes members and nulls elements, so every path
            // left exists in the original on the side that has a value.
            FieldChange(
                path: change.path,
                old: change.old.map { JSONPointer(change.path)?.value(in: old) ?? $0 },
                new: change.new.map { JSONPointer(change.path)?.value(in: new) ?? $0 })
        }
    }
}
