import Foundation

/// An end-to-end family's recovery code: what brings the family back when every parent device is lost. It is
/// a parent device of the family that no hardware holds — its id, its server token and its private keys —
/// with the public keys of the parent that made it. Being a parent device, it is a member of every scope and
/// gets a wrap of every epoch: whoever holds the code reads and steers the family. Shown once.
///
/// Written as `lockout-recovery:` and the base64url of a small JSON object.
public struct RecoveryCode: Codable, Hashable, Sendable {
    public static let prefix = "lockout-recovery:"
    public static let currentVersion = 1

    public let version: Int
    public let server: URL
    public let family: FamilyID
    /// The recovery device's id and bearer token.
    public let device: DeviceID
    public let token: String
    /// Its private keys, raw: X25519, then Ed25519 (32 bytes each).
    public let agreement: [UInt8]
    public let signing: [UInt8]
    /// The parent device that made the code, with its public keys: the recovered device pins them, so it believes
    /// the epoch commits that parent signed.
    public let issuer: SyncAPI.DeviceKey

    public init(server: URL, family: FamilyID, device: DeviceID, token: String, keys: DevicePrivateKeys, issuer: SyncAPI.DeviceKey) {
        version = Self.currentVersion
        self.server = server
        self.family = family
        self.device = device
        self.token = token
        agreement = keys.agreement
        signing = keys.signing
        self.issuer = issuer
    }

    /// The text to write down or keep as a QR code.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a few plain values cannot fail.
        return Self.prefix + Base64URL.encode((try? encoder.encode(self)) ?? Data())
    }

    /// Reads a code as typed or scanned; surrounding white space is ignored.
    public init(parsing text: String) throws(FamilyInputError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(Self.prefix), let data = Base64URL.decode(String(trimmed.dropFirst(Self.prefix.count))),
              let code = try? JSONDecoder().decode(Self.self, from: data)
        else { throw .malformedRecoveryCode("it should be the whole 'lockout-recovery:…' text, unchanged") }
        guard code.version == Self.currentVersion else { throw .unsupportedPairingVersion(code.version) }
        guard code.agreement.count == 32, code.signing.count == 32, code.issuer.mode == .parentDevice else {
            throw .malformedRecoveryCode("its keys were cut or changed")
        }
        _ = try ServerAddress.validated(code.server.absoluteString)
        self = code
    }

    private enum CodingKeys: String, CodingKey {
        case version = "v", server = "s", family = "f", device = "d", token = "t", agreement = "a", signing = "g", issuer = "p"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        server = try container.decode(URL.self, forKey: .server)
        family = try container.decode(FamilyID.self, forKey: .family)
        device = try container.decode(DeviceID.self, forKey: .device)
        token = try container.decode(String.self, forKey: .token)
        agreement = try container.decodeBytes(forKey: .agreement, maximum: 32)
        signing = try container.decodeBytes(forKey: .signing, maximum: 32)
        issuer = try container.decode(SyncAPI.DeviceKey.self, forKey: .issuer)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(server, forKey: .server)
        try container.encode(family, forKey: .family)
        try container.encode(device, forKey: .device)
        try container.encode(token, forKey: .token)
        try container.encode(Base64URL.encode(Data(agreement)), forKey: .agreement)
        try container.encode(Base64URL.encode(Data(signing)), forKey: .signing)
        try container.encode(issuer, forKey: .issuer)
    }

    /// What the server is told a recovery device is called: it is no device anyone holds.
    public static func serverName(_ device: DeviceID) -> String {
        serverNamePrefix + device.description.prefix(8).lowercased()
    }

    /// Whether `device`, as the server lists it, is a recovery code's device.
    public static func isRecoveryDevice(_ device: RegisteredDevice) -> Bool {
        device.deviceType == .parentDevice && device.deviceName.hasPrefix(serverNamePrefix)
    }

    static let serverNamePrefix = "recovery "
}
