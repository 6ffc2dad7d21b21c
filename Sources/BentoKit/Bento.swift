/// bento compares screen definitions by identity.
///
/// The library follows the data: `Reading` (bytes → JSON tape → diagnostics),
/// `Schema` (the Codable model of a screen), `Matching` (the diff engine),
/// `Changeset` (its result, as value types, and `ChangesetApplier`, which
/// replays it), `Merging` (the three-way merge), `Editing` (writes that keep
/// the person's bytes), `Rendering` (text, JSON, the outline of `bento
/// show`, the unified report, RFC 6902 JSON Patch and the HTML report) and
/// `Commands`: each command's whole run as one call (`Bento.apply`,
/// `Bento.merge`, `Bento.diff`), writing to a `TextOutput` or a
/// `ReportOutput`, so that a test or another front end gets the command
/// line's behaviour and speed.
public enum Bento {
    /// The version `bento --version` prints.
    public static let version = "0.1.0"
}
