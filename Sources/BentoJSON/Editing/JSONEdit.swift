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
    case object(source: Int, Layout, members: [Item])
    /// The array written as `layout` says in `source`, with these elements.
    case array(source: Int, Layout, elements: [Item])
    /// The array written as `layout` says in `source`, whose `count`
    /// elements (none in conflict) are worked out a run at a time as they
    /// are written, on all cores: `elements(run)` gives those of `run`.
    /// The edit of a long list is never held whole.
    case arrayInRuns(source: Int, Layout, count: Int, elements: @Sendable (Range<Int>) -> [Item])
    /// A container that no source has, written in the style: an object of
    /// members or an array of elements.
    case container(isObject: Bool, [Item])
    /// New content, written in the style.
    case new(JSONValue)
    /// New content given as compact text (`CompactJSON`'s form), written
    /// in the style: a value need not be built to be written.
    case newCompact([UInt8])
    /// `edit`, whose bytes of source `source` are taken from `window`
    /// (`SourceBytes(window:of:)`): a value edited far from where the rest
    /// is copied from, read from the file rather than through the mapping.
    indirect case windowed(source: Int, window: SourceBytes, edit: JSONEdit)

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

extension JSONEdit.Item {
    /// True for a conflict between two sides' children.
    var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }
}
