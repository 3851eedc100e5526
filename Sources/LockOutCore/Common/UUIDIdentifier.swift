import Foundation

/// A typed id around a UUID, written in JSON as the bare UUID string (not `{"rawValue": …}`) and
/// shown as its text.
public protocol UUIDIdentifier: Codable, Hashable, Sendable, RawRepresentable, CustomStringConvertible where RawValue == UUID {
    /// Wraps a UUID.
    init(rawValue: UUID)
}

extension UUIDIdentifier {
    /// The UUID's text.
    public var description: String { rawValue.uuidString }

    /// Decodes the bare UUID string, as it is written.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(UUID.self))
    }

    /// Encodes the bare UUID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
