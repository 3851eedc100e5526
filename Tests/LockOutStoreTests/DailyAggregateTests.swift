import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// The `breakDay` aggregate that `dayStats` reads. Only SQLite has it, and its triggers must keep it
/// equal to a GROUP BY over `breakSession` whoever writes the sessions and however.
@Suite("Daily aggregate")
struct DailyAggregateTests {
    /// Three days: 2 completed and 1 skipped on the 12th, 1 skipped on the 13th, 1 completed on the 14th.
    static let sessions = [
        Fixed.session(on: "2023-11-12", minute: 1),
        Fixed.session(on: "2023-11-12", kind: .micro, minute: 2),
        Fixed.session(on: "2023-11-12", .skipped, minute: 3),
        Fixed.session(on: "2023-11-13", .skipped, kind: .long),
        Fixed.session(on: "2023-11-14"),
    ]

    static let sessionCounts = [
        DayStat(date: Fixed.day("2023-11-12"), completed: 2, skipped: 1),
        DayStat(date: Fixed.day("2023-11-13"), completed: 0, skipped: 1),
        DayStat(date: Fixed.day("2023-11-14"), completed: 1, skipped: 0),
    ]

    @Test("inserted sessions are counted per day and outcome")
    func insertsCounted() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            let aggregate = try Self.aggregate(in: database.reader)

            #expect(aggregate == Self.sessionCounts)
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("natural breaks are counted apart, read back marked, and leave the aggregate with their day")
    func naturalCounted() throws {
        try withTemporaryDatabase { database in
            let natural = Fixed.session(on: "2023-11-12", minute: 9, natural: true)
            try database.breakHistory.save(Self.sessions + [natural])

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate.first == DayStat(date: Fixed.day("2023-11-12"), completed: 3, skipped: 1, natural: 1))
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
            let stats = try database.breakHistory.dayStats(from: Fixed.day("2023-11-12"), through: Fixed.day("2023-11-12"))
            #expect(stats.first?.natural == 1)
            let read = try database.breakHistory.sessions(endedFrom: natural.endedAt, to: natural.endedAt.addingTimeInterval(1))
            #expect(read == [natural])

            try database.breakHistory.prune(before: Fixed.day("2023-11-13"))
            #expect(try Self.aggregate(in: database.reader) == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("the schema refuses a skipped break marked natural")
    func skippedNaturalRefused() throws {
        try withTemporaryDatabase { database in
            #expect(throws: DatabaseError.self) {
                try database.breakHistory.save([Fixed.session(on: "2023-11-12", .skipped, natural: true)])
            }
        }
    }

    @Test("a session whose id is stored is ignored by the insert trigger, not counted twice")
    func duplicateInsertNotCounted() throws {
        try withTemporaryDatabase { database in
            let id = UUID()
            let original = Fixed.session(on: "2023-11-14", id: id)
            // Same id, another day and outcome: counting it would show on the 15th or as a skip.
            let retried = Fixed.session(on: "2023-11-15", .skipped, id: id)
            try database.breakHistory.save([original])

            try database.breakHistory.save([retried, original])
            try database.breakHistory.save([retried, retried])

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate == [DayStat(date: Fixed.day("2023-11-14"), completed: 1, skipped: 0)])
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("pruning takes the pruned days out of the aggregate and leaves the others")
    func pruneUpdatesAggregate() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            try database.breakHistory.prune(before: Fixed.day("2023-11-14"))

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate == [DayStat(date: Fixed.day("2023-11-14"), completed: 1, skipped: 0)])
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("deleting one of a day's sessions decrements the count of its outcome")
    func deleteDecrements() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            try Self.execute("DELETE FROM breakSession WHERE id = ?", [Self.sessions[2].id], in: database)

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate.first == DayStat(date: Fixed.day("2023-11-12"), completed: 2, skipped: 0))
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("an outcome changed by raw SQL moves the count to the new outcome")
    func outcomeUpdateMovesCount() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            try Self.execute("UPDATE breakSession SET outcome = 'skipped' WHERE id = ?", [Self.sessions[4].id], in: database)
            try Self.execute("UPDATE breakSession SET outcome = 'completed' WHERE day = '2023-11-12'", [], in: database)

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate == [
                DayStat(date: Fixed.day("2023-11-12"), completed: 3, skipped: 0),
                DayStat(date: Fixed.day("2023-11-13"), completed: 0, skipped: 1),
                DayStat(date: Fixed.day("2023-11-14"), completed: 0, skipped: 1),
            ])
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("a session replaced by raw SQL (INSERT OR REPLACE) is counted once, with its new outcome")
    func replaceCountedOnce() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            try Self.execute(
                "INSERT OR REPLACE INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day, timeZone) "
                    + "SELECT id, kind, dueAt, endedAt, 'skipped', snoozeCount, day, timeZone FROM breakSession WHERE id = ?",
                [Self.sessions[4].id],
                in: database
            )

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate.last == DayStat(date: Fixed.day("2023-11-14"), completed: 0, skipped: 1))
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("a day changed by raw SQL moves the count, and a day left without sessions loses its row")
    func dayUpdateMovesCount() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            try Self.execute("UPDATE breakSession SET day = '2023-11-12' WHERE day = '2023-11-13'", [], in: database)
            try Self.execute("UPDATE breakSession SET day = '2023-11-20', outcome = 'skipped' WHERE day = '2023-11-14'", [], in: database)

            let aggregate = try Self.aggregate(in: database.reader)
            #expect(aggregate == [
                DayStat(date: Fixed.day("2023-11-12"), completed: 2, skipped: 2),
                DayStat(date: Fixed.day("2023-11-20"), completed: 0, skipped: 1),
            ])
            #expect(aggregate == (try Self.groupBy(in: database.reader)))
        }
    }

    @Test("the migration counts the sessions stored before it ran, and counts new ones after")
    func migrationBackfills() throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration())
        try AppDatabase.migrator.migrate(queue, upTo: "createBreaks")
        try Fixed.saveAsBeforeTimeZones(Self.sessions, to: queue)
        #expect(try queue.read { db in try db.tableExists("breakDay") } == false)
        try AppDatabase.migrator(localZone: Fixed.calendar.timeZone).migrate(queue)

        let database = try AppDatabase(queue)

        #expect(try Self.aggregate(in: database.reader) == Self.sessionCounts)
        try database.breakHistory.save([Fixed.session(on: "2023-11-14", .skipped, minute: 5)])
        let aggregate = try Self.aggregate(in: database.reader)
        #expect(aggregate.last == DayStat(date: Fixed.day("2023-11-14"), completed: 1, skipped: 1))
        #expect(aggregate == (try Self.groupBy(in: database.reader)))
    }

    @Test("the schema refuses a negative count, so a drifting aggregate fails the write instead of lying")
    func negativeCountRejected() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)

            let error = #expect(throws: DatabaseError.self) {
                try Self.execute("UPDATE breakDay SET skipped = skipped - 2 WHERE day = '2023-11-12'", [], in: database)
            }

            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            #expect(try Self.aggregate(in: database.reader) == Self.sessionCounts)
        }
    }

    @Test("dayStats searches breakDay by a primary-key range, never breakSession, and never sorts")
    func dayStatsQueryPlan() throws {
        try withTemporaryDatabase { database in
            try database.breakHistory.save(Self.sessions)
            let arguments: StatementArguments = [Fixed.day("2023-11-01"), Fixed.day("2023-11-30")]

            let plan = try database.reader.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + GRDBBreakHistory.dayStatsSQL, arguments: arguments)
                    .map { row in try row.decode(String.self, forColumn: "detail") }
                    .joined(separator: "\n")
            }

            #expect(plan == "SEARCH breakDay USING PRIMARY KEY (day>? AND day<?)")
        }
    }

    // MARK: - Helpers

    /// Every row of `breakDay`, oldest first, rows with zero counts included.
    static func aggregate(in reader: any DatabaseReader) throws -> [DayStat] {
        try dayStats("SELECT day, completed, skipped, natural FROM breakDay ORDER BY day", in: reader)
    }

    /// The counts computed from the sessions themselves.
    static func groupBy(in reader: any DatabaseReader) throws -> [DayStat] {
        try dayStats("""
            SELECT day, SUM(outcome = 'completed') AS completed, SUM(outcome = 'skipped') AS skipped, SUM(natural) AS natural
            FROM breakSession GROUP BY day ORDER BY day
            """, in: reader)
    }

    private static func dayStats(_ sql: String, in reader: any DatabaseReader) throws -> [DayStat] {
        try reader.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                DayStat(
                    date: try row.decode(forColumn: "day"),
                    completed: try row.decode(forColumn: "completed"),
                    skipped: try row.decode(forColumn: "skipped"),
                    natural: try row.decode(forColumn: "natural")
                )
            }
        }
    }

    private static func execute(_ sql: String, _ arguments: StatementArguments, in database: AppDatabase) throws {
        try database.writer.write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}
