import Foundation
import LockOutCore
import PostgresNIO
import Testing
@testable import LockOutServer

/// Several server instances on one PostgreSQL: a commit through any of them reaches the event streams of all.
@Suite("PostgreSQL: LISTEN/NOTIFY across instances, migrations")
struct PostgresFeedTests {
    static let enabled = Backend.available.contains(.postgres)

    /// Waits up to `seconds` for the first event of `stream`.
    static func first(_ stream: AsyncStream<ChangeNotifier.Event>, within seconds: Double) async -> ChangeNotifier.Event? {
        await withTaskGroup(of: ChangeNotifier.Event?.self) { group in
            group.addTask { await stream.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let result = await group.next() ?? nil
            group.cancelAll()
            return result
        }
    }

    /// Pushes a summary of `family.childA` through `writer` until the parent's stream on `notifier` hears of
    /// it (the listener may still be connecting the first time): a new subscription per try, since a stream
    /// is read by one iterator. Answers the event, or nil after ten tries.
    static func pushUntilHeard(_ writer: PostgresFamilyStorage, _ family: FamilyFixture, _ notifier: ChangeNotifier) async throws -> ChangeNotifier.Event? {
        for _ in 0..<10 {
            let stream = notifier.subscribe(family.parent).events
            _ = try await writer.push(caller: family.childA, mutations: [try FamilyFixture.summary(family.childA)], now: FamilyFixture.now)
            if let event = await first(stream, within: 1) { return event }
        }
        return nil
    }

    @Test("a push through instance A reaches a stream of instance B", .enabled(if: enabled))
    func acrossInstances() async throws {
        let schema = try await PostgresTestDatabase.freshSchema()
        let a = try await PostgresFamilyStorage(url: try PostgresTestDatabase.url, schema: schema, applicationName: "lockout-a-\(schema)")
        let b = try await PostgresFamilyStorage(url: try PostgresTestDatabase.url, schema: schema, applicationName: "lockout-b-\(schema)")
        defer { a.close(); b.close() }
        let family = try await FamilyFixture.make(a)
        let notifier = ChangeNotifier()
        let listener = Task { try await b.listen(publishing: notifier) }
        defer { listener.cancel() }
        let event = try await Self.pushUntilHeard(a, family, notifier)
        guard case .changed(let seq)? = event else { Issue.record("no poke reached instance B"); return }
        #expect(seq > 0)
        let ownStream = notifier.subscribe(family.childA).events
        _ = try await a.push(caller: family.childA, mutations: [try FamilyFixture.summary(family.childA, day: "2023-11-15")], now: FamilyFixture.now)
        #expect(await Self.first(ownStream, within: 1) == nil, "the writer's own stream is not poked")
    }

    @Test("the listener survives its connection being killed and delivers later commits", .enabled(if: enabled))
    func listenerReconnects() async throws {
        let schema = try await PostgresTestDatabase.freshSchema()
        let name = "lockout-listen-\(schema)"
        let writer = try await PostgresFamilyStorage(url: try PostgresTestDatabase.url, schema: schema)
        let listening = try await PostgresFamilyStorage(url: try PostgresTestDatabase.url, schema: schema, applicationName: name)
        defer { writer.close(); listening.close() }
        let family = try await FamilyFixture.make(writer)
        let notifier = ChangeNotifier()
        let listener = Task { try await listening.listen(publishing: notifier) }
        defer { listener.cancel() }
        #expect(try await Self.pushUntilHeard(writer, family, notifier) != nil)
        let killed = try await writer.client.query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name) AND query LIKE 'LISTEN%'
            """)
        var count = 0
        for try await _ in killed { count += 1 }
        #expect(count == 1)
        #expect(try await Self.pushUntilHeard(writer, family, notifier) != nil)
    }

    @Test("two instances migrating one fresh schema at once both start, and the tables exist once", .enabled(if: enabled))
    func concurrentMigrations() async throws {
        let schema = try await PostgresTestDatabase.freshSchema()
        let url = try PostgresTestDatabase.url
        async let first = PostgresFamilyStorage(url: url, schema: schema)
        async let second = PostgresFamilyStorage(url: url, schema: schema)
        let (a, b) = try await (first, second)
        defer { a.close(); b.close() }
        let rows = try await a.client.query("SELECT count(*) FROM information_schema.tables WHERE table_schema = \(schema) AND table_name = 'record'")
        for try await count in rows.decode(Int64.self) { #expect(count == 1) }
        let family = try await FamilyFixture.make(a)
        #expect(try await b.devices(caller: family.parent, now: FamilyFixture.now).count == 4)
    }
}
