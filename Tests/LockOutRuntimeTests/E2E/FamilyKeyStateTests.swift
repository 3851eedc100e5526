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
    }

    @Test("a parent commits the epochs it owes once; its child learns its keys from them")
    func owed() throws {
        let parent = Member(mode: .parentDevice)
        let child = Member(mode: .childDevice)
        var parentState = parent.state()
        let directory = SyncAPI.Keys(devices: [parent.entry, child.entry], epochs: [])
        parentState.learn(directory)
        let owed = parentState.commitsOwed(by: directory)
        #expect(Set(owed.map(\.scope)) == [.parents, .child(child.id), PersonScope.child(device: child.id)])
        #expect(owed.allSatisfy { $0.epoch == 1 })

        var childState = child.state()
        // As the server serves them: the epochs of the scopes the child is a member of, with its own wrap.
        let served = SyncAPI.Keys(devices: [parent.entry, child.entry],
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
        var state = parent.state()
        state.learn(SyncAPI.Keys(devices: [parent.entry, child.entry], epochs: []))
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
        var parentState = parent.state()
        let directory = SyncAPI.Keys(devices: [parent.entry, child.entry, sibling.entry], epochs: [])
        parentState.learn(directory)
        let genuine = try #require(parentState.commitsOwed(by: directory).first { $0.scope == .child(child.id) })

        // The sibling signs an epoch of the child's scope as if it were a parent.
        var siblingState = sibling.state()
        siblingState.learn(SyncAPI.Keys(devices: [sibling.entry.withMode(.parentDevice), child.entry], epochs: []))
        let forged = try #require(siblingState.commitsOwed(by: SyncAPI.Keys(devices: [sibling.entry.withMode(.parentDevice), child.entry], epochs: []))
            .first { $0.scope == .child(child.id) })

        var childState = child.state()
        childState.learn(SyncAPI.Keys(devices: [parent.entry, child.entry, sibling.entry], epochs: [forged.served(to: child.id)]))
        #expect(childState.refusals[.badCommit] == 1)
        let changed = EpochCommit(family: genuine.family, scope: genuine.scope, epoch: 2, members: genuine.members, wrapDigests: genuine.wrapDigests,
                                  wraps: genuine.wraps, chain: nil, signer: genuine.signer, signature: genuine.signature)
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: [changed.served(to: child.id)]))
        #expect(childState.refusals[.badCommit] == 2)
        #expect(childState.newest.isEmpty)
        childState.learn(SyncAPI.Keys(devices: directory.devices, epochs: [genuine.served(to: child.id)]))
        #expect(childState.newest == [.child(child.id): 1])
    }
}

extension SyncAPI.DeviceKey {
    func withMode(_ mode: DeviceMode) -> SyncAPI.DeviceKey {
        SyncAPI.DeviceKey(deviceID: deviceID, mode: mode, publicKeys: publicKeys, childName: childName)
    }
}
