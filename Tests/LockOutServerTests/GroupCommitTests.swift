import Foundation
import GRDB
import Synchronization
import Testing
@testable import LockOutServer

/// Writes that arrive together commit together, and each is still answered on its own.
@Suite("Family storage: group commit")
struct GroupCommitTests {
    struct Refused: Error, Equatable {}

    /// Counts the transactions a database commits.
    final class Commits: TransactionObserver, @unchecked Sendable {
        let count = Mutex(0)
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { count.withLock { $0 += 1 } }
        func databaseDidRollback(_ db: Database) {}
    }

    /// A pool over a new file with a table of names, one referring to another, and its commit counter.
    static func database() throws -> (DatabasePool, Commits) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("group-commit-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let pool = try DatabasePool(path: directory.appendingPathComponent("test.sqlite").path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE name (id TEXT PRIMARY KEY, parent TEXT REFERENCES name(id))")
        }
        let commits = Commits()
        pool.add(transactionObserver: commits, extent: .databaseLifetime)
        return (pool, commits)
    }

    static func insert(_ id: String, parent: String? = nil) -> @Sendable (Database) throws -> String {
        { db in
            try db.execute(sql: "INSERT INTO name (id, parent) VALUES (?, ?)", arguments: [id, parent])
            return id
        }
    }

    /// A new database whose writer is held inside a first write until `release` is signalled, so that the writes
    /// sent meanwhile wait together. Only the writer's own thread waits: the test's tasks go on.
    static func heldWriter() async throws
        -> (pool: DatabasePool, commits: Commits, group: GroupCommit, release: DispatchSemaphore, first: Task<String, any Error>)
    {
        let (pool, commits) = try database()
        let group = GroupCommit(pool)
        let release = DispatchSemaphore(value: 0)
        let (entered, signal) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await group.write { db in
                signal.yield()
                release.wait()
                return try insert("first")(db)
            }
        }
        for await _ in entered { break }
        return (pool, commits, group, release, first)
    }

    /// The names stored, read on this thread.
    static func names(_ pool: DatabasePool) throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT id FROM name ORDER BY id") }
    }

    static func waitUntil(_ group: GroupCommit, holds count: Int) async {
        while group.waiting < count { await Task.yield() }
    }

    @Test("writes sent while a batch commits commit in one transaction; the one that throws leaves nothing and hears its own error")
    func batches() async throws {
        let (pool, commits, group, release, first) = try await Self.heldWriter()
        let anna = Task { try await group.write(Self.insert("anna")) }
        let refused = Task {
            try await group.write { db -> String in
                _ = try Self.insert("refused")(db)
                throw Refused()
            }
        }
        let ben = Task { try await group.write(Self.insert("ben", parent: "anna")) }
        await Self.waitUntil(group, holds: 3)
        release.signal()
        #expect(try await first.value == "first")
        #expect(try await anna.value == "anna")
        #expect(try await ben.value == "ben")
        await #expect(throws: Refused()) { try await refused.value }
        #expect(try Self.names(pool) == ["anna", "ben", "first"])
        #expect(commits.count.withLock { $0 } == 2)
    }

    @Test("when a batch's commit fails, every write in it fails and none of them stays")
    func failedCommit() async throws {
        let (pool, _, group, release, first) = try await Self.heldWriter()
        let anna = Task { try await group.write(Self.insert("anna")) }
        // Its foreign key is checked at the commit, which then fails for the whole batch.
        let orphan = Task {
            try await group.write { db -> String in
                try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
                return try Self.insert("orphan", parent: "nobody")(db)
            }
        }
        await Self.waitUntil(group, holds: 2)
        release.signal()
        #expect(try await first.value == "first")
        await #expect(throws: DatabaseError.self) { try await anna.value }
        await #expect(throws: DatabaseError.self) { try await orphan.value }
        #expect(try Self.names(pool) == ["first"])
        // The writer goes on.
        #expect(try await group.write(Self.insert("after")) == "after")
    }
}
