import BentoJSON

/// A file with conflict markers (left by `bento merge`, `git merge-file` or
/// git's own line merge) read as its sides: OURS from the `<<<<<<<`
/// blocks, THEIRS from the `>>>>>>>` blocks, BASE from the `|||||||` blocks
/// where there are any, each with the lines outside every block; so that
/// what separates the two sides can be shown by identity (`bento diff
/// FILE`, bento-screen(5) CONFLICTS).
///
/// A side's text keeps whole lines of the file, so a position in it is the
/// same column of a known line of the file: errors are reported where they
/// stand in the conflicted file.
public struct ConflictedFile: Sendable {
    /// One side: its text, its label (the marker's, as `<<<<<<< HEAD`
    /// names OURS `HEAD`), and for each of its lines the file's line.
    public struct Side: Sendable {
        /// OURS, BASE or THEIRS.
        public let role: String
        /// The label after the side's marker, if any.
        public let label: String?
        /// The side's text: the file's lines outside the blocks and in its own.
        public let text: [UInt8]
        /// For each line of `text` (from 0), the file's line (from 0).
        let lines: [Int]

        /// The side as reports name it: its label, else its role.
        public var name: String { label ?? role }

        /// The file's line (from 1) of the side's line `line` (from 1).
        public func lineInFile(_ line: Int) -> Int {
            (lines.indices.contains(line - 1) ? lines[line - 1] : lines.last ?? 0) + 1
        }

        /// `diagnostic`, found reading this side's text, at the place it
        /// stands in the file `file`, and naming the side.
        public func inFile(_ diagnostic: Diagnostic, named file: String) -> Diagnostic {
            func mapped(_ location: SourceLocation) -> SourceLocation {
                SourceLocation(line: lineInFile(location.line), column: location.column)
            }
            var message = diagnostic.message
            // A duplicate names where the first stands, in the side's text.
            let words = message.split(separator: " ", omittingEmptySubsequences: false)
            if let at = words.indices.first(where: { $0 > 0 && words[$0 - 1] == "at" && $0 > 1 && words[$0 - 2] == "(first" }) {
                let place = words[at].prefix { $0 != "," && $0 != ")" }
                let parts = place.split(separator: ":")
                if parts.count == 2, let l = Int(parts[0]), let c = Int(parts[1]) {
                    var rewritten = words.map(String.init)
                    rewritten[at] = mapped(SourceLocation(line: l, column: c)).description + words[at].dropFirst(place.count)
                    message = rewritten.joined(separator: " ")
                }
            }
            let side = label.map { "\(role), \($0)" } ?? role
            return Diagnostic(
                file: file, location: diagnostic.location.map(mapped), path: diagnostic.path, message: "\(message) (in \(side))")
        }
    }

    /// OURS: the file with THEIRS' and BASE's blocks and every marker removed.
    public let ours: Side
    /// THEIRS: the file with OURS' and BASE's blocks and every marker removed.
    public let theirs: Side
    /// BASE, where the file has diff3 blocks.
    public let base: Side?

    /// Why a file cannot be read as sides.
    public enum Problem: Error, Sendable, Equatable {
        /// No conflict marker at all.
        case noMarkers
        /// A marker where it cannot stand (1-based line), and why.
        case misplaced(line: Int, String)
    }

    /// The sides of `bytes`, with markers of `size` characters, or of 7 or
    /// more when nil.
    /// - Throws: `Problem`: no markers, or markers out of order.
    /// - Complexity: O(n) in the size of the file.
    public init(_ bytes: [UInt8], markerSize size: Int? = nil) throws(Problem) {
        enum Block { case ours, base, theirs }
        var texts: [[UInt8]] = [[], [], []], lines: [[Int]] = [[], [], []]
        var labels: [String?] = [nil, nil, nil]
        var block: Block?
        var sawBase = false, sawMarker = false
        var start = 0, line = 0
        func add(_ range: Range<Int>, to sides: [Int]) {
            for k in sides {
                texts[k] += bytes[range]
                lines[k].append(line)
            }
        }
        while start < bytes.count {
            let end = (bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 }) ?? bytes.count
            let range = start..<end
            if let (marker, label) = Self.marker(bytes[range], size: size) {
                sawMarker = true
                switch (marker, block) {
                case (UInt8(ascii: "<"), nil):
                    block = .ours
                    if labels[0] == nil { labels[0] = label }
                case (UInt8(ascii: "|"), .ours?):
                    block = .base
                    sawBase = true
                    if labels[1] == nil { labels[1] = label }
                case (UInt8(ascii: "="), .ours?), (UInt8(ascii: "="), .base?):
                    block = .theirs
                case (UInt8(ascii: ">"), .theirs?):
                    block = nil
                    if labels[2] == nil { labels[2] = label }
                default:
                    throw .misplaced(line: line + 1, "a conflict marker out of order")
                }
            } else {
                switch block {
                case nil: add(range, to: [0, 1, 2])
                case .ours?: add(range, to: [0])
                case .base?: add(range, to: [1])
                case .theirs?: add(range, to: [2])
                }
            }
            start = end
            line += 1
        }
        guard sawMarker else { throw .noMarkers }
        guard block == nil else { throw .misplaced(line: line, "a conflict is not closed (no '>>>>>>>' line)") }
        ours = Side(role: "OURS", label: labels[0], text: texts[0], lines: lines[0])
        theirs = Side(role: "THEIRS", label: labels[2], text: texts[2], lines: lines[2])
        base = sawBase ? Side(role: "BASE", label: labels[1], text: texts[1], lines: lines[1]) : nil
    }

    /// The marker a line is (`<`, `|`, `=` or `>`, `size` of them, or 7 or
    /// more when nil, then a space and a label, or the line's end), and its
    /// label; nil for any other line.
    static func marker(_ line: ArraySlice<UInt8>, size: Int?) -> (UInt8, String?)? {
        guard let first = line.first, [UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first)
        else { return nil }
        var end = line.startIndex
        while end < line.endIndex && line[end] == first { end += 1 }
        let count = end - line.startIndex
        guard size.map({ count == $0 }) ?? (count >= 7) else { return nil }
        var rest = line[end...]
        while let last = rest.last, last == 0x0A || last == 0x0D { rest = rest.dropLast() }
        guard rest.isEmpty || rest.first == UInt8(ascii: " ") else { return nil }
        // `=======` has no label.
        let label = String(decoding: rest.dropFirst(), as: UTF8.self)
        return (first, first == UInt8(ascii: "=") || label.isEmpty ? nil : label)
    }
}
