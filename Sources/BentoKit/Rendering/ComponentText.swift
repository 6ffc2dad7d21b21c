import BentoJSON

/// What a card in the HTML report shows for a component: its main text props
/// (`title`, `text`, `detail`…), looked up in `props` and then among the
/// component's own members, as Bento components keep them; and the rest of
/// its members, shown on demand.
///
/// It reads the component's compact text through a tape: no value is built
/// but the texts shown.
struct ComponentText {
    /// The members that carry what a row says, most important first.
    static let keys = [
        "title", "text", "subtitle", "detail", "label", "value", "placeholder", "message", "caption", "body",
        "description", "price", "badge",
    ]

    /// The main texts, the first one the title: strings as they are, numbers
    /// as written, cut to the width given.
    var lines: [String] = []
    /// Every other member, as a JSON Pointer into the component
    /// (`/props/image`, `/style`) and its value as compact JSON text; a
    /// text that was cut is here too, whole.
    var rest: [(pointer: String, value: [UInt8])] = []

    /// - Complexity: O(k·m) for k keys and m members.
    init(_ component: Component, limit: Int = 4, width: Int = 200, rest wantsRest: Bool = true) {
        let tape = JSONTape(compact: component.content.bytes)  // the members but `type`
        let props = tape.member("props", in: 0).map { $0 + 1 }.flatMap { tape.kind($0) == .object ? $0 : nil }
        let inProps = props.map { Self.keyed(tape, $0) } ?? Array(repeating: nil, count: Self.keys.count)
        let inComponent = Self.keyed(tape, 0)
        var shownInProps: [Int] = [], shownInComponent: [Int] = []  // their name entries
        for k in Self.keys.indices where lines.count < limit {
            for (found, shown) in [(inProps, 0), (inComponent, 1)] {
                guard let name = found[k], let text = Self.text(tape, name + 1) else { continue }
                lines.append(OneLine.cut(text, to: width))
                if text.utf8.count <= width || text.unicodeScalars.count <= width {
                    if shown == 0 { shownInProps.append(name) } else { shownInComponent.append(name) }
                }
                break
            }
        }
        guard wantsRest else { return }
        for (name, value) in tape.members(of: 0) {
            if let props, value == props {
                for (prop, value) in tape.members(of: props) where !shownInProps.contains(prop) {
                    rest.append(("/props/" + JSONPointer.escape(tape.string(at: prop)), Self.compact(tape, value)))
                }
            } else if !shownInComponent.contains(name) {
                rest.append(("/" + JSONPointer.escape(tape.string(at: name)), Self.compact(tape, value)))
            }
        }
    }

    private static let keyBytes = keys.map { Array($0.utf8) }

    /// For each of `keys`, the entry of the member of the object at `index`
    /// with that name, if it has one.
    private static func keyed(_ tape: JSONTape, _ index: Int) -> [Int?] {
        var found = [Int?](repeating: nil, count: keys.count)
        tape.source.bytes.withUnsafeBufferPointer { bytes in
            for (name, _) in tape.members(of: index) {
                let (range, escaped) = tape.rawString(name)
                let k =
                    escaped
                    ? keys.firstIndex { tape.string(at: name, equals: $0) }
                    : keyBytes.firstIndex { $0.count == range.count && $0.elementsEqual(bytes[range]) }
                if let k { found[k] = name }
            }
        }
        return found
    }

    /// A string as it is, a number as written; nil for anything else.
    private static func text(_ tape: JSONTape, _ index: Int) -> String? {
        switch tape.kind(index) {
        case .string: tape.string(at: index)
        case .number: tape.numberText(at: index)
        default: nil
        }
    }

    private static func compact(_ tape: JSONTape, _ index: Int) -> [UInt8] {
        var out: [UInt8] = []
        tape.writeCompact(index, to: &out)
        return out
    }
}
