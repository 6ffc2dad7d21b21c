import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

@Suite("bento show: the outline")
struct OutlineRendererTests {
    private func screen(_ text: String) throws -> Screen {
        try ScreenReader.read(SourceText(name: "t.json", bytes: Array(text.utf8)))
    }

    @Test("one line for the attributes, one per box, section, header, row and footer")
    func layout() throws {
        let outline = OutlineRenderer.render(
            try screen(
                #"""
                {"title": "Menu", "rightBarItems": [{"type": "BarButton"}],
                 "box": {"sections": [
                   {"id": "drinks", "footer": {"type": "Description", "props": {"text": "VAT"}},
                    "header": {"type": "SectionHeader", "props": {"title": "Drinks"}},
                    "rows": [{"id": {"item": {"size": "L", "id": 7}}, "component": {"type": "IconTitleDetails", "props": {"title": "Flat white", "price": 3.50}}},
                             {"id": 0, "component": {"type": "EmptySpace"}}]},
                   {"id": ["loyalty", 2024]}]},
                 "pinnedToBottomBox": {"sections": [{"id": "actions", "rows": [{"id": "pay", "component": {"type": "Button", "style": "primary"}}]}]}}
                """#))
        #expect(
            outline == #"""
                screen {"rightBarItems":[{"type":"BarButton"}],"title":"Menu"}
                box
                  section "drinks"
                    header "drinks" SectionHeader {"props":{"title":"Drinks"}}
                    row {"item":{"id":7,"size":"L"}} IconTitleDetails {"props":{"price":3.5,"title":"Flat white"}}
                    row 0 EmptySpace {}
                    footer "drinks" Description {"props":{"text":"VAT"}}
                  section ["loyalty",2024]
                pinnedToBottomBox
                  section "actions"
                    row "pay" Button {"style":"primary"}

                """#)
    }

    @Test("a Box-form file reads as the screen it stands for")
    func boxForm() throws {
        let box = try screen(#"{"$schema": "x", "sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T"}}]}]}"#)
        let full = try screen(
            #"{"box": {"sections": [{"id": "s", "header": null, "rows": [{"id": "a", "component": {"type": "T"}}]}]}, "pinnedToBottomBox": {"sections": []}}"#
        )
        #expect(OutlineRenderer.render(box) == OutlineRenderer.render(full))
        #expect(OutlineRenderer.render(box) == "screen {}\nbox\n  section \"s\"\n    row \"a\" T {}\npinnedToBottomBox\n")
    }

    @Test("equal numbers read the same; different ones differ")
    func numbers() throws {
        func line(_ value: String) throws -> String {
            OutlineRenderer.lines(
                try screen(#"{"sections": [{"id": "s", "rows": [{"id": "a", "component": {"type": "T", "n": \#(value)}}]}]}"#)
            )[3].text
        }
        #expect(try line("1") == line("1.0"))
        #expect(try line("1") == line("10e-1"))
        #expect(try line("35e-1") == #"    row "a" T {"n":3.5}"#)
        #expect(try line("12345678901234567890") != line("12345678901234567891"))
        #expect(try line("1e999999") == line("10e999998"))
    }

    @Test("strings compare by code points: U+00E9 and e + U+0301 differ")
    func normalization() throws {
        let nfc = try screen(#"{"sections": [{"id": "caf\u00e9"}]}"#)
        let nfd = try screen(#"{"sections": [{"id": "cafe\u0301"}]}"#)
        // Compared as bytes: Swift's String == would call them equal.
        #expect(!OutlineRenderer.render(nfc).utf8.elementsEqual(OutlineRenderer.render(nfd).utf8))
    }

    @Test("types that are not plain names are quoted; control characters never break a line")
    func quoting() throws {
        let outline = OutlineRenderer.render(
            try screen(#"{"sections": [{"id": "a\nb", "rows": [{"id": "r", "component": {"type": "My Row", "t": "x\ny"}}]}]}"#))
        #expect(outline.contains(#"  section "a\nb""#))
        #expect(outline.contains(#"    row "r" "My Row" {"t":"x\ny"}"#))
        #expect(outline.split(separator: "\n").count == 5)
        #expect(OutlineRenderer.typeName("") == #""""#)
        #expect(OutlineRenderer.typeName("Carbon.Row_2-x") == "Carbon.Row_2-x")
    }

    @Test("random pairs: the outlines are equal exactly when the screens are; a changed row changes its line")
    func changesShow() throws {
        for seed: UInt64 in 0..<2000 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let a = OutlineRenderer.lines(old), b = OutlineRenderer.lines(new)
            let sameText = a.count == b.count && zip(a, b).allSatisfy { $0.text.utf8.elementsEqual($1.text.utf8) }
            #expect(sameText == changeset.isIdentical, "seed \(seed)")
            for change in changeset.changes where change.kind == .row && !change.fields.isEmpty {
                let box = change.box!, from = change.from!, to = change.to!
                let before = a.first { $0.element == .row(box, section: from.section, row: from.row!) }
                let after = b.first { $0.element == .row(box, section: to.section, row: to.row!) }
                #expect(before != nil && after != nil && !before!.text.utf8.elementsEqual(after!.text.utf8), "seed \(seed)")
            }
            #expect(OutlineRenderer.render(old).utf8.elementsEqual(OutlineRenderer.render(old).utf8), "stable")
        }
    }
}
