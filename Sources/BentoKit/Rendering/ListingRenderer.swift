import BentoJSON

/// The listings of `--name-only`, `--name-status` and `--stat`: one line
/// per screen that differs, as `git diff` lists files, in path order.
public struct ListingRenderer: Sendable {
    /// What each line shows.
    public enum Style: Sendable {
        /// The path.
        case nameOnly
        /// `M`, `A` or `D`, a tab, the path.
        case nameStatus
        /// ` path | 1 section updated, 3 rows inserted`, then a total line.
        case stat
    }

    /// One screen that differs.
    public struct Item: Sendable {
        /// The path shown (relative to both roots in directory mode).
        public var path: String
        /// `M` changed, `A` added, `D` deleted.
        public var status: Character
        /// What changed in it (for an added or deleted screen: against an
        /// empty one).
        public var summary: Summary

        /// The screen at `path`, with its status and what changed in it.
        public init(path: String, status: Character, summary: Summary) {
            self.path = path
            self.status = status
            self.summary = summary
        }
    }

    /// What each line shows.
    public var style: Style
    /// The colours of the statuses and the total, or none.
    public var palette: Palette

    /// A renderer of `style`, with `palette`.
    public init(style: Style, palette: Palette = .plain) {
        self.style = style
        self.palette = palette
    }

    /// The screens of a directory diff that differ, in path order.
    /// - Complexity: O(n) in the number of entries.
    public static func items(_ directory: DirectoryChangeset) -> [Item] {
        directory.entries.compactMap { entry in
            guard let changeset = entry.changeset else { return nil }
            switch entry.status {
            case .changed: return Item(path: entry.path, status: "M", summary: changeset.summary)
            case .added: return Item(path: entry.path, status: "A", summary: changeset.summary)
            case .removed: return Item(path: entry.path, status: "D", summary: changeset.summary)
            case .unchanged, .invalid: return nil
            }
        }
    }

    /// The listing: "" when nothing differs, as `git diff --stat` prints nothing.
    /// - Complexity: O(n) in the number of items.
    public func render(_ items: [Item]) -> String {
        OneLine.escapingInvisible(lines(items))
    }

    private func lines(_ items: [Item]) -> String {
        guard !items.isEmpty else { return "" }
        // One path a line, whatever its name holds: git's quoting.
        let paths = items.map { PathQuoting.quoted($0.path) }
        switch style {
        case .nameOnly:
            return paths.map { $0 + "\n" }.joined()
        case .nameStatus:
            return zip(items, paths).map { paint($0.status, "\($0.status)") + "\t" + $1 + "\n" }.joined()
        case .stat:
            let width = paths.map(\.unicodeScalars.count).max() ?? 0
            var out = ""
            for (item, path) in zip(items, paths) {
                let pad = String(repeating: " ", count: width - path.unicodeScalars.count)
                var what = item.summary.phrase
                if item.status == "A" { what = "added: " + what } else if item.status == "D" { what = "deleted: " + what }
                out += " \(path)\(pad) | \(paint(item.status, what))\n"
            }
            let total = items.dropFirst().reduce(items[0].summary) { $0 + $1.summary }
            let added = items.filter { $0.status == "A" }.count, deleted = items.filter { $0.status == "D" }.count
            var line = " \(items.count) screen\(items.count == 1 ? "" : "s") changed"
            let whole = [(added, "added"), (deleted, "deleted")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if !whole.isEmpty { line += " (" + whole.joined(separator: ", ") + ")" }
            out += palette.bold(line + ": " + total.phrase) + "\n"
            return out
        }
    }

    private func paint(_ status: Character, _ text: String) -> String {
        switch status {
        case "A": palette.insert(text)
        case "D": palette.delete(text)
        default: palette.update(text)
        }
    }
}
