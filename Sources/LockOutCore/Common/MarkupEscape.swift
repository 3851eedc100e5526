import Foundation

/// Escaping for text put into markup: the web app's pages and their inline SVG, the pairing QR code's SVG,
/// a desktop notification's body. Every writer of markup goes through it.
///
/// It works on Unicode scalars, never on `Character`s. A `Character` is a grapheme cluster: a prepend letter
/// (U+0D4E) joins the `<` or `>` after it into one, and a combining mark (U+0301) joins the `"` or `>` before
/// it, so a comparison of characters with `"<"` misses those and lets the byte through — while a browser
/// reads code points, and sees the tag. (CSV escaping compares scalars for the same reason: `"\r\n"` is one
/// `Character`.)
public enum MarkupEscape {
    /// Text between tags: `&`, `<` and `>` written as entities.
    public static func text(_ text: String) -> String {
        escaped(text, quote: false)
    }

    /// A double-quoted attribute value: `&`, `"`, `<` and `>` written as entities.
    public static func attribute(_ value: String) -> String {
        escaped(value, quote: true)
    }

    private static func escaped(_ string: String, quote: Bool) -> String {
        let scalars = string.unicodeScalars
        guard scalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quote && $0 == "\"") }) else { return string }
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(string.utf8.count + 16)
        for scalar in scalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quote: escaped.append(contentsOf: "&quot;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
