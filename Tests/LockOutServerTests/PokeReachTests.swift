import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// Whom a commit's poke reaches, every backend: exactly the devices that read something of it, by the change feed's
/// rule for records and the key directory's for keys, with nothing read from the storage to decide.
@Suite("Family server: whom a commit's poke reaches")
struct PokeReachTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    /// `writer`'s own registration record.
    static func registration(_ writer: Caller) -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: writer.device.description, body: "{}")
    }

    @Test("a push's poke reaches exactly the devices whose change feed it enters: a sibling's records never", arguments: backends)
    func pushes(_ backend: Backend) async throws {
        let people = try await HealthTotalsStorageTests.People.make(backend)
        let family = people.family, parent = family.parent
        let everyone = [parent, people.annaLaptop, people.annaPhone, people.benPhone, people.unnamed, people.desk, people.personalPhone, family.childB]
        let command = try F.command(to: people.annaLaptop)
        let pushes: [(Caller, SyncMutation)] = [
            (people.annaLaptop, try F.summary(people.annaLaptop)),
            (people.annaLaptop, try F.healthTotals(people.annaLaptop)),
            (people.annaPhone, try F.healthTotals(people.annaPhone, day: "2023-11-13")),
            (people.benPhone, try F.healthTotals(people.benPhone)),
            (people.unnamed, try F.healthTotals(people.unnamed)),
            (people.desk, try F.healthTotals(people.desk)),
            (people.personalPhone, F.settings()),
            (people.desk, Self.registration(people.desk)),
            (parent, command),
            (parent, try F.configuration(for: people.benPhone)),
            (parent, F.settings()),
            (parent, Self.registration(parent)),
            (people.annaLaptop, try F.ack(command, by: people.annaLaptop)),
            (people.annaLaptop, try F.usage(people.annaLaptop)),
        ]
        for (writer, mutation) in pushes {
            let (results, poke) = try await family.storage.push(caller: writer, mutations: [mutation], now: F.now)
            #expect(results.map(\.status) == [.applied], "\(results)")
            let committed = try #require(poke)
            for reader in everyone {
                let read = try await family.storage.changes(caller: reader, since: committed.seq - 1, limit: 10).changes
                #expect(committed.reaches(reader) == (reader != writer && !read.isEmpty),
                        "\(mutation.type) by \(writer.mode) \(writer.childName ?? "-") reaching \(reader.mode) \(reader.childName ?? "-")")
            }
        }
    }

    @Test("an epoch's poke reaches the parents and its recipients; a parent that leaves reaches every device, a child the parents",
          arguments: backends)
    func keyDirectory(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], anna = k.family.childA, ben = k.family.childB
        let personal = k.family.personal
        let annaScope = KeyScope.child(anna.device)
        let rotations = try k.rotations(without: second, by: parent)
        let parentLeft = try await s.revokeDevice(caller: parent, device: second.device, rotations: rotations.map(\.commit), now: F.now)
        #expect([anna, ben, personal].map(parentLeft.reaches) == [true, true, true])

        let annaKey = try #require(rotations.first { $0.commit.scope == annaScope }?.key)
        let (next, _) = try k.keys.commit(annaScope, epoch: 3, members: k.members(of: annaScope, without: second), by: parent, previous: annaKey)
        let epoch = try await s.commitEpoch(caller: parent, commit: next, now: F.now)
        #expect([anna, ben, personal].map(epoch.reaches) == [true, false, false])

        let childLeft = try await s.revokeDevice(caller: parent, device: ben.device, now: F.now)
        #expect([anna, personal].map(childLeft.reaches) == [false, false])
        let third = try await k.family.join("Parent 3", .parentDevice)
        #expect(epoch.reaches(third) && childLeft.reaches(third))

        let deleted = try await s.deleteDevice(caller: parent, device: ben.device, now: F.now)
        for reader in [anna, personal, third] {
            let read = try await s.changes(caller: reader, since: deleted.seq - 1, limit: 10).changes
            #expect(deleted.reaches(reader) == !read.isEmpty, "\(reader.mode)")
        }
    }

    @Test("a poke crosses PostgreSQL's NOTIFY whole; a payload without a reach it reads, or too long to send one, pokes every device but the writer")
    func payload() throws {
        let family = FamilyID(rawValue: UUID()), writer = DeviceID(rawValue: UUID()), target = DeviceID(rawValue: UUID())
        let reaches: [FamilyPoke.Reach?] = [
            nil,
            .init(writerMode: .childDevice, records: [.init(type: .dailySummary), .init(type: .healthTotals)], writerChild: "Anna | Ænne 👩‍💻"),
            .init(writerMode: .parentDevice, records: [.init(type: .command, target: target), .init(type: .settings)]),
            .init(writerMode: .parentDevice, keys: .parents(and: [target, writer])),
            .init(writerMode: .parentDevice, records: [.init(type: .device)], keys: .everyone),
            .init(writerMode: .childDevice, keys: .parents(and: [])),
        ]
        for reach in reaches {
            let poke = FamilyPoke(family: family, seq: 42, writer: writer, reach: reach)
            #expect(PostgresFamilyStorage.poke(PostgresFamilyStorage.payload(poke)) == poke)
        }
        let sibling = Caller(device: target, family: family, mode: .childDevice)
        for old in ["\(family)|42|\(writer)", "\(family)|42|\(writer)|childDevice|chore|", "\(family)|42|\(writer)|childDevice|usage|?|"] {
            let poke = try #require(PostgresFamilyStorage.poke(old), "\(old)")
            #expect(poke.seq == 42 && poke.reach == nil && poke.reaches(sibling) && !poke.reaches(Caller(device: writer, family: family, mode: .childDevice)))
        }
        #expect(PostgresFamilyStorage.poke("\(family)|x|\(writer)") == nil)
        let crowd = FamilyPoke.Reach(writerMode: .parentDevice, records: Set((0..<300).map { _ in .init(type: .command, target: DeviceID(rawValue: UUID())) }))
        let crowded = PostgresFamilyStorage.payload(FamilyPoke(family: family, seq: 42, writer: writer, reach: crowd))
        #expect(crowded == "\(family)|42|\(writer)", "a reach past NOTIFY's limit is left out, poking every device")
    }
}
