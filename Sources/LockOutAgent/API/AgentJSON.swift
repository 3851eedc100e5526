import Foundation

/// The JSON dialect of the agent's API and the CLI's `--json` output: ISO-8601 dates, sorted keys.
public enum AgentJSON {
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// The body of every error the API answers with.
public struct APIErrorBody: Codable, Equatable, Sendable {
    public let error: String

    public init(error: String) {
        self.error = error
    }
}
