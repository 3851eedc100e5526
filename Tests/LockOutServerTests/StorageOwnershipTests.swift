import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage contract, every backend: whose records a device may replace or delete, and whose mutation ids
/// are whose.
@Suite("Family storage contract: ownership and idempotency")
struct StorageOwnershipTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("a child can neither replace nor delete a sibling's day summary or usage record", arguments: backends)
    func siblings(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let summary = try F.summary(family.childA)
        let usage = try F.usage(family.childA)
        _ = try await family.storage.push(caller: family.childA, mutations: [summary, usage], now: F.now)
        let forged = try F.summary(family.childA, steps: 1)
        let replaced = try F.usage(family.childB, id: try #require(UUID(uuidString: usage.recordID)))
        let (results, poke) = try await family.storage.push(caller: family.childB, mutations: [forged, F.tombstone(of: usage), replaced], now: F.now)
        #expect(results.map(\.status) == [.rejected, .rejected, .rejected])
        #expect(results.compactMap(\.reason).allSatisfy { $0.contains("belongs to") || $0.contains("own") }, "\(results)")
        #expect(poke == nil)
        let records = try await family.records()
        #expect(records[summary.recordID]?.owner == family.childA.device)
        #expect(records[summary.recordID]?.body == summary.body)
        #expect(records[usage.recordID]?.owner == family.childA.device)
        #expect(records[usage.recordID]?.deleted == false)
        let annaSees = try await family.storage.changes(caller: family.childA, since: 0, limit: 100).changes
        #expect(annaSees.contains { $0.recordID == summary.recordID })
    }

    @Test("a record's writer alone replaces or deletes it; any parent sets a target's configuration", arguments: backends)
    func writers(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let otherParent = try await family.join("Other parent", .parentDevice)
        let settings = F.settings()
        _ = try await s.push(caller: family.personal, mutations: [settings], now: F.now)
        let (overSettings, _) = try await s.push(caller: family.parent, mutations: [F.tombstone(of: settings)], now: F.now)
        #expect(overSettings.first?.status == .rejected)
        let command = try F.command(to: family.childA)
        _ = try await s.push(caller: family.parent, mutations: [command], now: F.now)
        let (overCommand, _) = try await s.push(caller: otherParent, mutations: [F.tombstone(of: command)], now: F.now)
        #expect(overCommand.first?.status == .rejected)
        let (ownCommand, _) = try await s.push(caller: family.parent, mutations: [F.tombstone(of: command)], now: F.now)
        #expect(ownCommand.first?.status == .applied)
        let configuration = try F.configuration(for: family.childA)
        _ = try await s.push(caller: family.parent, mutations: [configuration], now: F.now)
        let (overConfiguration, _) = try await s.push(caller: otherParent, mutations: [try F.configuration(for: family.childA)], now: F.now)
        #expect(overConfiguration.first?.status == .applied)
        let (misnamed, _) = try await s.push(caller: family.parent,
                                             mutations: [try F.configuration(for: family.childA, recordDevice: family.childB.device)], now: F.now)
        #expect(misnamed.first?.status == .rejected)
        let records = try await family.records()
        #expect(records[settings.recordID]?.deleted == false)
        #expect(records[configuration.recordID]?.owner == otherParent.device)
    }

    @Test("a device deleted and paired again with its id writes its own registration over the tombstone", arguments: backends)
    func pairedAgain(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        _ = try await family.storage.deleteDevice(caller: family.parent, device: family.childA.device, now: F.now)
        let again = try await family.join("Anna's laptop", .childDevice, id: family.childA.device)
        let registration = SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: again.device.description, body: "{}")
        let (results, _) = try await family.storage.push(caller: again, mutations: [registration], now: F.now)
        #expect(results.first?.status == .applied)
        #expect(try await family.records()[again.device.description]?.owner == again.device)
    }

    @Test("a mutation id is its writer's: a sibling reusing it is applied; each one's retry is a duplicate of its own", arguments: backends)
    func mutationIDsPerWriter(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let anna = try F.summary(family.childA)
        let ben = F.reusing(anna.id, try F.summary(family.childB))
        let (first, _) = try await family.storage.push(caller: family.childA, mutations: [anna], now: F.now)
        let (second, _) = try await family.storage.push(caller: family.childB, mutations: [ben], now: F.now)
        #expect(first.first?.status == .applied)
        #expect(second.first?.status == .applied)
        let (annaAgain, _) = try await family.storage.push(caller: family.childA, mutations: [anna], now: F.now)
        let (benAgain, _) = try await family.storage.push(caller: family.childB, mutations: [ben], now: F.now)
        #expect(annaAgain.first?.status == .duplicate && annaAgain.first?.seq == first.first?.seq)
        #expect(benAgain.first?.status == .duplicate && benAgain.first?.seq == second.first?.seq)
        let records = try await family.records()
        #expect(records[ben.recordID]?.owner == family.childB.device)
    }

    @Test("a pairing code dies with the parent device that made it: revoked or deleted, its codes no longer redeem", arguments: backends)
    func pairingDiesWithParent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        for removal in ["revoke", "delete"] {
            let otherParent = try await family.join("Other parent \(removal)", .parentDevice)
            let secret = Secrets.random(bytes: 24)
            try await s.createPairing(caller: otherParent, mode: .childDevice, secretHash: F.hash(secret), expiresAt: F.now + 900, now: F.now)
            if removal == "revoke" {
                _ = try await s.revokeDevice(caller: family.parent, device: otherParent.device, now: F.now)
            } else {
                _ = try await s.deleteDevice(caller: family.parent, device: otherParent.device, now: F.now)
            }
            await #expect(throws: StorageRefusal.pairingInvalid, "\(removal)") { try await family.redeem(secret) }
        }
    }

    @Test("a parent cannot revoke the family's last parent device; beside another parent it may revoke its own", arguments: backends)
    func lastParent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        await #expect(throws: StorageRefusal.self) { try await s.revokeDevice(caller: family.parent, device: family.parent.device, now: F.now) }
        #expect(try await s.isActive(family.parent))
        let otherParent = try await family.join("Other parent", .parentDevice)
        _ = try await s.revokeDevice(caller: family.parent, device: family.parent.device, now: F.now)
        #expect(try await s.isActive(family.parent) == false)
        await #expect(throws: StorageRefusal.self) { try await s.revokeDevice(caller: otherParent, device: otherParent.device, now: F.now) }
        #expect(try await s.isActive(otherParent))
    }

    @Test("a local date more than a day past today in the time zone furthest ahead is refused", arguments: backends)
    func futureDates(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        // F.now is 2023-11-14 22:13 UTC: already 2023-11-15 in UTC+14, so 2023-11-16 is the last day taken.
        let days = ["2023-11-15", "2023-11-16", "2023-11-17", "2099-01-01"]
        let (results, _) = try await family.storage.push(caller: family.childA, mutations: try days.map { try F.usage(family.childA, day: $0) }, now: F.now)
        #expect(results.map(\.status) == [.applied, .applied, .rejected, .rejected])
        #expect(results.last?.reason?.contains("2099-01-01") == true, "\(results)")
    }
}

/// What PostgreSQL's text cannot hold is refused alike on both backends, per mutation, never a failure.
@Suite("Family storage contract: text both backends keep")
struct StorageTextTests {
    @Test("a NUL character in a record id or a body is rejected on its own; the rest of the push applies", arguments: Backend.available)
    func nul(_ backend: Backend) async throws {
        let family = try await FamilyFixture.make(try await backend.make())
        let good = FamilyFixture.settings()
        let nulBody = SyncMutation(id: MutationID(rawValue: UUID()), type: .settings, recordID: "x", body: "{\"a\":\"\u{0}\"}")
        let nulID = SyncMutation(id: MutationID(rawValue: UUID()), type: .settings, recordID: "x\u{0}y", body: "{}")
        let (results, _) = try await family.storage.push(caller: family.personal, mutations: [nulBody, nulID, good], now: FamilyFixture.now)
        #expect(results.map(\.status) == [.rejected, .rejected, .applied])
    }
}
