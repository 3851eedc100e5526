import Foundation

/// What a device does with one record from the feed of an end-to-end family: opens it, knows it as the version it
/// holds, sets it aside until its key arrives, or refuses it with a reason it counts. Nothing refused is applied;
/// nothing waiting is dropped.
///
/// A record is judged against the version of it the device holds (`AcceptedVersion`), never against the other
/// records of its writer: the feed gives each record's newest version in commit order, so after a resync, or a
/// record that waited for its key, a writer's counters do not arrive in order, and only a record's own versions
/// tell a re-delivery from a rollback.
public struct SealedRecordReader: Sendable {
    /// Why a record was refused.
    public enum Refusal: String, CaseIterable, Hashable, Sendable {
        /// A plaintext body in a family whose parents said it is end-to-end encrypted.
        case plaintext
        /// A container that does not parse.
        case malformed
        /// An older version of a record than the one this device holds (or had deleted): a replay or a rollback.
        case rolledBack
        /// The key commitment, the AEAD or the padding failed: changed, swapped or forged.
        case tampered
        /// A record a device obeys (a command, a configuration) that no pinned parent signed: the scope's key
        /// proves only that a member sealed it, and the child is a member.
        case unsigned
        /// A record said to come from a parent device that is not pinned as one: whose word wins would be the
        /// server's to say.
        case unknownWriter
    }

    /// What became of a record.
    public enum Outcome: Equatable, Sendable {
        case opened([UInt8])
        /// The version this device holds already, delivered again: nothing to open or apply.
        case redelivered
        /// Under an epoch no key or chain link reaches yet: kept, and tried again after the next key fetch.
        case waitingForKey(scope: KeyScope, epoch: UInt32)
        case refused(Refusal)
    }

    private let sealer: RecordSealer
    private let keyring: EpochKeyring
    /// The keys this device holds, by scope.
    public private(set) var chains: [KeyScope: ScopeKeyChain] = [:]
    /// The highest counter opened from each writer, kept for what a device knew before versions were kept per record.
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

    /// Reads `body` as the record `envelope` describes, where `known` is the version of the record this device
    /// holds (nil: none). The versions are compared before anything is opened (`AcceptedVersion.judge`).
    public mutating func read(_ body: String, envelope: SealedEnvelope, known: AcceptedVersion? = nil) -> Outcome {
        guard SealedBody.isSealed(body) else { return refuse(.plaintext) }
        let sealed: SealedBody
        do {
            sealed = try SealedBody(body)
        } catch {
            return refuse(.malformed)
        }
        switch known?.judge(counter: envelope.writerCounter, mutation: envelope.mutationID, fingerprint: sealed.fingerprint) {
        case .same: return .redelivered
        case .older: return refuse(.rolledBack)
        case .conflicting: return refuse(.tampered)
        case .newer, nil: break
        }
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

    /// The fingerprint of a sealed body (`SealedBody.fingerprint`); nil when it is not one.
    public static func fingerprint(of body: String) -> String? {
        try? SealedBody(body).fingerprint
    }

    /// A record whose envelope names no key: a plaintext body, or a sealed one that cannot be opened without
    /// its envelope's sealing fields.
    public mutating func readUnsealed(_ body: String) -> Outcome {
        refuse(SealedBody.isSealed(body) ? .malformed : .plaintext)
    }

    /// Counts a refusal decided outside the reader (`FamilyKeyState.open`).
    mutating func refuse(_ reason: Refusal) -> Outcome {
        refusals[reason, default: 0] += 1
        return .refused(reason)
    }
}
