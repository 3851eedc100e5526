import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// What only the SQLite file guarantees: its mode, its schema constraints, and its persistence.
@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test("the database file is in WAL mode")
    func walMode() throws {
        try withTemporaryDatabase { database in
            let mode = try database.reader.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
    }

    @Test("connections wait 5 s for a lock and enforce foreign keys")
    func connectionSettings() throws {
        try withTemporaryDatabase { database in
            let (timeout, foreignKeys) = try database.writer.write { db in
                (try Int.fetchOne(db, sql: "PRAGMA busy_timeout"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"))
            }
            #expect(timeout == 5000)
            #expect(foreignKeys == true)
        }
    }

    @Test("opening creates the missing data directory")
    func openCreatesDirectory() throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory.appendingPathComponent("nested/lockout"))

            _ = try AppDatabase.open(at: url)

            #expect(FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("the schema rejects a break kind other than eye, micro or long")
    func schemaRejectsBadKind() throws {
        try withTemporaryDatabase { database in
            let error = #expect(throws: DatabaseError.self) {
                try database.writer.write { db in
                    try db.execute(sql: """
                        INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day, timeZone)
                        VALUES ('2E6C2F4A-0000-4000-8000-000000000001', 'nap', 0, 0, 'completed', 0, '2023-11-14', 'Europe/Berlin')
                        """)
                }
            }
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
        }
    }

    @Test("a batch holding an invalid session fails whole instead of dropping the bad row")
    func invalidSessionFailsBatch() throws {
        try withTemporaryDatabase { database in
            let history = database.breakHistory
            let valid = Fixed.session(on: "2023-11-14")
            let negativeSnoozes = Fixed.session(on: "2023-11-14", minute: 1, snoozeCount: -1)

            let error = #expect(throws: DatabaseError.self) { try history.save([valid, negativeSnoozes]) }

            let stored = try history.sessions(endedFrom: .distantPast, to: .distantFuture)
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            #expect(stored.isEmpty)
        }
    }

    @Test("the schema rejects settings outside their ranges written behind the store's back")
    func schemaRejectsBadSettings() throws {
        try withTemporaryDatabase { database in
            let error = #expect(throws: DatabaseError.self) {
                try database.writer.write { db in
                    try db.execute(sql: """
                        INSERT INTO settings (
                            id, eyeEnabled, eyeIntervalMinutes, eyeDurationSeconds,
                            microEnabled, microIntervalMinutes, microDurationSeconds,
                            longEnabled, longIntervalMinutes, longDurationSeconds,
                            snoozeMinutes, retentionDays, workingHours)
                        VALUES (1, 1, 0, 20, 1, 30, 30, 1, 60, 300, 5, 365, NULL)
                        """)
                }
            }
            let stored = try database.settingsStore.load()
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            #expect(stored == .defaults)
        }
    }

    @Test("reopening the file keeps sessions, settings and the engine's record")
    func reopenKeepsData() throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory)
            let session = Fixed.session(on: "2023-11-14", .skipped, snoozeCount: 2)
            var settings = BreakSettings.defaults
            settings.snoozeMinutes = 7
            let record = BreakRecord(state: .paused(until: nil), cycles: CycleStarts(all: Fixed.now))
            do {
                let database = try AppDatabase.open(at: url)
                try database.breakHistory.save([session])
                try database.settingsStore.save(settings)
                try database.breakRecordStore.save(record)
            }

            let reopened = try AppDatabase.open(at: url)

            #expect(try reopened.breakHistory.sessions(endedFrom: .distantPast, to: .distantFuture) == [session])
            #expect(try reopened.settingsStore.load() == settings)
            #expect(try reopened.breakRecordStore.load() == .valid(record))
        }
    }

    @Test("two connections to one file, like the agent and the CLI, see each other's writes")
    func twoConnectionsShareTheFile() throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory)
            let agent = try AppDatabase.open(at: url)
            let cli = try AppDatabase.open(at: url)
            let session = Fixed.session(on: "2023-11-14")

            try agent.breakHistory.save([session])

            #expect(try cli.breakHistory.dayStats(from: session.day, through: session.day).map(\.total) == [1])
        }
    }

    @Test("sessions in a time range search the (endedAt, id) index and never sort")
    func sessionsQueryPlan() throws {
        try withTemporaryDatabase { database in
            let request = GRDBBreakHistory.sessionsRequest(endedFrom: Fixed.now, to: Fixed.now.addingTimeInterval(86_400))
            let (sql, arguments) = try database.reader.read { db in
                let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
                return (statement.sql, statement.arguments)
            }

            let plan = try queryPlan(sql, arguments, in: database)

            #expect(plan.contains("SEARCH breakSession USING INDEX breakSession_on_endedAt_id (endedAt>? AND endedAt<?)"))
            #expect(!plan.contains("TEMP B-TREE"))
        }
    }

    private func queryPlan(_ sql: String, _ arguments: StatementArguments, in database: AppDatabase) throws -> String {
        try database.reader.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { row in try row.decode(String.self, forColumn: "detail") }
                .joined(separator: "\n")
        }
    }
}
