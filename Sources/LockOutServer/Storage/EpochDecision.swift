import Crypto
import Foundation
import LockOutCore
import Synchronization

/// The checks on a parent's epoch commit, from what a backend read in the commit's transaction; shared so that
/// both backends decide alike.
///
/// A commit is taken when it names the caller's family, is signed by the caller (a parent) with the keys the
/// caller sent, is the scope's next epoch, names exactly the scope's current members — all of whom have sent
/// their public keys — and carries one wrap for each, whose digests the signature covers.
enum EpochDecision {
    /// The family's active devices, with their public keys once they sent them, and a child's device's child
    /// name (its person scope).
    typealias Roster = [DeviceID: (mode: DeviceMode, keys: DevicePublicKeys?, childName: String?)]

    /// What the backend read.
    struct Facts {
        var roster: Roster
        /// The scope's newest epoch; 0 before the first.
        var current: UInt32
    }

    /// A scope's newest epoch as a push sees it: its number, and whether it waits for a rotation because one of
    /// its members is no longer an active device of the family (revoked or deleted), who holds its key.
    struct ScopeState {
        /// 0 before the first epoch.
        var current: UInt32 = 0
        var rotationPending = false

        /// The state of a scope whose newest epoch is `newest` (nil before the first), among `active` devices.
        init(newest: (epoch: UInt32, members: [DeviceID])?, active: Set<DeviceID>) {
            guard let newest else { return }
            current = newest.epoch
            rotationPending = !newest.members.allSatisfy(active.contains)
        }
    }

    static func check(_ commit: EpochCommit, caller: Caller, facts: Facts) throws(StorageRefusal) {
        // Another family's keys are not the caller's to touch: forbidden, as any act on another family is.
        guard commit.family == caller.family else { throw .forbidden("the epoch commit names another family") }
        guard commit.signer == caller.device else { throw .forbidden("an epoch commit is signed by the parent device that sends it") }
        guard commit.epoch == facts.current + 1 else { throw .staleEpoch(scope: commit.scope, current: facts.current) }
        guard let signerKeys = facts.roster[caller.device]?.keys else {
            throw .invalid("this device has no public keys on the server yet: send them first (PUT /v1/keys)")
        }
        let expected = try members(of: commit.scope, family: caller.family, roster: facts.roster)
        guard Set(commit.members) == expected, commit.members.count == expected.count else {
            throw .rosterChanged("an epoch of \(commit.scope) is for exactly its current members (\(expected.count) devices)")
        }
        for member in commit.members where facts.roster[member]?.keys == nil {
            throw .invalid("device \(member) has not sent its public keys yet, so it cannot be given a key: it sends them on its next sync")
        }
        let check = ServerSignatureCheck()
        for (member, digest) in zip(commit.members, commit.memberKeys) where facts.roster[member]?.keys?.digest(using: check) != digest {
            throw .invalid("the epoch commit names other public keys for device \(member) than the ones it sent")
        }
        do {
            try commit.verify(signerKeys: signerKeys, cipher: check, requireEveryWrap: true)
        } catch {
            throw .invalid("the epoch commit's signature, digests or wraps do not check out")
        }
    }

    /// The checks on a revocation's rotations before any is applied: each scope at most once, and none signed by
    /// the device being revoked, which would know the keys meant to shut it out (a parent that revokes itself
    /// leaves the rotations to another parent device). Each rotation is then checked as a commit (`check`),
    /// against the roster read after the revocation.
    static func checkRotations(_ rotations: [EpochCommit], caller: Caller, revoked: DeviceID) throws(StorageRefusal) {
        guard rotations.isEmpty || revoked != caller.device else {
            throw .forbidden("a device that revokes itself cannot rotate the keys it would still know: another parent device rotates them")
        }
        var scopes: Set<KeyScope> = []
        for rotation in rotations where !scopes.insert(rotation.scope).inserted {
            throw .invalid("a revocation rotates \(rotation.scope) more than once: send one next epoch per scope")
        }
    }

    /// Who may read a scope now: the parents' scope, its parent devices; a child's, that child device and every
    /// parent device; a person's (`PersonScope`), the personal devices or one child's devices, and every parent.
    static func members(of scope: KeyScope, family: FamilyID, roster: Roster) throws(StorageRefusal) -> Set<DeviceID> {
        let parents = Set(roster.filter { $0.value.mode == .parentDevice }.keys)
        switch scope {
        case .parents:
            return parents
        case .child(let device):
            guard roster[device]?.mode == .childDevice else { throw .rosterChanged("\(scope) names no active child device of this family") }
            return parents.union([device])
        case .person:
            if scope == PersonScope.personal {
                return parents.union(roster.filter { $0.value.mode == .personalDevice }.keys)
            }
            let digest = ServerSignatureCheck().digest
            let children = roster.filter { device, entry in
                entry.mode == .childDevice
                    && PersonScope.of(child: device, named: entry.childName, family: family, digest: digest) == scope
            }
            guard !children.isEmpty else { throw .rosterChanged("\(scope) names no active child of this family") }
            return parents.union(children.keys)
        }
    }
}

/// The members each stored epoch commit names, remembered per server: a commit never changes once stored, so a
/// push reads its scope's newest epoch (number and commit time) and finds the members here instead of decoding
/// the commit's document every time. Keyed by the commit time too, so that a database restored under a running
/// server, where an epoch number was committed again, is never answered from an older commit.
final class EpochMembers: Sendable {
    struct Key: Hashable {
        var family: FamilyID
        var scope: KeyScope
        var epoch: UInt32
        var committedAt: Double
    }

    /// How many commits it holds before it starts again: a few megabytes.
    static let capacity = 20_000
    private let known = Mutex<[Key: [DeviceID]]>([:])

    /// The members of the commit `key` names, when they were read before.
    func members(_ key: Key) -> [DeviceID]? {
        known.withLock { $0[key] }
    }

    /// Reads the members from the commit's stored `document` and remembers them.
    func remember(_ key: Key, document: String?) throws -> [DeviceID] {
        guard let document else { throw StorageRefusal.invalid("stored epoch commit") }
        let members = try StoredKeys.members(document: document)
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll() }
            known[key] = members
        }
        return members
    }
}

/// Ed25519 and SHA-256 for the server's checks of signed statements, through swift-crypto.
struct ServerSignatureCheck: SignatureChecking {
    func isValidSignature(_ signature: [UInt8], for data: [UInt8], by keys: DevicePublicKeys) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keys.signing) else { return false }
        return key.isValidSignature(signature, for: data)
    }

    func digest(_ data: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: data))
    }
}

/// How both backends store keys, commits and wraps: public keys as base64url columns, a commit without its
/// wraps as JSON, each wrap as JSON beside it.
enum StoredKeys {
    /// A device's stored public keys; nil before it sent them.
    static func publicKeys(agreement: String?, signing: String?) throws -> DevicePublicKeys? {
        guard let agreement, let signing else { return nil }
        guard let agreementBytes = Base64URL.decode(agreement), let signingBytes = Base64URL.decode(signing),
              let keys = try? DevicePublicKeys(agreement: [UInt8](agreementBytes), signing: [UInt8](signingBytes))
        else { throw StorageRefusal.invalid("stored public keys") }
        return keys
    }

    /// A commit as stored: without its wraps, which are stored one by one.
    static func document(_ commit: EpochCommit) throws -> String {
        String(decoding: try JSONEncoder().encode(commit.with(wraps: [])), as: UTF8.self)
    }

    static func document(_ wrap: EpochKeyWrap) throws -> String {
        String(decoding: try JSONEncoder().encode(wrap), as: UTF8.self)
    }

    /// The members a stored commit names.
    static func members(document: String) throws -> [DeviceID] {
        try JSONDecoder().decode(EpochCommit.self, from: Data(document.utf8)).members
    }

    /// A stored commit as one member reads it: with its own wrap, when it has one at this epoch.
    static func servedCommit(document: String, wrap: String?) throws -> EpochCommit {
        let commit = try JSONDecoder().decode(EpochCommit.self, from: Data(document.utf8))
        let wraps = try wrap.map { [try JSONDecoder().decode(EpochKeyWrap.self, from: Data($0.utf8))] } ?? []
        return commit.with(wraps: wraps)
    }
}
