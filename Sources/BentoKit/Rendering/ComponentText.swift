import BentoJSON

/// What a card in the HTML report shows for a component: its main text props
/// (`title`, `text`, `detail`…), looked up in `props` and then among the
/// component's own members, as Bento components keep them; and the rest of
/// its members, shown on demand.
///
/// It reads the component's compact text in place (`CompactMembers`): the
/// texts are written from it as they are, and only a text that is cut or
/// holds escapes is made a string.
struct ComponentText {
    /// The members that carry what a row says, most important first.
    static let keys = [
        "title", "text", "subtitle", "detail", "label", "value", "placeholder", "message", "caption", "body",
        "description", "price", "badge",
    ]
    private static let keyBytes = keys.map { Array($0.utf8) }

    /// A main text: a string's inside or a number, where it is written.
    struct Line {
        var range: Range<Int>
        var escaped: Bool
    }

    /// The component's members but `type`, as compact text.
    let text: CompactJSON
    /// How many characters of a text are shown.
    let width: Int
    /// The main texts, the first one the title.
    private(set) var mainTexts: [Line] = []
    /// Every other member, as a JSON Pointer into the component
    /// (`/props/image`, `/style`) and where its value's compact text is; a
    /// text that was cut is here too, whole.
    private(set) var rest: [(pointer: String, value: Range<Int>)] = []

    /// - Complexity: O(n + k·m) in the size of the text, for k keys and m
    ///   members.
    init(_ component: Component, limit: Int = 4, width: Int = 200, rest wantsRest: Bool = true) {
        text = component.content
        self.width = width
        text.withBytes { bytes in
            let own = Array(CompactMembers(bytes, objectAt: 0))
            let propsMember = own.firstIndex { bytes[$0.value.lowerBound] == UInt8(ascii: "{") && Self.named(bytes, $0, "props") }
            let props = propsMember.map { Array(CompactMembers(bytes, objectAt: own[$0].value.lowerBound)) } ?? []
            var shownInProps: [Int] = [], shownInComponent: [Int] = []  // where their names start
            for k in Self.keys.indices where mainTexts.count < limit {
                if let m = props.first(where: { Self.named(bytes, $0, k) }), let line = Self.line(bytes, m.value) {
                    mainTexts.append(line)
                    if fits(line, bytes) { shownInProps.append(m.name.lowerBound) }
                } else if let m = own.first(where: { Self.named(bytes, $0, k) }), let line = Self.line(bytes, m.value) {
                    mainTexts.append(line)
                    if fits(line, bytes) { shownInComponent.append(m.name.lowerBound) }
                }
            }
            guard wantsRest else { return }
            for (n, member) in own.enumerated() {
                if n == propsMember {
                    for prop in props where !shownInProps.contains(prop.name.lowerBound) {
                        rest.append(("/props/" + JSONPointer.escape(Self.name(bytes, prop)), prop.value))
                    }
                } else if !shownInComponent.contains(member.name.lowerBound) {
                    rest.append(("/" + JSONPointer.escape(Self.name(bytes, member)), member.value))
                }
            }
        }
    }

    /// The main texts as strings, cut to the width.
    var lines: [String] { mainTexts.indices.map { OneLine.cut(string($0), to: width) } }

    /// Appends main text `k`, cut to the width, escaped.
    func appendLine(_ k: Int, to out: inout HTMLBuffer) {
        let line = mainTexts[k]
        if !line.escaped && line.range.count <= width {
            text.withBytes { out.text(utf8: UnsafeBufferPointer(rebasing: $0[line.range])) }
        } else {
            out.text(OneLine.cut(string(k), to: width))
        }
    }

    /// Appends the compact text of the rest's member `k`, escaped.
    func appendRestValue(_ k: Int, to out: inout HTMLBuffer) {
        text.withBytes { out.text(utf8: UnsafeBufferPointer(rebasing: $0[rest[k].value])) }
    }

    private func string(_ k: Int) -> String {
        let line = mainTexts[k]
        return text.withBytes { JSONTape.string(UnsafeBufferPointer(rebasing: $0[line.range]), escaped: line.escaped) }
    }

    /// Whether a text is shown whole: no longer than the width.
    private func fits(_ line: Line, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[line.range])
        if line.escaped { return JSONTape.string(raw, escaped: true).unicodeScalars.count <= width }
        // A text of no more bytes than that has no more scalars either.
        return raw.count <= width || raw.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } <= width
    }

    /// A string's inside or a number, written at `value`; nil for any other value.
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> Line? {
        switch bytes[value.lowerBound] {
        case UInt8(ascii: "\""):
            let inside = value.lowerBound + 1..<value.upperBound - 1
            return Line(range: inside, escaped: bytes[inside].contains(UInt8(ascii: "\\")))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Line(range: value, escaped: false)
        default:
            return nil
        }
    }

    private static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ member: CompactMembers.Member, _ k: Int) -> Bool {
        let key = keyBytes[k]
        if member.escaped { return CodePoints.equal(name(bytes, member), keys[k]) }
        return member.name.count == key.count && bytes[member.name].elementsEqual(key)
    }

    private static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ member: CompactMembers.Member, _ name: String) -> Bool {
        CodePoints.equal(self.name(bytes, member), name)
    }

    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ member: CompactMembers.Member) -> String {
        JSONTape.string(UnsafeBufferPointer(rebasing: bytes[member.name]), escaped: member.escaped)
    }
}
