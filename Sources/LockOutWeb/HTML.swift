import LockOutCore

/// A piece of an HTML (or inline SVG) document: the pages are trees of these, rendered once with every
/// text and attribute value escaped (`MarkupEscape`, by Unicode scalars), so nothing a person typed or a
/// network sent can become markup.
///
/// Elements are written with `element(_:_:content:)` and a result builder:
///
///     element("p", ["class": "hint"]) { "Breaks are stopped" }
///
/// An attribute whose value is nil is left out: `["checked": enabled ? "" : nil]`.
public indirect enum HTMLNode: Sendable, Equatable {
    /// An element with attributes (in order) and children.
    case element(String, [HTMLAttribute], [HTMLNode])
    /// An element without an end tag, like `input`.
    case void(String, [HTMLAttribute])
    /// Text, escaped when rendered.
    case text(String)
    /// Several nodes side by side.
    case group([HTMLNode])

    /// The markup.
    public func rendered() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    func render(into output: inout String) {
        switch self {
        case .element(let name, let attributes, let children):
            Self.openTag(name, attributes, into: &output)
            for child in children { child.render(into: &output) }
            output += "</\(name)>"
        case .void(let name, let attributes):
            Self.openTag(name, attributes, into: &output)
        case .text(let text):
            output += MarkupEscape.text(text)
        case .group(let nodes):
            for node in nodes { node.render(into: &output) }
        }
    }

    private static func openTag(_ name: String, _ attributes: [HTMLAttribute], into output: inout String) {
        output += "<\(name)"
        for attribute in attributes {
            output += attribute.value.isEmpty
                ? " \(attribute.name)" : " \(attribute.name)=\"\(MarkupEscape.attribute(attribute.value))\""
        }
        output += ">"
    }
}

/// One attribute: a name from the page's code, a value that may come from anywhere (it is escaped).
public struct HTMLAttribute: Sendable, Equatable {
    public let name: String
    public let value: String
}

/// Element names without an end tag.
private let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

/// An element named `name` with `attributes` (those with a nil value left out) and the builder's children.
public func element(
    _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], @HTMLBuilder content: () -> [HTMLNode] = { [] }
) -> HTMLNode {
    let kept = attributes.compactMap { pair in pair.value.map { HTMLAttribute(name: pair.key, value: $0) } }
    return voidElements.contains(name) ? .void(name, kept) : .element(name, kept, content())
}

/// Children written one per line, with `if`, `switch` and `for` as in SwiftUI; a string is text.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ node: HTMLNode) -> [HTMLNode] { [node] }
    public static func buildExpression(_ text: String) -> [HTMLNode] { [.text(text)] }
    public static func buildExpression(_ nodes: [HTMLNode]) -> [HTMLNode] { nodes }
    public static func buildBlock(_ parts: [HTMLNode]...) -> [HTMLNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [HTMLNode]?) -> [HTMLNode] { part ?? [] }
    public static func buildEither(first part: [HTMLNode]) -> [HTMLNode] { part }
    public static func buildEither(second part: [HTMLNode]) -> [HTMLNode] { part }
    public static func buildArray(_ parts: [[HTMLNode]]) -> [HTMLNode] { parts.flatMap { $0 } }
}
