import BentoJSON

/// What changed between two directories of screens: one entry per `*.json`
/// path found under either root, in code point order of the path.
public struct DirectoryChangeset: Sendable {
    /// One relative path and what became of its screen.
    public struct Entry: Sendable {
        /// What became of the screen at one path.
        public enum Status: String, Sendable, CaseIterable {
            /// In both trees, and the screens differ.
            case changed
            /// In both trees, and the screens are equal.
            case unchanged
            /// Only in the new tree.
            case added
            /// Only in the old tree.
            case removed
            /// A side could not be read as a screen; see `errors`.
            case invalid
        }

        /// The path relative to both roots, with `/` between names.
        public var path: String
        /// What became of it.
        public var status: Status
        /// For `changed` and `unchanged`: the changeset of the two files,
        /// named `OLD_ROOT/path` and `NEW_ROOT/path`.
        public var changeset: Changeset?
        /// The old screen, read (kept for renderers that draw it).
        public var old: Screen?
        /// The new screen, read (kept for renderers that draw it).
        public var new: Screen?
        /// Where the new screen's parts are written, when it was read
        /// outlined (for annotations at its lines).
        public var newOutline: DocumentOutline?
        /// For `invalid`: every error, as `bento validate` prints them.
        public var errors: [Diagnostic]

        /// An entry for `path`; see the properties.
        public init(
            path: String, status: Status, changeset: Changeset? = nil, old: Screen? = nil, new: Screen? = nil,
            newOutline: DocumentOutline? = nil, errors: [Diagnostic] = []
        ) {
            self.path = path
            self.status = status
            self.changeset = changeset
            self.old = old
            self.new = new
            self.newOutline = newOutline
            self.errors = errors
        }
    }

    /// The old tree's root, as given on the command line.
    public var oldRoot: String
    /// The new tree's root, as given on the command line.
    public var newRoot: String
    /// One entry per path, in code point order of the path.
    public var entries: [Entry]
    /// Directories that could not be read while walking the trees.
    public var errors: [Diagnostic]
    /// Entries named `*.json` that are no regular file, left out as
    /// `diff -r` leaves them (no change of the exit status).
    public var skipped: [String]
    /// The `--ignore` rules in effect.
    public var ignoring: IgnoreRules

    /// The `--ignore` pointers, as given.
    public var ignored: [String] { ignoring.pointers }

    /// The changes between the trees at `oldRoot` and `newRoot`.
    public init(
        oldRoot: String, newRoot: String, entries: [Entry], errors: [Diagnostic] = [], skipped: [String] = [],
        ignoring: IgnoreRules = .none
    ) {
        self.skipped = skipped
        self.oldRoot = oldRoot
        self.newRoot = newRoot
        self.entries = entries
        self.errors = errors
        self.ignoring = ignoring
    }

    /// True when some screen was changed, added or removed.
    /// - Complexity: O(n) in the number of entries.
    public var differs: Bool {
        entries.contains { $0.status == .changed || $0.status == .added || $0.status == .removed }
    }

    /// True when some file or directory could not be read: exit status 2.
    /// - Complexity: O(n) in the number of entries.
    public var hasErrors: Bool { !errors.isEmpty || entries.contains { $0.status == .invalid } }

    /// How many entries have `status`.
    /// - Complexity: O(n) in the number of entries.
    public func count(_ status: Entry.Status) -> Int { entries.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// The directory document of `bento diff -f json OLD_DIR NEW_DIR`:
    ///
    ///     {"version": 1, "old": "old", "new": "new", "identical": false,
    ///      "summary": {"files": {"changed": 1, "unchanged": 4, "added": 1,
    ///                            "removed": 0, "invalid": 0}},
    ///      "files": [
    ///        {"path": "a.json", "status": "changed", "changeset": {…}},
    ///        {"path": "b.json", "status": "added"},
    ///        {"path": "c.json", "status": "unchanged"},
    ///        {"path": "d.json", "status": "invalid", "errors": ["new/d.json:3:5: …"]}]}
    ///
    /// `changeset` is the changeset of bento-changeset(5) of that pair, whole. `summary`
    /// gains `ignored` when `--ignore` was given; the document gains `errors`
    /// when a directory could not be read.
    /// - Complexity: O(n) in the size of the changesets.
    public var jsonValue: JSONValue {
        var summary: [(key: String, value: JSONValue)] = [
            ("files", .object(JSONObject(Entry.Status.allCases.map { ($0.rawValue, .number(JSONNumber(count($0)))) })))
        ]
        if !ignored.isEmpty { summary.append(("ignored", .array(ignored.map { .string($0) }))) }
        var members: [(key: String, value: JSONValue)] = [
            ("version", .number(JSONNumber(Changeset.version))),
            ("old", .string(oldRoot)),
            ("new", .string(newRoot)),
            ("identical", .bool(!differs && !hasErrors)),
            ("summary", .object(JSONObject(summary))),
            ("files", .array(entries.map(\.jsonValue))),
        ]
        if !errors.isEmpty { members.append(("errors", .array(errors.map { .string($0.description) }))) }
        return .object(JSONObject(members))
    }
}

extension DirectoryChangeset.Entry {
    /// `{"path": …, "status": …}`, with `changeset` for a changed pair and
    /// `errors` for an invalid one.
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("path", .string(path)), ("status", .string(status.rawValue))]
        if status == .changed, let changeset { members.append(("changeset", changeset.jsonValue)) }
        if !errors.isEmpty { members.append(("errors", .array(errors.map { .string($0.description) }))) }
        return .object(JSONObject(members))
    }
}
