import BentoJSON

/// What a card in the HTML report shows for a component: its main text props
/// (`title`, `text`, `detail`…), looked up in `props` and then among the
/// component's own members, as Bento components keep them; and the rest of
/// its members, shown on demand.
///
/// It reads the component's compact text in place (`CompactMembers`), in
/// one pass over each object, with nothing allocated but the table of what
/// it found: a report of 100,000 rows makes one per card. The texts are
/// written from the compact text as they are; only a text that is cut or
/// holds escapes is made a string.
public struct ComponentText {
    /// The members that carry what a row says, most important first.
    public static let keys = [
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
    let content: CompactJSON
    /// How many characters of a text are shown.
    let width: Int
    /// The main texts, the first one the title: at most four.
    private(set) var mainTexts = Slots(filler: Line(range: 0..<0, escaped: false))
    /// Where the value of the `props` object is, if the component has one.
    private var props: Range<Int>?
    /// Where the values of the members shown whole as main texts start:
    /// those are left out of the rest.
    private var shown = Slots(filler: 0)
    /// How many members the rest holds (none when it was not asked for).
    public private(set) var restCount = 0

    /// Calls `body` with what a card shows of `component`: at most `limit`
    /// (four or fewer) main texts cut to `width` characters, and the rest
    /// when `rest` asks for it.
    /// - Complexity: O(n) in the size of the component's text.
    public static func withText<R>(
        of content: CompactJSON, limit: Int = 4, width: Int = 200, rest: Bool = true, _ body: (ComponentText) -> R
    ) -> R {
        body(ComponentText(content, limit: limit, width: width, rest: rest))
    }

    /// How many main texts there are (four at most).
    public var mainTextCount: Int { mainTexts.count }

    private init(_ content: CompactJSON, limit: Int, width: Int, rest wantsRest: Bool) {
        self.content = content
        self.width = width
        let limit = min(limit, Slots<Line>.capacity)
        let keys = Self.keyBytes
        // Per key, where the value of the first member of that name is and
        // whether it is a string with escapes (1) or not (0), in props
        // (slot k) and among the component's own members (slot
        // keys.count + k); -1 for none.
        // Read into locals, not through `self`: the nested functions then
        // touch plain stack values, with no run-time exclusivity checks.
        let read = content.withSpan { bytes in
            var found = [Int](repeating: -1, count: 6 * keys.count)
            var members = 0
            var props: Range<Int>?
            var mainTexts = Slots(filler: Line(range: 0..<0, escaped: false)), shown = Slots(filler: 0)
            // Records the member when it is the first one named after key k.
            func note(_ name: Range<Int>, _ escaped: Bool, _ value: Range<Int>, _ valueEscaped: Bool, slot: Int) {
                members += 1
                guard let k = Self.keyIndex(bytes, name, escaped, keys: keys), found[3 * (slot + k)] < 0 else { return }
                found[3 * (slot + k)] = value.lowerBound
                found[3 * (slot + k) + 1] = value.upperBound
                found[3 * (slot + k) + 2] = valueEscaped ? 1 : 0
            }
            var own = CompactMembers(objectAt: 0)
            while let (name, escaped, start) = own.nextName(in: bytes) {
                if props == nil && bytes[start] == UInt8(ascii: "{") && Self.isProps(bytes, name, escaped) {
                    // Its members stand in its place, read as the value is skipped.
                    var inProps = CompactMembers(objectAt: start)
                    while let (name, escaped, start) = inProps.nextName(in: bytes) {
                        let (end, valueEscaped) = Self.endOfValue(bytes, start)
                        note(name, escaped, start..<end, valueEscaped, slot: 0)
                        inProps.resume(after: end, in: bytes)
                    }
                    props = start..<inProps.end
                    own.resume(after: inProps.end, in: bytes)
                } else {
                    let (end, valueEscaped) = Self.endOfValue(bytes, start)
                    note(name, escaped, start..<end, valueEscaped, slot: keys.count)
                    own.resume(after: end, in: bytes)
                }
            }
            // The text of slot's member, if it has one.
            func take(_ slot: Int) -> Bool {
                let start = found[3 * slot]
                guard start >= 0, let line = Self.line(bytes, start..<found[3 * slot + 1], escaped: found[3 * slot + 2] == 1)
                else { return false }
                mainTexts.append(line)
                if Self.fits(line, bytes, width: width) { shown.append(start) }
                return true
            }
            for k in keys.indices where mainTexts.count < limit {
                if !take(k) { _ = take(keys.count + k) }
            }
            return (mainTexts, shown, props, members)
        }
        (mainTexts, shown, props) = (read.0, read.1, read.2)
        let members = read.3
        if wantsRest { restCount = members - shown.count }
    }

    /// Past the value that starts at `start`, and whether it is a string
    /// with escapes.
    private static func endOfValue(_ bytes: Span<UInt8>, _ start: Int) -> (Int, Bool) {
        guard bytes[start] == UInt8(ascii: "\"") else { return (CompactMembers.endOfValue(bytes, start), false) }
        return CompactMembers.endOfString(bytes, start)
    }

    /// Calls `body` with every member of the rest in order: the component's
    /// own members, with those of `props` in its place; `inProps` says which.
    /// - Complexity: O(n) in the size of the text.
    public func forEachRest(_ body: (_ member: CompactMembers.Member, _ inProps: Bool) -> Void) {
        guard restCount > 0 else { return }
        // One pass, in place: `props` is read member by member, not skipped
        // first (its end is known), and no list of members is made.
        content.withSpan { bytes in
            var own = CompactMembers(objectAt: 0)
            while let (name, escaped, start) = own.nextName(in: bytes) {
                if let props, start == props.lowerBound {
                    var inner = CompactMembers(objectAt: start)
                    while let member = inner.next(in: bytes) {
                        if !isShown(member) { body(member, true) }
                    }
                    own.resume(after: props.upperBound, in: bytes)
                    continue
                }
                let end = CompactMembers.endOfValue(bytes, start)
                own.resume(after: end, in: bytes)
                let member = CompactMembers.Member(name: name, escaped: escaped, value: start..<end)
                if !isShown(member) { body(member, false) }
            }
        }
    }

    private func isShown(_ member: CompactMembers.Member) -> Bool {
        shown.contains(member.value.lowerBound)
    }

    /// Every member of the rest, as a JSON Pointer into the component
    /// (`/props/image`, `/style`) and its value's compact text; a text that
    /// was cut is here too, whole.
    public var rest: [(pointer: String, value: String)] {
        var rest: [(pointer: String, value: String)] = []
        forEachRest { member, inProps in
            content.withSpan { bytes in
                let value = bytes.extracting(member.value).string
                rest.append(((inProps ? "/props/" : "/") + JSONPointer.escape(Self.name(bytes, member)), value))
            }
        }
        return rest
    }

    /// The main texts as strings, cut to the width.
    public var lines: [String] { mainTexts.indices.map { OneLine.cut(string($0), to: width) } }

    /// Appends main text `k`, cut to the width, escaped.
    public func appendLine(_ k: Int, to out: inout HTMLBuffer) {
        let line = mainTexts[k]
        if !line.escaped && line.range.count <= width {
            content.withSpan { out.text(utf8: $0.extracting(line.range)) }
        } else {
            out.text(OneLine.cut(string(k), to: width))
        }
    }

    /// Appends the JSON Pointer of a member of the rest (`/props/image`),
    /// escaped: from the text as it is when its name needs no escape.
    public func appendPointer(_ member: CompactMembers.Member, inProps: Bool, to out: inout HTMLBuffer) {
        out.markup(inProps ? "/props/" : "/")
        content.withSpan { bytes in
            let raw = bytes.extracting(member.name)
            var plain = !member.escaped
            for k in raw.indices where raw[k] == UInt8(ascii: "~") || raw[k] == UInt8(ascii: "/") { plain = false }
            if plain {
                out.text(utf8: raw)
            } else {
                out.text(JSONPointer.escape(Self.name(bytes, member)))
            }
        }
    }

    /// Appends the compact text of the value of a member of the rest, escaped.
    public func appendValue(_ member: CompactMembers.Member, to out: inout HTMLBuffer) {
        content.withSpan { out.text(utf8: $0.extracting(member.value)) }
    }

    private func string(_ k: Int) -> String {
        let line = mainTexts[k]
        return content.withSpan { JSONTape.string($0.extracting(line.range), escaped: line.escaped) }
    }

    /// Whether a text is shown whole: no longer than the width.
    private static func fits(_ line: Line, _ bytes: Span<UInt8>, width: Int) -> Bool {
        let raw = bytes.extracting(line.range)
        if line.escaped { return JSONTape.string(raw, escaped: true).unicodeScalars.count <= width }
        return OneLine.cutEnd(raw, width: width) == nil
    }

    /// A string's inside or a number, written at `value`; nil for any other value.
    private static func line(_ bytes: Span<UInt8>, _ value: Range<Int>, escaped: Bool) -> Line? {
        switch bytes[value.lowerBound] {
        case UInt8(ascii: "\""):
            return Line(range: value.lowerBound + 1..<value.upperBound - 1, escaped: escaped)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Line(range: value, escaped: false)
        default:
            return nil
        }
    }

    /// The key a member named `name` is named after, if any.
    private static func keyIndex(_ bytes: Span<UInt8>, _ name: Range<Int>, _ escaped: Bool, keys: [[UInt8]]) -> Int? {
        if escaped {
            let name = JSONTape.string(bytes.extracting(name), escaped: true)
            return Self.keys.firstIndex { CodePoints.equal(name, $0) }
        }
        let name = bytes.extracting(name)
        return keys.firstIndex { key in key.withSpan { $0.sameBytes(as: name) } }
    }

    private static func isProps(_ bytes: Span<UInt8>, _ name: Range<Int>, _ escaped: Bool) -> Bool {
        guard !escaped else { return CodePoints.equal(JSONTape.string(bytes.extracting(name), escaped: true), "props") }
        return "props".withUTF8Span { $0.sameBytes(as: bytes.extracting(name)) }
    }

    private static func name(_ bytes: Span<UInt8>, _ member: CompactMembers.Member) -> String {
        JSONTape.string(bytes.extracting(member.name), escaped: member.escaped)
    }
}

extension ComponentText {
    /// Up to four elements, held in place: an array would be an allocation
    /// per card.
    struct Slots<Element>: RandomAccessCollection {
        static var capacity: Int { 4 }
        private var slots: (Element, Element, Element, Element)
        private(set) var endIndex = 0
        var startIndex: Int { 0 }

        /// No elements; `filler` stands in the empty slots.
        init(filler: Element) {
            slots = (filler, filler, filler, filler)
        }

        subscript(k: Int) -> Element {
            precondition(k >= 0 && k < endIndex, "slot out of range")
            switch k {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            default: return slots.3
            }
        }

        mutating func append(_ element: Element) {
            precondition(endIndex < Self.capacity, "more than four elements")
            switch endIndex {
            case 0: slots.0 = element
            case 1: slots.1 = element
            case 2: slots.2 = element
            default: slots.3 = element
            }
            endIndex += 1
        }
    }
}
