import Foundation

/// The one-time key an end-to-end family's pairing code carries beside the server's secret. The server never
/// sees it: the parent seals the welcome with it, and the joining device proves with it that the public keys
/// it sends are its own. Once the parent has checked that proof it forgets the key, so a code seen later — in a
/// terminal, a chat, a photo of the QR — opens nothing.
public struct PairingKey: Hashable, Sendable {
    public static let length = 32
    /// The length of the key's id, which a proof names it by.
    public static let idLength = 16
    public let bytes: [UInt8]

    /// A key of exactly `length` bytes; anything else a code carries is refused.
    public init(_ bytes: [UInt8]) throws(FamilyKeyError) {
        guard bytes.count == Self.length else { throw .malformedPairingKey }
        self.bytes = bytes
    }

    /// A fresh key.
    public static func make(cipher: any FamilyCipher) -> PairingKey {
        // `length` random bytes are a key by construction.
        PairingKey(unchecked: cipher.randomBytes(length))
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// The key's id: what a proof names it by, so the parent finds the pairing it made without trying keys.
    public func id(cipher: any FamilyCipher) -> [UInt8] { derive("id", count: Self.idLength, cipher: cipher) }

    /// The proof that `keys` are the keys of the device `device` (in `mode`) that used this code to join `family`.
    public func proof(family: FamilyID, device: DeviceID, mode: DeviceMode, keys: DevicePublicKeys, cipher: any FamilyCipher) -> PairingProof {
        PairingProof(
            keyID: id(cipher: cipher),
            code: cipher.authenticationCode(for: Self.provenBytes(family: family, device: device, mode: mode, keys: keys),
                                            key: derive("proof", count: 32, cipher: cipher))
        )
    }

    /// Whether `proof` proves, with this key, that `keys` are `device`'s.
    public func checks(_ proof: PairingProof, family: FamilyID, device: DeviceID, mode: DeviceMode, keys: DevicePublicKeys, cipher: any FamilyCipher) -> Bool {
        let expected = self.proof(family: family, device: device, mode: mode, keys: keys, cipher: cipher)
        return RecordSealer.constantTimeEqual(expected.keyID + expected.code, proof.keyID + proof.code)
    }

    /// The key the welcome is sealed with.
    func welcomeKey(cipher: any FamilyCipher) -> [UInt8] { derive("welcome", count: 32, cipher: cipher) }

    /// The prefix of a joining device's sealed name.
    public static let namePrefix = "n1."
    /// The bytes of every sealed name: a nonce, the name padded to 256 bytes (a name of 64 characters of up to 4
    /// bytes each fits), and the tag.
    public static let sealedNameBytes = SealedBody.nonceLength + 256 + SealedBody.tagLength

    /// The name of the device `device` joining `family` with this code, sealed for the parent that made it: the
    /// redeem carries it, so the parent names the device from its first round, while the server sees neither
    /// the name nor its length (padded to 256 bytes).
    public func sealName(_ name: String, family: FamilyID, device: DeviceID, cipher: any FamilyCipher) -> String {
        var plaintext = Array(name.utf8.prefix(255))
        plaintext = [UInt8(plaintext.count)] + plaintext + [UInt8](repeating: 0, count: 255 - plaintext.count)
        let nonce = cipher.randomBytes(SealedBody.nonceLength)
        guard let sealed = try? cipher.seal(plaintext, key: derive("name", count: 32, cipher: cipher), nonce: nonce,
                                            associatedData: Self.nameData(family: family, device: device))
        else { preconditionFailure("a 32-byte key and a 12-byte nonce always seal") }
        return Self.namePrefix + Base64URL.encode(Data(nonce + sealed.ciphertext + sealed.tag))
    }

    /// The name `sealName` sealed for `device` of `family`; nil when it does not open with this key as that
    /// device's, or is no device name.
    public func openName(_ text: String, family: FamilyID, device: DeviceID, cipher: any FamilyCipher) -> String? {
        guard text.hasPrefix(Self.namePrefix), let data = Base64URL.decode(String(text.dropFirst(Self.namePrefix.count))),
              data.count == Self.sealedNameBytes
        else { return nil }
        let bytes = [UInt8](data)
        guard let plaintext = try? cipher.open(
            Array(bytes.dropFirst(SealedBody.nonceLength).dropLast(SealedBody.tagLength)), tag: Array(bytes.suffix(SealedBody.tagLength)),
            key: derive("name", count: 32, cipher: cipher), nonce: Array(bytes.prefix(SealedBody.nonceLength)),
            associatedData: Self.nameData(family: family, device: device)
        ), let length = plaintext.first, Int(length) < plaintext.count
        else { return nil }
        return try? DeviceIdentity.validName(String(decoding: plaintext[1...Int(length)], as: UTF8.self))
    }

    static func nameData(family: FamilyID, device: DeviceID) -> [UInt8] {
        var bytes = BinaryWriter()
        bytes.text("lockout/e2e/pairing-name/v1")
        bytes.uuid(family.rawValue)
        bytes.uuid(device.rawValue)
        return bytes.bytes
    }

    private func derive(_ use: String, count: Int, cipher: any FamilyCipher) -> [UInt8] {
        cipher.deriveKey(from: bytes, salt: [], info: Array("lockout/e2e/pairing-\(use)/v1".utf8), count: count)
    }

    static func provenBytes(family: FamilyID, device: DeviceID, mode: DeviceMode, keys: DevicePublicKeys) -> [UInt8] {
        var bytes = BinaryWriter()
        bytes.text("lockout/e2e/pairing-proof/v1")
        bytes.uuid(family.rawValue)
        bytes.uuid(device.rawValue)
        bytes.text(mode.rawValue)
        bytes.data(keys.agreement)
        bytes.data(keys.signing)
        return bytes.bytes
    }
}

/// What a device joining an end-to-end family sends beside its public keys: the id of the code's pairing key
/// and an HMAC under it over the family, the device, its mode and its keys. A server that swaps the keys
/// cannot make a new proof: it never had the pairing key. Written as base64url of the id and the code.
public struct PairingProof: Hashable, Sendable, Codable {
    public let keyID: [UInt8]
    public let code: [UInt8]

    public init(keyID: [UInt8], code: [UInt8]) {
        self.keyID = keyID
        self.code = code
    }

    public var text: String { Base64URL.encode(Data(keyID + code)) }

    /// Reads a proof's text; nil unless it is an id and a 32-byte code.
    public init?(text: String) {
        guard let data = Base64URL.decode(text), data.count == PairingKey.idLength + 32 else { return nil }
        keyID = Array(data.prefix(PairingKey.idLength))
        code = Array(data.dropFirst(PairingKey.idLength))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let proof = PairingProof(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a pairing proof is 48 bytes in base64url"))
        }
        self = proof
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A pairing a parent made in an end-to-end family, kept until the device that joined with it has been
/// checked (its proof) or it is long expired. Its key stays on the parent device.
public struct PendingPairing: Codable, Hashable, Sendable {
    public let key: PairingKey
    public let mode: DeviceMode
    /// The child name the pairing gives a child's device.
    public let childName: String?
    public let expiresAt: Date

    public init(key: PairingKey, mode: DeviceMode, childName: String?, expiresAt: Date) {
        self.key = key
        self.mode = mode
        self.childName = childName
        self.expiresAt = expiresAt
    }

    private enum CodingKeys: String, CodingKey {
        case key, mode, childName, expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            key = try PairingKey(try container.decodeBytes(forKey: .key, maximum: PairingKey.length))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .key, in: container, debugDescription: "a pairing key is 32 bytes")
        }
        mode = try container.decode(DeviceMode.self, forKey: .mode)
        childName = try container.decodeIfPresent(String.self, forKey: .childName)
        expiresAt = try container.decode(Date.self, forKey: .expiresAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Base64URL.encode(Data(key.bytes)), forKey: .key)
        try container.encode(mode, forKey: .mode)
        try container.encodeIfPresent(childName, forKey: .childName)
        try container.encode(expiresAt, forKey: .expiresAt)
    }
}

/// What an end-to-end family's parent hands a joining device, sealed with the code's pairing key: the parent
/// devices' public keys, signed by the parent that made the code — whose keys' fingerprint the code carries.
/// It holds no data key. The device pins these keys; a server that swapped the welcome makes it fail to open,
/// or to verify against the fingerprint.
public struct PairingWelcome: Codable, Hashable, Sendable {
    public let family: FamilyID
    /// The parent device that made the code.
    public let issuer: DeviceID
    /// The family's parent devices and the issuer, with their keys, sorted by id.
    public let roster: [SyncAPI.DeviceKey]
    public let signature: [UInt8]

    /// The text a sealed welcome starts with.
    public static let prefix = "w1."
    /// The most devices a welcome names.
    public static let maximumRoster = 64

    /// The welcome `issuer` signs for `roster` (which must name the issuer).
    public static func signed(
        family: FamilyID, issuer: DeviceID, roster: [SyncAPI.DeviceKey], keys: DevicePrivateKeys, cipher: any FamilyKeyCipher
    ) throws(FamilyKeyError) -> PairingWelcome {
        let sorted = roster.sorted { $0.deviceID.description < $1.deviceID.description }
        let unsigned = PairingWelcome(family: family, issuer: issuer, roster: sorted, signature: [])
        return PairingWelcome(family: family, issuer: issuer, roster: sorted, signature: try cipher.sign(unsigned.signedBytes, with: keys))
    }

    init(family: FamilyID, issuer: DeviceID, roster: [SyncAPI.DeviceKey], signature: [UInt8]) {
        self.family = family
        self.issuer = issuer
        self.roster = roster
        self.signature = signature
    }

    /// The roster when the welcome is for `family` and signed by the issuer, whose keys have `fingerprint`.
    public func verified(family: FamilyID, fingerprint: String, cipher: any SignatureChecking) throws(FamilyKeyError) -> [SyncAPI.DeviceKey] {
        guard self.family == family, roster.count <= Self.maximumRoster,
              let issuerKeys = roster.first(where: { $0.deviceID == issuer })?.publicKeys,
              issuerKeys.fingerprint(using: cipher) == fingerprint,
              cipher.isValidSignature(signature, for: signedBytes, by: issuerKeys)
        else { throw .welcomeRefused }
        return roster
    }

    /// The label, family, issuer and each device's id, mode and keys, as fixed-order binary.
    var signedBytes: [UInt8] {
        var bytes = BinaryWriter()
        bytes.text("lockout/e2e/pairing-welcome/v1")
        bytes.uuid(family.rawValue)
        bytes.uuid(issuer.rawValue)
        bytes.number(UInt64(roster.count), bytes: 4)
        for device in roster {
            bytes.uuid(device.deviceID.rawValue)
            bytes.text(device.mode.rawValue)
            bytes.data(device.publicKeys.agreement)
            bytes.data(device.publicKeys.signing)
        }
        return bytes.bytes
    }

    /// The welcome sealed with `key` (ChaCha20-Poly1305 under a key derived from it, bound to the family).
    public func sealed(with key: PairingKey, cipher: any FamilyCipher) -> String {
        let nonce = cipher.randomBytes(SealedBody.nonceLength)
        // Encoding plain values cannot fail.
        let plaintext = (try? JSONEncoder().encode(self)).map { [UInt8]($0) } ?? []
        guard let sealed = try? cipher.seal(plaintext, key: key.welcomeKey(cipher: cipher), nonce: nonce,
                                            associatedData: Self.associatedData(family))
        else { preconditionFailure("a 32-byte key and a 12-byte nonce always seal") }
        return Self.prefix + Base64URL.encode(Data(nonce + sealed.ciphertext + sealed.tag))
    }

    /// Opens a sealed welcome with the code's key; `.welcomeRefused` when it does not open as `family`'s.
    public static func open(_ text: String, with key: PairingKey, family: FamilyID, cipher: any FamilyCipher) throws(FamilyKeyError) -> PairingWelcome {
        guard text.hasPrefix(prefix), let data = Base64URL.decode(String(text.dropFirst(prefix.count))),
              data.count > SealedBody.nonceLength + SealedBody.tagLength
        else { throw .welcomeRefused }
        let bytes = [UInt8](data)
        let nonce = Array(bytes.prefix(SealedBody.nonceLength))
        let tag = Array(bytes.suffix(SealedBody.tagLength))
        let ciphertext = Array(bytes.dropFirst(SealedBody.nonceLength).dropLast(SealedBody.tagLength))
        guard let plaintext = try? cipher.open(ciphertext, tag: tag, key: key.welcomeKey(cipher: cipher), nonce: nonce,
                                               associatedData: associatedData(family)),
              let welcome = try? JSONDecoder().decode(PairingWelcome.self, from: Data(plaintext))
        else { throw .welcomeRefused }
        return welcome
    }

    /// The most a sealed welcome's text may take, as the server accepts it.
    public static let maximumText = 32 * 1024

    private static func associatedData(_ family: FamilyID) -> [UInt8] {
        var bytes = BinaryWriter()
        bytes.text("lockout/e2e/pairing-welcome/v1")
        bytes.uuid(family.rawValue)
        return bytes.bytes
    }

    private enum CodingKeys: String, CodingKey {
        case family, issuer, roster, signature
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(FamilyID.self, forKey: .family)
        issuer = try container.decode(DeviceID.self, forKey: .issuer)
        roster = try container.decode([SyncAPI.DeviceKey].self, forKey: .roster)
        signature = try container.decodeBytes(forKey: .signature, maximum: 64)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(issuer, forKey: .issuer)
        try container.encode(roster, forKey: .roster)
        try container.encode(Base64URL.encode(Data(signature)), forKey: .signature)
    }
}
