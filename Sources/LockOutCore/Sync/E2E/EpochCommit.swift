import Foundation

/// A scope's next epoch, as a parent device commits it: who the members are, a digest of each member's public
/// keys and of its wrap of the new key, the wraps, the previous key sealed under the new one, and the parent's signature over all
/// of it but the wraps themselves. The server checks that the signer is a parent, that the epoch is the next
/// one and that the wraps are for exactly the current members, then hands each member the commit with its
/// own wrap alone: the digests let the member check the whole commit against the parent's pinned keys, so a
/// server can neither hand out an epoch of its own nor show one device another's wrap. The key digests make the
/// commit the parent's word on who its members are: a device that pinned the parent pins the members' keys
/// from it (`FamilyKeyState`), never from the server alone.
public struct EpochCommit: Codable, Hashable, Sendable {
    public let family: FamilyID
    public let scope: KeyScope
    public let epoch: UInt32
    /// The devices that may read the scope from this epoch on, sorted by their text.
    public let members: [DeviceID]
    /// The digest of each member's public keys (`DevicePublicKeys.digest`), in the members' order.
    public let memberKeys: [[UInt8]]
    /// SHA-256 of each member's wrap (`wrapDigest`), in the members' order.
    public let wrapDigests: [[UInt8]]
    /// The wraps at hand: every member's as the parent commits it, the reader's own as the server serves it.
    public let wraps: [EpochKeyWrap]
    /// The previous epoch's key sealed under this one; nil at epoch 1.
    public let chain: String?
    public let signer: DeviceID
    public let signature: [UInt8]

    /// The label that starts the signed bytes.
    public static let label = "lockout/e2e/epoch-commit/v1"
    /// The label that starts a wrap's digested bytes.
    public static let wrapLabel = "lockout/e2e/epoch-wrap/v1"

    public init(
        family: FamilyID, scope: KeyScope, epoch: UInt32, members: [DeviceID], memberKeys: [[UInt8]], wrapDigests: [[UInt8]],
        wraps: [EpochKeyWrap], chain: String?, signer: DeviceID, signature: [UInt8]
    ) {
        self.family = family
        self.scope = scope
        self.epoch = epoch
        self.members = members
        self.memberKeys = memberKeys
        self.wrapDigests = wrapDigests
        self.wraps = wraps
        self.chain = chain
        self.signer = signer
        self.signature = signature
    }

    /// Signs a commit as `signer`, a parent device whose private keys are `keys`; `memberKeys` holds the public keys
    /// each wrap was made for.
    public static func signed(
        family: FamilyID, scope: KeyScope, epoch: UInt32, wraps: [EpochKeyWrap], memberKeys: [DeviceID: DevicePublicKeys], chain: SealedBody?,
        signer: DeviceID, keys: DevicePrivateKeys, cipher: any FamilyKeyCipher
    ) throws(FamilyKeyError) -> EpochCommit {
        let sorted = wraps.sorted { $0.recipient.description < $1.recipient.description }
        let digests = try sorted.map { wrap throws(FamilyKeyError) in
            guard let keys = memberKeys[wrap.recipient] else { throw .malformedPublicKeys }
            return keys.digest(using: cipher)
        }
        let unsigned = EpochCommit(
            family: family, scope: scope, epoch: epoch, members: sorted.map(\.recipient), memberKeys: digests,
            wrapDigests: sorted.map { wrapDigest($0, cipher: cipher) }, wraps: sorted, chain: chain?.text, signer: signer, signature: []
        )
        return unsigned.copy(signature: try cipher.sign(unsigned.signedBytes, with: keys))
    }

    /// SHA-256 over the wrap label, the recipient, and the wrap's two parts with their lengths.
    public static func wrapDigest(_ wrap: EpochKeyWrap, cipher: any SignatureChecking) -> [UInt8] {
        var bytes = BinaryWriter()
        bytes.text(wrapLabel)
        bytes.uuid(wrap.recipient.rawValue)
        bytes.data(wrap.encapsulatedKey)
        bytes.data(wrap.ciphertext)
        return cipher.digest(bytes.bytes)
    }

    /// Whether the commit is sound and signed by `signerKeys`: sorted members without a repeat, a key digest and
    /// a wrap digest for each, an epoch after 0, a chain link from epoch 2 on, each wrap at hand a member's whose digest
    /// matches, and the signature over exactly these fields. With `requireEveryWrap` (the server, as a parent
    /// commits) every member's wrap must be at hand.
    public func verify(signerKeys: DevicePublicKeys, cipher: any SignatureChecking, requireEveryWrap: Bool = false) throws(FamilyKeyError) {
        guard epoch > 0, (chain == nil) == (epoch == 1), !members.isEmpty, wrapDigests.count == members.count,
              memberKeys.count == members.count,
              zip(members, members.dropFirst()).allSatisfy({ $0.description < $1.description }),
              wrapDigests.allSatisfy({ $0.count == 32 }), memberKeys.allSatisfy({ $0.count == 32 })
        else { throw .badSignature }
        var seen: Set<DeviceID> = []
        for wrap in wraps {
            guard seen.insert(wrap.recipient).inserted, let index = members.firstIndex(of: wrap.recipient),
                  Self.wrapDigest(wrap, cipher: cipher) == wrapDigests[index]
            else { throw .badSignature }
        }
        guard !requireEveryWrap || seen.count == members.count else { throw .badSignature }
        guard cipher.isValidSignature(signature, for: signedBytes, by: signerKeys) else { throw .badSignature }
    }

    /// The commit as one member reads it: its own wrap alone.
    public func served(to member: DeviceID) -> EpochCommit {
        with(wraps: wraps.filter { $0.recipient == member })
    }

    /// Everything the signature covers, as fixed-order binary: the label, family, scope, epoch, the members in
    /// order each with its keys' digest and its wrap's digest, the chain link and the signer.
    public var signedBytes: [UInt8] {
        var bytes = BinaryWriter()
        bytes.text(Self.label)
        bytes.uuid(family.rawValue)
        bytes.text(scope.description)
        bytes.number(UInt64(epoch), bytes: 4)
        bytes.number(UInt64(members.count), bytes: 4)
        for ((member, keys), digest) in zip(zip(members, memberKeys), wrapDigests) {
            bytes.uuid(member.rawValue)
            bytes.data(keys)
            bytes.data(digest)
        }
        bytes.optionalText(chain)
        bytes.uuid(signer.rawValue)
        return bytes.bytes
    }

    /// The most members a commit may name.
    public static let maximumMembers = 64

    private enum CodingKeys: String, CodingKey {
        case family, scope, epoch, members, memberKeys, wrapDigests, wraps, chain, signer, signature
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(FamilyID.self, forKey: .family)
        scope = try container.decode(KeyScope.self, forKey: .scope)
        epoch = try container.decode(UInt32.self, forKey: .epoch)
        members = try container.decode([DeviceID].self, forKey: .members)
        let keyDigests = try container.decode([String].self, forKey: .memberKeys)
        let digests = try container.decode([String].self, forKey: .wrapDigests)
        wraps = try container.decode([EpochKeyWrap].self, forKey: .wraps)
        guard members.count <= Self.maximumMembers, keyDigests.count <= Self.maximumMembers, digests.count <= Self.maximumMembers,
              wraps.count <= Self.maximumMembers
        else {
            throw DecodingError.dataCorruptedError(forKey: .members, in: container, debugDescription: "at most \(Self.maximumMembers) members")
        }
        func digestBytes(_ text: String, _ key: CodingKeys) throws -> [UInt8] {
            guard let data = Base64URL.decode(text), data.count == 32 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a digest is 32 bytes in base64url")
            }
            return [UInt8](data)
        }
        memberKeys = try keyDigests.map { try digestBytes($0, .memberKeys) }
        wrapDigests = try digests.map { try digestBytes($0, .wrapDigests) }
        chain = try container.decodeIfPresent(String.self, forKey: .chain)
        signer = try container.decode(DeviceID.self, forKey: .signer)
        signature = try container.decodeBytes(forKey: .signature, maximum: 64)
    }

    /// Bytes as base64url.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(scope, forKey: .scope)
        try container.encode(epoch, forKey: .epoch)
        try container.encode(members, forKey: .members)
        try container.encode(memberKeys.map { Base64URL.encode(Data($0)) }, forKey: .memberKeys)
        try container.encode(wrapDigests.map { Base64URL.encode(Data($0)) }, forKey: .wrapDigests)
        try container.encode(wraps, forKey: .wraps)
        try container.encodeIfPresent(chain, forKey: .chain)
        try container.encode(signer, forKey: .signer)
        try container.encode(Base64URL.encode(Data(signature)), forKey: .signature)
    }

    /// The same commit with `wraps` in place of the ones it carries (none: as stored beside its wraps).
    public func with(wraps: [EpochKeyWrap]) -> EpochCommit { copy(wraps: wraps) }

    private func copy(signature: [UInt8]? = nil, wraps: [EpochKeyWrap]? = nil) -> EpochCommit {
        EpochCommit(family: family, scope: scope, epoch: epoch, members: members, memberKeys: memberKeys, wrapDigests: wrapDigests,
                    wraps: wraps ?? self.wraps, chain: chain, signer: signer, signature: signature ?? self.signature)
    }
}

/// Readers keep the highest writer counter seen per writer and ignore anything lower or equal: a server that
/// replays or rolls back a writer's records is not believed. Gaps are normal (retention prunes).
public struct WriterCounters: Codable, Hashable, Sendable {
    private var highest: [DeviceID: UInt64] = [:]

    public init() {}

    /// Whether a record of `writer` at `counter` is new, remembering it when it is.
    public mutating func accept(_ counter: UInt64, from writer: DeviceID) -> Bool {
        if let seen = highest[writer], counter <= seen { return false }
        highest[writer] = counter
        return true
    }

    /// The highest counter seen from `writer`.
    public func highest(of writer: DeviceID) -> UInt64? { highest[writer] }
}
