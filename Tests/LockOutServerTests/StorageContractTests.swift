import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// One suite, every backend: what the family server's storage promises.
@Suite("Family storage contract")
struct StorageContractTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("a family's first device authenticates by its token's hash; another hash does not", arguments: backends)
    func authenticate(_ backend: Backend) async throws {
        let storage = try await backend.make()
        let token = "parent-token"
        let parent = try await storage.createFamily(
            id: FamilyID(rawValue: UUID()),
            first: SyncAPI.CreateFamily(deviceID: DeviceID(rawValue: UUID()), deviceName: "Mum", mode: .parentDevice),
            tokenHash: F.hash(token), now: F.now
        )
        #expect(try await storage.authenticate(tokenHash: F.hash(token), now: F.now) == parent)
        #expect(try await storage.authenticate(tokenHash: F.hash("other"), now: F.now) == nil)
    }

    @Test("a pairing is redeemed once: used, expired or for another mode it is refused", arguments: backends)
    func pairingOnce(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let storage = family.storage
        let secret = "s-\(UUID())"
        try await storage.createPairing(caller: family.parent, mode: .childDevice, secretHash: F.hash(secret), expiresAt: F.now + 900, now: F.now)
        func redeem(_ mode: DeviceMode = .childDevice, at now: Date = F.now) async throws -> Caller {
            try await storage.redeemPairing(
                SyncAPI.Redeem(familyID: family.parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()), deviceName: "Kid", mode: mode),
                secretHash: F.hash(secret), tokenHash: F.hash("kid-\(UUID())"), now: now
            )
        }
        await #expect(throws: StorageRefusal.pairingInvalid) { try await redeem(at: F.now + 901) }
        await #expect(throws: StorageRefusal.pairingModeMismatch(expected: .childDevice)) { try await redeem(.personalDevice) }
        let kid = try await redeem()
        #expect(kid.mode == .childDevice)
        #expect(kid.family == family.parent.family)
        await #expect(throws: StorageRefusal.pairingInvalid) { try await redeem() }
    }

    @Test("of two devices redeeming one pairing at once, exactly one wins", arguments: backends)
    func concurrentRedeem(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        for round in 0..<5 {
            let secret = "race-\(round)-\(UUID())"
            try await family.storage.createPairing(caller: family.parent, mode: .childDevice, secretHash: F.hash(secret), expiresAt: F.now + 900, now: F.now)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<4 {
                    group.addTask {
                        let redeem = SyncAPI.Redeem(familyID: family.parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()),
                                                    deviceName: "Racer \(index)", mode: .childDevice)
                        return (try? await family.storage.redeemPairing(redeem, secretHash: F.hash(secret), tokenHash: F.hash("r\(UUID())"), now: F.now)) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
        }
    }

    @Test("only a parent pairs children; a personal device pairs personal devices only", arguments: backends)
    func whoPairs(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        await #expect(throws: StorageRefusal.self) {
            try await s.createPairing(caller: family.childA, mode: .childDevice, secretHash: F.hash("x"), expiresAt: F.now + 900, now: F.now)
        }
        await #expect(throws: StorageRefusal.self) {
            try await s.createPairing(caller: family.personal, mode: .childDevice, secretHash: F.hash("y"), expiresAt: F.now + 900, now: F.now)
        }
        try await s.createPairing(caller: family.personal, mode: .personalDevice, secretHash: F.hash("z"), expiresAt: F.now + 900, now: F.now)
    }

    @Test("a push commits in order with increasing seq; pushed again, each mutation is a duplicate with its first seq", arguments: backends)
    func pushIdempotent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let batch = [try F.summary(family.childA, day: "2023-11-13"), try F.summary(family.childA, day: "2023-11-14")]
        let (first, poke) = try await family.storage.push(caller: family.childA, mutations: batch, now: F.now)
        #expect(first.map(\.status) == [.applied, .applied])
        let seqs = first.compactMap(\.seq)
        #expect(seqs.count == 2 && seqs[0] < seqs[1])
        #expect(poke?.seq == seqs[1])
        #expect(poke?.writer == family.childA.device)
        let (again, none) = try await family.storage.push(caller: family.childA, mutations: batch, now: F.now + 5)
        #expect(again.map(\.status) == [.duplicate, .duplicate])
        #expect(again.compactMap(\.seq) == seqs)
        #expect(none == nil)
        let page = try await family.storage.changes(caller: family.parent, since: 0, limit: 100)
        #expect(page.changes.filter { $0.type == .dailySummary }.count == 2)
    }

    @Test("the same mutation pushed twice at once is committed once: one push applies it, the other answers duplicate", arguments: backends)
    func concurrentDuplicates(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        for day in 10...14 {
            let mutation = try F.summary(family.childA, day: "2023-11-\(day)")
            let statuses = try await withThrowingTaskGroup(of: SyncAPI.MutationResult.Status?.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await family.storage.push(caller: family.childA, mutations: [mutation], now: F.now).0.first?.status }
                }
                return try await group.reduce(into: [SyncAPI.MutationResult.Status?]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .applied }.count == 1)
            #expect(statuses.filter { $0 == .duplicate }.count == 2)
        }
        let page = try await family.storage.changes(caller: family.parent, since: 0, limit: 500)
        #expect(page.changes.filter { $0.type == .dailySummary }.count == 5)
        #expect(page.lastSeq == Int64(page.changes.count))
    }

    @Test("the envelope decides: a child cannot command, a parent cannot write a child's summary, commands need a family target", arguments: backends)
    func envelopePolicy(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let (childCommand, _) = try await s.push(caller: family.childA, mutations: [try F.command(to: family.childB)], now: F.now)
        #expect(childCommand.first?.status == .rejected)
        let (parentSummary, _) = try await s.push(caller: family.parent, mutations: [try F.summary(family.childA)], now: F.now)
        #expect(parentSummary.first?.status == .rejected)
        let stranger = Caller(device: DeviceID(rawValue: UUID()), family: family.parent.family, mode: .childDevice)
        let (unknownTarget, _) = try await s.push(caller: family.parent, mutations: [try F.command(to: stranger)], now: F.now)
        #expect(unknownTarget.first?.reason == WritePolicy.Refusal.unknownTarget.description)
        let rejected = try F.command(to: stranger)
        _ = try await s.push(caller: family.parent, mutations: [rejected], now: F.now)
        let (repeated, _) = try await s.push(caller: family.parent, mutations: [rejected], now: F.now)
        #expect(repeated.first?.status == .rejected)
    }

    @Test("only the device a command was sent to acknowledges it", arguments: backends)
    func acknowledgements(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let command = try F.command(to: family.childA)
        _ = try await family.storage.push(caller: family.parent, mutations: [command], now: F.now)
        let (wrong, _) = try await family.storage.push(caller: family.childB, mutations: [try F.ack(command, by: family.childB)], now: F.now)
        #expect(wrong.first?.status == .rejected)
        let (right, _) = try await family.storage.push(caller: family.childA, mutations: [try F.ack(command, by: family.childA)], now: F.now)
        #expect(right.first?.status == .applied)
    }

    @Test("a parent reads its whole family; a child reads its own records and what was sent to it", arguments: backends)
    func visibility(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        _ = try await s.push(caller: family.childA, mutations: [try F.summary(family.childA)], now: F.now)
        _ = try await s.push(caller: family.childB, mutations: [try F.summary(family.childB)], now: F.now)
        _ = try await s.push(caller: family.parent, mutations: [try F.command(to: family.childA), try F.command(to: family.childB)], now: F.now)
        let parentSees = try await s.changes(caller: family.parent, since: 0, limit: 100).changes
        #expect(parentSees.count == 4)
        let annaSees = try await s.changes(caller: family.childA, since: 0, limit: 100).changes
        #expect(annaSees.count == 2)
        #expect(annaSees.allSatisfy { $0.owner == family.childA.device || $0.target == family.childA.device })
        let other = try await F.make(s)
        #expect(try await s.changes(caller: other.parent, since: 0, limit: 100).changes.isEmpty)
        #expect(try await s.devices(caller: other.parent, now: F.now).count == 4)
    }

    @Test("changes come in pages with moreComing; the token after the last page has nothing new", arguments: backends)
    func paging(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let days = (10...16).map { "2023-11-\($0)" }
        _ = try await family.storage.push(caller: family.childA, mutations: try days.map { try F.summary(family.childA, day: $0) }, now: F.now)
        var since: Int64 = 0
        var seen: [Int64] = []
        var pages = 0
        while true {
            let page = try await family.storage.changes(caller: family.parent, since: since, limit: 3)
            seen += page.changes.map(\.seq)
            since = page.lastSeq
            pages += 1
            if !page.moreComing { break }
        }
        #expect(pages == 3)
        #expect(seen == seen.sorted())
        #expect(seen.count == 7)
        let after = try await family.storage.changes(caller: family.parent, since: since, limit: 3)
        #expect(after.changes.isEmpty && !after.moreComing && !after.resync)
    }

    @Test("a revoked device is refused at once, in every call", arguments: backends)
    func revoke(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        _ = try await family.storage.revokeDevice(caller: family.parent, device: family.childA.device, now: F.now)
        await #expect(throws: StorageRefusal.unauthenticated) {
            try await family.storage.push(caller: family.childA, mutations: [try F.summary(family.childA)], now: F.now)
        }
        await #expect(throws: StorageRefusal.unauthenticated) { try await family.storage.changes(caller: family.childA, since: 0, limit: 10) }
        #expect(try await family.storage.isActive(family.childA) == false)
        let devices = try await family.storage.devices(caller: family.parent, now: F.now)
        #expect(devices.first { $0.deviceID == family.childA.device }?.isActive == false)
        await #expect(throws: StorageRefusal.self) {
            try await family.storage.revokeDevice(caller: family.childB, device: family.parent.device, now: F.now)
        }
        await #expect(throws: StorageRefusal.unauthenticated) { try await family.storage.devices(caller: family.childA, now: F.now) }
        #expect(try await family.storage.devices(caller: family.childB, now: F.now).map(\.deviceID) == [family.childB.device])
        #expect(try await family.storage.devices(caller: family.personal, now: F.now).map(\.deviceID) == [family.personal.device])
        #expect(Set(devices.map(\.deviceID)) == Set([family.parent, family.childA, family.childB, family.personal].map(\.device)) && devices.count == 4,
                "a parent sees every device, the revoked one too")
        let stranger = Caller(device: family.childB.device, family: try await F.make(family.storage).parent.family, mode: .childDevice)
        await #expect(throws: StorageRefusal.unauthenticated) { try await family.storage.devices(caller: stranger, now: F.now) }
    }

    @Test("deleting a device removes its data and tells the family by a tombstone; deleting the family removes everything", arguments: backends)
    func deletion(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        _ = try await s.push(caller: family.childA, mutations: [try F.summary(family.childA)], now: F.now)
        _ = try await s.push(caller: family.childB, mutations: [try F.summary(family.childB)], now: F.now)
        _ = try await s.deleteDevice(caller: family.parent, device: family.childA.device, now: F.now)
        let changes = try await s.changes(caller: family.parent, since: 0, limit: 100).changes
        #expect(!changes.contains { $0.owner == family.childA.device })
        #expect(changes.contains { $0.type == .device && $0.recordID == family.childA.device.description && $0.deleted })
        #expect(try await s.devices(caller: family.parent, now: F.now).count == 3)
        let other = try await F.make(s)
        try await s.deleteFamily(caller: family.parent)
        #expect(try await s.isActive(family.childB) == false)
        #expect(try await s.devices(caller: other.parent, now: F.now).count == 4)
    }

    @Test("usage history older than the retention is pruned; a token from before a pruned tombstone gets a full resync", arguments: backends)
    func pruning(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        _ = try await s.push(caller: family.childA, mutations: [try F.summary(family.childA, day: "2022-01-01"), try F.summary(family.childA, day: "2023-11-14")], now: F.now)
        _ = try await s.deleteDevice(caller: family.parent, device: family.childB.device, now: F.now)
        let early = try await s.changes(caller: family.parent, since: 0, limit: 1).lastSeq
        let removed = try await s.prune(usageBefore: try #require(LocalDate(iso: "2023-01-01")), tombstonesBefore: F.now + 1, now: F.now + 2)
        #expect(removed >= 2)
        let days = try await s.changes(caller: family.parent, since: 0, limit: 100).changes.compactMap(\.localDate).map(\.description)
        #expect(days == ["2023-11-14"])
        let stale = try await s.changes(caller: family.parent, since: early, limit: 100)
        #expect(stale.resync)
        #expect(stale.changes.first?.seq ?? 0 > 0)
    }
}
