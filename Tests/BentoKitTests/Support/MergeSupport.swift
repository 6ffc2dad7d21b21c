@testable import BentoJSON
@testable import BentoKit

/// Helpers for the merge's tests: screens in a short notation, and the text
/// left when one side of every conflict block is kept.
enum MergeSupport {
    /// A one-box screen from `a: x y=Title z; b: w`: sections by id, rows by
    /// id, a row's `title` after `=` (rows without one have none). `attrs`
    /// are the screen's attributes, as JSON members.
    static func screen(_ layout: String, attributes: String = "") throws -> Screen {
        var sections: [String] = []
        for part in layout.split(separator: ";") {
            let halves = part.split(separator: ":", maxSplits: 1)
            let id = halves[0].filter { $0 != " " }
            let rows = halves.count > 1 ? halves[1].split(separator: " ").map(String.init) : []
            let nodes = rows.map { row in
                let bits = row.split(separator: "=", maxSplits: 1)
                let title = bits.count > 1 ? #","title":"\#(bits[1])""# : ""
                return #"{"id":"\#(bits[0])","component":{"type":"T"\#(title)}}"#
            }
            sections.append(#"{"id":"\#(id)","rows":[\#(nodes.joined(separator: ","))]}"#)
        }
        let extra = attributes.isEmpty ? "" : "," + attributes
        return try Screens.read(#"{"box":{"sections":[\#(sections.joined(separator: ","))]}\#(extra)}"#)
    }

    /// The box of `screen` in the notation of `screen(_:)`.
    static func layout(_ screen: Screen) -> String {
        screen.box.sections.map { section in
            let rows = section.rows.map { row -> String in
                if case .string(let title)? = row.component.properties["title"] { return "\(row.id.value.text)=\(title)" }
                return row.id.value.text
            }
            return ([section.id.value.text + ":"] + rows).joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// The merge of three screens in the notation of `screen(_:)`.
    static func merge(_ base: String, _ ours: String, _ theirs: String) throws -> MergedScreen {
        ThreeWayMerge.merge(base: try screen(base), ours: try screen(ours), theirs: try screen(theirs))
    }

    /// `text` with each conflict resolved by hand to `side`: that side's
    /// block kept, the other's and the three marker lines deleted.
    static func keep(_ side: MergeSide, of text: String) -> String {
        var kept: [Substring] = []
        var block: MergeSide?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case "<<<<<<< OURS": block = .ours
            case "=======": block = .theirs
            case ">>>>>>> THEIRS": block = nil
            default: if block == nil || block == side { kept.append(line) }
            }
        }
        return kept.joined(separator: "\n")
    }

    /// True when the two screens are equal as bento-screen(5) compares them.
    static func same(_ a: Screen, _ b: Screen) -> Bool {
        ScreenDiff.changeset(from: a, to: b).isIdentical
    }
}

extension JSONValue {
    /// A string's text, or the compact JSON of another value.
    fileprivate var text: String {
        if case .string(let s) = self { return s }
        return JSONWriter(style: .compact).string(self)
    }
}
