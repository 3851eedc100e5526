import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

/// What a device takes from the key directory, and what it refuses of a directory the server changed.
@Suite("A device's family keys")
struct FamilyKeyStateTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let family = FamilyID(rawValue: UUID())

    struct Member {
        let id = DeviceID(rawValue: UUID())
        let keys = FamilyKeyStateTests.cipher.newDeviceKeys()
        let mode: DeviceMode

        var entry: SyncAPI.DeviceKey { SyncAPI.DeviceKey(deviceID: id, mode: mode, publicKeys: keys.publicKeys) }

        func state() -> FamilyKeyState {
            FamilyKeyState(family: FamilyKeyStateTests.family, me: id, keys: keys, cipher: FamilyKeyStateTests.cipher,
                           keyCipher: FamilyKeyStateTests.cipher)
        }

        /// The entry as the server lists it after this device redeemed `pairing`'s code with its keys.
        func entry(provedWith pairing: PendingPairing) -> SyncAPI.DeviceKey {
            SyncAPI.DeviceKey(deviceID: id, mode: mode, publicKeys: keys.publicKeys, childName: pairing.childName,
                              pairingProof: pairing.key.proof(family: FamilyKeyStateTests.family, device: id, mode: mode, keys: keys.publicKeys,
                                                              cipher: FamilyKeyStateTests.cipher))
        }
    }

    static func pairing(_ mode: DeviceMode, childName: String? = nil) -> PendingPairing {
        PendingPairing(key: PairingKey.make(cipher: cipher), mode: mode, childName: childName, expiresAt: Date(timeIntervalSince1970: 1_764_000_000))
    }

    /// A parent that paired `joining` (their states: the parent learnt the directory with its pairing, the joining
    /// device pinned the parent from the welcome), and the directory as the server lists it.
    static func paired(_ parent: Member, _ joining: [Member]) -> (parent: FamilyKeyState, joining: [FamilyKeyState], directory: SyncAPI.Keys) {
        let pairings = joining.map { pairing($0.mode) }
        let directory = SyncAPI.Keys(devices: [parent.entry] + zip(joining, pairings).map { $0.entry(provedWith: $1) }, epochs: [])
        var parentState = parent.state()
        parentState.learn(directory, pairings: pairings)
        let states = joining.map { member in
            var state = member.state()
            state.pin(welcome: [parent.entry])
            return state
        }
        return (parentState, states, directory)
    }

    @Test("a parent commits the epochs it owes once; its child learns its keys from them")
    func owed() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var (parentState, children, directory) = Self.paired(parent, [child])
        let owed = parentState.commitsOwed(by: directory)
        #expect(Set(owed.map(\.scope)) == [.parents, .child(child.id), PersonScope.child(device: child.id)])
        #expect(owed.allSatisfy { $0.epoch == 1 })

        var childState = children[0]
        // As the server serves them: the epochs of the scopes the child is a member of, with its own wrap.
        let served = SyncAPI.Keys(devices: directory.devices,
                                  epochs: owed.filter { $0.members.contains(child.id) }.map { $0.served(to: child.id) })
        let learnt = childState.learn(served)
        #expect(learnt)
        #expect(childState.newest == [.child(child.id): 1, PersonScope.child(device: child.id): 1])
        #expect(childState.refusals.isEmpty)
        // Learnt by the parent too, nothing more is owed.
        parentState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.map { $0.served(to: parent.id) }))
        #expect(parentState.commitsOwed(by: directory).isEmpty)
    }

    @Test("keys the server changed for a pinned device are refused, and no epoch is wrapped for them")
    func changedKeys() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var (state, _, _) = Self.paired(parent, [child])
        let stranger = FamilyKeyStateTests.cipher.newDeviceKeys()
        let swapped = SyncAPI.Keys(devices: [parent.entry, SyncAPI.DeviceKey(deviceID: child.id, mode: .childDevice, publicKeys: stranger.publicKeys)],
                                   epochs: [])
        state.learn(swapped)
        #expect(state.refusals[.changedKeys] == 1)
        #expect(state.pinned[child.id]?.publicKeys == child.keys.publicKeys, "the first keys stay pinned")
        let owed = state.commitsOwed(by: swapped)
        #expect(owed.map(\.scope) == [.parents], "only the scope without the changed device")
    }

    @Test("a commit signed by a child, by a device not pinned, or changed after signing is refused and counted")
    func badCommits() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        let sibling = Member(mode: .childDevice)
        var (parentState, children, directory) = Self.paired(parent, [child, sibling])
        let genuine = try #require(parentState.commitsOwed(by: directory).first { $0.scope == .child(child.id) })

        // The sibling signs an epoch of the child's scope as if it were a parent, and the server says it is one.
        var siblingState = sibling.state()
        let siblingPairing = Self.pairing(.childDevice)
        let asParent = SyncAPI.Keys(devices: [sibling.entry.withMode(.parentDevice), child.entry(provedWith: siblingPairing)], epochs: [])
        siblingState.learn(asParent, pairings: [siblingPairing])
        let forged = try #require(siblingState.commitsOwed(by: asParent).first { $0.scope == .child(child.id) })

        var childState = children[0]
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: [forged.served(to: child.id)]))
        #expect(childState.refusals[.badCommit] == 1)
        let changed = EpochCommit(family: genuine.family, scope: genuine.scope, epoch: 2, members: genuine.members, memberKeys: genuine.memberKeys,
                                  wrapDigests: genuine.wrapDigests, wraps: genuine.wraps, chain: nil, signer: genuine.signer,
                                  signature: genuine.signature)
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: [changed.served(to: child.id)]))
        #expect(childState.refusals[.badCommit] == 2)
        #expect(childState.newest.isEmpty)
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: [genuine.served(to: child.id)]))
        #expect(childState.newest == [.child(child.id): 1])
    }

    /// `mutation` as the feed hands it out, written by `owner`.
    static func change(_ mutation: SyncMutation, owner: Member, seq: Int64) -> SyncChange {
        SyncChange(seq: seq, owner: owner.id, ownerMode: owner.mode, committedAt: Date(timeIntervalSince1970: 1_764_000_000), type: mutation.type,
                   recordID: mutation.recordID, target: mutation.target, localDate: mutation.localDate, deleted: mutation.deleted,
                   body: mutation.body, mutationID: mutation.id, sealing: mutation.sealing)
    }

    @Test("a command a child obeys opens only with a pinned parent's signature: one the child sealed itself, even passed off as the parent's, is refused")
    func signedCommands() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var (parentState, children, directory) = Self.paired(parent, [child])
        var childState = children[0]
        let owed = parentState.commitsOwed(by: directory)
        parentState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.map { $0.served(to: parent.id) }))
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.filter { $0.members.contains(child.id) }.map { $0.served(to: child.id) }))

        let body = #"{"commandID":"7A1F","change":{"snooze":{"minutes":7}}}"#
        let command = SyncMutation(id: MutationID(rawValue: UUID()), type: .command, recordID: UUID().uuidString, target: child.id, body: body)
        let sealed = try parentState.sealNext(command, mode: .parentDevice)
        #expect(childState.open(Self.change(sealed, owner: parent, seq: 1)) == .opened(Array(body.utf8)))

        // The child holds the scope's key: it seals a command as if the parent wrote it, signed with its own key, and
        // a server hands it out as the parent's. The AEAD opens it; the signature does not.
        let found = childState.key(of: .child(child.id), epoch: 1)
        let key = try #require(found)
        for (counter, signer) in [(UInt64(50), child.keys), (51, Self.cipher.newDeviceKeys())] {
            let forged = command.withID(MutationID(rawValue: UUID()))
            let envelope = SealedEnvelope(family: Self.family, scope: .child(child.id), epoch: 1, type: .command, recordID: forged.recordID,
                                          mutationID: forged.id, writer: parent.id, target: child.id, writerCounter: counter)
            let plaintext = Array(body.utf8)
            let signed = try Self.cipher.sign(FamilyKeyState.obeyedBytes(envelope, body: plaintext), with: signer) + plaintext
            let sealedBody = try RecordSealer(cipher: Self.cipher).seal(signed, for: envelope, epochKey: key)
            let mutation = SyncMutation(id: forged.id, type: .command, recordID: forged.recordID, target: child.id, body: sealedBody.text,
                                        sealing: RecordSealing(scope: .child(child.id), epoch: 1, writerCounter: counter))
            #expect(childState.open(Self.change(mutation, owner: parent, seq: Int64(counter))) == .refused(.unsigned))
        }
        // Sealed by the child as its own, a command is no parent's word either.
        let own = try childState.seal(command.withID(MutationID(rawValue: UUID())), for: .child(child.id), counter: 52)
        #expect(childState.open(Self.change(own, owner: child, seq: 52)) == .refused(.unsigned))
        #expect(childState.snapshot.refused == 3)
        // A usage record is not obeyed, and needs no signature.
        let usage = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: UUID().uuidString, localDate: LocalDate(year: 2026, month: 11, day: 24),
                                 body: "{}")
        var writer = children[0]
        writer.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.filter { $0.members.contains(child.id) }.map { $0.served(to: child.id) }))
        let sealedUsage = try writer.seal(usage, for: .child(child.id), counter: 60)
        #expect(parentState.open(Self.change(sealedUsage, owner: child, seq: 4)) == .opened(Array("{}".utf8)))
    }

    @Test("keys nobody vouched for are not pinned: no proof, a proof under another key, or another mode or child name than the pairing's")
    func unvouchedKeys() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        let pairing = Self.pairing(.childDevice, childName: "Anna")
        let proved = child.entry(provedWith: pairing)
        let stranger = FamilyKeyStateTests.cipher.newDeviceKeys().publicKeys
        let cases: [(SyncAPI.DeviceKey, FamilyKeyState.Refusal?)] = [
            // The server lists the child without its proof: nothing vouches for it yet.
            (child.entry, nil),
            // The server swapped the child's keys, keeping the proof made for the genuine ones.
            (SyncAPI.DeviceKey(deviceID: child.id, mode: .childDevice, publicKeys: stranger, childName: "Anna", pairingProof: proved.pairingProof),
             .badPairing),
            // The server moved the child to another child's person scope, or made it a parent.
            (SyncAPI.DeviceKey(deviceID: child.id, mode: .childDevice, publicKeys: child.keys.publicKeys, childName: "Ben",
                               pairingProof: proved.pairingProof), .badPairing),
            (SyncAPI.DeviceKey(deviceID: child.id, mode: .parentDevice, publicKeys: child.keys.publicKeys, childName: "Anna",
                               pairingProof: proved.pairingProof), .badPairing),
            // A proof under a key of a pairing this parent did not make.
            (child.entry(provedWith: Self.pairing(.childDevice, childName: "Anna")), nil),
        ]
        for (entry, refusal) in cases {
            var state = parent.state()
            let directory = SyncAPI.Keys(devices: [parent.entry, entry], epochs: [])
            state.learn(directory, pairings: [pairing])
            #expect(state.pinned[child.id] == nil)
            #expect(state.refusals[.badPairing] == (refusal == nil ? nil : 1))
            #expect(state.usedPairings.isEmpty)
            #expect(!state.commitsOwed(by: directory).contains { $0.members.contains(child.id) }, "nothing is wrapped for keys not pinned")
        }
        var state = parent.state()
        state.learn(SyncAPI.Keys(devices: [parent.entry, proved], epochs: []), pairings: [pairing])
        #expect(state.pinned[child.id]?.publicKeys == child.keys.publicKeys)
        #expect(state.usedPairings == [pairing.key.id(cipher: Self.cipher)])
        // A directory naming this device with other keys than its own is refused too.
        var other = parent.state()
        other.learn(SyncAPI.Keys(devices: [SyncAPI.DeviceKey(deviceID: parent.id, mode: .parentDevice, publicKeys: stranger)], epochs: []))
        #expect(other.pinned.isEmpty && other.refusals[.changedKeys] == 1)
    }

    @Test("a second parent pins a child it did not pair from the first parent's signed commit, and the child pins the second parent likewise")
    func vouchedByCommit() throws {
        let first = Member(mode: .parentDevice)
        let second = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var (firstState, joined, directory) = Self.paired(first, [child, second])
        var childState = joined[0], secondState = joined[1]
        // The second parent's welcome named the first; the child's named the first alone (it joined before).
        let owed = firstState.commitsOwed(by: directory)
        #expect(Set(owed.map(\.scope)) == [.parents, .child(child.id), PersonScope.child(device: child.id)])
        let all = SyncAPI.Keys(devices: directory.devices, epochs: owed)
        firstState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.map { $0.served(to: first.id) }))

        secondState.learn(SyncAPI.Keys(devices: all.devices, epochs: owed.filter { $0.members.contains(second.id) }.map { $0.served(to: second.id) }))
        #expect(secondState.pinned[child.id]?.publicKeys == child.keys.publicKeys, "vouched for by the first parent's commit")
        #expect(secondState.refusals.isEmpty)
        #expect(secondState.newest[.child(child.id)] == 1)

        childState.learn(SyncAPI.Keys(devices: [first.entry, second.entry, child.entry],
                                      epochs: owed.filter { $0.members.contains(child.id) }.map { $0.served(to: child.id) }))
        #expect(childState.pinned[second.id]?.publicKeys == second.keys.publicKeys)
        #expect(childState.refusals.isEmpty)

        // A commit whose key digest does not match what the directory says is a changed key, not a pin.
        var fresh = second.state()
        fresh.pin(welcome: [first.entry])
        let stranger = FamilyKeyStateTests.cipher.newDeviceKeys().publicKeys
        let swapped = SyncAPI.Keys(devices: [first.entry, second.entry, SyncAPI.DeviceKey(deviceID: child.id, mode: .childDevice, publicKeys: stranger)],
                                   epochs: owed.filter { $0.members.contains(second.id) }.map { $0.served(to: second.id) })
        fresh.learn(swapped)
        #expect(fresh.pinned[child.id] == nil)
        #expect(fresh.refusals[.changedKeys] != nil)
    }

    @Test("a child's name reaches the server as a tag keyed by the parents' scope: the same from every parent, none from a child")
    func childTags() throws {
        let first = Member(mode: .parentDevice)
        let second = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var (firstState, joined, directory) = Self.paired(first, [child, second])
        var childState = joined[0], secondState = joined[1]
        let early = firstState.childTag(for: "Anna")
        #expect(early == nil, "no key of the parents' scope yet")
        let owed = firstState.commitsOwed(by: directory)
        firstState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.map { $0.served(to: first.id) }))
        secondState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.filter { $0.members.contains(second.id) }.map { $0.served(to: second.id) }))
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: owed.filter { $0.members.contains(child.id) }.map { $0.served(to: child.id) }))
        let tagged = firstState.childTag(for: "Anna")
        let tag = try #require(tagged)
        #expect(tag.hasPrefix("child ") && tag.count == 30 && !tag.contains("Anna"))
        let (fromSecond, ben, fromChild) = (secondState.childTag(for: "Anna"), firstState.childTag(for: "Ben"), childState.childTag(for: "Anna"))
        #expect(fromSecond == tag)
        #expect(ben != tag)
        #expect(fromChild == nil)
        // Another family's parents, with keys of their own, tag the same name otherwise.
        let stranger = Member(mode: .parentDevice)
        var strangerState = Self.paired(stranger, []).parent
        let strangerOwed = strangerState.commitsOwed(by: SyncAPI.Keys(devices: [stranger.entry], epochs: []))
        strangerState.learn(SyncAPI.Keys(devices: [stranger.entry], epochs: strangerOwed))
        let fromStranger = strangerState.childTag(for: "Anna")
        #expect(fromStranger != nil && fromStranger != tag)
    }

    @Test("a welcome opens with its code's key alone, and verifies against the fingerprint of the parent the code names")
    func welcome() throws {
        let parent = Member(mode: .parentDevice)
        let other = Member(mode: .parentDevice)
        let key = PairingKey.make(cipher: Self.cipher)
        let welcome = try PairingWelcome.signed(family: Self.family, issuer: parent.id, roster: [other.entry, parent.entry], keys: parent.keys,
                                                cipher: Self.cipher)
        let sealed = welcome.sealed(with: key, cipher: Self.cipher)
        let fingerprint = parent.keys.publicKeys.fingerprint(using: Self.cipher)
        let roster = try PairingWelcome.open(sealed, with: key, family: Self.family, cipher: Self.cipher)
            .verified(family: Self.family, fingerprint: fingerprint, cipher: Self.cipher)
        #expect(Set(roster.map(\.deviceID)) == [parent.id, other.id])

        // A server's own welcome: sealed under another key, or for another family, does not open.
        let serverKey = PairingKey.make(cipher: Self.cipher)
        #expect(throws: FamilyKeyError.welcomeRefused) {
            try PairingWelcome.open(welcome.sealed(with: serverKey, cipher: Self.cipher), with: key, family: Self.family, cipher: Self.cipher)
        }
        #expect(throws: FamilyKeyError.welcomeRefused) {
            try PairingWelcome.open(sealed, with: key, family: FamilyID(rawValue: UUID()), cipher: Self.cipher)
        }
        var flipped = Array(sealed.utf8)
        flipped[flipped.count - 3] ^= 0x01
        #expect(throws: FamilyKeyError.welcomeRefused) {
            try PairingWelcome.open(String(decoding: flipped, as: UTF8.self), with: key, family: Self.family, cipher: Self.cipher)
        }
        // Signed by another parent than the code names, or with a device added after signing.
        let byOther = try PairingWelcome.signed(family: Self.family, issuer: other.id, roster: [other.entry, parent.entry], keys: other.keys,
                                                cipher: Self.cipher)
        #expect(throws: FamilyKeyError.welcomeRefused) { try byOther.verified(family: Self.family, fingerprint: fingerprint, cipher: Self.cipher) }
        let stranger = Member(mode: .parentDevice)
        let added = PairingWelcome(family: Self.family, issuer: parent.id, roster: welcome.roster + [stranger.entry], signature: welcome.signature)
        #expect(throws: FamilyKeyError.welcomeRefused) { try added.verified(family: Self.family, fingerprint: fingerprint, cipher: Self.cipher) }
    }

    @Test("a pairing's proof checks with its key for exactly the device, mode and keys it was made for")
    func proofs() throws {
        let key = PairingKey.make(cipher: Self.cipher)
        let device = DeviceID(rawValue: UUID())
        let keys = Self.cipher.newDeviceKeys().publicKeys
        let proof = key.proof(family: Self.family, device: device, mode: .childDevice, keys: keys, cipher: Self.cipher)
        #expect(key.checks(proof, family: Self.family, device: device, mode: .childDevice, keys: keys, cipher: Self.cipher))
        #expect(PairingProof(text: proof.text) == proof)
        #expect(PairingProof(text: "AAAA") == nil)
        let other = Self.cipher.newDeviceKeys().publicKeys
        #expect(!key.checks(proof, family: Self.family, device: device, mode: .childDevice, keys: other, cipher: Self.cipher))
        #expect(!key.checks(proof, family: Self.family, device: DeviceID(rawValue: UUID()), mode: .childDevice, keys: keys, cipher: Self.cipher))
        #expect(!key.checks(proof, family: Self.family, device: device, mode: .personalDevice, keys: keys, cipher: Self.cipher))
        #expect(!key.checks(proof, family: FamilyID(rawValue: UUID()), device: device, mode: .childDevice, keys: keys, cipher: Self.cipher))
        #expect(!PairingKey.make(cipher: Self.cipher).checks(proof, family: Self.family, device: device, mode: .childDevice, keys: keys,
                                                              cipher: Self.cipher))
    }
}

extension SyncMutation {
    func withID(_ id: MutationID) -> SyncMutation {
        SyncMutation(id: id, type: type, recordID: recordID, target: target, localDate: localDate, deleted: deleted, body: body, sealing: sealing)
    }
}

extension SyncAPI.DeviceKey {
    func withMode(_ mode: DeviceMode) -> SyncAPI.DeviceKey {
        SyncAPI.DeviceKey(deviceID: deviceID, mode: mode, publicKeys: publicKeys, childName: childName)
    }
}
