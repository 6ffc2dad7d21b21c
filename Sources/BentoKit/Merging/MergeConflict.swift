import BentoJSON

/// One conflict of a three-way merge: the element, and why the two sides'
/// changes to it cannot both be kept.
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    /// The smallest element the conflict concerns.
    public enum Element: Sendable, Hashable {
        /// A screen attribute, by name.
        case attribute(String)
        /// A section; `member` is `header` or `footer` when only that conflicts.
        case section(BoxName, id: ScreenID, member: String?)
        /// A row of a section.
        case row(BoxName, section: ScreenID, id: ScreenID)
    }

    /// Why the changes conflict.
    public enum Reason: Sendable, Hashable {
        /// Both sides changed these fields (section 3's paths) differently,
        /// or one changed a field inside one the other replaced.
        case changedOnBoth(paths: [String])
        /// One side deleted the element; the other changed it, moved it, or both.
        case deleted(by: MergeSide, changed: Bool, moved: Bool)
        /// Both sides added an element with this id, with different content.
        case addedOnBoth
        /// Both sides moved the element, to different places.
        case movedApart
    }

    /// The element.
    public var element: Element
    /// The reason.
    public var reason: Reason

    /// A conflict of `reason` at `element`.
    public init(_ element: Element, _ reason: Reason) {
        self.element = element
        self.reason = reason
    }

    /// One line: `box, section "a", row "x": changed on both sides: /component/title`.
    public var description: String { description(ours: MergeSide.ours.label, theirs: MergeSide.theirs.label) }

    /// `description`, naming the sides `ours` and `theirs` (`-L` labels).
    public func description(ours: String, theirs: String) -> String {
        let place: String
        switch element {
        case .attribute(let name):
            place = "screen attribute \(JSONWriter.quoted(name))"
        case .section(let box, let id, let member):
            place = "\(box.rawValue), section \(Self.text(id))" + (member.map { ", \($0)" } ?? "")
        case .row(let box, let section, let id):
            place = "\(box.rawValue), section \(Self.text(section)), row \(Self.text(id))"
        }
        return place + ": " + reasonText(ours: ours, theirs: theirs)
    }

    private func reasonText(ours: String, theirs: String) -> String {
        switch reason {
        case .changedOnBoth(let paths):
            let shown = paths.prefix(3).map { $0.isEmpty ? "(the whole value)" : OneLine.escapingInvisible($0) }
            return "changed differently on both sides: " + shown.joined(separator: ", ")
                + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        case .deleted(let side, let changed, let moved):
            let what = [changed ? "changed" : nil, moved ? "moved" : nil].compactMap { $0 }.joined(separator: " and ")
            let (deleter, keeper) = side == .ours ? (ours, theirs) : (theirs, ours)
            return "deleted in \(deleter), \(what) in \(keeper)"
        case .addedOnBoth:
            return "added on both sides with different content"
        case .movedApart:
            return "moved to different places on the two sides"
        }
    }

    /// An id as the file writes it, on one line.
    private static func text(_ id: ScreenID) -> String {
        OneLine.escapingInvisible(JSONWriter(style: .compact).string(id.value))
    }
}
