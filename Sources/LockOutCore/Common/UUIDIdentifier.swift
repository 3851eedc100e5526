import Foundation

/// A typed id around a UUID, written in JSON as the bare UUID string (not `{"rawValue": …}`) and
/// shown as its text.
public protocol UUIDIdentifier: Codable, Hashable, Sendable, RawRepresentable, CustomStringConvertible where RawValue == UUID {
    /// Wraps a UUID.
    init(rawValue: UUID)
}

extension UUIDIdentifier {
    /// The UUID's text.
    public var description: String { UUIDText.string(rawValue) }

    /// The id `text` writes, or nil when it is no UUID.
    public init?(uuidString text: String?) {
        guard let text, let uuid = UUIDText.uuid(text) else { return nil }
        self.init(rawValue: uuid)
    }

    /// Decodes the bare UUID string, as it is written.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let uuid = UUIDText.uuid(try container.decode(String.self)) else {
            // Foundation's own words for a UUID it cannot read.
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Attempted to decode UUID from invalid UUID string.")
        }
        self.init(rawValue: uuid)
    }

    /// Encodes the bare UUID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
