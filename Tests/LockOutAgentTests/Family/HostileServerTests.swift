import Foundation
import GRDB
import LockOutAgent
import LockOutCore
import LockOutRuntime
@testable import LockOutServer
import LockOutStore
import Synchronization
import Testing

/// An end-to-end family's server acting against it through its own database — a forged tombstone, a promoted
/// writer, keys of its own, a dropped command — and what the parent's device believes, keeps and says.
@Suite("Family sync: a server that changes its own database")
struct HostileServerTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    static let today = LocalDate(TestDevice.now, in: calendar)

    static func id(_ device: TestDevice) throws -> DeviceID { try device.store.identity(defaultName: "x").id }

    /// Commits a change of the server's own to a record, as the next commit of its family: the devices pull it.
    static func recommit(_ storage: SQLiteFamilyStorage, family: FamilyID, where condition: String, set assignments: String) async throws {
        try await storage.writer.write { db in
            try db.execute(sql: "UPDATE family SET seq = seq + 1 WHERE id = ?", arguments: [family.description])
            try db.execute(sql: "UPDATE record SET \(assignments), seq = (SELECT seq FROM family WHERE id = ?) WHERE familyID = ? AND \(condition)",
                           arguments: [family.description, family.description])
            #expect(db.changesCount == 1)
        }
    }

    static func summary(_ steps: Int, from child: TestDevice) throws {
        try child.store.queueSummary(DailySummary(deviceID: try id(child), date: today, steps: steps, lastUpdated: TestDevice.now),
                                     id: MutationID(rawValue: UUID()), calendar: calendar, now: TestDevice.now)
        #expect(child.syncOnce() == .synced(applied: 0))
    }

    @Test("the server's tombstone of an active child: the parent keeps the child's data, counts the refusal, and the child goes on syncing")
    func forgedTombstone() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            let childID = try Self.id(child), family = try #require(try parent.store.membership()).family
            try await offPool {
                try Self.summary(5_000, from: child)
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(parent.syncOnce() == .synced(applied: 0))
            }
            // The child's sealed device record turned into a plaintext deletion of the device, as the server writes one.
            try await Self.recommit(storage, family: family, where: "type = 'device' AND recordID = '\(childID)'",
                                    set: "deleted = 1, body = '', mutationID = NULL, keyScope = NULL, keyEpoch = NULL, writerCounter = NULL")
            try await offPool {
                #expect(parent.syncOnce() == .synced(applied: 0))
                #expect(try parent.store.records(.dailySummary, owner: childID).count == 1)
                #expect(try parent.family.sentCommands().map(\.status) == [.applied])
                #expect(try parent.family.devices().contains { $0.deviceName == "Anna's laptop" })
                let warning = try #require(try parent.family.status().encryption?.warnings.first)
                #expect(warning.warning.kind == .unconfirmedRemoval && warning.name == "Anna's laptop")
                try Self.summary(6_000, from: child)
                let (_, days) = try parent.family.usage("Anna's laptop", days: 7, today: Self.today, calendar: Self.calendar)
                #expect(days.map(\.steps) == [6_000])
            }
        }
    }

    @Test("a removal the device list agrees with is believed: the removed child's records go")
    func realRemoval() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            try await offPool {
                let second = try TestDevice.make(.parentDevice, name: "Parent desk")
                _ = try second.family.join(payload: try parent.family.pair(mode: .parentDevice).payload)
                #expect(parent.syncOnce() == .synced(applied: 0))
                #expect(second.syncOnce() == .synced(applied: 0))
                try Self.summary(5_000, from: child)
                #expect(second.syncOnce() == .synced(applied: 0))
                #expect(try second.store.records(.dailySummary).count == 1)
                _ = try parent.family.remove("Anna's laptop", confirmation: "Anna's laptop")
                #expect(second.syncOnce() == .synced(applied: 0))
                #expect(try second.store.records(.dailySummary).isEmpty)
                #expect(try second.family.status().encryption?.warnings.isEmpty == true)
            }
        }
    }

    @Test("a child's record whose writer the server says is a parent: the parent keeps it as the child's, the mode it was paired in")
    func promotedWriter() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            let childID = try Self.id(child), family = try #require(try parent.store.membership()).family
            try await offPool { try Self.summary(5_000, from: child) }
            try await Self.recommit(storage, family: family, where: "type = 'dailySummary'", set: "ownerMode = 'parentDevice'")
            try await offPool {
                #expect(parent.syncOnce() == .synced(applied: 0))
                let pulled = try parent.store.records(.dailySummary, owner: childID)
                #expect(pulled.map(\.ownerMode) == [.childDevice])
            }
        }
    }

    @Test("keys the server put in place of a child's: the parent names the child, what waits for it, and what to do; a second parent learns why its records wait")
    func substitutedKeys() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            let childID = try Self.id(child)
            try await offPool { try Self.summary(5_000, from: child) }
            let stranger = SwiftCryptoFamilyCipher().newDeviceKeys().publicKeys
            try await storage.writer.write { db in
                try db.execute(sql: "UPDATE device SET agreementKey = ?, signingKey = ? WHERE id = ?", arguments: [
                    Base64URL.encode(Data(stranger.agreement)), Base64URL.encode(Data(stranger.signing)), childID.description,
                ])
            }
            try await offPool {
                // A second parent joins: every scope is renewed for it, the child's own too, which waits for the child.
                let second = try TestDevice.make(.parentDevice, name: "Parent desk")
                _ = try second.family.join(payload: try parent.family.pair(mode: .parentDevice).payload)
                #expect(parent.syncOnce() == .synced(applied: 0))
                #expect(second.syncOnce() == .synced(applied: 0))
                #expect(parent.syncOnce() == .synced(applied: 0))
                let status = try #require(try parent.family.status().encryption)
                let kinds = Set(status.warnings.filter { $0.name == "Anna's laptop" }.map(\.warning.kind))
                #expect(kinds == [.changedKeys, .rotationWaits], "\(status.warnings)")
                let notices = status.notices { _ in "today" }
                #expect(notices.contains { $0.contains("other keys for Anna's laptop") && $0.contains("pair it again") })
                #expect(notices.contains { $0.hasPrefix("New keys for Anna's laptop's records") }, "\(notices)")
                // The second parent never got the child's key: its records wait, and its status says where to look.
                let waits = try #require(try second.family.status().encryption)
                #expect(waits.waitingForKey >= 1)
                #expect(waits.notices { _ in "today" }.last?.contains("read a parent device's family status") == true)
            }
        }
    }

    @Test("a command the server dropped: the parent sees how long it waited, that the server may have lost it once the child synced a day later, and sends it again")
    func droppedCommand() async throws {
        let clock = Mutex(TestDevice.now)
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        try await withFamilyServer(configuration: FamilyServer.Configuration(port: 0, now: now)) { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            let family = try #require(try parent.store.membership()).family
            let parentFamily = FamilyService(store: parent.store, directory: parent.directory, applier: parent.applier, connector: .http, now: now,
                                             encryption: .files(in: parent.directory))
            try await offPool { _ = try parentFamily.send(.snooze(minutes: 7), to: "Anna's laptop") }
            try await storage.writer.write { db in
                try db.execute(sql: "DELETE FROM record WHERE familyID = ? AND type = 'command'", arguments: [family.description])
            }
            clock.withLock { $0 += 26 * 3_600 }
            try await offPool {
                let childFamily = FamilySync(store: child.store, applier: child.applier, connector: .http, now: now, encryption: .files(in: child.directory))
                defer { childFamily.shutdown() }
                #expect(childFamily.syncOnce() == .synced(applied: 0))
                let anna = try #require(try parentFamily.devices().first { $0.deviceName == "Anna's laptop" })
                let sent = try #require(try parentFamily.sentCommands().first)
                #expect(sent.status == .pending)
                #expect(sent.mayBeLost(now: now(), targetLastSync: anna.lastSyncDate))
                #expect(sent.waitingText(now: now(), targetLastSync: anna.lastSyncDate)?.contains("lockout family resend") == true)

                _ = try parentFamily.resend(String(sent.command.commandID.description.prefix(8)))
                #expect(childFamily.syncOnce() == .synced(applied: 1))
                #expect(child.applier.applied.withLock { $0 } == [ConfigurationChange.snooze(minutes: 7).localCommand])
                _ = parentFamily.sync()
                #expect(try parentFamily.sentCommands().map(\.status) == [.applied])
                #expect(throws: FamilyInputError.self) { _ = try parentFamily.resend(String(sent.command.commandID.description.prefix(8))) }
            }
        }
    }
}
