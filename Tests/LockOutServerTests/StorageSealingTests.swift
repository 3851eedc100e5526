import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage contract, every backend: sealed records keep their envelope fields, a writer's counters only
/// grow, and a parent's sealed command is for its target's scope.
@Suite("Family storage contract: sealed records")
struct StorageSealingTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    /// A well-formed container; the storage never opens one.
    static func sealedBody(_ fill: UInt8 = 4) -> String {
        SealedBody(
            salt: Array(repeating: fill, count: SealedBody.saltLength), commitment: Array(repeating: fill, count: SealedBody.commitmentLength),
            nonce: Array(repeating: fill, count: SealedBody.nonceLength), ciphertext: Array(repeating: fill, count: BodyPadding.sizes[1]),
            tag: Array(repeating: fill, count: SealedBody.tagLength)
        ).text
    }

    static func usage(_ device: Caller, counter: UInt64, epoch: UInt32 = 1, id: String = UUID().uuidString, deleted: Bool = false) -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: id, localDate: LocalDate(iso: "2023-11-14"),
                     deleted: deleted, body: sealedBody(UInt8(counter % 200)),
                     sealing: RecordSealing(scope: .child(device.device), epoch: epoch, writerCounter: counter))
    }

    /// Keys for the parent and both children, and epoch 1 of each child's scope.
    @discardableResult
    static func keyed(_ family: FamilyFixture) async throws -> FamilyKeys {
        let keys = try await FamilyKeys.make(family, for: [family.parent, family.childA, family.childB])
        for child in [family.childA, family.childB] {
            let (commit, _) = try keys.commit(.child(child.device), epoch: 1, members: [child.device, family.parent.device], by: family.parent)
            _ = try await family.storage.commitEpoch(caller: family.parent, commit: commit, now: F.now)
        }
        return keys
    }

    @Test("a sealed record comes back from the feed with its scope, epoch and writer counter; a sealed delete keeps its body",
          arguments: backends)
    func roundTrip(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        try await Self.keyed(family)
        let record = Self.usage(family.childA, counter: 1)
        let (results, _) = try await family.storage.push(caller: family.childA, mutations: [record], now: F.now)
        #expect(results.map(\.status) == [.applied])
        var records = try await family.records()
        let stored = try #require(records[record.recordID])
        #expect(stored.sealing == RecordSealing(scope: .child(family.childA.device), epoch: 1, writerCounter: 1))
        #expect(stored.body == record.body)

        let tombstone = Self.usage(family.childA, counter: 2, id: record.recordID, deleted: true)
        _ = try await family.storage.push(caller: family.childA, mutations: [tombstone], now: F.now)
        records = try await family.records()
        let deleted = try #require(records[record.recordID])
        #expect(deleted.deleted && deleted.body == tombstone.body && deleted.writerCounter == 2)
    }

    @Test("a writer's counters only grow: a replayed or rolled-back counter is refused, in one push and across pushes",
          arguments: backends)
    func counters(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        try await Self.keyed(family)
        let s = family.storage
        let first = Self.usage(family.childA, counter: 5)
        let (one, _) = try await s.push(caller: family.childA, mutations: [first, Self.usage(family.childA, counter: 4)], now: F.now)
        #expect(one.map(\.status) == [.applied, .rejected])
        #expect(one[1].reason?.contains("not above 5") == true, "\(one)")

        let (again, _) = try await s.push(caller: family.childA, mutations: [
            first,  // a retry of the same mutation: answered as the first time
            Self.usage(family.childA, counter: 5),
            Self.usage(family.childA, counter: 6),
        ], now: F.now)
        #expect(again.map(\.status) == [.duplicate, .rejected, .applied])
        // Counters are each writer's own: another child starts from 1.
        let (other, _) = try await s.push(caller: family.childB, mutations: [Self.usage(family.childB, counter: 1)], now: F.now)
        #expect(other.map(\.status) == [.applied])
        let (rolledBack, _) = try await s.push(caller: family.childA, mutations: [Self.usage(family.childA, counter: 6)], now: F.now)
        #expect(rolledBack.map(\.status) == [.rejected])
    }

    @Test("a sealed command is for its target's scope; a child never writes a sibling's",
          arguments: backends)
    func scopes(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        try await Self.keyed(family)
        let s = family.storage
        func command(to target: Caller, scope: KeyScope, counter: UInt64) -> SyncMutation {
            SyncMutation(id: MutationID(rawValue: UUID()), type: .command, recordID: UUID().uuidString, target: target.device,
                         body: Self.sealedBody(), sealing: RecordSealing(scope: scope, epoch: 1, writerCounter: counter))
        }
        let (results, _) = try await s.push(caller: family.parent, mutations: [
            command(to: family.childA, scope: .child(family.childA.device), counter: 1),
            command(to: family.childA, scope: .child(family.childB.device), counter: 2),
            command(to: family.childA, scope: .parents, counter: 3),
            command(to: family.personal, scope: .child(family.personal.device), counter: 5),
        ], now: F.now)
        #expect(results.map(\.status) == [.applied, .rejected, .rejected, .rejected], "\(results)")
        #expect(results.compactMap(\.reason).allSatisfy { $0.contains("sealed for") }, "\(results)")

        let forged = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: UUID().uuidString,
                                  localDate: LocalDate(iso: "2023-11-14"), body: Self.sealedBody(),
                                  sealing: RecordSealing(scope: .child(family.childA.device), epoch: 1, writerCounter: 1))
        let (sibling, poke) = try await s.push(caller: family.childB, mutations: [forged], now: F.now)
        #expect(sibling.map(\.status) == [.rejected] && poke == nil)
        let annaSees = try await s.changes(caller: family.childA, since: 0, limit: 100).changes
        #expect(!annaSees.contains { $0.recordID == forged.recordID })
    }

    @Test("once a parent committed the family's first epoch, a plaintext record is refused for good; before, it is taken as ever",
          arguments: backends)
    func plaintextRefused(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let before = try F.usage(family.childA)
        let (taken, _) = try await family.storage.push(caller: family.childA, mutations: [before], now: F.now)
        #expect(taken.map(\.status) == [.applied])
        try await Self.keyed(family)
        let (refused, _) = try await family.storage.push(caller: family.childA, mutations: [try F.usage(family.childA)], now: F.now)
        #expect(refused.map(\.status) == [.rejected])
        #expect(refused.allSatisfy { $0.reason?.contains("end-to-end") == true }, "\(refused)")
        // Parents too, and a plaintext delete as much as a record.
        let (parent, _) = try await family.storage.push(caller: family.parent, mutations: [try F.command(to: family.childA)], now: F.now)
        #expect(parent.map(\.status) == [.rejected])
        let (tombstone, _) = try await family.storage.push(caller: family.childA, mutations: [F.tombstone(of: before)], now: F.now)
        #expect(tombstone.map(\.status) == [.rejected])
        let (sealed, _) = try await family.storage.push(caller: family.childA, mutations: [Self.usage(family.childA, counter: 1)], now: F.now)
        #expect(sealed.map(\.status) == [.applied])
    }

    @Test("a malformed container or a half-given sealing is refused on its own; the rest of the push lands", arguments: backends)
    func malformed(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        try await Self.keyed(family)
        let good = Self.usage(family.childA, counter: 1)
        let cut = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: UUID().uuidString, localDate: LocalDate(iso: "2023-11-14"),
                               body: String(Self.sealedBody().dropLast(4)),
                               sealing: RecordSealing(scope: .child(family.childA.device), epoch: 1, writerCounter: 2))
        let bare = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: UUID().uuidString, localDate: LocalDate(iso: "2023-11-14"),
                                body: Self.sealedBody())
        let (results, _) = try await family.storage.push(caller: family.childA, mutations: [cut, bare, good], now: F.now)
        #expect(results.map(\.status) == [.rejected, .rejected, .applied])
        let records = try await family.records()
        #expect(records[good.recordID] != nil && records[cut.recordID] == nil && records[bare.recordID] == nil)
    }
}
