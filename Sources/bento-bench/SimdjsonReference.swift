import BentoJSON

/// simdjson's parse of a file, through python's `simdjson` module
/// (`pip install pysimdjson`): the machine's pace at reading JSON, beside
/// bento's parse + decode. The parse builds simdjson's tape of the whole
/// document, with its checks of UTF-8 and structure; nothing is decoded.
enum SimdjsonReference {
    /// Parses the file `argv[1]` `argv[2]` times with one parser (its
    /// buffers made by the first parse) and prints the median seconds.
    static let script = """
        import sys, time, simdjson
        data = open(sys.argv[1], 'rb').read()
        parser = simdjson.Parser()
        times = []
        for _ in range(int(sys.argv[2])):
            start = time.perf_counter()
            document = parser.parse(data)
            times.append(time.perf_counter() - start)
            del document
        times.sort()
        print(times[len(times) // 2])
        """

    /// The median seconds of `runs` parses of `path` (and one more, first),
    /// or nil where python3 or its `simdjson` module is missing.
    static func parseSeconds(of path: String, runs: Int) -> Double? {
        let exit = Platform.run(
            ["python3", "-c", script, path, String(runs + 1)], environment: Platform.environmentEntries(),
            searchingPath: true, output: .collected, error: .null)
        guard let exit, exit.exited, exit.status == 0 else { return nil }
        return String(decoding: exit.output, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }
}
