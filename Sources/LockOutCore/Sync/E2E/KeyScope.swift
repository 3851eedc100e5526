import Foundation

/// Who may read a record: each scope has its own keys, in numbered epochs.
///
/// - `child`: one child device's records and what parents send it; its members are the child and every
///   parent device. A child never holds a sibling's key.
/// - `person`: the devices of one person (a child's laptop and phone share their health totals).
/// - `parents`: the roster, device names and parent-only settings.
public enum KeyScope: Hashable, Sendable, CustomStringConvertible {
    case child(DeviceID)
    case person(String)
    case parents

    /// The longest person id a scope may name.
    public static let maximumPersonIDLength = 64

    /// The scope as the envelope and the server name it: `child:<UUID>`, `person:<id>` or `parents`.
    public var description: String {
        switch self {
        case .child(let device): "child:\(device)"
        case .person(let id): "person:\(id)"
        case .parents: "parents"
        }
    }

    /// Reads a scope's text; nil for anything else, so a scope a server or a peer sends is checked before use.
    public init?(_ text: String) {
        if text == "parents" {
            self = .parents
        } else if text.hasPrefix("child:"), let uuid = UUID(uuidString: String(text.dropFirst(6))),
                  text.dropFirst(6) == uuid.uuidString {
            self = .child(DeviceID(rawValue: uuid))
        } else if text.hasPrefix("person:") {
            let id = text.dropFirst(7)
            guard !id.isEmpty, id.utf8.count <= Self.maximumPersonIDLength,
                  id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") })
            else { return nil }
            self = .person(String(id))
        } else {
            return nil
        }
    }
}

extension KeyScope: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let scope = KeyScope(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a key scope: child:<device id>, person:<id> or parents"))
        }
        self = scope
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
