/// The benchmark's report: one row per workload, with its target, the
/// reference measured in the same run, the ratio and a verdict. Printed as a
/// Markdown table, so that it can go into the README as it is.
struct BenchTable {
    struct Row {
        var workload: String
        var bento: String
        var target: String
        var reference: String = ""
        var ratio: String = ""
        /// nil when the row has no target at this size (`--quick`).
        var passed: Bool?
    }

    var rows: [Row] = []

    mutating func add(_ row: Row) { rows.append(row) }

    var allPassed: Bool { rows.allSatisfy { $0.passed != false } }

    func render() -> String {
        let header = ["workload", "bento", "target", "reference (same run)", "ratio", "verdict"]
        let body = rows.map { row in
            [row.workload, row.bento, row.target, row.reference, row.ratio, verdict(row.passed)]
        }
        return Self.markdown(header: header, body: body)
    }

    private func verdict(_ passed: Bool?) -> String {
        switch passed {
        case true?: "pass"
        case false?: "FAIL"
        case nil: "(not judged)"
        }
    }

    /// A Markdown table with padded columns.
    static func markdown(header: [String], body: [[String]]) -> String {
        let all = [header] + body
        let widths = header.indices.map { c in all.map { $0[c].unicodeScalars.count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { c, cell in
                cell + String(repeating: " ", count: widths[c] - cell.unicodeScalars.count)
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + body.map(line)).joined(separator: "\n") + "\n"
    }
}

/// Number formats for the report.
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var s = "\(rounded)"
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
            if digits == 0 { s = String(s[..<dot]) }
        }
        return s
    }

    static func seconds(_ s: Double) -> String {
        s >= 1 ? fixed(s, 2) + " s" : s >= 0.01 ? fixed(s * 1000, 0) + " ms" : fixed(s * 1000, 1) + " ms"
    }

    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_000_000, 1) + " MB" }

    static func ratio(_ r: Double) -> String { fixed(r, r >= 10 ? 0 : r >= 1 ? 1 : 2) + "×" }

    static func count(_ n: Int) -> String {
        n >= 1_000_000 && n % 1_000_000 == 0 ? "\(n / 1_000_000)M" : n >= 1000 && n % 1000 == 0 ? "\(n / 1000)k" : "\(n)"
    }
}
