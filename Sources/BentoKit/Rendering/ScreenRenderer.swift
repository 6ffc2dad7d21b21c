import BentoJSON

/// Writes a screen as `bento apply` and `bento merge` write screens:
/// indented two spaces, members in the model's order (box,
/// pinnedToBottomBox, then the attributes; id, header, footer, rows; id,
/// component; the component's type first), numbers as written, a final
/// newline. A Box-form screen without attributes stays a Box.
///
/// The bytes are those of `JSONWriter(style: .pretty)` over the screen's
/// `jsonValue`, written straight from the model: components from their
/// compact text, without building a value tree. The JSON changeset writes
/// the sections and rows its records carry with it too.
public enum ScreenRenderer {
    /// The screen as JSON text.
    /// - Complexity: O(n) in the size of the screen.
    public static func render(_ screen: Screen) -> [UInt8] { pieces(screen).joinedBytes() }

    /// `render`'s text in pieces, in order: each section of a box is one,
    /// written on all cores, and the pieces are written out as they are
    /// (a screen of 100k rows is not copied into one text).
    /// - Complexity: O(n) in the size of the screen.
    public static func pieces(_ screen: Screen) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        write(screen) { pieces += $0 }
        return pieces
    }

    /// Calls `write` with `render`'s text in pieces, in order, a part of
    /// sections at a time (`ScreenRenderer.rowsPerPart`): the parts are written on all
    /// cores, each handed over as soon as it and those before it are
    /// written, so that a screen of 100k rows is never held whole.
    /// - Complexity: O(n) in the size of the screen.
    public static func write(_ screen: Screen, to write: ([[UInt8]]) -> Void) {
        var pieces: [[UInt8]] = []
        var out: [UInt8] = []
        self.write(screen, to: &out, pieces: &pieces) { pieces in
            write(pieces)
            pieces.removeAll()
        }
        out.append(UInt8(ascii: "\n"))
        pieces.append(out)
        write(pieces)
    }

    static let writer = JSONWriter(style: .pretty)

    /// Writes `screen` to `out`, moving what `out` holds to `pieces` each
    /// time a section's text is added as a piece of its own; `flush` gets
    /// the pieces after each part of sections.
    static func write(
        _ screen: Screen, to out: inout [UInt8], pieces: inout [[UInt8]], flush: (inout [[UInt8]]) -> Void
    ) {
        if screen.shape == .box && screen.pinnedToBottomBox == nil && screen.attributes.isEmpty {
            write(screen.box, to: &out, indent: 0, pieces: &pieces, flush: flush)
            return
        }
        var document = JSONWriter.Container.object(writer, indent: 0, &out)
        document.member("box", &out)
        write(screen.box, to: &out, indent: 1, pieces: &pieces, flush: flush)
        if let pinned = screen.pinnedToBottomBox {
            document.member("pinnedToBottomBox", &out)
            write(pinned, to: &out, indent: 1, pieces: &pieces, flush: flush)
        }
        for (key, value) in screen.attributes.members {
            document.member(escaping: key, &out)
            writer.write(value, to: &out, indent: 1)
        }
        document.close(&out)
    }

    /// Writes `box`: its sections' texts are pieces of their own, written
    /// on all cores a part of about `ScreenRenderer.rowsPerPart` rows at a
    /// time, each part flushed as soon as it and those before it are
    /// written, while the next are (no more than `rowsAhead` rows
    /// ahead, a few megabytes).
    static func write(
        _ box: Box, to out: inout [UInt8], indent: Int, pieces: inout [[UInt8]], flush: (inout [[UInt8]]) -> Void
    ) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("sections", &out)
        var array = JSONWriter.Container.array(writer, indent: indent + 1, &out)
        let sections = box.sections
        let (parts, rows) = Self.parts(of: sections)
        Parallel.streamed(
            parts.count, ahead: ScreenRenderer.rowsAhead, weight: { rows[$0] },
            make: { k in
                parts[k].map { s in
                    var text: [UInt8] = []
                    write(sections[s], to: &text, indent: indent + 2)
                    return text
                }
            }
        ) { texts in
            for text in texts {
                array.element(&out)
                pieces.append(out)
                pieces.append(text)
                out = []
            }
            flush(&pieces)
        }
        array.close(&out)
        object.close(&out)
    }

    /// `sections` cut into runs of about `ScreenRenderer.rowsPerPart` rows (a section is
    /// never cut), and the rows of each.
    static func parts(of sections: [Section]) -> (parts: [Range<Int>], rows: [Int]) {
        // A section without rows is still written.
        let (parts, rows) = Parallel.runs(
            weighing: sections.map { $0.rows.count + 1 }, atLeast: ScreenRenderer.rowsPerPart)
        return (parts, rows)
    }

    /// Each element's text at `indent`, written on all cores: the sections
    /// of a large box are independent.
    static func inParallel<Element: Sendable>(
        _ elements: [Element], indent: Int, _ write: @escaping @Sendable (Element, inout [UInt8], Int) -> Void
    ) -> [[UInt8]] {
        elements.concurrentMap { element in
            var text: [UInt8] = []
            write(element, &text, indent)
            return text
        }
    }

    static func write(_ section: Section, to out: inout [UInt8], indent: Int) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("id", &out)
        section.id.write(with: writer, to: &out, indent: indent + 1)
        if let header = section.header {
            object.member("header", &out)
            header.write(with: writer, to: &out, indent: indent + 1)
        }
        if let footer = section.footer {
            object.member("footer", &out)
            footer.write(with: writer, to: &out, indent: indent + 1)
        }
        object.member("rows", &out)
        writer.writeArray(section.rows, to: &out, indent: indent + 1) { node, out, indent in
            write(node, to: &out, indent: indent)
        }
        object.close(&out)
    }

    static func write(_ node: Node, to out: inout [UInt8], indent: Int) {
        var object = JSONWriter.Container.object(writer, indent: indent, &out)
        object.member("id", &out)
        node.id.write(with: writer, to: &out, indent: indent + 1)
        object.member("component", &out)
        node.component.write(with: writer, to: &out, indent: indent + 1)
        object.close(&out)
    }
}

/// How much a thread takes at a time.
extension ScreenRenderer {
    /// Rows of a screen written per part (`apply`, `merge`)...
    static let rowsPerPart = 2048
    /// ...and how many may be made ahead of the writer.
    static let rowsAhead = 4 * rowsPerPart
}
