/// A Markdown report that stops before a size limit: GitHub keeps at most
/// 65,536 characters of a pull request comment.
///
/// Parts are written whole or not at all, in order; the first that does not
/// fit closes the page, and the page then ends with a line that says how
/// many changes were left out and how to see them. Room for that line (and
/// for closing an open `<details>`) is kept from the start, so the finished
/// page is never longer than the limit. Sizes are counted in UTF-16 code
/// units, never fewer than characters however they are counted.
struct MarkdownPage {
    /// The most characters the finished page may have.
    let limit: Int
    /// The changes the report holds in all.
    let total: Int
    /// The page so far.
    private(set) var text = ""
    /// Its size in UTF-16 code units.
    private var size = 0
    /// The changes written so far.
    private var shown = 0
    /// Whether a `<details>` element is open.
    private var inDetails = false
    /// Whether a part did not fit: nothing more is written.
    private(set) var isFull = false

    /// What closes an open `<details>`.
    private static let closeDetails = "\n</details>\n"

    /// A page of at most `limit` characters for a report of `total` changes.
    init(limit: Int, total: Int) {
        self.limit = limit
        self.total = total
    }

    /// The line that ends a page that was cut.
    static func moreLine(_ count: Int) -> String {
        "… and \(count) more change\(count == 1 ? "" : "s"): run bento diff on the same files without "
            + "--format markdown to see them all, or raise --max-size.\n"
    }

    /// What a cut page ends with: a blank line, then the line for the
    /// changes left out.
    private static func ending(_ count: Int) -> String { "\n" + moreLine(count) }

    /// The room kept for the end of the page: the longest ending there can
    /// be (no fewer digits than any count left out).
    private var reserve: Int { Self.closeDetails.utf16.count + Self.ending(total).utf16.count }

    /// Writes `part`, which shows `changes` changes, if it fits; false (and
    /// the page closed) when it does not.
    @discardableResult
    mutating func write(_ part: String, changes: Int = 0) -> Bool {
        guard !isFull else { return false }
        let count = part.utf16.count
        guard size + count + reserve <= limit else {
            isFull = true
            return false
        }
        text += part
        size += count
        shown += changes
        return true
    }

    /// Opens a `<details>` element whose summary is the raw HTML `summary`.
    @discardableResult
    mutating func openDetails(_ summary: String) -> Bool {
        guard write("\n<details><summary>" + summary + "</summary>\n\n") else { return false }
        inDetails = true
        return true
    }

    /// Closes the open `<details>` element.
    mutating func closeDetails() {
        // Its room is kept: this always fits.
        guard inDetails, !isFull else { return }
        text += Self.closeDetails
        size += Self.closeDetails.utf16.count
        inDetails = false
    }

    /// The page, closed, with the line for the changes left out if any were.
    func finished() -> String {
        guard shown < total || isFull else { return text }
        var page = text
        if inDetails { page += Self.closeDetails }
        if shown < total { page += Self.ending(total - shown) }
        return page
    }
}
