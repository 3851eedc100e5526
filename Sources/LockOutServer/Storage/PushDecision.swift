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

    /// What the backend knows about a mutation before deciding.
    struct Facts {
        /// The stored result of an earlier push of the same mutation id.
        var earlier: SyncAPI.MutationResult?
        /// For a command or configuration: whether the target is an active device of the family.
        var targetIsActiveDevice: Bool
        /// For a command acknowledgement: whether a command with this id was sent to the writer.
        var commandIsForWriter: Bool
        /// The device that wrote the stored version of the record; nil when none is stored.
        var storedOwner: DeviceID?
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
        switch mutation.type {
        case .command, .configuration:
            guard facts.targetIsActiveDevice else { return .reject(.unknownTarget) }
        case .commandAck:
            guard facts.commandIsForWriter else { return .reject(.commandNotForWriter) }
        case .device, .usage, .dailySummary, .settings:
            break
        }
        if let refusal = WritePolicy.checkReplacing(mutation, writer: caller.device, storedOwner: facts.storedOwner) { return .reject(refusal) }
        return .commit
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
