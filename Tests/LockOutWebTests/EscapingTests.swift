import Foundation
import LockOutCore
import Testing
@testable import LockOutWeb

/// Text made to slip past an escaper that compares grapheme clusters: a prepend letter (U+0D4E) joins the `<`
/// or `>` after it into one `Character`, a combining mark (U+0301) joins the `"` or `>` before it.
enum EscapingPayload {
    /// Sends the browser elsewhere, with no click, when its `<` and `>` go out raw.
    static let refresh = "\u{0D4E}<meta http-equiv=refresh content=0;url=//example.org/\u{0D4E}>"
    /// Adds an attribute to the element it is put in when its quotes go out raw.
    static let quote = "x\"\u{301} data-injected=\"\u{301}1"
    /// An element without a space or a slash, for names that may hold neither (a program's executable name).
    static let element = "\u{0D4E}<injected\u{0D4E}>"
    /// A `>` the combining mark after it hides.
    static let closing = "a >\u{301} b"

    static let all = [refresh, quote, element, closing]

    /// Scalars that join what stands next to them into one `Character`, and the bytes that start markup.
    static let alphabet: [Unicode.Scalar] = [
        "<", ">", "\"", "&", "'", "=", " ", "/", ";", "#", "a", "l", "t", "q", "u", "o", "\r", "\n", "\u{0}",
        // prepend letters: they join the scalar after them
        "\u{0D4E}", "\u{0600}", "\u{0605}", "\u{06DD}", "\u{070F}", "\u{08E2}", "\u{110BD}", "\u{111C2}", "\u{11A3A}",
        // combining marks, joiners, selectors and modifiers: they join the scalar before them
        "\u{301}", "\u{338}", "\u{20D2}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{1F3FB}", "\u{0BCD}",
        // Hangul jamo, regional indicators, emoji, and look-alikes of < and > (≮ decomposes to < and U+0338)
        "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1F1E9}", "\u{1F1EA}", "\u{1F469}", "\u{226E}", "\u{226F}", "\u{FF1C}", "\u{2039}",
    ]
}

/// A small seeded generator, so every run draws the same strings.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Escaping by Unicode scalars")
struct EscapingTests {
    typealias Token = MarkupReader.Token

    /// What `element("p", ["title": text]) { text; element("b") { text } }` must read back as.
    static func expected(_ text: String) -> [Token] {
        let inner: [Token] = text.isEmpty ? [] : [.text(text)]
        return [.start("p", [MarkupReader.Attribute(name: "title", value: text)])] + inner + [.start("b", [])] + inner + [.end("b"), .end("p")]
    }

    static func node(_ text: String) -> HTMLNode {
        element("p", ["title": text]) {
            text
            element("b") { text }
        }
    }

    @Test("a prepend letter before < and >, and a combining mark after \" and >, are escaped: the markup reads back as written", arguments: EscapingPayload.all)
    func payloads(_ payload: String) throws {
        let markup = Self.node(payload).rendered()
        #expect(try MarkupReader.tokens(markup) == Self.expected(payload))
        #expect(Self.rawBytes(markup) == Self.expectedRawBytes(payload))
    }

    /// How many raw `<`, `>` and `"` bytes `markup` holds.
    static func rawBytes(_ markup: String) -> [Int] {
        [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\"")].map { byte in markup.utf8.count(where: { $0 == byte }) }
    }

    /// p, b, /b, /p: the only `<` and `>` are the tags' own, and the only `"` the title's two (none for an empty
    /// title, written bare) and those of the two texts (a quote is markup only inside an attribute).
    static func expectedRawBytes(_ text: String) -> [Int] {
        [4, 4, (text.isEmpty ? 0 : 2) + 2 * text.unicodeScalars.count(where: { $0 == "\"" })]
    }

    @Test("text without markup bytes is left as it is; text escapes &, < and >, an attribute also \"")
    func escaper() {
        #expect(MarkupEscape.text("Anna's laptop") == "Anna's laptop")
        #expect(MarkupEscape.text("a \"b\" & <c>") == "a \"b\" &amp; &lt;c&gt;")
        #expect(MarkupEscape.attribute("a \"b\" & <c>") == "a &quot;b&quot; &amp; &lt;c&gt;")
        #expect(MarkupEscape.text("\u{0D4E}<b\u{0D4E}> >\u{301}") == "\u{0D4E}&lt;b\u{0D4E}&gt; &gt;\u{301}")
        #expect(MarkupEscape.attribute("\"\u{301}") == "&quot;\u{301}")
    }

    @Test("the pairing QR code's own SVG escapes its label the same way: one aria-label, three elements")
    func qrLabel() throws {
        let label = EscapingPayload.refresh + EscapingPayload.quote
        let tokens = try MarkupReader.tokens(try QRCode(encoding: "hello").svg(label: label))
        #expect(tokens.compactMap { token -> String? in if case .start(let name, _) = token { name } else { nil } } == ["svg", "rect", "path"])
        guard case .start(_, let attributes)? = tokens.first else { return }
        #expect(attributes.filter { $0.name == "aria-label" }.map(\.value) == [label])
        #expect(!attributes.contains { $0.name.contains("data-injected") })
    }

    @Test("the meta refresh from a device name renders as text, scalar for scalar")
    func refreshAsText() {
        let markup = element("h2", ["class": "device-name"]) { EscapingPayload.refresh }.rendered()
        #expect(markup == "<h2 class=\"device-name\">\u{0D4E}&lt;meta http-equiv=refresh content=0;url=//example.org/\u{0D4E}&gt;</h2>")
    }

    @Test("a quote joined by a combining mark stays inside its attribute")
    func quoteInAttribute() {
        let markup = element("input", ["value": EscapingPayload.quote]).rendered()
        #expect(markup == "<input value=\"x&quot;\u{301} data-injected=&quot;\u{301}1\">")
    }

    @Test("generated strings of joining scalars and markup bytes: no raw <, > or \" outside the markup the page wrote, and every text reads back")
    func generated() throws {
        var random = SplitMix64(state: 0x4C6F_636B_4F75_7421)
        for index in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                scalars.append(EscapingPayload.alphabet.randomElement(using: &random) ?? "a")
            }
            let text = String(scalars)
            let markup = Self.node(text).rendered()
            let described = "string \(index), scalars \(text.unicodeScalars.map { String($0.value, radix: 16) }): \(markup.debugDescription)"
            let tokens: [Token]
            do {
                tokens = try MarkupReader.tokens(markup)
            } catch {
                Issue.record("\(error) in \(described)")
                break
            }
            let raw = Self.rawBytes(markup)
            guard tokens == Self.expected(text), raw == Self.expectedRawBytes(text) else {
                Issue.record("read back as \(tokens), raw <, >, \" \(raw): \(described)")
                break
            }
        }
    }
}
