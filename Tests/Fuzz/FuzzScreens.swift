// A libFuzzer target for bento's reader and diff engine.
//
// Built by Tests/Fuzz/run-fuzzer.sh together with the BentoKit sources as one
// module (`swiftc -sanitize=fuzzer,address -parse-as-library`), so the
// library is instrumented for coverage and this file sees its internals.
//
// Each input is one, two or three screen documents, split at NUL bytes (no
// valid JSON text holds a raw NUL, so the split never cuts a valid
// document): one is diffed against itself; two are OLD and NEW; three are
// OURS, BASE and THEIRS. Beyond "no crash", every run checks that bento does
// not lie:
//  - an error's position lies inside the input;
//  - an error is one line;
//  - a screen's later sections read by a second decoder (SectionSplit) give
//    the screen and outline one decoder reads, and nothing where it reads
//    nothing;
//  - a screen diffed against itself, and against itself written out and read
//    back, is identical;
//  - two screens are identical exactly when their boxes and attributes are
//    equal;
//  - the JSON changeset is valid JSON that decodes back to the same records,
//    by the schema and by the one pass;
//  - a document read as a changeset: the one pass takes only what the
//    schema takes, and reads the same records;
//  - apply: OLD's text edited with the changeset from OLD to NEW parses, and
//    reads as NEW; a changeset applied to a screen it was not made from (NEW
//    itself, a second time; OURS, the changeset from BASE to THEIRS) is
//    refused, or writes a valid screen that reads as what it applied;
//  - merge: merge(OURS, BASE, BASE) written by editing OURS is OURS byte for
//    byte; a merge of OURS, BASE and THEIRS, written by editing OURS (with
//    markers, or resolved to either side), is text that reads as the merged
//    screen, and a clean one is a valid screen.

import BentoJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreens(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzScreens.run(bytes)
    return 0
}

enum FuzzScreens {
    static func run(_ bytes: [UInt8]) {
        let documents = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
        if documents.count == 3 {
            merge(documents[0], documents[1], documents[2])
            return
        }
        let old = documents[0], new = documents.count > 1 ? documents[1] : documents[0]
        if documents.count == 1 { changeset(old) }
        let a = read(old, name: "old.json")
        let b = old == new ? a : read(new, name: "new.json")
        guard let a, let b else { return }
        diff(a, b)
        apply(old, a, b)
        if let newText = try? ScreenText(SourceText(name: "new.json", bytes: new)) {
            applyElsewhere(ScreenDiff.changeset(from: a, to: b), to: newText)
        }
    }

    /// A changeset applied to a screen it was not made from: refused, or a
    /// valid screen written, that reads as the screen applied.
    static func applyElsewhere(_ changeset: Changeset, to target: ScreenText) {
        guard let (applied, origins) = try? ChangesetApplier.applyTracingRows(changeset, to: target.screen) else { return }
        let text = Array(ScreenEditor.text(of: MergedScreen(clean: applied), editing: target, origins: origins).joined())
        guard let written = try? ScreenReader.read(SourceText(name: "applied.json", bytes: text)) else {
            fail("a changeset applied elsewhere wrote an invalid screen: \(String(decoding: text, as: UTF8.self))")
        }
        check(ScreenDiff.changeset(from: applied, to: written).isIdentical, "a changeset applied elsewhere wrote another screen")
    }

    /// OLD's text edited to NEW reads as NEW.
    static func apply(_ oldBytes: [UInt8], _ a: Screen, _ b: Screen) {
        guard let old = try? ScreenText(SourceText(name: "old.json", bytes: oldBytes)) else {
            fail("a screen that reads does not read with its text")
        }
        let changeset = ScreenDiff.changeset(from: a, to: b)
        guard let (applied, origins) = try? ChangesetApplier.applyTracingRows(changeset, to: a) else {
            fail("a changeset does not apply to its OLD")
        }
        // As `bento apply` writes it: each row from where the changeset says.
        let text = Array(ScreenEditor.text(of: MergedScreen(clean: applied), editing: old, origins: origins).joined())
        guard let written = try? ScreenReader.read(SourceText(name: "applied.json", bytes: text)) else {
            fail("apply wrote text that does not read: \(String(decoding: text, as: UTF8.self))")
        }
        check(ScreenDiff.changeset(from: b, to: written).isIdentical, "apply wrote another screen than NEW")
    }

    /// The merge of three documents, written by editing OURS.
    static func merge(_ oursBytes: [UInt8], _ baseBytes: [UInt8], _ theirsBytes: [UInt8]) {
        guard let ours = try? ScreenText(SourceText(name: "ours.json", bytes: oursBytes)),
            let base = try? ScreenReader.read(SourceText(name: "base.json", bytes: baseBytes)),
            let theirs = try? ScreenText(SourceText(name: "theirs.json", bytes: theirsBytes))
        else { return }
        applyElsewhere(ScreenDiff.changeset(from: base, to: theirs.screen), to: ours)
        let kept = ThreeWayMerge.merge(base: base, ours: ours.screen, theirs: base)
        check(kept.isClean, "merge(OURS, BASE, BASE) has conflicts")
        check(Array(ScreenEditor.text(of: kept, editing: ours).joined()) == oursBytes, "merge(OURS, BASE, BASE) is not OURS byte for byte")

        let merged = ThreeWayMerge.merge(base: base, ours: ours.screen, theirs: theirs.screen)
        let text = Array(ScreenEditor.text(of: merged, editing: ours, taking: theirs).joined())
        if merged.isClean {
            guard let written = try? ScreenReader.read(SourceText(name: "merged.json", bytes: text)) else {
                fail("a clean merge wrote text that does not read: \(String(decoding: text, as: UTF8.self))")
            }
            check(ScreenDiff.changeset(from: merged.screen!, to: written).isIdentical, "a clean merge wrote another screen")
        } else {
            check(text.contains(UInt8(ascii: "<")), "a merge with conflicts wrote no markers")
        }
        for side in MergeSide.allCases {
            let resolved = merged.resolved(side)
            let text = Array(ScreenEditor.text(of: MergedScreen(clean: resolved), editing: ours, taking: theirs).joined())
            guard let written = try? ScreenReader.read(SourceText(name: "resolved.json", bytes: text)) else {
                fail("a merge resolved to \(side) wrote text that does not read: \(String(decoding: text, as: UTF8.self))")
            }
            check(ScreenDiff.changeset(from: resolved, to: written).isIdentical, "a merge resolved to \(side) wrote another screen")
        }
    }

    /// A document read as a changeset: what the one pass reads, the Codable
    /// schema reads the same; what the Codable schema refuses, the one pass
    /// does not take.
    static func changeset(_ bytes: [UInt8]) {
        let pulled = ScreenPullDecoder.changeset(in: bytes)
        let decoded = try? JSONDecoding.decode(Changeset.self, from: SourceText(name: "changeset.json", bytes: bytes)).value
        if let pulled {
            guard let decoded else { fail("the one pass took a changeset the schema refuses") }
            check(pulled == decoded && pulled.jsonValue == decoded.jsonValue, "the one pass read another changeset")
        }
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
        let one = ScreenPullDecoder.outlined(bytes)
        let two = ScreenPullDecoder.outlinedReadingRestFirst(bytes, smallestRest: 0)
        check((one == nil) == (two == nil), "one decoder and two disagree on whether it is a screen")
        if let one, let two {
            check(
                one.screen == two.screen && one.screen.jsonValue == two.screen.jsonValue
                    && one.outline.whole == two.outline.whole && one.outline.root == two.outline.root
                    && one.outline.main == two.outline.main && one.outline.pinned == two.outline.pinned,
                "a second decoder's sections differ from one decoder's")
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
        guard let pulled = ScreenPullDecoder.changeset(in: json) else { fail("the one pass gave up on a changeset bento wrote") }
        check(pulled.jsonValue == changeset.jsonValue, "the one pass read another changeset than was written")
        _ = TextRenderer().render(changeset, old: a, new: b)
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("bento fuzz: \(message)")
    }
}
