/// What to write where a value stands, in terms of the texts it can be
/// taken from (`JSONEditWriter`'s sources, by number: 0 is the text being
/// edited, others lend what they bring, as THEIRS does in a merge), by
/// the byte ranges their reader found: a text need not be parsed whole
/// to be edited.
///
/// An edit never prints a model: a value kept is its source's bytes, a
/// container edited keeps its brackets, the white space between its
/// children and each child's own bytes; only `new` content is written, in
/// the edited text's style (`TextStyle`). (Not `indirect`: the children
/// are in arrays, and a screen's edit holds a `keep` for each of thousands
/// of rows, which would each be a box of their own.)
public enum JSONEdit: Sendable {
    /// The value written at `range` of source `source`, as written.
    case keep(source: Int, range: Range<Int>)
    /// The object written as `layout` says in `source`, with these members.
    case object(source: Int, Layout, members: Items)
    /// The array written as `layout` says in `source`, with these elements.
    case array(source: Int, Layout, elements: Items)
    /// A container that no source has, written in the style: an object of
    /// members or an array of elements.
    case container(isObject: Bool, [Item])
    /// New content, written in the style.
    case new(JSONValue)
    /// New content given as compact text (`CompactJSON`'s form), written
    /// in the style: a value need not be built to be written.
    case newCompact([UInt8])
    /// The value written at `range` of source `source`, as written, but
    /// for the values inside it that `replaced` writes anew (in order,
    /// none inside another): a few values of a long one set, without
    /// walking its containers.
    case spliced(source: Int, range: Range<Int>, replaced: [Replacement])

    /// A value inside a `spliced` one, written anew: where it is written,
    /// and its new value as compact text, written in the style.
    public struct Replacement: Sendable {
        /// Where the value replaced is written in the source.
        public var range: Range<Int>
        /// The value written there instead, as compact text (`CompactJSON`'s form).
        public var compact: [UInt8]

        /// The value at `range` replaced by `compact`.
        public init(range: Range<Int>, compact: [UInt8]) {
            self.range = range
            self.compact = compact
        }
    }

    /// One child of an edited container: a member or an element, or a
    /// conflict between two sides' children, written between markers (with
    /// BASE's children between them in the diff3 style; nil without).
    public enum Item: Sendable {
        case child(Child)
        case conflict(ours: [Child], theirs: [Child], base: [Child]? = nil)
    }

    /// A member or an element.
    public struct Child: Sendable {
        /// Its index among the children of the container edited, when it
        /// is one of them: it keeps the white space and separator before it.
        public var origin: Int?
        /// A member's name; nil for an element.
        public var name: Name?
        /// Its value.
        public var value: JSONEdit

        /// A child of the edited container (`origin`) or from elsewhere.
        public init(origin: Int? = nil, name: Name? = nil, value: JSONEdit) {
            self.origin = origin
            self.name = name
            self.value = value
        }
    }

    /// Where a container is written in its source: the whole of it, from
    /// bracket to bracket, and each child.
    public struct Layout: Sendable {
        /// From the opening bracket to the closing one.
        public var whole: Range<Int>
        /// The children, in order.
        public var children: [Span]

        /// A container written at `whole`, with `children`.
        public init(whole: Range<Int>, children: [Span]) {
            self.whole = whole
            self.children = children
        }
    }

    /// Where one child of a container is written: from its start (a
    /// member's name) and its value.
    public struct Span: Sendable {
        /// Where the child starts: a member at its name's quote.
        public var start: Int
        /// Where its value is written.
        public var value: Range<Int>

        /// A child starting at `start`, its value at `value`.
        public init(start: Int, value: Range<Int>) {
            self.start = start
            self.value = value
        }
    }

    /// A member's name: as a source spells it, or a new one.
    public enum Name: Sendable {
        /// The name string written at `range` of `source`, quotes and all.
        case spelled(source: Int, range: Range<Int>)
        /// A name written anew.
        case text(String)
    }
}

extension JSONEdit {
    /// The children of a container edited in place: given, or made one by
    /// one as they are written, so that the edit of a long list (a box's
    /// sections) is never held whole. When and on how many cores they are
    /// made is the writer's to decide (`JSONEditWriter.Schedule`).
    public struct Items: Sendable, ExpressibleByArrayLiteral {
        /// How many there are.
        public let count: Int
        private let storage: Storage

        private enum Storage: Sendable {
            case given([Item])
            case made(@Sendable (Int) -> Item)
        }

        /// `items`, as they are.
        public init(_ items: [Item]) {
            count = items.count
            storage = .given(items)
        }

        /// The children listed.
        public init(arrayLiteral items: Item...) {
            self.init(items)
        }

        /// `count` children, child `k` being `make(k)`, none in conflict.
        /// `make` may be called from any thread, once for each child.
        public init(count: Int, made make: @escaping @Sendable (Int) -> Item) {
            self.count = count
            storage = .made(make)
        }

        /// Children `run`.
        /// - Complexity: O(r) in the length of the run, plus making them.
        public subscript(run: Range<Int>) -> [Item] {
            switch storage {
            case .given(let items): Array(items[run])
            case .made(let make): run.map(make)
            }
        }

        /// All of them: given, or made now.
        public var all: [Item] {
            switch storage {
            case .given(let items): items
            case .made: self[0..<count]
            }
        }

        /// True when some child is in conflict (never for children made).
        var hasConflict: Bool {
            if case .given(let items) = storage { return items.contains(where: \.isConflict) }
            return false
        }
    }
}

extension JSONEdit.Item {
    /// True for a conflict between two sides' children.
    var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }
}
