import Foundation
import LockOutCore

/// An authenticated device, as the token named it: every storage call re-checks it in its own
/// transaction, so a device revoked a moment ago is refused at once.
public struct Caller: Hashable, Sendable {
    public let device: DeviceID
    public let family: FamilyID
    public let mode: DeviceMode
    /// A child's device's child name, as its pairing gave it (nil for any other device, and a child's device paired
    /// without one): the devices of one child read each other's health totals.
    public let childName: String?

    /// A caller.
    public init(device: DeviceID, family: FamilyID, mode: DeviceMode, childName: String? = nil) {
        self.device = device
        self.family = family
        self.mode = mode
        self.childName = childName
    }
}

/// Why storage refused a request; the HTTP layer maps each to its status in one place.
public enum StorageRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The token is unknown or its device was revoked.
    case unauthenticated
    /// The caller's role may not do this.
    case forbidden(String)
    /// No such device in the caller's family.
    case unknownDevice
    /// The pairing secret is unknown, expired or used; which one is not told.
    case pairingInvalid
    /// An end-to-end pairing redeemed without the device's keys and their proof.
    case pairingNeedsKeys
    /// The pairing was made for another kind of device.
    case pairingModeMismatch(expected: DeviceMode)
    /// A device with this id exists already.
    case deviceExists
    /// The request does not make sense for the stored data.
    case invalid(String)
    /// The push would take the writer or its family past its storage limit.
    case storageFull(scope: StorageLimits.Scope, limit: Int)
    /// A sealed record or an epoch commit built on an epoch that is not the scope's newest: fetch the keys,
    /// build on `current`, send again (nothing was applied).
    case staleEpoch(scope: KeyScope, current: UInt32)
    /// A sealed record for a scope whose newest epoch names a device that is no longer active (revoked or
    /// deleted), which holds its key: a parent commits the scope's next epoch, then the writer sends again
    /// (nothing was applied).
    case rotationPending(scope: KeyScope)
    /// The device's public keys are set already, to other keys: they never change.
    case keysAlreadySet
    /// An epoch commit for members that are not the scope's members now, or for a device that is no longer an
    /// active child: the family changed since the sender looked (another parent revoked or paired a device).
    /// Fetch the devices and keys and build it again.
    case rosterChanged(String)

    public var description: String {
        switch self {
        case .unauthenticated: "unknown or revoked token"
        case .forbidden(let reason): reason
        case .unknownDevice: "no such device in this family"
        case .pairingInvalid: "this pairing code is unknown, expired or already used: ask for a new one"
        case .pairingNeedsKeys:
            "this pairing is for an end-to-end encrypted family: the device sends its public keys and their proof with the redeem (update LockOut on this device)"
        case .pairingModeMismatch(let expected): "this pairing code is for a \(expected.word) device"
        case .deviceExists: "a device with this id is already registered"
        case .invalid(let reason): reason
        case .storageFull(.device, let limit):
            "this device would store more than its \(limit) bytes on the server: nothing was applied; delete records or ask the server's operator for more"
        case .storageFull(.family, let limit):
            "this family would store more than its \(limit) bytes on the server: nothing was applied; delete records or ask the server's operator for more"
        case .staleEpoch(let scope, 0):
            "\(scope) has no epoch yet: nothing was applied; a parent device commits its first epoch, then send again"
        case .staleEpoch(let scope, let current):
            "\(scope) is at epoch \(current): nothing was applied; fetch the keys, seal under epoch \(current) and send again"
        case .rotationPending(let scope):
            "\(scope) waits for a new key: a device that held its key has left the family; nothing was applied; a parent device rotates it on its next sync, then send again"
        case .rosterChanged(let why): "\(why): the family changed meanwhile; fetch the devices and keys and build it again"
        case .keysAlreadySet: "this device's public keys are set already and never change: new keys mean pairing again"
        }
    }
}

extension StorageRefusal {
    /// A family keeps at least one active parent device.
    static let lastParent = StorageRefusal.forbidden(
        "the family's last parent device cannot be revoked: pair another parent device first, or delete the family")
}

/// A page of the change feed as storage reads it.
public struct ChangePage: Hashable, Sendable {
    public let changes: [SyncChange]
    /// The commit the next page starts after.
    public let lastSeq: Int64
    public let moreComing: Bool
    /// The page starts a full resync: the device reads the feed from the start.
    public let resync: Bool
    /// The page is part of a full resync that goes on: the next page's token says so (`ChangeToken.resuming`).
    public let resyncGoesOn: Bool

    public init(changes: [SyncChange], lastSeq: Int64, moreComing: Bool, resync: Bool, resyncGoesOn: Bool = false) {
        self.changes = changes
        self.lastSeq = lastSeq
        self.moreComing = moreComing
        self.resync = resync
        self.resyncGoesOn = resyncGoesOn
    }

    /// What the device is told to ask with next.
    public var token: String {
        resyncGoesOn ? ChangeToken.resuming(after: lastSeq) : ChangeToken.after(lastSeq)
    }

    /// Whether a page read after `since` starts a full resync: the token is older than the newest tombstone pruned
    /// (a deletion the device may have missed) or newer than the newest commit (a database restored from a backup).
    /// A token `resuming` a resync is past the first question, not the second.
    static func startsResync(since: Int64, resuming: Bool, current: Int64, pruned: Int64) -> Bool {
        since > current || (!resuming && since > 0 && since < pruned)
    }
}

/// The family server's storage: one protocol, a SQLite and a PostgreSQL implementation, one contract suite.
///
/// Authorization is decided inside each call, by family and role, in the same transaction as the data it
/// guards: a call names its caller, and every statement is restricted to the caller's family. The
/// server reads only the envelope of a record, never its body.
public protocol FamilyStorage: Sendable {
    /// Creates the family and its first device; the token hash is that device's credential.
    func createFamily(id: FamilyID, first: SyncAPI.CreateFamily, tokenHash: Data, now: Date) async throws -> Caller
    /// The active device whose token hashes to `tokenHash`, noting that it was seen now.
    func authenticate(tokenHash: Data, now: Date) async throws -> Caller?
    /// Stores a pairing for a device of `mode`, a child's device with the name of its child when given, and an
    /// end-to-end family's sealed welcome; only a parent (any mode) or a personal device (personal only) may.
    func createPairing(
        caller: Caller, mode: DeviceMode, childName: String?, welcome: String?, secretHash: Data, expiresAt: Date, now: Date
    ) async throws
    /// Redeems a pairing atomically: of two redeemers exactly one gets the device registered, with the pairing's
    /// child name; a pairing whose maker has been revoked or deleted since is refused. A pairing with a welcome
    /// needs the device's public keys and their proof, stored with the device; the answer carries the welcome.
    func redeem(_ redeem: SyncAPI.Redeem, secretHash: Data, tokenHash: Data, now: Date) async throws -> (caller: Caller, welcome: String?)
    /// Commits what the caller may write, in one transaction, and answers one result per mutation; a mutation id
    /// is remembered per writer, so a retried push is answered as before. Refuses the whole push, remembering
    /// nothing, when it would take the caller or its family past `limits` (`storageFull`), or holds a sealed record
    /// under an epoch that is not its scope's newest (`staleEpoch`) or for a scope waiting for its rotation
    /// (`rotationPending`).
    func push(caller: Caller, mutations: [SyncMutation], now: Date, limits: StorageLimits) async throws -> ([SyncAPI.MutationResult], FamilyPoke?)
    /// The changes after `since` that the caller may read, in commit order (`WritePolicy.canRead`: a parent all but
    /// health totals; a child its own, what was sent to it, and the health totals of the other child devices with its
    /// child name; a personal device its own, what was sent to it, the settings, the devices, and the personal
    /// devices' health totals).
    func changes(caller: Caller, since: Int64, limit: Int, resuming: Bool) async throws -> ChangePage
    /// The family's devices (a parent's view).
    func devices(caller: Caller, now: Date) async throws -> [RegisteredDevice]
    /// Renames a device of the family (parent), or the caller itself.
    func renameDevice(caller: Caller, device: DeviceID, name: String, now: Date) async throws -> RegisteredDevice
    /// Revokes a device's token at once (parent), and with it the pairings it made; its data stays. The family's
    /// last active parent device is not revoked. In the same transaction, commits each of `rotations` as
    /// `commitEpoch` would, against the members left after the revocation: any refused rotation refuses the whole
    /// revocation (`staleEpoch` when another parent rotated the scope meanwhile). A scope the revoked device was in
    /// and that is not rotated waits for its rotation (`rotationPending`).
    func revokeDevice(caller: Caller, device: DeviceID, rotations: [EpochCommit], now: Date) async throws -> FamilyPoke
    /// Deletes a device with all its data (parent).
    func deleteDevice(caller: Caller, device: DeviceID, now: Date) async throws -> FamilyPoke
    /// Stores the caller's public keys, once: the same keys again change nothing, other keys are refused
    /// (`keysAlreadySet`).
    func setPublicKeys(caller: Caller, keys: DevicePublicKeys, now: Date) async throws
    /// Commits a scope's next epoch (a parent, signing as itself; `EpochDecision` says what is checked); a commit
    /// that is not for the scope's next epoch is refused with `staleEpoch`. Answers the poke that tells the
    /// family's devices to fetch their keys.
    func commitEpoch(caller: Caller, commit: EpochCommit, now: Date) async throws -> FamilyPoke
    /// The public keys and epoch commits the caller may read (`SyncAPI.Keys`), each commit with the caller's own
    /// wrap alone.
    func keys(caller: Caller) async throws -> SyncAPI.Keys
    /// Deletes the caller's family with everything in it (parent).
    func deleteFamily(caller: Caller) async throws
    /// Deletes usage history of days before `before`, expired pairings, and tombstones and remembered mutation
    /// ids older than `tombstonesBefore`; answers how many rows went.
    func prune(usageBefore before: LocalDate, tombstonesBefore: Date, now: Date) async throws -> Int
    /// Whether the storage answers.
    func ping() async throws
}

extension FamilyStorage {
    /// Stores a pairing for a device of `mode`, without a child name.
    public func createPairing(caller: Caller, mode: DeviceMode, secretHash: Data, expiresAt: Date, now: Date) async throws {
        try await createPairing(caller: caller, mode: mode, childName: nil, welcome: nil, secretHash: secretHash, expiresAt: expiresAt, now: now)
    }

    /// Stores a pairing for a device of `mode` without a welcome.
    public func createPairing(caller: Caller, mode: DeviceMode, childName: String?, secretHash: Data, expiresAt: Date, now: Date) async throws {
        try await createPairing(caller: caller, mode: mode, childName: childName, welcome: nil, secretHash: secretHash, expiresAt: expiresAt, now: now)
    }

    /// Redeems a pairing (`redeem(_:secretHash:tokenHash:now:)`), answering the device registered.
    public func redeemPairing(_ redeem: SyncAPI.Redeem, secretHash: Data, tokenHash: Data, now: Date) async throws -> Caller {
        try await self.redeem(redeem, secretHash: secretHash, tokenHash: tokenHash, now: now).caller
    }

    /// Revokes a device without rotating a scope: each scope it was in waits for its rotation.
    public func revokeDevice(caller: Caller, device: DeviceID, now: Date) async throws -> FamilyPoke {
        try await revokeDevice(caller: caller, device: device, rotations: [], now: now)
    }

    /// A push within the standard limits.
    public func push(caller: Caller, mutations: [SyncMutation], now: Date) async throws -> ([SyncAPI.MutationResult], FamilyPoke?) {
        try await push(caller: caller, mutations: mutations, now: now, limits: .standard)
    }
}

/// How a backend delivers the pokes of committed changes to the event streams.
public protocol FamilyChangeFeed: Sendable {
    /// Runs until cancelled, publishing to `notifier` the commits of every server instance on this storage;
    /// answers at once when only this process writes the storage (the server publishes its own commits).
    func listen(publishing notifier: ChangeNotifier) async throws
    /// Whether `listen` delivers this process's own commits too (so the server must not publish them again).
    var deliversOwnCommits: Bool { get }
    /// Whether `caller` is still an active device: an event stream checks before each poke.
    func isActive(_ caller: Caller) async throws -> Bool
}

extension FamilyStorage {
    /// The changes after `since`, outside a full resync.
    public func changes(caller: Caller, since: Int64, limit: Int) async throws -> ChangePage {
        try await changes(caller: caller, since: since, limit: limit, resuming: false)
    }
}
