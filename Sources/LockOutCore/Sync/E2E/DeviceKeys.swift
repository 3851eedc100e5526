import Foundation

/// A device's public keys: X25519 to receive wrapped epoch keys (HPKE), Ed25519 to sign what others obey.
/// They never change: new keys mean pairing again.
public struct DevicePublicKeys: Codable, Hashable, Sendable {
    public static let length = 32
    /// The X25519 public key, raw.
    public let agreement: [UInt8]
    /// The Ed25519 public key, raw.
    public let signing: [UInt8]

    /// Both keys, each exactly 32 bytes; throws `.malformedPublicKeys` for anything else a peer or a server sends.
    public init(agreement: [UInt8], signing: [UInt8]) throws(FamilyKeyError) {
        guard agreement.count == Self.length, signing.count == Self.length else { throw .malformedPublicKeys }
        self.agreement = agreement
        self.signing = signing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let agreement = try container.decode(String.self, forKey: .agreement)
        let signing = try container.decode(String.self, forKey: .signing)
        guard let agreementBytes = Base64URL.decode(agreement), let signingBytes = Base64URL.decode(signing),
              agreementBytes.count == Self.length, signingBytes.count == Self.length
        else {
            throw DecodingError.dataCorruptedError(forKey: .agreement, in: container, debugDescription: "public keys are two 32-byte keys in base64url")
        }
        self.agreement = [UInt8](agreementBytes)
        self.signing = [UInt8](signingBytes)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Base64URL.encode(Data(agreement)), forKey: .agreement)
        try container.encode(Base64URL.encode(Data(signing)), forKey: .signing)
    }

    private enum CodingKeys: String, CodingKey {
        case agreement, signing
    }

    /// SHA-256 over a label and both keys: what an epoch commit names a member's keys by.
    public func digest(using cipher: any SignatureChecking) -> [UInt8] {
        cipher.digest(Array("lockout/e2e/device-keys/v1".utf8) + agreement + signing)
    }

    /// What a parent's pairing code carries and a person can compare: the first 16 bytes of `digest`, as 8
    /// groups of 4 hex digits.
    public func fingerprint(using cipher: any SignatureChecking) -> String {
        let hex = digest(using: cipher).prefix(16).map { String(format: "%02x", $0) }.joined()
        return stride(from: 0, to: hex.count, by: 4).map { start in
            String(hex.dropFirst(start).prefix(4))
        }.joined(separator: "-")
    }
}

/// A device's private keys, raw: they stay on the device (a 0600 file on Linux, the Keychain on Apple).
public struct DevicePrivateKeys: Codable, Hashable, Sendable {
    public let agreement: [UInt8]
    public let signing: [UInt8]
    public let publicKeys: DevicePublicKeys

    public init(agreement: [UInt8], signing: [UInt8], publicKeys: DevicePublicKeys) {
        self.agreement = agreement
        self.signing = signing
        self.publicKeys = publicKeys
    }
}

/// What went wrong with a key, a wrap or a signature.
public enum FamilyKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformedPublicKeys
    case malformedPrivateKeys
    /// A wrapped key that does not open with this device's key for this scope and epoch.
    case unwrapFailed
    case badSignature
    case malformedPairingKey
    /// A pairing welcome that does not open with the code's key, or is not signed by the parent the code names.
    case welcomeRefused

    public var description: String {
        switch self {
        case .malformedPublicKeys: "the public keys are not two 32-byte keys"
        case .malformedPrivateKeys: "this device's private keys cannot be read"
        case .unwrapFailed: "the wrapped key does not open with this device's key for this scope and epoch"
        case .badSignature: "the signature does not verify with the signer's public key"
        case .malformedPairingKey: "the pairing code's key is not 32 bytes: copy the whole code again"
        case .welcomeRefused:
            "the parent's welcome does not open with this code or is not signed by the parent the code names: the family server changed it. This device did not join; tell the parent"
        }
    }
}

/// What checking a signed statement needs, and all a server needs: Ed25519 verification and SHA-256.
public protocol SignatureChecking: Sendable {
    func isValidSignature(_ signature: [UInt8], for data: [UInt8], by keys: DevicePublicKeys) -> Bool
    /// SHA-256.
    func digest(_ data: [UInt8]) -> [UInt8]
}

/// The public-key half of the family's cryptography, beside `FamilyCipher`: device keys, signatures,
/// HPKE wraps and a digest. Core decides what is signed and wrapped, and with which context.
public protocol FamilyKeyCipher: SignatureChecking {
    /// A fresh X25519 and Ed25519 key pair.
    func newDeviceKeys() -> DevicePrivateKeys
    /// The key pairs whose raw private keys are `agreement` and `signing` (a recovery code's).
    func deviceKeys(agreement: [UInt8], signing: [UInt8]) throws(FamilyKeyError) -> DevicePrivateKeys
    /// Ed25519 over `data`.
    func sign(_ data: [UInt8], with keys: DevicePrivateKeys) throws(FamilyKeyError) -> [UInt8]
    /// HPKE base mode (X25519, HKDF-SHA256, ChaCha20-Poly1305) of `secret` to `recipient`, bound to `info`.
    func wrap(_ secret: [UInt8], to recipient: DevicePublicKeys, info: [UInt8]) throws(FamilyKeyError) -> (encapsulatedKey: [UInt8], ciphertext: [UInt8])
    func unwrap(encapsulatedKey: [UInt8], ciphertext: [UInt8], with keys: DevicePrivateKeys, info: [UInt8]) throws(FamilyKeyError) -> [UInt8]
}
