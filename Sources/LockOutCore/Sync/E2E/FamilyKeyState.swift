import Foundation

/// What one device knows of its family's keys, and what it does with them: pins the public keys the key
/// directory names, takes each epoch commit a pinned parent signed (opening its own wrap, keeping the chain
/// links), seals an outgoing record at send under its scope's newest epoch, and opens what the feed brings.
///
/// Nothing the server says is taken on its word: a device's keys are pinned from the pairing (the welcome a
/// joining device opens, the proof the parent checks) or from a pinned parent's signed commit; a commit that
/// does not verify against a pinned parent's keys is refused and counted, and a device whose public keys
/// change is refused (its first keys stay pinned).
public struct FamilyKeyState: Sendable {
    /// Why a part of the key directory was not taken.
    public enum Refusal: String, CaseIterable, Hashable, Sendable {
        /// A device's public keys differ from the ones pinned for it.
        case changedKeys
        /// A commit not signed by a pinned parent, or that does not verify.
        case badCommit
        /// This device's wrap in a verified commit does not open.
        case badWrap
        /// A chain link that is not a well-formed container.
        case badLink
        /// A joining device whose keys the proof made with this device's pairing key does not prove, or whose
        /// mode or child name is not the pairing's: the server changed them.
        case badPairing
    }

    /// Why a record could not be sealed.
    public enum SealError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No epoch of the scope this device holds the key to: it waits for a parent's commit.
        case noKey(KeyScope)
        /// A record of a kind this device cannot seal yet.
        case noScope(RecordType)
        case body(SealedBodyError)
        case signing(FamilyKeyError)

        public var description: String {
            switch self {
            case .noScope(let type): "\(type.rawValue) records cannot be sealed in this family yet: the record waits"
            case .noKey(let scope): "no key of \(scope) yet: the record waits until a parent device commits one"
            case .body(let error): error.description
            case .signing(let error): "the record could not be signed: \(error)"
            }
        }
    }

    public let family: FamilyID
    public let me: DeviceID
    private let myKeys: DevicePrivateKeys
    private let keyring: EpochKeyring
    private let sealer: RecordSealer
    private let keyCipher: any FamilyKeyCipher
    private let cipher: any FamilyCipher
    /// The public keys pinned, by device.
    public private(set) var pinned: [DeviceID: SyncAPI.DeviceKey] = [:]
    /// The newest epoch of each scope this device is in, as verified commits say.
    public private(set) var newest: [KeyScope: UInt32] = [:]
    /// The members of each scope's newest epoch.
    public private(set) var members: [KeyScope: [DeviceID]] = [:]
    /// Each scope's keys and links.
    public private(set) var chains: [KeyScope: ScopeKeyChain] = [:]
    /// The commits taken, by scope and epoch, so a commit seen again is not checked again.
    private var taken: Set<String> = []
    /// The reader of the feed's records, with the same keys.
    public private(set) var reader: SealedRecordReader
    /// What was refused of the key directory, by reason.
    public private(set) var refusals: [Refusal: Int] = [:]

    public init(family: FamilyID, me: DeviceID, keys: DevicePrivateKeys, cipher: any FamilyCipher, keyCipher: any FamilyKeyCipher) {
        self.family = family
        self.me = me
        myKeys = keys
        keyring = EpochKeyring(cipher: cipher, keys: keyCipher)
        sealer = RecordSealer(cipher: cipher)
        self.keyCipher = keyCipher
        self.cipher = cipher
        reader = SealedRecordReader(cipher: cipher, keys: keyCipher)
    }

    /// Takes what the key directory says, and answers whether anything new was learnt, so records waiting for a
    /// key are tried again. A device's keys are pinned only on a word this device trusts, never the server's:
    /// its own keys; a joining device's keys whose proof opens with one of `pairings`, the pairings this device
    /// made (`usedPairings` names the ones used); and the keys a verified commit of a pinned parent names for its
    /// members (the parents' word). Each new commit that a pinned parent signed is taken: this device's wrap
    /// opened, the chain link kept. A commit whose signer no one vouched for yet waits for a later directory.
    @discardableResult
    public mutating func learn(_ directory: SyncAPI.Keys, pairings: [PendingPairing] = []) -> Bool {
        var learnt = false
        var unvouched: [DeviceID: SyncAPI.DeviceKey] = [:]
        changedKeys = []
        for device in directory.devices {
            if let known = pinned[device.deviceID] {
                if known.publicKeys != device.publicKeys || known.mode != device.mode {
                    refuse(.changedKeys)
                    changedKeys.insert(device.deviceID)
                }
                continue
            }
            if device.deviceID == me {
                guard device.publicKeys == myKeys.publicKeys else {
                    refuse(.changedKeys)
                    changedKeys.insert(me)
                    continue
                }
            } else if let proof = device.pairingProof,
                      let pairing = pairings.first(where: { $0.key.id(cipher: cipher) == proof.keyID }) {
                guard pairing.mode == device.mode, pairing.childName == device.childName,
                      pairing.key.checks(proof, family: family, device: device.deviceID, mode: device.mode, keys: device.publicKeys, cipher: cipher)
                else {
                    refuse(.badPairing)
                    continue
                }
                usedPairings.insert(proof.keyID)
                if let sealed = device.sealedName, let name = pairing.key.openName(sealed, family: family, device: device.deviceID, cipher: cipher) {
                    joinedNames[device.deviceID] = name
                }
            } else {
                unvouched[device.deviceID] = device
                continue
            }
            pinned[device.deviceID] = device
            learnt = true
        }
        // In passes: a commit vouches for its members' keys, and a parent vouched for may have signed the next one.
        var waiting = directory.epochs.filter { $0.family == family && !taken.contains(Self.name($0)) }
        var progress = true
        while progress {
            progress = false
            for commit in waiting {
                guard let signer = pinned[commit.signer] else { continue }
                waiting.removeAll { $0 == commit }
                progress = true
                guard signer.mode == .parentDevice, (try? commit.verify(signerKeys: signer.publicKeys, cipher: keyCipher)) != nil else {
                    refuse(.badCommit)
                    continue
                }
                for (member, digest) in zip(commit.members, commit.memberKeys) {
                    guard let device = unvouched.removeValue(forKey: member) else { continue }
                    guard device.publicKeys.digest(using: keyCipher) == digest else {
                        refuse(.changedKeys)
                        changedKeys.insert(member)
                        continue
                    }
                    pinned[member] = device
                }
                if take(commit) { learnt = true }
            }
        }
        // What no pinned parent signed is not believed.
        for _ in waiting { refuse(.badCommit) }
        return learnt
    }

    /// Pins the keys of a pairing welcome's roster (`PairingWelcome.verified`): a joining device's first word on
    /// its family's parents.
    public mutating func pin(welcome roster: [SyncAPI.DeviceKey]) {
        for device in roster where pinned[device.deviceID] == nil { pinned[device.deviceID] = device }
    }

    /// The devices, this one among them, whose keys the directory `learn` took last gives otherwise than they were
    /// pinned (or, for this device, than its own): nothing is wrapped for those keys, and the status says so.
    public private(set) var changedKeys: Set<DeviceID> = []

    /// The scopes whose next epoch a parent owes but cannot build, with the members whose keys changed: the last
    /// `commitsOwed` left them out, and tries them again each round.
    public private(set) var rotationsWaiting: [KeyScope: [DeviceID]] = [:]

    /// The names devices sealed for this device's pairings as they joined, opened as `learn` checked their proofs:
    /// the parent names a device before its first sealed device record arrives.
    public private(set) var joinedNames: [DeviceID: String] = [:]

    /// The ids of the pairings whose joining device `learn` checked and pinned: their keys are forgotten.
    public private(set) var usedPairings: Set<[UInt8]> = []

    /// Takes a verified commit: keeps its chain link and opens this device's wrap. False when either is refused.
    private mutating func take(_ commit: EpochCommit) -> Bool {
        var chain = chains[commit.scope] ?? ScopeKeyChain(family: family, scope: commit.scope)
        if let link = commit.chain {
            guard let sealed = try? SealedBody(link) else {
                refuse(.badLink)
                return false
            }
            chain.add(link: sealed, epoch: commit.epoch)
        }
        if let wrap = commit.wraps.first(where: { $0.recipient == me }) {
            guard let key = try? keyring.unwrap(wrap, family: family, scope: commit.scope, epoch: commit.epoch, as: me, keys: myKeys) else {
                refuse(.badWrap)
                return false
            }
            chain.add(key: key, epoch: commit.epoch)
        }
        chains[commit.scope] = chain
        reader.use(chain)
        if commit.epoch >= newest[commit.scope] ?? 0 {
            newest[commit.scope] = commit.epoch
            members[commit.scope] = commit.members
        }
        taken.insert(Self.name(commit))
        return true
    }

    /// The commits a parent device owes its family, given the directory it just learnt: the first epoch of
    /// the parents' scope and of each child's scope that has none, and the next epoch of each whose members
    /// are no longer the scope's members (a parent joined, a device left), chained to the epoch before. A
    /// scope's members are every parent the directory names and, for a child's scope, that child.
    public mutating func commitsOwed(by directory: SyncAPI.Keys) -> [EpochCommit] {
        rotationsWaiting = [:]
        guard pinned[me]?.mode == .parentDevice else { return [] }
        let parents = directory.devices.filter { $0.mode == .parentDevice }.map(\.deviceID)
        var expected: [KeyScope: [DeviceID]] = [.parents: parents]
        for child in directory.devices where child.mode == .childDevice {
            expected[.child(child.deviceID)] = parents + [child.deviceID]
            let person = PersonScope.of(child: child.deviceID, named: child.childName, family: family, digest: keyCipher.digest)
            // The parents are members too, so a parent can add the child's next device (a rotation needs the key
            // before); the server still hands a child's health totals to that child's devices alone.
            expected[person, default: parents].append(child.deviceID)
        }
        let personal = directory.devices.filter { $0.mode == .personalDevice }.map(\.deviceID)
        if !personal.isEmpty { expected[PersonScope.personal] = parents + personal }
        var owed: [EpochCommit] = []
        let onServer = Dictionary(directory.scopes.map { ($0.scope, $0.epoch) }, uniquingKeysWith: max)
        for (scope, members) in expected.sorted(by: { $0.key.description < $1.key.description }) {
            let sorted = members.sorted { $0.description < $1.description }
            let epoch = newest[scope] ?? 0
            // A scope this parent is not in yet: another parent holds its keys and owes the rotation.
            guard (onServer[scope] ?? 0) <= epoch else { continue }
            guard epoch == 0 || self.members[scope] != sorted else { continue }
            // Wrapped only for the keys pinned: a member whose keys the directory changed holds the rotation back.
            let changed = sorted.filter { member in
                pinned[member].map { pinnedKeys in directory.devices.contains { $0.deviceID == member && $0.publicKeys != pinnedKeys.publicKeys } } ?? false
            }
            guard changed.isEmpty else {
                rotationsWaiting[scope] = changed
                continue
            }
            var previous: [UInt8]?
            if epoch > 0 {
                guard let key = key(of: scope, epoch: epoch) else { continue }  // not this parent's to rotate yet
                previous = key
            }
            guard let commit = try? commit(scope, epoch: epoch + 1, members: sorted, previous: previous, directory: directory) else { continue }
            owed.append(commit)
        }
        return owed
    }

    /// A new epoch of `scope` for `members`, signed by this device, chained to `previous`.
    private func commit(
        _ scope: KeyScope, epoch: UInt32, members: [DeviceID], previous: [UInt8]?, directory: SyncAPI.Keys
    ) throws -> EpochCommit {
        let key = keyring.newEpochKey()
        // Wrapped for the keys this device pinned, never for ones the directory says now: a device whose keys
        // changed is left out, and the server refuses the epoch without it, so nothing is wrapped for a stranger.
        var memberKeys: [DeviceID: DevicePublicKeys] = [:]
        let wraps = try members.map { member in
            guard let keys = pinned[member]?.publicKeys,
                  directory.devices.first(where: { $0.deviceID == member })?.publicKeys == keys
            else { throw FamilyKeyError.malformedPublicKeys }
            memberKeys[member] = keys
            return try keyring.wrap(key, family: family, scope: scope, epoch: epoch, for: member, keys: keys)
        }
        let chain = try previous.map { try keyring.chain(previous: $0, under: key, family: family, scope: scope, epoch: epoch) }
        return try EpochCommit.signed(family: family, scope: scope, epoch: epoch, wraps: wraps, memberKeys: memberKeys, chain: chain,
                                      signer: me, keys: myKeys, cipher: keyCipher)
    }

    /// What a device keeps of its key state across restarts: the keys it pinned, the highest writer counter
    /// seen from each writer, and its own counter. Epoch keys are not kept: the directory hands the wraps out
    /// again, and they open only with this device's private keys.
    public struct Snapshot: Codable, Hashable, Sendable {
        public var pinned: [SyncAPI.DeviceKey]
        public var seen: WriterCounters
        /// The highest writer counter this device sealed a record with.
        public var writerCounter: UInt64
        /// The newest epoch of each scope this device holds the key to, for the status.
        public var epochs: [SyncAPI.ScopeEpoch]
        /// How many pulled records were refused, ever.
        public var refused: Int

        public init(
            pinned: [SyncAPI.DeviceKey] = [], seen: WriterCounters = WriterCounters(), writerCounter: UInt64 = 0,
            epochs: [SyncAPI.ScopeEpoch] = [], refused: Int = 0
        ) {
            self.pinned = pinned
            self.seen = seen
            self.writerCounter = writerCounter
            self.epochs = epochs
            self.refused = refused
        }
    }

    /// The state to keep (`Snapshot`).
    public var snapshot: Snapshot {
        Snapshot(
            pinned: pinned.values.sorted { $0.deviceID.description < $1.deviceID.description }, seen: reader.counters,
            writerCounter: writerCounter,
            epochs: newest.filter { chains[$0.key]?.currentEpoch != nil }.map { SyncAPI.ScopeEpoch(scope: $0.key, epoch: $0.value) }
                .sorted { $0.scope.description < $1.scope.description },
            refused: refusedBefore + reader.refusals.values.reduce(0, +) + unsigned
        )
    }

    /// The highest writer counter this device sealed with; the next record takes the one after.
    public private(set) var writerCounter: UInt64 = 0
    /// Records refused before this state was restored.
    private var refusedBefore = 0

    /// Takes back what `snapshot` kept.
    public mutating func restore(_ snapshot: Snapshot) {
        for device in snapshot.pinned { pinned[device.deviceID] = device }
        reader.restore(snapshot.seen)
        writerCounter = max(writerCounter, snapshot.writerCounter)
        refusedBefore = snapshot.refused
    }

    /// The scope a record of this device (in `mode`) is sealed for; nil when it is one this family cannot seal
    /// yet (a person's scope), or its target is a device whose keys are not pinned.
    public func scope(for mutation: SyncMutation, mode: DeviceMode) -> KeyScope? {
        switch WritePolicy.expectedScope(mutation, writer: me, mode: mode) {
        case .exactly(let scope): return scope
        case .anyPerson:
            // A child's health totals go to its own person; anything else of a person's to the personal devices.
            guard mode == .childDevice else { return PersonScope.personal }
            return personScope(of: me)
        case .target(let target):
            switch pinned[target]?.mode {
            case .childDevice: return .child(target)
            case .parentDevice: return .parents
            case .personalDevice: return PersonScope.personal
            case nil: return nil
            }
        }
    }

    /// What an end-to-end family's server is told a child is called: `child ` and 24 hex digits of HMAC-SHA256
    /// over the name, under a key derived from the parents' scope's first epoch key — the same for every parent,
    /// and no guess of the server's: it never holds that key. Nil while this device holds no key of the parents'
    /// scope (not a parent, or before the family's first round).
    public mutating func childTag(for name: String) -> String? {
        guard let key = key(of: .parents, epoch: 1) else { return nil }
        let tagKey = cipher.deriveKey(from: key, salt: [], info: Array("lockout/e2e/child-name/v1".utf8), count: 32)
        let code = cipher.authenticationCode(for: Array(name.utf8), key: tagKey)
        return "child " + code.prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    /// The person scope of the child's device `device`, by the child name the directory gives it.
    func personScope(of device: DeviceID) -> KeyScope {
        PersonScope.of(child: device, named: pinned[device]?.childName, family: family, digest: keyCipher.digest)
    }

    /// `mutation` sealed at send for its scope with this device's next writer counter (`seal(_:for:counter:)`).
    public mutating func sealNext(_ mutation: SyncMutation, mode: DeviceMode) throws(SealError) -> SyncMutation {
        guard let scope = scope(for: mutation, mode: mode) else { throw .noScope(mutation.type) }
        let sealed = try seal(mutation, for: scope, counter: writerCounter + 1)
        writerCounter += 1
        return sealed
    }

    /// The key of `scope`'s `epoch`, when this device holds it or reaches it down the chain.
    public mutating func key(of scope: KeyScope, epoch: UInt32) -> [UInt8]? {
        guard var chain = chains[scope] else { return nil }
        defer { chains[scope] = chain }
        return chain.key(for: epoch, keyring: keyring)
    }

    /// `mutation` sealed for `scope` under its newest epoch, as writer counter `counter`: its body (a delete's
    /// empty document) padded and sealed, bound to the envelope. The plaintext stays with the caller, which
    /// seals again under a newer epoch when the server answers that this one is stale.
    public mutating func seal(_ mutation: SyncMutation, for scope: KeyScope, counter: UInt64) throws(SealError) -> SyncMutation {
        guard let epoch = newest[scope], let key = key(of: scope, epoch: epoch) else { throw .noKey(scope) }
        let sealing = RecordSealing(scope: scope, epoch: epoch, writerCounter: counter)
        let envelope = SealedEnvelope(
            family: family, scope: scope, epoch: epoch, type: mutation.type, recordID: mutation.recordID, mutationID: mutation.id,
            writer: me, target: mutation.target, localDate: mutation.localDate, deleted: mutation.deleted, writerCounter: counter
        )
        var plaintext = mutation.deleted ? [] : Array(mutation.body.utf8)
        if Self.obeyed.contains(mutation.type), !mutation.deleted {
            do {
                plaintext = try keyCipher.sign(Self.obeyedBytes(envelope, body: plaintext), with: myKeys) + plaintext
            } catch {
                throw .signing(error)
            }
        }
        let body: SealedBody
        do {
            body = try sealer.seal(plaintext, for: envelope, epochKey: key)
        } catch {
            throw .body(error)
        }
        return SyncMutation(
            id: mutation.id, type: mutation.type, recordID: mutation.recordID, target: mutation.target, localDate: mutation.localDate,
            deleted: mutation.deleted, body: body.text, sealing: sealing
        )
    }

    /// What becomes of a change from the feed: opened (its plaintext body), known as the version `known` this
    /// device holds, waiting for its key, or refused. A plaintext change, a sealed one without the fields its
    /// envelope needs, and one said to come from a parent device that is not pinned as one are refused.
    ///
    /// The writer's mode the server gives (`SyncChange.ownerMode`, which decides whose word wins in a merge) is
    /// not in the envelope: a reader takes the mode pinned for the writer instead (`mode(of:)`), so a server
    /// cannot promote a child to a parent.
    public mutating func open(_ change: SyncChange, known: AcceptedVersion? = nil) -> SealedRecordReader.Outcome {
        guard let sealing = change.sealing, let mutationID = change.mutationID else { return reader.readUnsealed(change.body) }
        let envelope = SealedEnvelope(
            family: family, scope: sealing.scope, epoch: sealing.epoch, type: change.type, recordID: change.recordID, mutationID: mutationID,
            writer: change.owner, target: change.target, localDate: change.localDate, deleted: change.deleted, writerCounter: sealing.writerCounter
        )
        let outcome = reader.read(change.body, envelope: envelope, known: known)
        guard case .opened(let bytes) = outcome else { return outcome }
        // Every parent device of the family is pinned (the directory names the parents to every device); a writer said
        // to be a parent that is not is the server's word alone. A sibling's device, which a child does not pin, is
        // taken in the mode the server gives it: a mode that is no parent's wins over nothing.
        if pinned[change.owner] == nil, change.ownerMode == .parentDevice { return reader.refuse(.unknownWriter) }
        guard Self.obeyed.contains(change.type), !change.deleted else { return outcome }
        // What a device obeys must be a parent's word, signed over the envelope and the body.
        let signatureLength = 64
        let body = Array(bytes.dropFirst(signatureLength))
        guard bytes.count >= signatureLength, let writer = pinned[change.owner], writer.mode == .parentDevice,
              keyCipher.isValidSignature(Array(bytes.prefix(signatureLength)), for: Self.obeyedBytes(envelope, body: body), by: writer.publicKeys)
        else {
            unsigned += 1
            return .refused(.unsigned)
        }
        return .opened(body)
    }

    /// The mode of `device` as its pinned keys say: the mode it was paired in, never what the server says now.
    public func mode(of device: DeviceID) -> DeviceMode? {
        pinned[device]?.mode
    }

    /// The record types a device obeys: a parent signs each (`obeyedBytes`) inside the sealed body, ahead of the
    /// body itself, and a reader takes one only with the signature of a pinned parent device.
    public static let obeyed: Set<RecordType> = [.command, .configuration]

    /// What a parent signs of a record a device obeys: a label, the envelope's associated data and the body.
    static func obeyedBytes(_ envelope: SealedEnvelope, body: [UInt8]) -> [UInt8] {
        var bytes = BinaryWriter()
        bytes.text("lockout/e2e/obeyed/v1")
        bytes.data(envelope.associatedData)
        bytes.data(body)
        return bytes.bytes
    }

    /// Records refused for want of a parent's signature, since this state was made.
    public private(set) var unsigned = 0

    private mutating func refuse(_ reason: Refusal) {
        refusals[reason, default: 0] += 1
    }

    private static func name(_ commit: EpochCommit) -> String { "\(commit.scope)#\(commit.epoch)" }
}
