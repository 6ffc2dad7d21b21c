import BentoJSON

/// What a card in the HTML report shows for a component: its main text props
/// (`title`, `text`, `detail`…), looked up in `props` and then among the
/// component's own members, as Bento components keep them; and the rest of
/// its members, shown on demand.
///
/// It reads the component's compact text in place (`CompactMembers`), in
/// one pass over each object, with nothing allocated: a report of 100,000
/// rows makes one per card. The texts are
/// written from the compact text as they are; only a text that is cut or
/// holds escapes is made a string.
///
/// It holds where things are, not the text: each use is given the text's
/// bytes, lent, so that a card is drawn without a reference to the text's
/// storage counted up and down, which the cards drawn on the other cores
/// share.
public struct ComponentText {
    /// The members that carry what a row says, most important first.
    public static let keys = [
        "title", "text", "subtitle", "detail", "label", "value", "placeholder", "message", "caption", "body",
        "description", "price", "badge",
    ]

    /// A main text: a string's inside or a number, where it is written.
    struct Line {
        var range: Range<Int>
        var escaped: Bool
    }

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

    /// Calls `body` with what a card shows of `content` (a component's
    /// members but `type`) and the bytes of its text, which the card's
    /// other calls are given: at most `limit` (four or fewer) main texts cut
    /// to `width` characters, and the rest when `rest` asks for it.
    /// - Complexity: O(n) in the size of the component's text.
    public static func withText<R>(
        of content: borrowing CompactJSON, limit: Int = 4, width: Int = 200, rest: Bool = true,
        _ body: (ComponentText, Span<UInt8>) -> R
    ) -> R {
        content.withSpan { bytes in body(ComponentText(bytes, limit: limit, width: width, rest: rest), bytes) }
    }

    /// How many main texts there are (four at most).
    public var mainTextCount: Int { mainTexts.count }

    private init(_ bytes: Span<UInt8>, limit: Int, width: Int, rest wantsRest: Bool) {
        self.width = width
        let read = Self.read(bytes, limit: limit, width: width, rest: wantsRest)
        (mainTexts, shown, props) = (read.mainTexts, read.shown, read.props)
        if wantsRest { restCount = read.members - shown.count }
    }

    /// Appends the first main text of `content` (cut to `width` characters,
    /// escaped) between `open` and `close`; nothing when it has none. The
    /// component is read where it is, lent: a folded row of a report of
    /// 100,000 rows is drawn without a reference counted up and down, on
    /// cores that share its blocks of text.
    /// - Complexity: O(n) in the size of the component's text, less when
    ///   `props` holds a `title`.
    public static func appendTitle(
        of content: borrowing CompactJSON, width: Int = 200, between open: StaticString, and close: StaticString,
        to out: inout HTMLBuffer
    ) {
        content.withSpan { bytes in
            let title: Line
            if let leading = leadingPropsTitle(bytes) {
                title = leading
            } else {
                let read = Self.read(bytes, limit: 1, width: width, rest: false)
                guard read.mainTexts.count > 0 else { return }
                title = read.mainTexts[0]
            }
            out.markup(open)
            appendLine(title, of: bytes, width: width, to: &out)
            out.markup(close)
        }
    }

    /// The title of a component that starts as most do, `{"props":{"title":"`:
    /// the line `read` would choose first (a `title` in `props` cannot be
    /// bettered), found without a look at the other members.
    private static func leadingPropsTitle(_ bytes: Span<UInt8>) -> Line? {
        // `{"props"`, `:{"title`, `title":"` as little-endian words.
        guard bytes.count > 19 && bytes.word(at: 0) == 0x2273_706f_7270_227b
            && bytes.word(at: 8) == 0x656c_7469_7422_7b3a && bytes.word(at: 11) == 0x223a_2265_6c74_6974
        else { return nil }
        let (end, escaped) = CompactMembers.endOfString(bytes, 18)
        return Line(range: 19..<end - 1, escaped: escaped)
    }

    /// What a card shows of the component whose text is `bytes`: see `withText`.
    /// Without `rest`, `members` is not counted and `props` may be missing.
    private static func read(_ bytes: Span<UInt8>, limit: Int, width: Int, rest wantsRest: Bool) -> (
        mainTexts: Slots<Line>, shown: Slots<Int>, props: Range<Int>?, members: Int
    ) {
        let limit = min(limit, Slots<Line>.capacity)
        var chosen = Chosen(limit: limit)
        var members = 0
        var props: Range<Int>?
        // Offers the member when it is named after a key and its value is a text.
        func note(_ name: Range<Int>, _ escaped: Bool, _ value: Range<Int>, _ valueEscaped: Bool, inProps: Bool) {
            members += 1
            guard let k = Self.keyIndex(bytes, name, escaped), Self.isText(bytes[value.lowerBound]) else { return }
            chosen.offer(Candidate(key: k, inProps: inProps, value: value, escaped: valueEscaped))
        }
        var own = CompactMembers(objectAt: 0)
        members: while let (name, escaped, start) = own.nextName(in: bytes) {
            if props == nil && bytes[start] == UInt8(ascii: "{") && Self.isProps(bytes, name, escaped) {
                // Its members stand in its place, read as the value is skipped.
                var inProps = CompactMembers(objectAt: start)
                while let (name, escaped, start) = inProps.nextName(in: bytes) {
                    let (end, valueEscaped) = Self.endOfValue(bytes, start)
                    note(name, escaped, start..<end, valueEscaped, inProps: true)
                    // A line's title found in `props` cannot be bettered:
                    // with no rest to count, the other members need no look.
                    if !wantsRest && chosen.isSettled { break members }
                    inProps.resume(after: end, in: bytes)
                }
                props = start..<inProps.end
                own.resume(after: inProps.end, in: bytes)
            } else {
                let (end, valueEscaped) = Self.endOfValue(bytes, start)
                note(name, escaped, start..<end, valueEscaped, inProps: false)
                own.resume(after: end, in: bytes)
            }
        }
        var mainTexts = Slots(filler: Line(range: 0..<0, escaped: false)), shown = Slots(filler: 0)
        for k in 0..<chosen.count {
            let candidate = chosen[k]
            let line = Self.line(bytes, candidate.value, escaped: candidate.escaped)
            mainTexts.append(line)
            if Self.fits(line, bytes, width: width) { shown.append(candidate.value.lowerBound) }
        }
        return (mainTexts, shown, props, members)
    }

    /// Past the value that starts at `start`, and whether it is a string
    /// with escapes.
    private static func endOfValue(_ bytes: Span<UInt8>, _ start: Int) -> (Int, Bool) {
        guard bytes[start] == UInt8(ascii: "\"") else { return (CompactMembers.endOfValue(bytes, start), false) }
        return CompactMembers.endOfString(bytes, start)
    }

    /// Calls `body` with every member of the rest of the text `bytes` in
    /// order: the component's own members, with those of `props` in its
    /// place; `inProps` says which.
    /// - Complexity: O(n) in the size of the text.
    public func forEachRest(in bytes: Span<UInt8>, _ body: (_ member: CompactMembers.Member, _ inProps: Bool) -> Void) {
        guard restCount > 0 else { return }
        // One pass, in place: `props` is read member by member, not skipped
        // first (its end is known), and no list of members is made.
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

    private func isShown(_ member: CompactMembers.Member) -> Bool {
        shown.contains(member.value.lowerBound)
    }

    /// Every member of the rest of the text `bytes`, as a JSON Pointer into
    /// the component (`/props/image`, `/style`) and its value's compact
    /// text; a text that was cut is here too, whole.
    public func rest(in bytes: Span<UInt8>) -> [(pointer: String, value: String)] {
        var rest: [(pointer: String, value: String)] = []
        forEachRest(in: bytes) { member, inProps in
            let value = bytes.extracting(member.value).string
            rest.append(((inProps ? "/props/" : "/") + JSONPointer.escape(Self.name(bytes, member)), value))
        }
        return rest
    }

    /// The main texts of the text `bytes` as strings, cut to the width.
    public func lines(in bytes: Span<UInt8>) -> [String] {
        mainTexts.map { OneLine.cut(JSONTape.string(bytes.extracting($0.range), escaped: $0.escaped), to: width) }
    }

    /// Appends main text `k` of the text `bytes`, cut to the width, escaped.
    public func appendLine(_ k: Int, of bytes: Span<UInt8>, to out: inout HTMLBuffer) {
        Self.appendLine(mainTexts[k], of: bytes, width: width, to: &out)
    }

    /// Appends `line` of the text `bytes`, cut to `width` characters, escaped.
    private static func appendLine(_ line: Line, of bytes: Span<UInt8>, width: Int, to out: inout HTMLBuffer) {
        if !line.escaped && line.range.count <= width {
            out.text(utf8: bytes.extracting(line.range))
        } else {
            out.text(OneLine.cut(JSONTape.string(bytes.extracting(line.range), escaped: line.escaped), to: width))
        }
    }

    /// Appends the JSON Pointer of a member of the rest of the text `bytes`
    /// (`/props/image`), escaped: from the text as it is when its name needs
    /// no escape.
    public static func appendPointer(
        _ member: CompactMembers.Member, inProps: Bool, of bytes: Span<UInt8>, to out: inout HTMLBuffer
    ) {
        out.markup(inProps ? "/props/" : "/")
        let raw = bytes.extracting(member.name)
        if !member.escaped && raw.firstIndex(in: JSONPointer.Escaped.self, from: 0) == nil {
            out.text(utf8: raw)
        } else {
            out.text(JSONPointer.escape(Self.name(bytes, member)))
        }
    }

    /// Whether a text is shown whole: no longer than the width.
    private static func fits(_ line: Line, _ bytes: Span<UInt8>, width: Int) -> Bool {
        let raw = bytes.extracting(line.range)
        if line.escaped { return JSONTape.string(raw, escaped: true).unicodeScalars.count <= width }
        return OneLine.cutEnd(raw, width: width) == nil
    }

    /// Whether a value that starts with `first` is a text: a string or a number.
    private static func isText(_ first: UInt8) -> Bool {
        first == UInt8(ascii: "\"") || first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    }

    /// A text's line: a string's inside, or a number as written at `value`.
    private static func line(_ bytes: Span<UInt8>, _ value: Range<Int>, escaped: Bool) -> Line {
        guard bytes[value.lowerBound] == UInt8(ascii: "\"") else { return Line(range: value, escaped: false) }
        return Line(range: value.lowerBound + 1..<value.upperBound - 1, escaped: escaped)
    }

    /// The key a member named `name` is named after, if any. A name without
    /// escapes is told by its length, then by its first word (and, at eleven
    /// bytes, its second), which are constants: no key is looked up in a
    /// table (every card asks for every member, on all cores at once).
    private static func keyIndex(_ bytes: Span<UInt8>, _ name: Range<Int>, _ escaped: Bool) -> Int? {
        if escaped {
            let name = JSONTape.string(bytes.extracting(name), escaped: true)
            return Self.keys.firstIndex { CodePoints.equal(name, $0) }
        }
        // A key is 4 to 11 bytes long: the rest are done with one test.
        guard name.count >= 4 && name.count <= 11 else { return nil }
        let low = bytes.word(at: name.lowerBound, count: min(name.count, 8))
        // Each key's bytes as little-endian words (`title`: 0x656c746974).
        switch name.count {
        case 4:
            switch low {
            case 0x7478_6574: return 1  // text
            case 0x7964_6f62: return 9  // body
            default: return nil
            }
        case 5:
            switch low {
            case 0x65_6c74_6974: return 0  // title
            case 0x6c_6562_616c: return 4  // label
            case 0x65_756c_6176: return 5  // value
            case 0x65_6369_7270: return 11  // price
            case 0x65_6764_6162: return 12  // badge
            default: return nil
            }
        case 6: return low == 0x6c69_6174_6564 ? 3 : nil  // detail
        case 7:
            switch low {
            case 0x65_6761_7373_656d: return 7  // message
            case 0x6e_6f69_7470_6163: return 8  // caption
            default: return nil
            }
        case 8: return low == 0x656c_7469_7462_7573 ? 2 : nil  // subtitle
        case 11:
            let high = bytes.word(at: name.lowerBound + 8, count: 3)
            switch (low, high) {
            case (0x6c6f_6865_6361_6c70, 0x72_6564): return 6  // placeholder
            case (0x7470_6972_6373_6564, 0x6e_6f69): return 10  // description
            default: return nil
            }
        default: return nil
        }
    }

    private static func isProps(_ bytes: Span<UInt8>, _ name: Range<Int>, _ escaped: Bool) -> Bool {
        guard !escaped else { return CodePoints.equal(JSONTape.string(bytes.extracting(name), escaped: true), "props") }
        return name.count == 5 && bytes.word(at: name.lowerBound, count: 5) == 0x73_706f_7270  // props
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
            get {
                precondition(k >= 0 && k < endIndex, "slot out of range")
                switch k {
                case 0: return slots.0
                case 1: return slots.1
                case 2: return slots.2
                default: return slots.3
                }
            }
            set {
                precondition(k >= 0 && k < endIndex, "slot out of range")
                switch k {
                case 0: slots.0 = newValue
                case 1: slots.1 = newValue
                case 2: slots.2 = newValue
                default: slots.3 = newValue
                }
            }
        }

        /// Puts `element` at `k`, moving those after it up; the last goes
        /// when there would be more than `limit`.
        mutating func insert(_ element: Element, at k: Int, keepingAtMost limit: Int) {
            if endIndex < limit { append(element) }
            var j = endIndex - 1
            while j > k {
                self[j] = self[j - 1]
                j -= 1
            }
            self[k] = element
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
