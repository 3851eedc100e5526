import Foundation

/// An epoch's key wrapped for one member device: only that device's X25519 key opens it, and only as the
/// key of this family's scope and epoch — HPKE's info names all four, so a server that moves a wrap to
/// another scope, epoch or device makes it fail to open.
public struct EpochKeyWrap: Codable, Hashable, Sendable {
    public let recipient: DeviceID
    public let encapsulatedKey: [UInt8]
    public let ciphertext: [UInt8]

    public init(recipient: DeviceID, encapsulatedKey: [UInt8], ciphertext: [UInt8]) {
        self.recipient = recipient
        self.encapsulatedKey = encapsulatedKey
        self.ciphertext = ciphertext
    }

    /// The longest part a wrap may have: HPKE's X25519 key is 32 bytes, a wrapped 32-byte key 48.
    public static let maximumPartLength = 256

    private enum CodingKeys: String, CodingKey {
        case recipient, encapsulatedKey, ciphertext
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recipient = try container.decode(DeviceID.self, forKey: .recipient)
        encapsulatedKey = try container.decodeBytes(forKey: .encapsulatedKey, maximum: Self.maximumPartLength)
        ciphertext = try container.decodeBytes(forKey: .ciphertext, maximum: Self.maximumPartLength)
    }

    /// The parts as base64url.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recipient, forKey: .recipient)
        try container.encode(Base64URL.encode(Data(encapsulatedKey)), forKey: .encapsulatedKey)
        try container.encode(Base64URL.encode(Data(ciphertext)), forKey: .ciphertext)
    }
}

extension KeyedDecodingContainer {
    /// Bytes written as base64url, at most `maximum` of them.
    func decodeBytes(forKey key: Key, maximum: Int) throws -> [UInt8] {
        let text = try decode(String.self, forKey: key)
        guard let data = Base64URL.decode(text), data.count <= maximum else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected at most \(maximum) bytes in base64url")
        }
        return [UInt8](data)
    }
}

/// Makes and opens a scope's epoch keys: fresh keys, wraps for the members, and the chain that lets the
/// newest key open every earlier one.
public struct EpochKeyring: Sendable {
    private let cipher: any FamilyCipher
    private let keys: any FamilyKeyCipher

    public init(cipher: any FamilyCipher, keys: any FamilyKeyCipher) {
        self.cipher = cipher
        self.keys = keys
    }

    /// A fresh 32-byte epoch key.
    public func newEpochKey() -> [UInt8] {
        cipher.randomBytes(RecordSealer.epochKeyLength)
    }

    /// `epochKey` wrapped for `recipient`, whose public keys the writer pinned.
    public func wrap(_ epochKey: [UInt8], family: FamilyID, scope: KeyScope, epoch: UInt32, for recipient: DeviceID, keys recipientKeys: DevicePublicKeys) throws(FamilyKeyError) -> EpochKeyWrap {
        let wrapped = try keys.wrap(epochKey, to: recipientKeys, info: Self.wrapInfo(family: family, scope: scope, epoch: epoch, recipient: recipient))
        return EpochKeyWrap(recipient: recipient, encapsulatedKey: wrapped.encapsulatedKey, ciphertext: wrapped.ciphertext)
    }

    /// The epoch key in `wrap`, opened with this device's keys; throws `.unwrapFailed` when it is not this
    /// device's wrap of this scope's epoch.
    public func unwrap(_ wrap: EpochKeyWrap, family: FamilyID, scope: KeyScope, epoch: UInt32, as device: DeviceID, keys privateKeys: DevicePrivateKeys) throws(FamilyKeyError) -> [UInt8] {
        guard wrap.recipient == device else { throw .unwrapFailed }
        let key = try keys.unwrap(
            encapsulatedKey: wrap.encapsulatedKey, ciphertext: wrap.ciphertext, with: privateKeys,
            info: Self.wrapInfo(family: family, scope: scope, epoch: epoch, recipient: device)
        )
        guard key.count == RecordSealer.epochKeyLength else { throw .unwrapFailed }
        return key
    }

    /// The previous epoch's key sealed under the new one: whoever holds the newest key opens the whole chain.
    public func chain(previous: [UInt8], under key: [UInt8], family: FamilyID, scope: KeyScope, epoch: UInt32) throws(SealedBodyError) -> SealedBody {
        // Sealed as the epoch's chain link, bound to family, scope and epoch like a record.
        try RecordSealer(cipher: cipher).seal(previous, for: Self.chainEnvelope(family: family, scope: scope, epoch: epoch), epochKey: key)
    }

    /// The key of epoch − 1, from `link` and the key of `epoch`.
    public func previousKey(from link: SealedBody, under key: [UInt8], family: FamilyID, scope: KeyScope, epoch: UInt32) throws(SealedBodyError) -> [UInt8] {
        let previous = try RecordSealer(cipher: cipher).open(link, for: Self.chainEnvelope(family: family, scope: scope, epoch: epoch), epochKey: key)
        guard previous.count == RecordSealer.epochKeyLength else { throw .badPadding }
        return previous
    }

    static func wrapInfo(family: FamilyID, scope: KeyScope, epoch: UInt32, recipient: DeviceID) -> [UInt8] {
        var info = BinaryWriter()
        info.text("lockout/e2e/epoch-wrap/v1")
        info.uuid(family.rawValue)
        info.text(scope.description)
        info.number(UInt64(epoch), bytes: 4)
        info.uuid(recipient.rawValue)
        return info.bytes
    }

    /// The envelope a chain link is sealed with: no record has it (the record id names the link).
    static func chainEnvelope(family: FamilyID, scope: KeyScope, epoch: UInt32) -> SealedEnvelope {
        let none = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        return SealedEnvelope(
            family: family, scope: scope, epoch: epoch, type: .device, recordID: "epoch-chain",
            mutationID: MutationID(rawValue: none), writer: DeviceID(rawValue: none), writerCounter: 0
        )
    }
}
