import Foundation

/// The JSON of the family API: ISO-8601 dates and sorted keys, on both sides of the wire.
public enum SyncJSON {
    /// An encoder for request and answer bodies.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder for request and answer bodies.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// A record as the body of a mutation.
    public static func body(_ value: some Encodable) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }

    /// A mutation's or change's body as a record.
    public static func record<T: Decodable>(_ type: T.Type, from body: String) throws -> T {
        try decoder().decode(type, from: Data(body.utf8))
    }
}
