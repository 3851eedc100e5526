import Yams

/// A YAML value with the line and column it was written at, so that a configuration finding points at its key.
indirect enum YAMLValue {
    case scalar(String, Position)
    case mapping([(key: String, keyPosition: Position, value: YAMLValue)], Position)
    case sequence([YAMLValue], Position)

    /// A 1-based line and column.
    struct Position: Hashable {
        let line: Int
        let column: Int
        static let start = Position(line: 1, column: 1)
    }

    /// Reads YAML text; nil for an empty document.
    static func parse(_ text: String) throws -> YAMLValue? {
        try Yams.compose(yaml: text).map(YAMLValue.init)
    }

    init(_ node: Node) {
        let position = node.mark.map { Position(line: $0.line, column: $0.column) } ?? .start
        switch node {
        case .scalar(let scalar):
            self = .scalar(scalar.string, position)
        case .mapping(let mapping):
            self = .mapping(
                mapping.map { key, value in
                    (key.string ?? "", key.mark.map { Position(line: $0.line, column: $0.column) } ?? position, YAMLValue(value))
                },
                position
            )
        case .sequence(let sequence):
            self = .sequence(sequence.map(YAMLValue.init), position)
        case .alias:
            self = .scalar("", position)
        }
    }

    var position: Position {
        switch self {
        case .scalar(_, let position), .mapping(_, let position), .sequence(_, let position): position
        }
    }

    subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// Where `key` is written in this mapping (its value's position when it is missing: the mapping's).
    func position(of key: String) -> Position {
        guard case .mapping(let entries, let position) = self else { return self.position }
        return entries.first { $0.key == key }?.keyPosition ?? position
    }

    var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// A sequence's items, or a lone value as a one-item list (xcodegen accepts both).
    var items: [YAMLValue] {
        switch self {
        case .sequence(let items, _): items
        case .scalar(let text, _) where text.isEmpty: []
        default: [self]
        }
    }

    var entries: [(key: String, keyPosition: Position, value: YAMLValue)] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }

    /// As a property list value: strings, booleans, numbers, arrays and dictionaries.
    var plistValue: Any {
        switch self {
        case .scalar(let text, _):
            switch text {
            case "true", "True", "TRUE", "YES", "yes": return true
            case "false", "False", "FALSE", "NO", "no": return false
            default: return Int(text).map { $0 as Any } ?? text
            }
        case .mapping(let entries, _):
            return Dictionary(entries.map { ($0.key, $0.value.plistValue) }, uniquingKeysWith: { _, last in last })
        case .sequence(let items, _):
            return items.map(\.plistValue)
        }
    }
}
