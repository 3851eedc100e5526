import Foundation
import GRDB
import LockOutCore

/// Completed and skipped breaks in the `breakSession` table.
public struct GRDBBreakHistory: BreakHistory {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The history kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func save(_ sessions: [BreakSession]) throws {
        guard !sessions.isEmpty else { return }
        try writer.write { db in
            // Not INSERT OR IGNORE: that would also drop rows that break a CHECK constraint, silently.
            // Only an already stored id is skipped; anything else invalid fails the whole batch.
            let statement = try db.cachedStatement(sql: """
                INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day)
                VALUES (:id, :kind, :dueAt, :endedAt, :outcome, :snoozeCount, :day)
                ON CONFLICT (id) DO NOTHING
                """)
            for session in sessions {
                try statement.execute(arguments: StatementArguments(session.databaseDictionary))
            }
        }
    }

    public func sessions(endedFrom from: Date, to: Date) throws -> [BreakSession] {
        try writer.read { db in try Self.sessionsRequest(endedFrom: from, to: to).fetchAll(db) }
    }

    /// Reads the `(endedAt, id)` index in its order.
    static func sessionsRequest(endedFrom from: Date, to: Date) -> QueryInterfaceRequest<BreakSession> {
        BreakSession
            .filter(BreakSession.Columns.endedAt >= from.timeIntervalSince1970)
            .filter(BreakSession.Columns.endedAt < to.timeIntervalSince1970)
            .order(BreakSession.Columns.endedAt, BreakSession.Columns.id)
    }

    public func dayStats(from first: LocalDate, through last: LocalDate) throws -> [DayStat] {
        try writer.read { db in
            try Row.fetchAll(db, sql: Self.dayStatsSQL, arguments: [first, last]).map { row in
                DayStat(
                    date: try row.decode(forColumn: "day"),
                    completed: try row.decode(forColumn: "completed"),
                    skipped: try row.decode(forColumn: "skipped")
                )
            }
        }
    }

    /// Reads only the `(day, outcome)` index, never the table.
    static let dayStatsSQL = """
        SELECT day,
               SUM(CASE outcome WHEN 'completed' THEN 1 ELSE 0 END) AS completed,
               SUM(CASE outcome WHEN 'skipped' THEN 1 ELSE 0 END) AS skipped
        FROM breakSession
        WHERE day BETWEEN ? AND ?
        GROUP BY day
        ORDER BY day
        """

    @discardableResult
    public func prune(before day: LocalDate) throws -> Int {
        try writer.write { db in
            try BreakSession.filter(BreakSession.Columns.day < day).deleteAll(db)
        }
    }
}
