import Foundation
import GRDB
import LockOutCore
import Testing
@testable import LockOutServer

/// An operator restores a backup into the database of a running server: what the server remembered of the
/// newer database must not answer for the restored one.
@Suite("Family server: a database restored under the running server")
struct RestoredDatabaseTests {
    typealias F = FamilyFixture

    @Test("a scope's epoch committed again after a restore is checked against its new commit's members, not the remembered ones")
    func epochCommittedAgain() async throws {
        let k = try await KeyedFamily.make(.sqlite)
        let storage = try #require(k.storage as? SQLiteFamilyStorage)
        let parent = k.family.parent, second = k.parents[1], anna = k.family.childA
        let annaScope = KeyScope.child(anna.device)
        let backup = try DatabaseQueue()
        try storage.writer.backup(to: backup)

        // Epoch 2 for all three members, and a record sealed under it: the server now remembers its members.
        let (rotation, key) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope), by: parent, previous: k.epochKeys[annaScope])
        _ = try await storage.commitEpoch(caller: parent, commit: rotation, now: F.now)
        let first = try KeyedFamily.sealedUsage(by: anna, epoch: 2, counter: 1, key: key)
        #expect(try await storage.push(caller: anna, mutations: [first], now: F.now).0.map(\.status) == [.applied])

        // The backup, from before epoch 2, goes back in under the running server; the second parent is then
        // revoked and epoch 2 is committed again, a minute later, for the members left.
        try backup.backup(to: storage.writer)
        #expect(try await StoredRows.records(storage).isEmpty, "the restored database holds no record")
        _ = try await storage.revokeDevice(caller: parent, device: second.device, now: F.now)
        let (again, newKey) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope, without: second), by: parent,
                                                previous: k.epochKeys[annaScope])
        _ = try await storage.commitEpoch(caller: parent, commit: again, now: F.now.addingTimeInterval(60))

        // Checked against the remembered epoch 2, which names the revoked parent, it would wait for a rotation.
        let sealed = try KeyedFamily.sealedUsage(by: anna, epoch: 2, counter: 1, key: newKey)
        let (results, _) = try await storage.push(caller: anna, mutations: [sealed], now: F.now.addingTimeInterval(60))
        #expect(results.map(\.status) == [.applied])
    }
}
