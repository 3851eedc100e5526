import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutServer

/// The storage contract, every backend: a revocation rotates the scopes the device was in, in its own
/// transaction, and a scope whose newest epoch a departed device holds takes no sealed record.
@Suite("Family storage contract: revocation and rotation")
struct StorageRevocationTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("revoked without rotations, its scopes take no sealed record (409 rotation_pending, nothing remembered) until a parent rotates each",
          arguments: backends)
    func pending(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], anna = k.family.childA, ben = k.family.childB
        let annaScope = KeyScope.child(anna.device)
        _ = try await s.revokeDevice(caller: parent, device: second.device, now: F.now)

        let usage = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await s.push(caller: anna, mutations: [try F.usage(anna), usage], now: F.now)
        }
        let command = try F.command(to: anna)
        let sealedCommand = try KeyedFamily.sealed(.command, command.recordID, by: parent, target: anna.device, plaintext: command.body,
                                                   scope: annaScope, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await s.push(caller: parent, mutations: [sealedCommand], now: F.now)
        }
        let registration = try KeyedFamily.sealed(.device, parent.device.description, by: parent, plaintext: "{}", scope: .parents, epoch: 1,
                                                  counter: 2, key: try #require(k.epochKeys[.parents]))
        await #expect(throws: StorageRefusal.rotationPending(scope: .parents)) {
            _ = try await s.push(caller: parent, mutations: [registration], now: F.now)
        }
        #expect(try await StoredRows.records(s).isEmpty, "nothing of a refused push stays")
        let (plain, _) = try await s.push(caller: anna, mutations: [try F.usage(anna)], now: F.now)
        #expect(plain.map(\.status) == [.applied], "a plaintext record is not sealed under any key")

        // A rotation that still names the revoked parent is refused; one for the active members lifts child A's scope alone.
        let (naming, _) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope), by: parent, previous: k.epochKeys[annaScope])
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: parent, commit: naming, now: F.now) }
        let (rotation, newKey) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope, without: second), by: parent,
                                                   previous: k.epochKeys[annaScope])
        _ = try await s.commitEpoch(caller: parent, commit: rotation, now: F.now)

        let resealed = try KeyedFamily.sealedUsage(by: anna, epoch: 2, counter: 1, key: newKey, id: usage.id)
        let (results, _) = try await s.push(caller: anna, mutations: [resealed], now: F.now)
        #expect(results.map(\.status) == [.applied], "the same mutation id, sealed again under the new epoch, is applied")
        let (retried, _) = try await s.push(caller: anna, mutations: [resealed], now: F.now)
        #expect(retried.map(\.status) == [.duplicate], "and applied once")
        let benUsage = try KeyedFamily.sealedUsage(by: ben, epoch: 1, counter: 1, key: try #require(k.epochKeys[.child(ben.device)]))
        await #expect(throws: StorageRefusal.rotationPending(scope: .child(ben.device))) {
            _ = try await s.push(caller: ben, mutations: [benUsage], now: F.now)
        }
    }

    @Test("a deleted member leaves its scopes waiting for their rotation too", arguments: backends)
    func deletedMember(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let anna = k.family.childA, annaScope = KeyScope.child(anna.device)
        _ = try await k.storage.deleteDevice(caller: k.family.parent, device: k.parents[1].device, now: F.now)
        let usage = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await k.storage.push(caller: anna, mutations: [usage], now: F.now)
        }
    }

    /// The envelope a reader rebuilds from a stored record, with the mutation id its writer sealed it under.
    static func envelope(of change: SyncChange, family: FamilyID, mutation: MutationID) throws -> SealedEnvelope {
        SealedEnvelope(family: family, scope: try #require(change.keyScope), epoch: try #require(change.keyEpoch), type: change.type,
                       recordID: change.recordID, mutationID: mutation, writer: change.owner, target: change.target, localDate: change.localDate,
                       deleted: change.deleted, writerCounter: try #require(change.writerCounter))
    }
}
