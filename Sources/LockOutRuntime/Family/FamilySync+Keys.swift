import Foundation
import LockOutCore
import LockOutStore
import Logging

/// A family's end-to-end encryption on this platform: where the device keeps its private keys, and the ciphers.
public struct FamilyEncryption: Sendable {
    public let keys: any DeviceKeyStoring
    public let cipher: any FamilyCipher
    public let keyCipher: any FamilyKeyCipher

    public init(keys: any DeviceKeyStoring, cipher: any FamilyCipher, keyCipher: any FamilyKeyCipher) {
        self.keys = keys
        self.cipher = cipher
        self.keyCipher = keyCipher
    }
}

/// Why a round waits in an end-to-end family without anything being wrong.
struct KeyWait: Error, CustomStringConvertible {
    let description: String
}

extension FamilySync {
    /// How many times a push is sealed again after the server said its epoch went stale, within one round.
    static let resealAttempts = 3
    /// How long after its code expired a pairing's key is kept for checking the device that joined with it in time,
    /// while the parent device is away.
    static let pairingKeptAfterExpiry: TimeInterval = 30 * 86_400

    /// The round's key state in an end-to-end family, nil in any other: the device's keys sent (the same keys
    /// again change nothing), the key directory learnt, a parent's owed epochs committed, and the records
    /// waiting for a key tried again.
    func prepareKeys(_ client: FamilyClient, membership: FamilyMembership, identity: DeviceIdentity) throws -> FamilyKeyState? {
        guard let encryption, try store.isEndToEnd() else { return nil }
        let privateKeys = try encryption.keys.keys(orMake: encryption.keyCipher.newDeviceKeys)
        var state = FamilyKeyState(family: membership.family, me: identity.id, keys: privateKeys, cipher: encryption.cipher,
                                   keyCipher: encryption.keyCipher)
        if let snapshot = try store.keySnapshot() { state.restore(snapshot) }
        try refreshKeys(client, &state, sending: privateKeys.publicKeys)
        return state
    }

    /// The rotations a parent sends with the revocation of `revoked`: the next epoch of every scope the device
    /// was in, for the members left (`FamilyKeyState.commitsOwed` over the directory without it). None in a
    /// plaintext family, and none when a parent revokes itself (it would know the new keys).
    func rotations(revoking revoked: DeviceID, client: FamilyClient) throws -> [EpochCommit] {
        guard let membership = try store.membership() else { return [] }
        let identity = try store.identity(defaultName: DeviceNames.host())
        guard revoked != identity.id, var state = try prepareKeys(client, membership: membership, identity: identity) else { return [] }
        let directory = try client.keys()
        state.learn(directory, pairings: try store.pendingPairings())
        let left = SyncAPI.Keys(devices: directory.devices.filter { $0.deviceID != revoked }, epochs: directory.epochs, scopes: directory.scopes)
        return state.commitsOwed(by: left).filter { commit in state.members[commit.scope]?.contains(revoked) == true }
    }

    /// Learns the key directory, checking joined devices against this device's pairings (whose keys are then
    /// forgotten); a parent commits the epochs it owes (one another parent committed first, or whose member has
    /// not sent its keys yet, is tried again next round), then learns again.
    /// `sending` are this device's public keys, sent when the directory does not name them yet (a device that
    /// joined by an end-to-end code sent them at redeem; one from before sends them once).
    func refreshKeys(_ client: FamilyClient, _ state: inout FamilyKeyState, sending publicKeys: DevicePublicKeys? = nil) throws {
        var directory = try client.keys()
        if let publicKeys, !directory.devices.contains(where: { $0.deviceID == state.me }) {
            try client.setKeys(publicKeys)
            directory = try client.keys()
        }
        let pairings = try store.pendingPairings()
        state.learn(directory, pairings: pairings)
        let owed = state.commitsOwed(by: directory)
        for commit in owed {
            do {
                _ = try client.commitEpoch(commit)
                logger.info("epoch committed", metadata: ["scope": "\(commit.scope)", "epoch": "\(commit.epoch)"])
            } catch {
                logger.notice("an epoch waits", metadata: ["scope": "\(commit.scope)", "reason": "\(error)"])
            }
        }
        if !owed.isEmpty {
            directory = try client.keys()
            state.learn(directory, pairings: pairings)
        }
        try store.forgetPairings(used: state.usedPairings.map { Base64URL.encode(Data($0)) },
                                 expiredBefore: now().addingTimeInterval(-Self.pairingKeptAfterExpiry))
        for (reason, count) in state.refusals.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            logger.warning("key directory refused", metadata: ["reason": "\(reason.rawValue)", "count": "\(count)"])
        }
        try retryWaiting(&state)
        try store.saveKeySnapshot(state.snapshot)
    }

    /// Opens what waited for a key that has come; refused ones leave the list, the rest keep waiting.
    func retryWaiting(_ state: inout FamilyKeyState) throws {
        let waiting = try store.waitingForKey()
        guard !waiting.isEmpty else { return }
        var opened: [SyncChange] = []
        var settled: [Int64] = []
        for change in waiting {
            switch read(change, &state) {
            case .opened(let plain): opened.append(plain)
            case .waiting: break
            case .refused: settled.append(change.seq)
            }
        }
        try store.resolveWaiting(opened: opened, settled: settled)
    }

    /// What became of a pulled change in an end-to-end family.
    enum Pulled {
        /// Opened: the change with its plaintext body.
        case opened(SyncChange)
        case waiting
        case refused(SealedRecordReader.Refusal)
    }

    /// Reads a pulled change with the family's keys. A plaintext deletion of a device is the server's own
    /// tombstone of a deleted device and carries nothing to open; any other plaintext record is refused.
    func read(_ change: SyncChange, _ state: inout FamilyKeyState) -> Pulled {
        if change.sealing == nil, change.deleted, change.type == .device { return .opened(change) }
        switch state.open(change) {
        case .opened(let bytes):
            return .opened(SyncChange(
                seq: change.seq, owner: change.owner, ownerMode: change.ownerMode, committedAt: change.committedAt, type: change.type,
                recordID: change.recordID, target: change.target, localDate: change.localDate, deleted: change.deleted,
                body: String(decoding: bytes, as: UTF8.self), mutationID: change.mutationID
            ))
        case .waitingForKey:
            return .waiting
        case .refused(let reason):
            logger.warning("a record was refused", metadata: [
                "type": "\(change.type.rawValue)", "record": "\(change.recordID)", "writer": "\(change.owner)", "reason": "\(reason.rawValue)",
            ])
            return .refused(reason)
        }
    }

    /// The batch's mutations sealed at send, up to the first one that cannot be sealed yet (its scope has no
    /// key this device holds): the rest stay queued, in order. Throws `KeyWait` when not even the first can.
    func seal(_ batch: [SyncQueueItem], mode: DeviceMode, _ state: inout FamilyKeyState) throws -> [SyncMutation] {
        var sealed: [SyncMutation] = []
        for item in batch {
            do {
                sealed.append(try state.sealNext(item.mutation, mode: mode))
            } catch {
                guard sealed.isEmpty else { break }
                throw KeyWait(description: "waiting for the family's keys: \(error)")
            }
        }
        try store.saveKeySnapshot(state.snapshot)
        return sealed
    }

    /// The page with its sealed records opened; those waiting for a key are kept aside, refused ones dropped.
    func open(_ page: SyncAPI.Changes, _ state: inout FamilyKeyState) -> (page: SyncAPI.Changes, waiting: [SyncChange]) {
        var opened: [SyncChange] = []
        var waiting: [SyncChange] = []
        for change in page.changes {
            switch read(change, &state) {
            case .opened(let plain): opened.append(plain)
            case .waiting: waiting.append(change)
            case .refused: break
            }
        }
        return (SyncAPI.Changes(changes: opened, token: page.token, moreComing: page.moreComing, resync: page.resync), waiting)
    }
}
