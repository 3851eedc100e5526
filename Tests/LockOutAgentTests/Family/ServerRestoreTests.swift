import Foundation
import GRDB
import LockOutAgent
import LockOutCore
import LockOutRuntime
@testable import LockOutServer
import LockOutStore
import Synchronization
import Testing

/// An end-to-end family whose server an operator restores from a backup, or whose tombstones it prunes: the
/// server's database changed as the operator would change it, the devices syncing through it over HTTP. Nothing a
/// device held is lost; what is older than what it holds is refused and named.
@Suite("Family sync: a server restored from a backup, or resending its records")
struct ServerRestoreTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    static let today = LocalDate(TestDevice.now, in: calendar)

    /// A family server over the SQLite database at `path` on loopback `port` (0: any), run as `lockout serve` runs it,
    /// for the duration of `body`, then stopped: an operator stops it, puts a backup in place, and starts it again
    /// on its address.
    static func withServer<T: Sendable>(
        at path: String, port: Int = 0, _ body: @escaping @Sendable (_ port: Int, _ storage: SQLiteFamilyStorage) async throws -> T
    ) async throws -> T {
        let storage = try SQLiteFamilyStorage(path: path)
        return try await onServerThreads {
            let (ports, bound) = AsyncStream<Int>.makeStream()
            let app = FamilyServer.application(storage: storage, configuration: FamilyServer.Configuration(port: port, now: { TestDevice.now })) {
                bound.yield($0)
            }
            let server = Task { try await app.runService(gracefulShutdownSignals: []) }
            defer { server.cancel() }
            var iterator = ports.makeAsyncIterator()
            let result = try await body(try #require(await iterator.next()), storage)
            server.cancel()
            _ = await server.result
            return result
        }
    }

    /// Queues the child's summary of today with `steps`, and syncs it.
    static func report(_ steps: Int, from child: TestDevice) throws {
        let id = try child.store.identity(defaultName: "x").id
        try child.store.queueSummary(DailySummary(deviceID: id, date: today, steps: steps, lastUpdated: TestDevice.now),
                                     id: MutationID(rawValue: UUID()), calendar: calendar, now: TestDevice.now)
        #expect(child.syncOnce() == .synced(applied: 0))
    }

    /// What the parent shows of the child: its days' steps and the commands it sent, as the CLI reads them.
    static func parentView(_ parent: TestDevice) throws -> (steps: [Int], commands: [CommandStatus]) {
        let (_, days) = try parent.family.usage("Anna's laptop", days: 7, today: today, calendar: calendar)
        return (days.map(\.steps), try parent.family.sentCommands().map(\.status))
    }

    @Test("the server restored from an older backup: the parent keeps its commands and the child's days, refuses the older summary and names it")
    func restoredFromBackup() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-restore-\(UUID())")
        let live = folder.appendingPathComponent("server.sqlite").path
        let backup = folder.appendingPathComponent("backup.sqlite").path
        let (parent, child, port) = try await Self.withServer(at: live) { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            try await offPool {
                for change in [ConfigurationChange.snooze(minutes: 7), .snooze(minutes: 9)] { _ = try parent.family.send(change, to: "Anna's laptop") }
                #expect(child.syncOnce() == .synced(applied: 2))
                try Self.report(4_000, from: child)
                #expect(parent.syncOnce() == .synced(applied: 0))
            }
            // The operator's nightly backup (the SQLite online backup docs/server.md shows).
            try storage.writer.backup(to: try DatabaseQueue(path: backup))
            try await offPool {
                // After the backup: a newer summary of the same day, and a third command.
                try Self.report(9_000, from: child)
                _ = try parent.family.send(.snooze(minutes: 11), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(parent.syncOnce() == .synced(applied: 0))
                let before = try Self.parentView(parent)
                #expect(before.steps == [9_000] && before.commands == [.applied, .applied, .applied])
            }
            return (parent, child, port)
        }
        // The server is stopped, the backup put in place, and the server started again on its address.
        let restored = folder.appendingPathComponent("restored.sqlite").path
        try FileManager.default.copyItem(atPath: backup, toPath: restored)
        try await Self.withServer(at: restored, port: port) { _, _ in
            try await offPool {
                #expect(parent.syncOnce() == .synced(applied: 0))
                let after = try Self.parentView(parent)
                #expect(after.steps == [9_000], "the parent keeps the newer summary it held")
                #expect(after.commands == [.applied, .applied, .applied], "nothing the parent held is wiped")
                let status = try #require(try parent.family.status().encryption)
                let rollback = try #require(status.warnings.first { $0.warning.kind == .rolledBack })
                #expect(rollback.name == "Anna's laptop" && rollback.warning.count == 1)
                #expect(status.warnings.count == 1, "the records delivered again as the parent holds them are no refusal: \(status.warnings)")
                #expect(status.notices { _ in "today" }.first?.contains("older versions of 1 record of Anna's laptop") == true)
                // The child goes on: what it sends now reaches the parent.
                #expect(child.syncOnce() == .synced(applied: 0))
                try Self.report(12_000, from: child)
                #expect(try Self.parentView(parent).steps == [12_000])
            }
        }
    }

    @Test("the server's tombstones pruned: the parent's full resync of more than a page keeps every record, and sweeps the one deleted meanwhile")
    func prunedTombstones() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-prune-\(UUID())")
        try await Self.withServer(at: folder.appendingPathComponent("server.sqlite").path) { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            let childID = try child.store.identity(defaultName: "x").id
            let days = (0..<(SyncAPI.maximumPage + 20)).map { Self.today.adding(days: -$0, in: Self.calendar) }
            try await offPool {
                for (index, day) in days.enumerated() {
                    try child.store.enqueue(try DailySummaryBuilder.mutation(
                        DailySummary(deviceID: childID, date: day, steps: 1_000 + index, lastUpdated: TestDevice.now), id: MutationID(rawValue: UUID())
                    ), now: TestDevice.now)
                }
                #expect(child.syncOnce() == .synced(applied: 0))
                #expect(parent.syncOnce() == .synced(applied: 0))
                #expect(try parent.store.records(.dailySummary).count == days.count)
                // The child withdraws its oldest day; the parent has not synced since when the operator prunes the tombstone.
                let oldest = try #require(days.last)
                try child.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary,
                                                     recordID: try #require(try parent.store.records(.dailySummary).first { $0.localDate == oldest }).recordID,
                                                     localDate: oldest, deleted: true, body: ""), now: TestDevice.now)
                #expect(child.syncOnce() == .synced(applied: 0))
            }
            _ = try await storage.prune(usageBefore: LocalDate(year: 2000, month: 1, day: 1), tombstonesBefore: TestDevice.now.addingTimeInterval(60),
                                        now: TestDevice.now)
            try await offPool {
                #expect(parent.syncOnce() == .synced(applied: 0))
                let kept = try parent.store.records(.dailySummary)
                #expect(kept.count == days.count - 1, "every record the server still has stays, the deleted one goes")
                #expect(!kept.contains { $0.localDate == days.last })
                #expect(try parent.family.status().encryption?.warnings.isEmpty == true)
                #expect(try !parent.store.isResyncing())
            }
        }
    }
}
