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
        let privateKeys = try encryption.deviceKeys()
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
        try store.saveJoinedNames(state.joinedNames)
        try store.forgetPairings(used: state.usedPairings.map { Base64URL.encode(Data($0)) },
                                 expiredBefore: now().addingTimeInterval(-Self.pairingKeptAfterExpiry))
        for (reason, count) in state.refusals.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            logger.warning("key directory refused", metadata: ["reason": "\(reason.rawValue)", "count": "\(count)"])
        }
        try noteKeyChanges(state)
        try retryWaiting(&state)
        try store.saveKeySnapshot(state.snapshot)
    }

    /// Keeps, as warnings the status shows, the devices whose keys the directory changed and the rotations that
    /// wait for them; what is no longer so is forgotten.
    func noteKeyChanges(_ state: FamilyKeyState) throws {
        for device in state.changedKeys.sorted(by: { $0.description < $1.description }) {
            logger.warning("the key directory changed a device's keys", metadata: ["device": "\(device)"])
            try store.warn(.changedKeys, about: device, now: now())
        }
        try store.clearWarnings(.changedKeys, except: state.changedKeys)
        var waiting: [DeviceID: [KeyScope]] = [:]
        for (scope, devices) in state.rotationsWaiting {
            for device in devices { waiting[device, default: []].append(scope) }
        }
        for (device, scopes) in waiting {
            logger.warning("a rotation waits for a device whose keys changed", metadata: ["device": "\(device)", "scopes": "\(scopes)"])
            try store.warn(.rotationWaits, about: device, detail: scopes.map(\.description).sorted().joined(separator: ", "), now: now())
        }
        try store.clearWarnings(.rotationWaits, except: Set(waiting.keys))
    }

    /// Opens what waited for a key that has come; refused ones leave the list, the rest keep waiting.
    func retryWaiting(_ state: inout FamilyKeyState) throws {
        let waiting = try store.waitingForKey()
        guard !waiting.isEmpty else { return }
        let known = try store.acceptedVersions(waiting.map { RecordKey(type: $0.type, recordID: $0.recordID) })
        var opened: [SyncChange] = []
        var versions: [AcceptedVersion] = []
        var settled: [Int64] = []
        for change in waiting {
            switch read(change, &state, known: known[RecordKey(type: change.type, recordID: change.recordID)]) {
            case .opened(let plain, let version):
                opened.append(plain)
                versions += version.map { [$0] } ?? []
            case .redelivered: settled.append(change.seq)
            case .waiting: break
            case .refused(let reason):
                try store.warn(FamilyWarning.Kind(reason), about: change.owner, now: now())
                settled.append(change.seq)
            }
        }
        try store.resolveWaiting(opened: opened, versions: versions, settled: settled)
    }

    /// What became of a pulled change in an end-to-end family.
    enum Pulled {
        /// Opened: the change with its plaintext body, and the version to keep of it (none for a server's tombstone).
        case opened(SyncChange, AcceptedVersion?)
        /// The version this device holds, delivered again.
        case redelivered
        case waiting
        case refused(SealedRecordReader.Refusal)
    }

    /// Reads a pulled change with the family's keys, `known` being the version of it this device holds. A plaintext
    /// deletion of a device is the server's own tombstone of a deleted device, which carries nothing to open (the
    /// caller checks it against the device list); any other plaintext record is refused. The writer's mode is the
    /// one pinned for it, never the server's word.
    func read(_ change: SyncChange, _ state: inout FamilyKeyState, known: AcceptedVersion?) -> Pulled {
        if change.sealing == nil, change.deleted, change.type == .device { return .opened(change, nil) }
        switch state.open(change, known: known) {
        case .opened(let bytes):
            let mode = state.mode(of: change.owner) ?? change.ownerMode
            let plain = SyncChange(
                seq: change.seq, owner: change.owner, ownerMode: mode, committedAt: change.committedAt, type: change.type,
                recordID: change.recordID, target: change.target, localDate: change.localDate, deleted: change.deleted,
                body: String(decoding: bytes, as: UTF8.self), mutationID: change.mutationID
            )
            var version: AcceptedVersion?
            if let sealing = change.sealing, let mutation = change.mutationID, let fingerprint = SealedRecordReader.fingerprint(of: change.body) {
                version = AcceptedVersion(
                    type: change.type, recordID: change.recordID, writer: change.owner, writerCounter: sealing.writerCounter, mutationID: mutation,
                    fingerprint: fingerprint, committedAt: change.committedAt, deleted: change.deleted
                )
            }
            return .opened(plain, version)
        case .redelivered:
            return .redelivered
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

    /// A page of an end-to-end family's feed, read.
    struct OpenedPage {
        /// The page with the records to keep: opened, and the server's tombstones of devices the device list agrees are gone.
        var page: SyncAPI.Changes
        var versions: [AcceptedVersion] = []
        /// Records whose copy here stays: delivered again, or refused as older than it.
        var held: [RecordKey] = []
        var waiting: [SyncChange] = []
    }

    /// The page with its sealed records opened and judged against the versions this device holds; those waiting for
    /// a key are kept aside, refused ones dropped and counted against their writer (`FamilyWarning`). The server's
    /// tombstone of a device is believed only when its device list (`devices`, asked once a page) agrees that the
    /// device is gone.
    func open(_ page: SyncAPI.Changes, _ state: inout FamilyKeyState, devices: () throws -> [RegisteredDevice]) throws -> OpenedPage {
        let known = try store.acceptedVersions(page.changes.map { RecordKey(type: $0.type, recordID: $0.recordID) })
        var result = OpenedPage(page: page)
        var opened: [SyncChange] = []
        var listed: Set<DeviceID>?
        for change in page.changes {
            let key = RecordKey(type: change.type, recordID: change.recordID)
            switch read(change, &state, known: known[key]) {
            case .opened(let plain, let version):
                if version == nil, let removed = UUID(uuidString: change.recordID).map(DeviceID.init(rawValue:)) {
                    if listed == nil { listed = Set(try devices().map(\.deviceID)) }
                    if listed?.contains(removed) == true {
                        logger.warning("a device's removal was refused: the family's device list still has it", metadata: ["device": "\(removed)"])
                        try store.warn(.unconfirmedRemoval, about: removed, now: now())
                        continue
                    }
                }
                opened.append(plain)
                result.versions += version.map { [$0] } ?? []
            case .redelivered:
                result.held.append(key)
            case .waiting:
                result.waiting.append(change)
            case .refused(let reason):
                if reason == .rolledBack { result.held.append(key) }
                try store.warn(FamilyWarning.Kind(reason), about: change.owner, now: now())
            }
        }
        result.page = SyncAPI.Changes(changes: opened, token: page.token, moreComing: page.moreComing, resync: page.resync)
        return result
    }
}
