import Foundation
import LockOutCore

/// The decision on one pushed mutation, from the facts a backend read in the push's transaction;
/// shared so that both backends authorize exactly alike.
enum PushDecision: Equatable {
    /// Commit it.
    case commit
    /// Answer what was answered the first time.
    case repeatResult(SyncAPI.MutationResult)
    /// Refuse it, for this reason.
    case reject(WritePolicy.Refusal)
    /// Refuse the whole push, remembering nothing: the record was sealed under an epoch that is no longer the
    /// scope's newest, and the writer seals it again under the same mutation id.
    case staleEpoch(KeyScope, current: UInt32)
    /// Refuse the whole push, remembering nothing: the scope's newest epoch names a device that is no longer an
    /// active member, which holds its key; the writer seals again once a parent commits the next epoch.
    case rotationPending(KeyScope)

    /// What the backend knows about a mutation before deciding.
    struct Facts {
        /// The stored result of an earlier push of the same mutation id.
        var earlier: SyncAPI.MutationResult? = nil
        /// For a command or configuration: the target's mode when it is an active device of the family.
        var targetMode: DeviceMode? = nil
        /// For a command acknowledgement: whether a command with this id was sent to the writer.
        var commandIsForWriter = false
        /// The device that wrote the stored version of the record; nil when none is stored.
        var storedOwner: DeviceID? = nil
        /// The bytes the stored version takes (`StorageLimits.bytes(of:)`); 0 when none is stored.
        var storedBytes: Int = 0
        /// The highest writer counter of the writer's committed sealed records; 0 before the first.
        var highestWriterCounter: UInt64 = 0
        /// For a sealed record: its scope's newest epoch, 0 before the first.
        var currentEpoch: UInt32 = 0
        /// For a sealed record: whether its scope's newest epoch names a device that is no longer active
        /// (`EpochDecision.ScopeState`).
        var rotationPending = false
        /// Whether a parent committed an epoch in the family: it is end-to-end from then on, for good.
        var familyEndToEnd = false
    }

    static func decide(_ mutation: SyncMutation, caller: Caller, facts: Facts, now: Date) -> PushDecision {
        if let earlier = facts.earlier {
            return .repeatResult(SyncAPI.MutationResult(
                id: mutation.id, status: earlier.status == .rejected ? .rejected : .duplicate,
                seq: earlier.seq, reason: earlier.reason
            ))
        }
        if let refusal = WritePolicy.check(mutation, writer: caller.device, mode: caller.mode) ?? WritePolicy.checkDate(mutation, now: now) {
            return .reject(refusal)
        }
        // The family's parents turned it end-to-end with their first signed epoch; nobody turns it back.
        if facts.familyEndToEnd, mutation.sealing == nil { return .reject(.notSealed) }
        switch mutation.type {
        case .command, .configuration:
            guard let targetMode = facts.targetMode else { return .reject(.unknownTarget) }
            if let refusal = WritePolicy.checkTargetScope(mutation, targetMode: targetMode) { return .reject(refusal) }
        case .commandAck:
            guard facts.commandIsForWriter else { return .reject(.commandNotForWriter) }
        case .device, .usage, .dailySummary, .healthTotals, .settings:
            break
        }
        if let refusal = WritePolicy.checkReplacing(mutation, writer: caller.device, storedOwner: facts.storedOwner) { return .reject(refusal) }
        if let refusal = WritePolicy.checkCounter(mutation, highest: facts.highestWriterCounter) { return .reject(refusal) }
        if let sealing = mutation.sealing {
            // Ahead: no device was ever given that epoch's key.
            if sealing.epoch > facts.currentEpoch, facts.currentEpoch > 0 {
                return .reject(.epochNotCommitted(sealing.scope, epoch: sealing.epoch, current: facts.currentEpoch))
            }
            // A device that left holds the newest key: nothing is written under it, nor under an older one.
            if facts.rotationPending { return .rotationPending(sealing.scope) }
            // Behind, or before the first epoch: the writer seals again.
            if sealing.epoch != facts.currentEpoch { return .staleEpoch(sealing.scope, current: facts.currentEpoch) }
        }
        return .commit
    }
}

/// What a push adds to the bytes its writer and its family store, checked against `StorageLimits` before the
/// push commits; shared so that both backends count alike.
struct StorageTally {
    let writer: DeviceID
    private(set) var deviceGrowth = 0
    private(set) var familyGrowth = 0

    init(writer: DeviceID) {
        self.writer = writer
    }

    /// Whether the push stores more than before, for its writer or its family: only then are the totals read.
    var grows: Bool { deviceGrowth > 0 || familyGrowth > 0 }

    /// Counts `mutation` committed over what `facts` says was stored.
    mutating func commit(_ mutation: SyncMutation, over facts: PushDecision.Facts) {
        let bytes = StorageLimits.bytes(of: mutation)
        familyGrowth += bytes - facts.storedBytes
        deviceGrowth += bytes - (facts.storedOwner == writer ? facts.storedBytes : 0)
    }

    /// Refuses a push that stores more than before and leaves the writer (`device` bytes, the push counted) or
    /// its family (`family` bytes) above a limit: one that only makes room always passes.
    func check(_ limits: StorageLimits, device: Int, family: Int) throws(StorageRefusal) {
        if deviceGrowth > 0, device > limits.deviceBytes { throw .storageFull(scope: .device, limit: limits.deviceBytes) }
        if familyGrowth > 0, family > limits.familyBytes { throw .storageFull(scope: .family, limit: limits.familyBytes) }
    }
}

extension RecordSealing {
    /// A stored record's sealing fields, read alike by both backends: all three or none.
    static func stored(scope: String?, epoch: Int64?, counter: Int64?) throws -> RecordSealing? {
        guard let scope, let epoch, let counter else {
            guard scope == nil, epoch == nil, counter == nil else { throw StorageRefusal.invalid("stored sealing fields") }
            return nil
        }
        guard let keyScope = KeyScope(scope), let keyEpoch = UInt32(exactly: epoch), let writerCounter = UInt64(exactly: counter) else {
            throw StorageRefusal.invalid("stored sealing fields")
        }
        return RecordSealing(scope: keyScope, epoch: keyEpoch, writerCounter: writerCounter)
    }
}

/// Token and secret hashing: the server keeps SHA-256 of each, never the value.
public enum Secrets {
    /// A new random token or secret of `bytes` bytes, as base64url.
    public static func random(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }
}
