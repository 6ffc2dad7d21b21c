import BentoJSON

/// `bento-bench [--quick] [--runs N] [--work-dir DIR]`
struct BenchOptions {
    /// A 1k-row smoke run: every workload runs once, nothing is judged.
    var quick = false
    /// Runs per measurement; figures are medians.
    var runs = 5
    /// One size for every workload instead of the standard ones (1k, 10k,
    /// 100k, 1M); only the sizes of the targets are judged.
    var rows: Int?
    /// Leave out `diff -u`, CollectionDifference, JSONDecoder and simdjson
    /// (they take seconds at 100k rows): for quick iterations, nothing is
    /// judged.
    var references = true
    /// Only the typical pair's JSON diff and the adversarial commands:
    /// for work on one of them (nothing else is measured).
    var adversarialOnly = false
    /// Where the generated screens are written.
    var workDirectory = (Platform.environmentVariable("TMPDIR") ?? "/tmp") + "/bento-bench"

    static let usage = """
        USAGE: swift run -c release bento-bench [--quick] [--runs N] [--rows N] [--no-references] [--adversarial-only]
                                                [--work-dir DIR]

        Generates deterministic screens, times bento's phases (read, parse, decode,
        diff, render) and the whole process, and measures the references in the same
        run: GNU diff -u on the same files, Swift's CollectionDifference with
        inferringMoves() on the same id sequences, Foundation's JSONDecoder on the
        same file, simdjson's parse of both files (python3's simdjson module, from
        pip install pysimdjson). Prints a Markdown table with targets, ratios and
        verdicts.

        OPTIONS:
          --quick         1k rows, one run each: a smoke test (nothing judged)
          --runs N        runs per measurement, medians reported (default 5)
          --rows N        every workload at N rows (targets judged at 100k only)
          --no-references leave out diff -u, CollectionDifference, JSONDecoder and
                          simdjson (quicker; nothing is judged)
          --adversarial-only
                          only every command on the adversarial inputs, and the
                          typical pair's JSON diff they are judged against
          --work-dir DIR  where to write the generated screens (default $TMPDIR/bento-bench)
          -h, --help      show this help

        Exit status: 0 when every judged row meets its target, 1 when one does not,
        2 on bad usage or when bento fails.

        """

    static func parse(_ arguments: [String]) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        var runsGiven = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--runs":
                guard let value = rest.popFirst(), let n = Int(value), n > 0 else {
                    fail("--runs needs a positive number")
                }
                options.runs = n
                runsGiven = true
            case "--rows":
                guard let value = rest.popFirst(), let n = Int(value), n > 0 else {
                    fail("--rows needs a positive number")
                }
                options.rows = n
            case "--no-references":
                options.references = false
            case "--adversarial-only":
                options.adversarialOnly = true
            case "--work-dir":
                guard let value = rest.popFirst() else { fail("--work-dir needs a directory") }
                options.workDirectory = value
            case "-h", "--help":
                print(usage, terminator: "")
                Platform.exit(0)
            default:
                fail("unknown option '\(argument)'")
            }
        }
        if options.quick && !runsGiven { options.runs = 1 }
        return options
    }

    static func fail(_ message: String) -> Never {
        standardError("bento-bench: \(message)\nsee 'bento-bench --help'\n")
        Platform.exit(2)
    }

    /// Writes to standard error at once (progress and problems).
    static func standardError(_ text: String) {
        _ = Array(text.utf8).withSpan { Platform.write(2, $0) }
    }
}
