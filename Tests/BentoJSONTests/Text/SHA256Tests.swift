import Testing

@testable import BentoJSON

/// SHA-256 and base64 against their standards' own examples.
@Suite("SHA-256 (FIPS 180-4) and base64 (RFC 4648)")
struct SHA256Tests {
    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    private static func digest(_ text: String) -> String { hex(Array(text.utf8).withSpan { SHA256.digest($0) }) }

    @Test("the standard's examples: empty, one block, two blocks, a million bytes")
    func standardExamples() {
        #expect(Self.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.digest(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("lengths around a block's padding: 55, 56, 63, 64 and 65 bytes")
    func paddingEdges() {
        #expect(Self.digest(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(Self.digest(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(Self.digest(String(repeating: "a", count: 63)) == "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34")
        #expect(Self.digest(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        #expect(Self.digest(String(repeating: "a", count: 65)) == "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0")
    }

    @Test("base64: RFC 4648's examples")
    func base64() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in cases { #expect(Base64.encoded(Array(text.utf8)) == encoded, "\(text)") }
        #expect(Base64.encoded([0xFB, 0xFF]) == "+/8=")
    }
}
