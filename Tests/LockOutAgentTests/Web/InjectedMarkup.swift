import Foundation
import Testing

/// Text from every channel a person or a remote party controls, made to slip past an escaper that compares
/// grapheme clusters: a prepend letter (U+0D4E) joins the `<` or `>` after it into one `Character`, a
/// combining mark (U+0301) joins the `"` before it.
enum Injection {
    /// Sends the parent's browser elsewhere, with no click, when its `<` and `>` go out raw (54 characters: a device name).
    static let refresh = "\u{0D4E}<meta http-equiv=refresh content=0;url=//example.org/\u{0D4E}>"
    /// Adds an attribute to the element it stands in when its quotes go out raw.
    static let quote = "x\"\u{301} data-injected=\"\u{301}1"
    /// An element with no space or slash, for names that may hold neither (executable names).
    static let element = "\u{0D4E}<injected\u{0D4E}>"
    /// A quote with no space or slash: a raw one ends its attribute and starts another.
    static let bareQuote = "y\"\u{301}data-injected=\"\u{301}"
    /// Both payloads in one text.
    static let both = refresh + " " + quote

    /// What a page holds: the markup it was meant to have read as a browser reads it, by code points.
    struct Page {
        /// Every element and attribute the markup has, as `meta[http-equiv]`.
        let elements: [(name: String, attributes: [String])]
        /// The texts between tags and the attribute values, entities decoded.
        let texts: [String]

        /// The elements and attributes the payloads would add: a refresh, an `injected` element, a `data-injected` attribute.
        var injected: [String] {
            elements.compactMap { element in
                if element.name == "meta", element.attributes.contains("http-equiv") { return "<meta http-equiv>" }
                if element.name.contains("injected") { return "<\(element.name)>" }
                if let attribute = element.attributes.first(where: { $0.contains("data-injected") }) { return "<\(element.name) \(attribute)>" }
                return nil
            }
        }

        /// Whether `payload` reached the page whole, as text or as an attribute's value.
        func shows(_ payload: String) -> Bool {
            // By bytes: a `Character` search would miss a payload whose first scalar joins the one before it.
            texts.contains { Array($0.utf8).firstRange(of: Array(payload.utf8)) != nil }
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads `markup` byte by byte as a browser's tokenizer does: a raw `<` starts a tag, a raw `"` ends an
    /// attribute's value, and a `&` must start one of the four entities the escaper writes.
    static func read(_ markup: String) throws -> Page {
        let bytes = Array(markup.utf8)
        var elements: [(name: String, attributes: [String])] = []
        var texts: [String] = []
        var index = 0
        var text: [UInt8] = []
        func word() -> String {
            let start = index
            while index < bytes.count, !" =>/\n\t".utf8.contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            if !text.isEmpty { texts.append(try decoded(text)) }
            text = []
            index += 1
            guard index < bytes.count else { throw Malformed(description: "a < at the end") }
            if bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "/") {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw Malformed(description: "a tag that never ends") }
                index = end + 1
                continue
            }
            let name = word()
            var attributes: [String] = []
            while true {
                while index < bytes.count, " /\n\t".utf8.contains(bytes[index]) { index += 1 }
                guard index < bytes.count else { throw Malformed(description: "<\(name) never ends") }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = word()
                if attribute.isEmpty { index += 1 }
                attributes.append(attribute)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    attributes.append("\(attribute)=unquoted")
                    _ = word()
                    continue
                }
                guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { throw Malformed(description: "\(attribute)'s value never ends") }
                texts.append(try decoded(Array(bytes[(index + 1)..<end])))
                index = end + 1
            }
            elements.append((name, attributes))
        }
        if !text.isEmpty { texts.append(try decoded(text)) }
        return Page(elements: elements, texts: texts)
    }

    private static let entities: [(String, UInt8)] = [("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&quot;", UInt8(ascii: "\""))]

    private static func decoded(_ bytes: [UInt8]) throws -> String {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            guard let (entity, byte) = entities.first(where: { bytes[index...].starts(with: Array($0.0.utf8)) }) else {
                throw Malformed(description: "a raw & in \(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription)")
            }
            result.append(byte)
            index += entity.utf8.count
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Records an issue for every element or attribute a payload added to `markup`, and for each of `payloads`
    /// that did not reach it whole (so a page that never showed the text cannot pass for one that escaped it).
    static func expectClean(
        _ markup: String, showing payloads: [String] = [], _ page: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let read: Page
        do {
            read = try Self.read(markup)
        } catch {
            Issue.record("\(page): \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(read.injected.isEmpty, "\(page) has markup from a payload: \(read.injected)", sourceLocation: sourceLocation)
        for payload in payloads where !read.shows(payload) {
            Issue.record("\(page) does not show \(payload.debugDescription)", sourceLocation: sourceLocation)
        }
    }
}
