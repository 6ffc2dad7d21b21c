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
    /// sections at a time (`Parallel.RunSize.screenRows`): the parts are written on all
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

    /// Sections are written in parts of about `Parallel.RunSize.screenRows`
    /// rows, each part by one core (the fewer sections, the more rows each
    /// holds), and parts are written ahead of the writer while their rows
    /// add up to no more than `screenRowsAhead` (a few megabytes).

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
        out.append(UInt8(ascii: "{"))
        writer.newline(&out, 1)
        writer.writeName("box", to: &out)
        write(screen.box, to: &out, indent: 1, pieces: &pieces, flush: flush)
        if let pinned = screen.pinnedToBottomBox {
            out.append(UInt8(ascii: ","))
            writer.newline(&out, 1)
            writer.writeName("pinnedToBottomBox", to: &out)
            write(pinned, to: &out, indent: 1, pieces: &pieces, flush: flush)
        }
        for (key, value) in screen.attributes.members {
            out.append(UInt8(ascii: ","))
            writer.newline(&out, 1)
            writer.writeName(key, to: &out)
            writer.write(value, to: &out, indent: 1)
        }
        writer.newline(&out, 0)
        out.append(UInt8(ascii: "}"))
    }

    /// Writes `box`: its sections' texts are pieces of their own, written
    /// on all cores a part at a time, each part flushed as soon as it and
    /// those before it are written, while the next are (as
    /// `JSONWriter.writeArray` lays an array out).
    static func write(
        _ box: Box, to out: inout [UInt8], indent: Int, pieces: inout [[UInt8]], flush: (inout [[UInt8]]) -> Void
    ) {
        out.append(UInt8(ascii: "{"))
        writer.newline(&out, indent + 1)
        writer.writeName("sections", to: &out)
        let sections = box.sections
        if sections.isEmpty {
            out.append(contentsOf: "[]".utf8)
        } else {
            out.append(UInt8(ascii: "["))
            let (parts, rows) = Self.parts(of: sections)
            var first = true
            Parallel.streamed(
                parts.count, ahead: Parallel.RunSize.screenRowsAhead, weight: { rows[$0] },
                make: { k in
                    parts[k].map { s in
                        var text: [UInt8] = []
                        write(sections[s], to: &text, indent: indent + 2)
                        return text
                    }
                }
            ) { texts in
                for text in texts {
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    writer.newline(&out, indent + 2)
                    pieces.append(out)
                    pieces.append(text)
                    out = []
                }
                flush(&pieces)
            }
            writer.newline(&out, indent + 1)
            out.append(UInt8(ascii: "]"))
        }
        writer.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }

    /// `sections` cut into runs of about `Parallel.RunSize.screenRows` rows (a section is
    /// never cut), and the rows of each.
    static func parts(of sections: [Section]) -> (parts: [Range<Int>], rows: [Int]) {
        // A section without rows is still written.
        let (parts, rows) = Parallel.runs(
            weighing: sections.map { $0.rows.count + 1 }, atLeast: Parallel.RunSize.screenRows)
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
        out.append(UInt8(ascii: "{"))
        writer.newline(&out, indent + 1)
        writer.writeName("id", to: &out)
        writer.write(section.id.value, to: &out, indent: indent + 1)
        for (name, component) in [("header", section.header), ("footer", section.footer)] {
            guard let component else { continue }
            out.append(UInt8(ascii: ","))
            writer.newline(&out, indent + 1)
            writer.writeName(name, to: &out)
            component.write(with: writer, to: &out, indent: indent + 1)
        }
        out.append(UInt8(ascii: ","))
        writer.newline(&out, indent + 1)
        writer.writeName("rows", to: &out)
        writer.writeArray(section.rows, to: &out, indent: indent + 1) { node, out, indent in
            write(node, to: &out, indent: indent)
        }
        writer.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }

    static func write(_ node: Node, to out: inout [UInt8], indent: Int) {
        out.append(UInt8(ascii: "{"))
        writer.newline(&out, indent + 1)
        writer.writeName("id", to: &out)
        writer.write(node.id.value, to: &out, indent: indent + 1)
        out.append(UInt8(ascii: ","))
        writer.newline(&out, indent + 1)
        writer.writeName("component", to: &out)
        node.component.write(with: writer, to: &out, indent: indent + 1)
        writer.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }
}
