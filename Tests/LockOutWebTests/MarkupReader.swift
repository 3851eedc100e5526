import Foundation

/// Reads markup the way a browser's tokenizer does — byte by byte, by code points, never by grapheme
/// clusters — into start tags with their attributes, end tags and text, entities decoded. Enough of HTML for
/// what the pages write: `<!doctype>`, start tags with double-quoted or bare attributes (self-closed in SVG),
/// end tags, text.
/// A `&` that starts no entity the pages write, or a tag that never ends, is an error: markup an escaper let through.
enum MarkupReader {
    enum Token: Equatable, CustomStringConvertible {
        case start(String, [Attribute])
        case end(String)
        case text(String)

        var description: String {
            switch self {
            case .start(let name, let attributes): "<\(name)\(attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined())>"
            case .end(let name): "</\(name)>"
            case .text(let text): text.debugDescription
            }
        }
    }

    struct Attribute: Equatable {
        let name: String
        let value: String
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func tokens(_ markup: String) throws -> [Token] {
        let bytes = Array(markup.utf8)
        var tokens: [Token] = []
        var index = 0
        var text: [UInt8] = []
        func flush() throws {
            if !text.isEmpty { tokens.append(.text(try decoded(text))) }
            text = []
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            try flush()
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "!") {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw Malformed(description: "a declaration without its end") }
                index = end + 1
                continue
            }
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let name = word(bytes, &index)
            guard !name.isEmpty else { throw Malformed(description: "a tag without a name at byte \(index)") }
            var attributes: [Attribute] = []
            while true {
                // A space between attributes; a slash before the end of a self-closed SVG element.
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "/") { index += 1 }
                guard index < bytes.count else { throw Malformed(description: "<\(name) never ends") }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = word(bytes, &index)
                guard !attribute.isEmpty else { throw Malformed(description: "a stray byte \(bytes[index]) in <\(name)>") }
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
                        throw Malformed(description: "\(attribute)= without a quote in <\(name)>")
                    }
                    guard let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { throw Malformed(description: "\(attribute)'s value never ends") }
                    value = try decoded(Array(bytes[(index + 2)..<end]))
                    index = end + 1
                }
                attributes.append(Attribute(name: attribute, value: value))
            }
            tokens.append(closing ? .end(name) : .start(name, attributes))
        }
        try flush()
        return tokens
    }

    /// A tag or attribute name: up to a space, `=`, `>` or `/`.
    private static func word(_ bytes: [UInt8], _ index: inout Int) -> String {
        let start = index
        while index < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
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
                throw Malformed(description: "a raw & in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
            result.append(byte)
            index += entity.utf8.count
        }
        return String(decoding: result, as: UTF8.self)
    }
}
