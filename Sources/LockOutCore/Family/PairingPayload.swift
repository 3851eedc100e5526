import Foundation

/// What a pairing QR code or pasted code carries: where the family's server is, which family, and the
/// one-time secret that lets one device join it.
///
/// Written as `lockout-pair:` followed by base64url (no padding) of a small JSON object, so it survives
/// being pasted into a chat, a terminal or a URL bar unchanged.
public struct PairingPayload: Codable, Hashable, Sendable {
    /// The text every payload starts with.
    public static let prefix = "lockout-pair:"
    /// The payload format this code writes and reads. Version 2 carries an end-to-end family's pairing key and
    /// parent fingerprint; a version 1 code, from before, is refused.
    public static let currentVersion = 2

    public let version: Int
    /// The family server's base URL.
    public let server: URL
    public let family: FamilyID
    /// The one-time pairing secret (base64url of at least 16 random bytes).
    public let secret: String
    /// An end-to-end family's one-time pairing key (base64url of 32 bytes), which never reaches the server.
    public let pairingKey: String?
    /// With the pairing key: the fingerprint of the public keys of the parent device that made the code
    /// (`DevicePublicKeys.fingerprint`), which the welcome must be signed by.
    public let parentFingerprint: String?

    /// A payload of the current version.
    public init(server: URL, family: FamilyID, secret: String, pairingKey: PairingKey? = nil, parentFingerprint: String? = nil) {
        version = Self.currentVersion
        self.server = server
        self.family = family
        self.secret = secret
        self.pairingKey = pairingKey.map { Base64URL.encode(Data($0.bytes)) }
        self.parentFingerprint = pairingKey == nil ? nil : parentFingerprint
    }

    /// Whether the family keeps its data end-to-end encrypted, so the device joining does from its first round.
    public var endToEnd: Bool { pairingKey != nil }

    /// The code's pairing key, when it carries one.
    public var key: PairingKey? {
        pairingKey.flatMap(Base64URL.decode).flatMap { try? PairingKey([UInt8]($0)) }
    }

    /// The same code carrying an end-to-end family's pairing key and the fingerprint of the parent that made it:
    /// the parent adds both to the server's code, which never sees them.
    public func carrying(_ key: PairingKey, parentFingerprint: String) -> PairingPayload {
        PairingPayload(server: server, family: family, secret: secret, pairingKey: key, parentFingerprint: parentFingerprint)
    }

    enum CodingKeys: String, CodingKey {
        case version = "v", server = "s", family = "f", secret = "k", pairingKey = "p", parentFingerprint = "h"
    }

    /// The text to show, paste or put in a QR code.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a few plain values cannot fail.
        let json = (try? encoder.encode(self)) ?? Data()
        return Self.prefix + Base64URL.encode(json)
    }

    /// Reads a payload as pasted or scanned: surrounding whitespace is ignored.
    public init(parsing text: String) throws(FamilyInputError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(Self.prefix) else {
            throw .malformedPairingPayload("it should start with '\(Self.prefix)'")
        }
        guard let data = Base64URL.decode(String(trimmed.dropFirst(Self.prefix.count))) else {
            throw .malformedPairingPayload("it was cut or changed (not base64url)")
        }
        struct Versioned: Decodable { let v: Int }
        guard let versioned = try? JSONDecoder().decode(Versioned.self, from: data) else {
            throw .malformedPairingPayload("it was cut or changed (no version)")
        }
        guard versioned.v >= Self.currentVersion else { throw .oldPairingVersion(versioned.v) }
        guard versioned.v == Self.currentVersion else { throw .unsupportedPairingVersion(versioned.v) }
        guard let payload = try? JSONDecoder().decode(Self.self, from: data) else {
            throw .malformedPairingPayload("it was cut or changed (fields missing)")
        }
        _ = try ServerAddress.validated(payload.server.absoluteString)
        guard let secret = Base64URL.decode(payload.secret), secret.count >= PairingSecret.minimumBytes else {
            throw .pairingSecret
        }
        guard (payload.pairingKey == nil) == (payload.parentFingerprint == nil), payload.pairingKey == nil || payload.key != nil else {
            throw .malformedPairingPayload("its end-to-end key was cut or changed")
        }
        self = payload
    }
}

/// Pairing secrets: random bytes from the server, shown as base64url.
public enum PairingSecret {
    /// 128 bits at least.
    public static let minimumBytes = 16
    /// How long a pairing stays redeemable.
    public static let lifetime: TimeInterval = 15 * 60
}

/// A family server's address as a person types it.
public enum ServerAddress {
    /// Accepts `http://` or `https://` URLs with a host and nothing after the path; drops a trailing slash.
    public static func validated(_ text: String) throws(FamilyInputError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil
        else { throw .serverURL(text) }
        var cleaned = components
        cleaned.scheme = scheme
        while cleaned.path.hasSuffix("/") { cleaned.path.removeLast() }
        guard let url = cleaned.url else { throw .serverURL(text) }
        return url
    }
}
