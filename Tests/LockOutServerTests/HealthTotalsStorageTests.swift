import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage contract for health totals, every backend: who writes them, who reads them — the same person's
/// devices and nobody else — and the child name a pairing gives a child's device.
@Suite("Family storage contract: health totals")
struct HealthTotalsStorageTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    /// A family with Anna's laptop and phone, Ben's phone, a child's device with no child name, and two personal devices.
    struct People {
        let family: FamilyFixture
        let annaLaptop: Caller
        let annaPhone: Caller
        let benPhone: Caller
        let unnamed: Caller
        let desk: Caller
        let personalPhone: Caller

        static func make(_ backend: Backend) async throws -> People {
            let family = try await F.make(try await backend.make())
            return People(
                family: family,
                annaLaptop: try await family.join("Anna's laptop", .childDevice, child: "Anna"),
                annaPhone: try await family.join("Anna's iPhone", .childDevice, child: "Anna"),
                benPhone: try await family.join("Ben's iPhone", .childDevice, child: "Ben"),
                unnamed: try await family.join("Unnamed", .childDevice),
                desk: family.personal,
                personalPhone: try await family.join("Personal iPhone", .personalDevice)
            )
        }

        /// The health totals `reader` pulls, by writer.
        func totalsSeen(by reader: Caller) async throws -> Set<DeviceID> {
            let changes = try await family.storage.changes(caller: reader, since: 0, limit: 500).changes
            return Set(changes.filter { $0.type == .healthTotals }.map(\.owner))
        }
    }

    @Test("a child's and a personal device's own totals are applied; a parent's, another device's id, a day too far ahead are rejected",
          arguments: backends)
    func writing(_ backend: Backend) async throws {
        let people = try await People.make(backend)
        let storage = people.family.storage
        let (own, _) = try await storage.push(caller: people.annaPhone, mutations: [try F.healthTotals(people.annaPhone)], now: F.now)
        let (personal, _) = try await storage.push(caller: people.desk, mutations: [try F.healthTotals(people.desk)], now: F.now)
        #expect(own.map(\.status) == [.applied])
        #expect(personal.map(\.status) == [.applied])
        let (parent, _) = try await storage.push(caller: people.family.parent, mutations: [try F.healthTotals(people.family.parent)], now: F.now)
        #expect(parent.first?.status == .rejected)
        #expect(parent.first?.reason == WritePolicy.Refusal.typeNotAllowed(.healthTotals, for: .parentDevice).description)
        let (forged, _) = try await storage.push(caller: people.benPhone, mutations: [try F.healthTotals(people.annaPhone)], now: F.now)
        #expect(forged.first?.status == .rejected)
        #expect(forged.first?.reason == WritePolicy.Refusal.recordMustNameWriter(.healthTotals).description)
        // F.now is 2023-11-14 22:13 UTC: 2023-11-15 in UTC+14, so the 16th is the last day taken.
        let (late, _) = try await storage.push(caller: people.annaPhone, mutations: [try F.healthTotals(people.annaPhone, day: "2023-11-17")], now: F.now)
        #expect(late.first?.status == .rejected)
        #expect(late.first?.reason?.contains("in the future") == true)
        let records = try await storage.changes(caller: people.annaPhone, since: 0, limit: 500).changes.filter { $0.type == .healthTotals }
        #expect(records.map(\.recordID) == ["\(people.annaPhone.device)/2023-11-14"])
    }

    @Test("the same child's devices read each other's totals; a sibling, a child without a name, a parent and a personal device never",
          arguments: backends)
    func readingChildren(_ backend: Backend) async throws {
        let people = try await People.make(backend)
        for writer in [people.annaPhone, people.benPhone, people.unnamed] {
            _ = try await people.family.storage.push(caller: writer, mutations: [try F.healthTotals(writer)], now: F.now)
        }
        #expect(try await people.totalsSeen(by: people.annaLaptop) == [people.annaPhone.device])
        #expect(try await people.totalsSeen(by: people.annaPhone) == [people.annaPhone.device])
        #expect(try await people.totalsSeen(by: people.benPhone) == [people.benPhone.device])
        #expect(try await people.totalsSeen(by: people.unnamed) == [people.unnamed.device])
        #expect(try await people.totalsSeen(by: people.family.childA).isEmpty)
        #expect(try await people.totalsSeen(by: people.family.parent).isEmpty)
        #expect(try await people.totalsSeen(by: people.desk).isEmpty)
    }

    @Test("the family's personal devices read each other's totals; a child's device and a parent never", arguments: backends)
    func readingPersonal(_ backend: Backend) async throws {
        let people = try await People.make(backend)
        _ = try await people.family.storage.push(caller: people.personalPhone, mutations: [try F.healthTotals(people.personalPhone)], now: F.now)
        #expect(try await people.totalsSeen(by: people.desk) == [people.personalPhone.device])
        #expect(try await people.totalsSeen(by: people.annaLaptop).isEmpty)
        #expect(try await people.totalsSeen(by: people.family.parent).isEmpty)
        // The parent still reads everything else of theirs.
        _ = try await people.family.storage.push(caller: people.personalPhone, mutations: [try F.summary(people.personalPhone)], now: F.now)
        let summaries = try await people.family.storage.changes(caller: people.family.parent, since: 0, limit: 500).changes
        #expect(summaries.contains { $0.type == .dailySummary && $0.owner == people.personalPhone.device })
    }

    @Test("a pairing's child name goes to the device that redeems it; a child name for another mode is refused", arguments: backends)
    func childNames(_ backend: Backend) async throws {
        let people = try await People.make(backend)
        let devices = try await people.family.storage.devices(caller: people.family.parent, now: F.now)
        let names = Dictionary(devices.map { ($0.deviceID, $0.childName) }, uniquingKeysWith: { first, _ in first })
        #expect(names[people.annaLaptop.device] == "Anna")
        #expect(names[people.annaPhone.device] == "Anna")
        #expect(names[people.benPhone.device] == "Ben")
        #expect(names[people.unnamed.device] == .some(nil))
        #expect(try await people.family.storage.devices(caller: people.annaPhone, now: F.now).first?.childName == "Anna")
        await #expect(throws: StorageRefusal.self) {
            try await people.family.storage.createPairing(caller: people.family.parent, mode: .personalDevice, childName: "Anna",
                                                          secretHash: F.hash("x"), expiresAt: F.now + 900, now: F.now)
        }
    }

    @Test("health totals are day history: pruned after the retention with usage and day summaries", arguments: backends)
    func pruned(_ backend: Backend) async throws {
        let people = try await People.make(backend)
        let storage = people.family.storage
        _ = try await storage.push(caller: people.annaPhone, mutations: [try F.healthTotals(people.annaPhone, day: "2023-11-10"),
                                                                         try F.healthTotals(people.annaPhone, day: "2023-11-14")], now: F.now)
        _ = try await storage.prune(usageBefore: try #require(LocalDate(iso: "2023-11-12")), tombstonesBefore: F.now - 86_400, now: F.now)
        let left = try await storage.changes(caller: people.annaPhone, since: 0, limit: 500).changes.filter { $0.type == .healthTotals }
        #expect(left.compactMap(\.localDate).map(\.description) == ["2023-11-14"])
    }
}
