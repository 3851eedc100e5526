import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutServer

/// The storage contract, every backend: public keys set once, epoch commits checked and served to their
/// members alone, and sealed records held to their scope's newest epoch.
@Suite("Family storage contract: keys and epochs")
struct StorageKeysTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("an end-to-end pairing takes its device only with keys and their proof, keeps both from the redeem, and hands back the welcome",
          arguments: backends)
    func pairingWithKeys(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let secret = "pairing-\(UUID())"
        try await s.createPairing(caller: family.parent, mode: .childDevice, childName: nil, welcome: "w1.AAAA", secretHash: F.hash(secret),
                                  expiresAt: F.now + 900, now: F.now)
        let device = DeviceID(rawValue: UUID())
        let bare = SyncAPI.Redeem(familyID: family.parent.family, secret: secret, deviceID: device, deviceName: "device 1", mode: .childDevice)
        await #expect(throws: StorageRefusal.pairingNeedsKeys) {
            _ = try await s.redeem(bare, secretHash: F.hash(secret), tokenHash: F.hash("token-1"), now: F.now)
        }
        // Refused, the code was not used up.
        let keys = FamilyKeys.cipher.newDeviceKeys().publicKeys
        let proof = PairingProof(keyID: Array(repeating: 1, count: PairingKey.idLength), code: Array(repeating: 2, count: 32))
        let full = SyncAPI.Redeem(familyID: family.parent.family, secret: secret, deviceID: device, deviceName: "device 1", mode: .childDevice,
                                  publicKeys: keys, pairingProof: proof)
        let (caller, welcome) = try await s.redeem(full, secretHash: F.hash(secret), tokenHash: F.hash("token-2"), now: F.now)
        #expect(caller.device == device && welcome == "w1.AAAA")
        let listed = try await s.keys(caller: family.parent).devices.first { $0.deviceID == device }
        #expect(listed?.publicKeys == keys && listed?.pairingProof == proof)
        await #expect(throws: StorageRefusal.pairingInvalid) {
            _ = try await s.redeem(full, secretHash: F.hash(secret), tokenHash: F.hash("token-3"), now: F.now)
        }
    }

    @Test("public keys are set once; a parent sees every device's, any other device the parents' and its own", arguments: backends)
    func publicKeys(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let keys = try await FamilyKeys.make(family, for: [family.parent, family.childA, family.childB])
        let childKeys = try #require(keys.keys[family.childA.device]).publicKeys
        try await family.storage.setPublicKeys(caller: family.childA, keys: childKeys, now: F.now)  // the same again: nothing changes
        await #expect(throws: StorageRefusal.keysAlreadySet) {
            try await family.storage.setPublicKeys(caller: family.childA, keys: FamilyKeys.cipher.newDeviceKeys().publicKeys, now: F.now)
        }
        let parentSees = try await family.storage.keys(caller: family.parent).devices
        #expect(Set(parentSees.map(\.deviceID)) == [family.parent.device, family.childA.device, family.childB.device])
        #expect(parentSees.first { $0.deviceID == family.childA.device }?.publicKeys == childKeys)
        let childSees = try await family.storage.keys(caller: family.childA).devices
        #expect(Set(childSees.map(\.deviceID)) == [family.parent.device, family.childA.device])
        #expect(childSees.first { $0.deviceID == family.parent.device }?.mode == .parentDevice)
    }

    @Test("a parent's epoch commit is served to its members alone, each with its own wrap, and checks out against the parent's keys",
          arguments: backends)
    func served(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let keys = try await FamilyKeys.make(family, for: [family.parent, family.childA, family.childB])
        let scope = KeyScope.child(family.childA.device)
        let (commit, key) = try keys.commit(scope, epoch: 1, members: [family.childA.device, family.parent.device], by: family.parent)
        let poke = try await family.storage.commitEpoch(caller: family.parent, commit: commit, now: F.now)
        #expect(poke.family == family.parent.family)

        let annaReads = try await family.storage.keys(caller: family.childA).epochs
        let served = try #require(annaReads.first)
        #expect(annaReads.count == 1 && served.scope == scope && served.epoch == 1)
        #expect(served.wraps.map(\.recipient) == [family.childA.device], "a member reads its own wrap alone")
        let parentKeys = try #require(keys.keys[family.parent.device]).publicKeys
        try served.verify(signerKeys: parentKeys, cipher: FamilyKeys.cipher)
        let opened = try FamilyKeys.keyring.unwrap(try #require(served.wraps.first), family: family.parent.family, scope: scope, epoch: 1,
                                                   as: family.childA.device, keys: try #require(keys.keys[family.childA.device]))
        #expect(opened == key)
        #expect(try await family.storage.keys(caller: family.childB).epochs.isEmpty, "a sibling reads nothing of another child's scope")
        let parentReads = try await family.storage.keys(caller: family.parent).epochs
        #expect(parentReads.map(\.wraps).flatMap { $0 }.map(\.recipient) == [family.parent.device])
    }

    @Test("a commit that is not the next epoch, not a parent's own, not for exactly the members, missing a wrap or forged is refused",
          arguments: backends)
    func refused(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let otherParent = try await family.join("Other parent", .parentDevice)
        var keys = try await FamilyKeys.make(family, for: [family.parent, family.childA, family.childB, otherParent])
        let scope = KeyScope.child(family.childA.device)
        let members = [family.childA.device, family.parent.device, otherParent.device]

        let (byChild, _) = try keys.commit(scope, epoch: 1, members: members, by: family.childA)
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: family.childA, commit: byChild, now: F.now) }
        let (whole, _) = try keys.commit(scope, epoch: 1, members: members, by: family.parent)
        let elsewhere = EpochCommit(family: FamilyID(rawValue: UUID()), scope: whole.scope, epoch: whole.epoch, members: whole.members,
                                    memberKeys: whole.memberKeys, wrapDigests: whole.wrapDigests, wraps: whole.wraps, chain: nil,
                                    signer: whole.signer, signature: whole.signature)
        await #expect(throws: StorageRefusal.forbidden("the epoch commit names another family")) {
            _ = try await s.commitEpoch(caller: family.parent, commit: elsewhere, now: F.now)
        }
        let (othersSignature, _) = try keys.commit(scope, epoch: 1, members: members, by: otherParent)
        await #expect(throws: StorageRefusal.forbidden("an epoch commit is signed by the parent device that sends it")) {
            _ = try await s.commitEpoch(caller: family.parent, commit: othersSignature, now: F.now)
        }
        let (missingParent, _) = try keys.commit(scope, epoch: 1, members: [family.childA.device, family.parent.device], by: family.parent)
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: family.parent, commit: missingParent, now: F.now) }
        let (withSibling, _) = try keys.commit(scope, epoch: 1, members: members + [family.childB.device], by: family.parent)
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: family.parent, commit: withSibling, now: F.now) }
        await #expect(throws: StorageRefusal.self) {
            _ = try await s.commitEpoch(caller: family.parent, commit: whole.served(to: family.parent.device), now: F.now)
        }
        let forged = EpochCommit(family: whole.family, scope: whole.scope, epoch: whole.epoch, members: whole.members, memberKeys: whole.memberKeys,
                                 wrapDigests: whole.wrapDigests, wraps: whole.wraps, chain: nil, signer: whole.signer,
                                 signature: Array(whole.signature.reversed()))
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: family.parent, commit: forged, now: F.now) }
        // Wrapped for keys the child never sent: the server refuses a commit that names them.
        let stranger = FamilyKeys.cipher.newDeviceKeys().publicKeys
        let (otherKeys, _) = try keys.commit(scope, epoch: 1, members: members, by: family.parent, claimed: [family.childA.device: stranger])
        await #expect(throws: StorageRefusal.invalid("the epoch commit names other public keys for device \(family.childA.device) than the ones it sent")) {
            _ = try await s.commitEpoch(caller: family.parent, commit: otherKeys, now: F.now)
        }
        let (second, _) = try keys.commit(scope, epoch: 2, members: members, by: family.parent, previous: Array(repeating: 1, count: 32))
        await #expect(throws: StorageRefusal.staleEpoch(scope: scope, current: 0)) {
            _ = try await s.commitEpoch(caller: family.parent, commit: second, now: F.now)
        }
        #expect(try await s.keys(caller: family.childA).epochs.isEmpty, "nothing refused was stored")

        _ = try await s.commitEpoch(caller: family.parent, commit: whole, now: F.now)
        await #expect(throws: StorageRefusal.staleEpoch(scope: scope, current: 1)) {
            _ = try await s.commitEpoch(caller: family.parent, commit: whole, now: F.now)
        }
        // A device that has sent no keys cannot be a member yet.
        let newParent = try await family.join("New parent", .parentDevice)
        let (third, _) = try keys.commit(.parents, epoch: 1, members: [family.parent.device, otherParent.device], by: family.parent)
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: family.parent, commit: third, now: F.now) }
        try await keys.send(for: newParent)
        let (withNewParent, _) = try keys.commit(.parents, epoch: 1, members: [family.parent.device, otherParent.device, newParent.device],
                                                 by: family.parent)
        _ = try await s.commitEpoch(caller: family.parent, commit: withNewParent, now: F.now)
    }

    @Test("two parents rotating at once: one commit per epoch, and the other builds on it", arguments: backends)
    func concurrentRotation(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let otherParent = try await family.join("Other parent", .parentDevice)
        let keys = try await FamilyKeys.make(family, for: [family.parent, family.childA, otherParent])
        let scope = KeyScope.child(family.childA.device)
        let members = [family.childA.device, family.parent.device, otherParent.device]
        let (first, firstKey) = try keys.commit(scope, epoch: 1, members: members, by: family.parent)
        _ = try await family.storage.commitEpoch(caller: family.parent, commit: first, now: F.now)

        let (mine, _) = try keys.commit(scope, epoch: 2, members: members, by: family.parent, previous: firstKey)
        let (theirs, _) = try keys.commit(scope, epoch: 2, members: members, by: otherParent, previous: firstKey)
        let storage = family.storage
        func attempt(_ caller: Caller, _ commit: EpochCommit) async -> Result<FamilyPoke, any Error> {
            do {
                return .success(try await storage.commitEpoch(caller: caller, commit: commit, now: F.now))
            } catch {
                return .failure(error)
            }
        }
        async let a = attempt(family.parent, mine)
        async let b = attempt(otherParent, theirs)
        let outcomes = await [a, b]
        let won = outcomes.filter { (try? $0.get()) != nil }.count
        #expect(won == 1, "\(outcomes)")
        for outcome in outcomes {
            if case .failure(let error) = outcome { #expect(error as? StorageRefusal == .staleEpoch(scope: scope, current: 2)) }
        }
        let epochs = try await family.storage.keys(caller: family.childA).epochs
        #expect(epochs.map(\.epoch) == [1, 2])
        let winner = try #require(epochs.last)
        let loser = winner.signer == family.parent.device ? otherParent : family.parent
        let winnerKey = try FamilyKeys.keyring.unwrap(try #require(winner.wraps.first), family: family.parent.family, scope: scope, epoch: 2,
                                                      as: family.childA.device, keys: try #require(keys.keys[family.childA.device]))
        // The other parent's key for epoch 2 is lost; it rebuilds on the winner's (its own wrap opens it).
        let (rebuilt, _) = try keys.commit(scope, epoch: 3, members: members, by: loser, previous: winnerKey)
        _ = try await family.storage.commitEpoch(caller: loser, commit: rebuilt, now: F.now)
        #expect(try await family.storage.keys(caller: family.childA).epochs.map(\.epoch) == [1, 2, 3])
    }

    @Test("a sealed record under an old epoch or before the first is refused whole and remembered nowhere; sealed again it lands once",
          arguments: backends)
    func staleRecords(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let keys = try await FamilyKeys.make(family, for: [family.parent, family.childA])
        let scope = KeyScope.child(family.childA.device)
        let members = [family.childA.device, family.parent.device]
        let early = StorageSealingTests.usage(family.childA, counter: 1, epoch: 1)
        await #expect(throws: StorageRefusal.staleEpoch(scope: scope, current: 0)) {
            _ = try await s.push(caller: family.childA, mutations: [early, try F.usage(family.childA)], now: F.now)
        }
        #expect(try await family.records().isEmpty, "nothing of the refused push stays")

        let (first, firstKey) = try keys.commit(scope, epoch: 1, members: members, by: family.parent)
        _ = try await s.commitEpoch(caller: family.parent, commit: first, now: F.now)
        let (second, _) = try keys.commit(scope, epoch: 2, members: members, by: family.parent, previous: firstKey)
        _ = try await s.commitEpoch(caller: family.parent, commit: second, now: F.now)
        await #expect(throws: StorageRefusal.staleEpoch(scope: scope, current: 2)) {
            _ = try await s.push(caller: family.childA, mutations: [early], now: F.now)
        }
        // Sealed again under the newest epoch, with the same mutation id: applied once.
        let resealed = SyncMutation(id: early.id, type: early.type, recordID: early.recordID, localDate: early.localDate, body: early.body,
                                    sealing: RecordSealing(scope: scope, epoch: 2, writerCounter: 2))
        let (results, _) = try await s.push(caller: family.childA, mutations: [resealed], now: F.now)
        #expect(results.map(\.status) == [.applied])
        let (retried, _) = try await s.push(caller: family.childA, mutations: [resealed], now: F.now)
        #expect(retried.map(\.status) == [.duplicate])
        // An epoch nobody was given: refused for good.
        let (ahead, _) = try await s.push(caller: family.childA, mutations: [StorageSealingTests.usage(family.childA, counter: 3, epoch: 3)], now: F.now)
        #expect(ahead.map(\.status) == [.rejected] && ahead.first?.reason?.contains("no epoch 3") == true, "\(ahead)")
    }
}
