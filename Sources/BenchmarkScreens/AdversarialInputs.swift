import BentoJSON
import BentoKit

/// Inputs built to make a command slower than O(n log n) if any step of it
/// is not: every format, `apply` and `merge` are timed on them. Each is
/// three texts: OLD, NEW, and THEIRS (OLD with its title changed, so that
/// a merge with NEW as OURS must carry every one of NEW's changes).
///
/// Deterministic: the same kind and size give the same bytes.
public enum AdversarialInputs {
    public enum Kind: String, CaseIterable, Sendable {
        /// One section of n rows, reversed: n − 1 moves.
        case reversedSection
        /// n rows in sections of 100, each moved to the next section.
        case allMovedAcross
        /// A screen of n rows written on one line, one row in forty with a
        /// changed title (1,000 changes in 40k rows).
        case oneLine
        /// The same screens as `oneLine`, pretty-printed: what the one-line
        /// file is judged against.
        case oneLinePretty
        /// One section of n rows, every row's title changed.
        case allUpdated
        /// A few rows, one holding a string of n bytes that changes at its end.
        case hugeString
        /// A row whose props have n members: a hundredth changed, as many
        /// removed and added.
        case wideProps
    }

    /// The three texts of `kind` at size `n` (rows, bytes or members, as
    /// the kind says).
    /// - Complexity: O(n).
    public static func texts(_ kind: Kind, size n: Int) -> (old: [UInt8], new: [UInt8], theirs: [UInt8]) {
        let (old, new) = screens(kind, n)
        var theirs = old
        theirs.attributes["title"] = .string("Adversarial (theirs)")
        let style: JSONWriter.Style = kind == .oneLine ? .line : .pretty
        func text(_ screen: Screen) -> [UInt8] {
            var out: [UInt8] = []
            JSONWriter(style: style).write(screen.jsonValue, to: &out)
            return out + [0x0A]
        }
        return (text(old), text(new), text(theirs))
    }

    /// The size that makes about `bytes` of OLD for `kind`.
    public static func size(_ kind: Kind, forBytes bytes: Int) -> Int {
        switch kind {
        case .reversedSection, .allMovedAcross, .allUpdated: bytes / 150
        case .oneLine, .oneLinePretty: bytes / 140
        case .hugeString: bytes
        case .wideProps: bytes / 40
        }
    }

    private static func screens(_ kind: Kind, _ n: Int) -> (Screen, Screen) {
        switch kind {
        case .reversedSection:
            let rows = (0..<n).map { row($0) }
            return (screen([section(0, rows)]), screen([section(0, rows.reversed())]))
        case .allMovedAcross:
            let count = max(2, (n + 99) / 100)
            var old = [[Node]](repeating: [], count: count), new = old
            for i in 0..<n {
                old[i % count].append(row(i))
                new[(i + 1) % count].append(row(i))
            }
            return (screen(old.enumerated().map { section($0, $1) }), screen(new.enumerated().map { section($0, $1) }))
        case .oneLine, .oneLinePretty:
            let perSection = 8
            let old = stride(from: 0, to: n, by: perSection).map { s in
                section(s / perSection, (s..<min(n, s + perSection)).map { row($0) })
            }
            let new = stride(from: 0, to: n, by: perSection).map { s in
                section(s / perSection, (s..<min(n, s + perSection)).map { row($0, changed: $0 % 40 == 3) })
            }
            return (screen(old), screen(new))
        case .allUpdated:
            return (screen([section(0, (0..<n).map { row($0) })]), screen([section(0, (0..<n).map { row($0, changed: true) })]))
        case .hugeString:
            let long = String(repeating: "abcdefghij", count: max(1, n / 10))
            func rows(_ end: String) -> [Node] {
                (0..<5).map { k in k == 2 ? row(k, title: long + end) : row(k) }
            }
            return (screen([section(0, rows("a"))]), screen([section(0, rows("b"))]))
        case .wideProps:
            func props(_ version: Int) -> JSONObject {
                var members: [(key: String, value: JSONValue)] = []
                members.reserveCapacity(n + n / 100)
                for k in 0..<n {
                    if version == 1 && k % 100 == 7 { continue }
                    let changed = version == 1 && k % 100 == 42
                    members.append((key: "member\(k)", value: .string(changed ? "changed \(k)" : "value \(k)")))
                }
                if version == 1 { for k in stride(from: 0, to: n, by: 100) { members.append((key: "added\(k)", value: .number(JSONNumber(k)))) } }
                return JSONObject(members)
            }
            func wide(_ version: Int) -> Node {
                Node(id: ScreenID("wide"), component: Component(type: "Wide", properties: JSONObject([(key: "props", value: .object(props(version)))])))
            }
            return (screen([section(0, [row(0), wide(0), row(1)])]), screen([section(0, [row(0), wide(1), row(1)])]))
        }
    }

    // MARK: Building blocks

    private static func row(_ k: Int, changed: Bool = false, title: String? = nil) -> Node {
        Node(
            id: ScreenID("row-\(k)"),
            component: Component(
                type: "IconTitleDetails",
                properties: JSONObject([
                    (key: "props", value: .object(JSONObject([
                        (key: "title", value: .string(title ?? (changed ? "Changed title \(k)" : "Title of row \(k)"))),
                        (key: "detail", value: .string("Detail \(k)")),
                    ])))
                ])))
    }

    private static func section(_ k: Int, _ rows: [Node]) -> Section { Section(id: ScreenID("section-\(k)"), rows: rows) }

    private static func screen(_ sections: [Section]) -> Screen {
        var screen = Screen(box: Box(sections: sections))
        screen.attributes["title"] = .string("Adversarial")
        return screen
    }
}
