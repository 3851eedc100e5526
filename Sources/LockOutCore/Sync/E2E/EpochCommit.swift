import Foundation

/// A scope's next epoch, as a parent device commits it: who the members are, each member's wrap of the new
/// key, the previous key sealed under the new one, and the parent's signature over all of it. The server
/// checks that the signer is a parent, that the epoch is the next one and that the wraps are for exactly
/// the current members; a member checks the signature against the parent's pinned keys before it trusts
/// the epoch, so a server cannot hand out an epoch of its own.
public struct EpochCommit: Codable, Hashable, Sendable {
    public let family: FamilyID
    public let scope: KeyScope
    public let epoch: UInt32
    /// The devices that may read the scope from this epoch on, sorted.
    public let members: [DeviceID]
    public let wraps: [EpochKeyWrap]
    /// The previous epoch's key sealed under this one; nil at epoch 1.
    public let chain: String?
    public let signer: DeviceID
    public let signature: [UInt8]

    /// The label that starts the signed bytes.
    public static let label = "lockout/e2e/epoch-commit/v1"

    /// Signs a commit as `signer`, a parent device whose private keys are `keys`.
    public static func signed(
        family: FamilyID, scope: KeyScope, epoch: UInt32, wraps: [EpochKeyWrap], chain: SealedBody?,
        signer: DeviceID, keys: DevicePrivateKeys, cipher: any FamilyKeyCipher
    ) throws(FamilyKeyError) -> EpochCommit {
        let members = wraps.map(\.recipient).sorted { $0.description < $1.description }
        let unsigned = EpochCommit(family: family, scope: scope, epoch: epoch, members: members, wraps: wraps, chain: chain?.text, signer: signer, signature: [])
        return EpochCommit(
            family: family, scope: scope, epoch: epoch, members: members, wraps: wraps, chain: chain?.text, signer: signer,
            signature: try cipher.sign(unsigned.signedBytes, with: keys)
        )
    }

    /// Whether the commit is whole and signed by `signerKeys`: a wrap for each member and no other, no member
    /// twice, an epoch after 0, a chain link from epoch 2 on, and the signature over exactly these fields.
    public func verify(signerKeys: DevicePublicKeys, cipher: any FamilyKeyCipher) throws(FamilyKeyError) {
        let recipients = wraps.map(\.recipient)
        guard epoch > 0, (chain == nil) == (epoch == 1), Set(recipients).count == recipients.count,
              Set(recipients) == Set(members), members.count == Set(members).count
        else { throw .badSignature }
        guard cipher.isValidSignature(signature, for: signedBytes, by: signerKeys) else { throw .badSignature }
    }

    /// Everything but the signature, as fixed-order binary: the label, family, scope, epoch, the members in
    /// order, each wrap (recipient, encapsulated key, ciphertext) in members' order, the chain link and the signer.
    public var signedBytes: [UInt8] {
        var bytes = BinaryWriter()
        bytes.text(Self.label)
        bytes.uuid(family.rawValue)
        bytes.text(scope.description)
        bytes.number(UInt64(epoch), bytes: 4)
        bytes.number(UInt64(members.count), bytes: 4)
        for member in members {
            bytes.uuid(member.rawValue)
            for wrap in wraps where wrap.recipient == member {
                bytes.data(wrap.encapsulatedKey)
                bytes.data(wrap.ciphertext)
            }
        }
        bytes.optionalText(chain)
        bytes.uuid(signer.rawValue)
        return bytes.bytes
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
