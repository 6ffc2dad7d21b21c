import Synchronization

extension JSONWriter {
    /// An object or array written a member or element at a time, in its
    /// writer's layout: the one place that decides where commas, line breaks
    /// and indentation go. Writers of typed values (changesets, screens,
    /// plans, patches) open one, call `member` or `element` before each
    /// value, write the value, and `close` it, so that their text is laid out
    /// exactly as `write(_:to:indent:)` lays out a value tree.
    public struct Container: Sendable {
        /// The layout of the container's own punctuation (its values may be
        /// written in another).
        public let writer: JSONWriter
        /// The container's own indentation level; its values are one deeper.
        public let indent: Int
        @usableFromInline let closing: UInt8
        @usableFromInline var isEmpty = true

        /// Opens an object (`{`).
        @inlinable
        public static func object(_ writer: JSONWriter, indent: Int, _ out: inout [UInt8]) -> Container {
            Container(writer, indent, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), &out)
        }

        /// Opens an array (`[`).
        @inlinable
        public static func array(_ writer: JSONWriter, indent: Int, _ out: inout [UInt8]) -> Container {
            Container(writer, indent, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), &out)
        }

        @inlinable
        init(_ writer: JSONWriter, _ indent: Int, opening: UInt8, closing: UInt8, _ out: inout [UInt8]) {
            (self.writer, self.indent, self.closing) = (writer, indent, closing)
            out.append(opening)
        }

        /// What comes before the next value: a comma after the first, then
        /// the layout's break (a line and indentation, a space, or nothing).
        @inlinable @inline(__always)
        public mutating func element(_ out: inout [UInt8]) {
            guard isEmpty else { return following(&out) }
            isEmpty = false
            writer.newline(&out, indent + 1)
        }

        /// What comes before a value that follows another: the comma and
        /// the break. It changes nothing, so that a part of the elements
        /// written on another core can lay out all but its first (for which
        /// the container's own `element` is called, in order).
        @inlinable @inline(__always)
        public func following(_ out: inout [UInt8]) {
            out.append(UInt8(ascii: ","))
            writer.separator(&out, indent + 1)
        }

        /// `element`, then a member name that needs no escape (a name of a
        /// format, written in the code) and its colon.
        @inlinable @inline(__always)
        public mutating func member(_ name: StaticString, _ out: inout [UInt8]) {
            member(name, &out, valueBytes: 0) { _ in }
        }

        /// `member(name)`, then a value of at most `valueBytes` bytes that
        /// `value` writes, all with room made once: a record of a
        /// changeset is mostly names and short values.
        @inlinable @inline(__always)
        public mutating func member(
            _ name: StaticString, _ out: inout [UInt8], valueBytes: Int, _ value: (inout OutputSpan<UInt8>) -> Void
        ) {
            let comma = !isEmpty
            isEmpty = false
            // Indented, the comma, the break, the name and its colon are
            // written with room made once: names and their breaks are most
            // of a record's bytes.
            if writer.style == .pretty, 2 * indent + 3 <= JSONWriter.newlineAndSpaces.utf8CodeUnitCount {
                let breakCount = 2 * indent + 3
                JSONWriter.newlineAndSpaces.withSpan { lineBreak in
                    name.withSpan { name in
                        out.append(addingCapacity: breakCount + name.count + 5 + valueBytes) { output in
                            if comma { output.append(UInt8(ascii: ",")) }
                            output.append(lineBreak.extracting(..<breakCount))
                            output.appendQuoted(name)
                            output.append(UInt8(ascii: ":"))
                            output.append(UInt8(ascii: " "))
                            value(&output)
                        }
                    }
                }
                return
            }
            if comma { following(&out) } else { writer.newline(&out, indent + 1) }
            writer.writeName(name, to: &out)
            if valueBytes > 0 { out.append(addingCapacity: valueBytes, initializingWith: value) }
        }

        /// `member(name)` and a string that needs no escape (a name of a
        /// format, written in the code), in one piece.
        @inlinable @inline(__always)
        public mutating func member(_ name: StaticString, plain literal: StaticString, _ out: inout [UInt8]) {
            literal.withSpan { text in member(name, &out, valueBytes: text.count + 2) { $0.appendQuoted(text) } }
        }

        /// `member(name)` and an integer, in one piece.
        @inlinable @inline(__always)
        public mutating func member(_ name: StaticString, decimal value: Int, _ out: inout [UInt8]) {
            member(name, &out, valueBytes: OutputSpan<UInt8>.decimalBytes) { $0.append(decimal: value) }
        }

        /// `member(name)` and `text` as a JSON string literal: in one piece
        /// when it needs no escape (nearly always).
        @inlinable
        public mutating func member(_ name: StaticString, string text: Span<UInt8>, _ out: inout [UInt8]) {
            guard JSONWriter.needsNoEscape(text) else {
                member(name, &out)
                return JSONWriter.writeString(utf8: text, to: &out)
            }
            member(name, &out, valueBytes: text.count + 2) { $0.appendQuoted(text) }
        }

        /// `element`, then a member name, escaped as JSON needs, and its
        /// colon: a name read from a document. (A name written in the code
        /// takes the `StaticString` form, copied as it is.)
        @inlinable
        public mutating func member(escaping name: String, _ out: inout [UInt8]) {
            element(&out)
            writer.writeName(name, to: &out)
        }

        /// Closes the container: `{}` or `[]` when nothing was written in it.
        @inlinable @inline(__always)
        public func close(_ out: inout [UInt8]) {
            guard !isEmpty else { return out.append(closing) }
            guard writer.style == .pretty, 2 * indent + 1 <= JSONWriter.newlineAndSpaces.utf8CodeUnitCount else {
                writer.newline(&out, indent)
                return out.append(closing)
            }
            let breakCount = 2 * indent + 1
            JSONWriter.newlineAndSpaces.withSpan { lineBreak in
                out.append(addingCapacity: breakCount + 1) { output in
                    output.append(lineBreak.extracting(..<breakCount))
                    output.append(closing)
                }
            }
        }
    }
}

extension JSONWriter.Container {
    /// Writes `count` elements, `element(k, &text)` each, in runs of
    /// `runLength` made on all cores, no more than `ahead` runs ahead of
    /// `consume`, which gets the text in order: first `out` with the first
    /// element's break (then emptied), then each run's text, so that a long
    /// array is never held whole. The container is closed by the caller.
    /// - Complexity: O(n) elements written, spread over the cores.
    public mutating func streamElements(
        _ count: Int, runLength: Int, ahead: Int, after out: inout [UInt8],
        _ element: @escaping @Sendable (Int, inout [UInt8]) -> Void, consume: ([UInt8]) -> Void
    ) {
        guard count > 0 else { return }
        // The first element's break here; each one after it brings its own.
        self.element(&out)
        consume(out)
        out.removeAll(keepingCapacity: true)
        let layout = self
        let runs = Parallel.runs(covering: count, length: runLength)
        let lastRun = RunSize()
        Parallel.streamed(
            runs.count, ahead: ahead, weight: { _ in 1 },
            make: { r in
                // Room for about what the run made last took: grown by
                // doubling, a run's text of a megabyte is copied twenty times.
                var text: [UInt8] = []
                text.reserveCapacity(lastRun.bytes + lastRun.bytes / 8)
                for k in runs[r] {
                    if k > 0 { layout.following(&text) }
                    element(k, &text)
                }
                lastRun.bytes = text.count
                return text
            }, consume: consume)
    }
}

/// How many bytes the last run of elements written took.
private final class RunSize: Sendable {
    private let written = Atomic<Int>(0)

    var bytes: Int {
        get { written.load(ordering: .relaxed) }
        set { written.store(newValue, ordering: .relaxed) }
    }
}
