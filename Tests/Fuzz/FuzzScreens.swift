// A libFuzzer target for bento's reader and diff engine.
//
// Built by Tests/Fuzz/run-fuzzer.sh together with the BentoKit sources as one
// module (`swiftc -sanitize=fuzzer,address -parse-as-library`), so the
// library is instrumented for coverage and this file sees its internals.
//
// Each input is one or two screen documents: the bytes before the first NUL
// are the old screen, the bytes after it the new one (no valid JSON text holds
// a raw NUL, so the split never cuts a valid document). Without a NUL the
// input is diffed against itself. Beyond "no crash", every run checks that
// bento does not lie:
//  - an error's position lies inside the input;
//  - an error is one line;
//  - a screen diffed against itself, and against itself written out and read
//    back, is identical;
//  - two screens are identical exactly when their boxes and attributes are
//    equal;
//  - the JSON changeset is valid JSON that decodes back to the same records.

import BentoJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreens(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzScreens.run(bytes)
    return 0
}

enum FuzzScreens {
    static func run(_ bytes: [UInt8]) {
        let old: [UInt8], new: [UInt8]
        if let nul = bytes.firstIndex(of: 0) {
            old = Array(bytes[..<nul])
            new = Array(bytes[(nul + 1)...])
        } else {
            old = bytes
            new = bytes
        }
        let a = read(old, name: "old.json")
        let b = old == new ? a : read(new, name: "new.json")
        guard let a, let b else { return }
        diff(a, b)
    }

    /// Parses and decodes one document; checks what an error says.
    static func read(_ bytes: [UInt8], name: String) -> Screen? {
        let source = SourceText(name: name, bytes: bytes)
        if let tape = try? JSONReader.parse(source) {
            // The tape must rebuild into a value that writes back to JSON the
            // reader accepts and that reads as the same value.
            let value = tape.value(at: 0)
            let written = Array(JSONWriter(style: .pretty).string(value).utf8)
            guard let again = try? JSONReader.parse(written) else {
                fail("written value does not parse again: \(String(decoding: written, as: UTF8.self))")
            }
            check(again.value(at: 0) == value, "value changed on the way through the writer")
        }
        do {
            return try ScreenReader.read(source)
        } catch {
            check(error.file == name, "diagnostic names the wrong file: \(error)")
            if let location = error.location {
                let end = source.location(ofByte: bytes.count)
                check(
                    location.line >= 1 && location.column >= 1
                        && (location.line, location.column) <= (end.line, end.column),
                    "error position \(location) beyond the end \(end)")
            }
            let line = error.description
            check(!line.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "error spans lines: \(line)")
            return nil
        }
    }

    static func diff(_ a: Screen, _ b: Screen) {
        check(ScreenDiff.changeset(from: a, to: a).isIdentical, "a screen differs from itself")

        // Write the screen out and read it back: the same screen.
        let text = JSONWriter(style: .pretty).string(a.jsonValue)
        do {
            let again = try ScreenReader.read(SourceText(name: "again.json", bytes: Array(text.utf8)))
            check(ScreenDiff.changeset(from: a, to: again).isIdentical, "a screen differs from its own output")
        } catch {
            fail("a valid screen written out does not read back: \(error)\n\(text)")
        }

        let changeset = ScreenDiff.changeset(from: a, to: b, oldName: "old.json", newName: "new.json")
        let equal =
            a[box: .box] == b[box: .box] && a[box: .pinnedToBottomBox] == b[box: .pinnedToBottomBox]
            && a.attributes == b.attributes
        check(changeset.isIdentical == equal, "identical is \(changeset.isIdentical) but equality is \(equal)")

        let json = JSONRenderer.render(changeset)
        do {
            let decoded = try JSONDecoding.decode(Changeset.self, from: SourceText(name: "changeset.json", bytes: json)).value
            check(decoded.changes.count == changeset.changes.count, "changeset does not round-trip")
        } catch {
            fail("the JSON changeset does not read back: \(error)")
        }
        _ = TextRenderer().render(changeset, old: a, new: b)
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("bento fuzz: \(message)")
    }
}
