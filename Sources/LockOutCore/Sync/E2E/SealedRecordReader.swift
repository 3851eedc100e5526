import Foundation

/// What a device does with one record from the feed of an end-to-end family: opens it, sets it aside until
/// its key arrives, or refuses it with a reason it counts. Nothing refused is applied; nothing waiting is
/// dropped.
public struct SealedRecordReader: Sendable {
    /// Why a record was refused.
    public enum Refusal: String, CaseIterable, Hashable, Sendable {
        /// A plaintext body in a family whose parents said it is end-to-end encrypted.
        case plaintext
        /// A container that does not parse.
        case malformed
        /// Its writer's counter is not above the highest seen: a replay or a rollback.
        case rolledBack
        /// The key commitment, the AEAD or the padding failed: changed, swapped or forged.
        case tampered
        /// A record a device obeys (a command, a configuration) that no pinned parent signed: the scope's key
        /// proves only that a member sealed it, and the child is a member.
        case unsigned
    }

    /// What became of a record.
    public enum Outcome: Equatable, Sendable {
        case opened([UInt8])
        /// Under an epoch no key or chain link reaches yet: kept, and tried again after the next key fetch.
        case waitingForKey(scope: KeyScope, epoch: UInt32)
        case refused(Refusal)
    }

    private let sealer: RecordSealer
    private let keyring: EpochKeyring
    /// The keys this device holds, by scope.
    public private(set) var chains: [KeyScope: ScopeKeyChain] = [:]
    public private(set) var counters = WriterCounters()
    /// How many records were refused, by reason: what `lockout family status` and the log count.
    public private(set) var refusals: [Refusal: Int] = [:]

    public init(cipher: any FamilyCipher, keys: any FamilyKeyCipher) {
        sealer = RecordSealer(cipher: cipher)
        keyring = EpochKeyring(cipher: cipher, keys: keys)
    }

    /// Takes the highest counters seen before, kept across restarts, so a record replayed after one is refused too.
    public mutating func restore(_ counters: WriterCounters) {
        self.counters = counters
    }

    /// Takes the keys this device holds for a scope.
    public mutating func use(_ chain: ScopeKeyChain) {
        chains[chain.scope] = chain
    }

    /// Reads `body` as the record `envelope` describes. The counter is checked before anything is opened, and
    /// counted only once the record opened, so a forged record cannot move a writer's counter on.
    public mutating func read(_ body: String, envelope: SealedEnvelope) -> Outcome {
        guard SealedBody.isSealed(body) else { return refuse(.plaintext) }
        let sealed: SealedBody
        do {
            sealed = try SealedBody(body)
        } catch {
            return refuse(.malformed)
        }
        if let highest = counters.highest(of: envelope.writer), envelope.writerCounter <= highest { return refuse(.rolledBack) }
        guard var chain = chains[envelope.scope], let key = chain.key(for: envelope.epoch, keyring: keyring) else {
            return .waitingForKey(scope: envelope.scope, epoch: envelope.epoch)
        }
        chains[envelope.scope] = chain
        do {
            let plaintext = try sealer.open(sealed, for: envelope, epochKey: key)
            _ = counters.accept(envelope.writerCounter, from: envelope.writer)
            return .opened(plaintext)
        } catch {
            return refuse(.tampered)
        }
    }

    /// A record whose envelope names no key: a plaintext body, or a sealed one that cannot be opened without
    /// its envelope's sealing fields.
    public mutating func readUnsealed(_ body: String) -> Outcome {
        refuse(SealedBody.isSealed(body) ? .malformed : .plaintext)
    }

    private mutating func refuse(_ reason: Refusal) -> Outcome {
        refusals[reason, default: 0] += 1
        return .refused(reason)
    }
}
