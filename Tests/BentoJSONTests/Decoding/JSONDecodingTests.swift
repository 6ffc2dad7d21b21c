import Synchronization
import Testing

@testable import BentoJSON

/// The JSON layer decodes any Codable type on its own, knowing nothing of
/// screens: a fast path where a type has one, its Codable path otherwise,
/// and every error at its line and column.
@Suite("JSON decoding")
struct JSONDecodingTests {
    /// A small schema of its own: a name and a list of points.
    struct Shape: Decodable, Equatable {
        var name: String
        var points: [Point]
    }

    /// A type with a fast path that refuses what it is not sure of: a
    /// negative coordinate.
    struct Point: Decodable, Equatable, JSONTapeDecodable {
        var x: Int
        var y: Int
        /// How many points the fast path read, to see that it ran.
        static let fastReads = Atomic<Int>(0)

        enum CodingKeys: String, CodingKey, CaseIterable { case x, y }

        init(x: Int, y: Int) { (self.x, self.y) = (x, y) }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            x = try c.decode(Int.self, forKey: .x)
            y = try c.decode(Int.self, forKey: .y)
        }

        init?(tape reader: inout JSONTapeReader, at index: Int) {
            let tape = reader.tape
            guard tape.kind(index) == .object else { return nil }
            var x: Int?, y: Int?
            for (name, value) in tape.members(of: index) {
                guard tape.kind(value) == .number, let n = Int(tape.numberText(at: value)), n >= 0 else { return nil }
                switch tape.key(at: name, among: CodingKeys.allCases) {
                case .x?: x = n
                case .y?: y = n
                case nil: return nil
                }
            }
            guard let x, let y else { return nil }
            (self.x, self.y) = (x, y)
            Self.fastReads.add(1, ordering: .relaxed)
        }
    }

    static func source(_ text: String) -> SourceText { SourceText(name: "shape.json", bytes: Array(text.utf8)) }

    @Test("a valid document decodes, the fast path reading what it is sure of and Codable the rest")
    func decodes() throws {
        Point.fastReads.store(0, ordering: .relaxed)
        let text = #"{"name": "L", "points": [{"x": 0, "y": 0}, {"y": 2, "x": 1}, {"x": -1, "y": 3}]}"#
        let (shape, tape) = try JSONDecoding.decode(Shape.self, from: Self.source(text))
        #expect(shape == Shape(name: "L", points: [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: -1, y: 3)]))
        #expect(Point.fastReads.load(ordering: .relaxed) == 2)
        #expect(tape.kind(0) == .object)
    }

    @Test("a schema error names the file, the line and column of the value, and its path")
    func schemaError() {
        let text = "{\"name\": \"L\",\n \"points\": [{\"x\": 0, \"y\": \"two\"}]}"
        #expect(throws: Diagnostic.self) { try JSONDecoding.decode(Shape.self, from: Self.source(text)) }
        do {
            _ = try JSONDecoding.decode(Shape.self, from: Self.source(text))
        } catch {
            #expect(error.description == "shape.json:2:27: points[0].y: expected a number, found a string")
        }
    }

    @Test("a missing member points at the object that lacks it")
    func missingMember() {
        do {
            _ = try JSONDecoding.decode(Shape.self, from: Self.source(#"{"name": "L", "points": [{"x": 0}]}"#))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"shape.json:1:26: points[0].y: missing member "y""#)
        }
    }

    @Test("a syntax error is a diagnostic with a position too")
    func syntaxError() {
        do {
            _ = try JSONDecoding.parse(Self.source("{\"name\": }"))
            Issue.record("expected an error")
        } catch {
            #expect(error.location == BentoJSON.SourceLocation(line: 1, column: 10))
        }
    }

    @Test("a conflict marker left in a file is named as one, at its line")
    func conflictMarker() throws {
        let text = "{\n  \"name\": \"a\",\n<<<<<<< OURS\n  \"points\": []\n=======\n>>>>>>> THEIRS\n}\n"
        do {
            _ = try JSONDecoding.parse(SourceText(name: "m.json", bytes: Array(text.utf8)))
            Issue.record("parsed a file with markers")
        } catch {
            #expect(error.description == "m.json:3:1: unresolved merge conflict marker: keep one side's block and delete the marker lines")
        }
        #expect(!JSONDecoding.isConflictMarker(Array("[<<<<<<<]".utf8), at: 1))
        #expect(JSONDecoding.isConflictMarker(Array("[\n=======\n".utf8), at: 2))
    }
}
