import Foundation
import GRDB
import LockOutCore

/// Finished focus segments in the `focusSession` table.
public struct GRDBFocusHistory: FocusHistory {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The history kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func save(_ records: [FocusSessionRecord]) throws {
        guard !records.isEmpty else { return }
        try writer.write { db in
            // As for breaks: only an already stored id is skipped; a row breaking a CHECK fails the batch.
            let statement = try db.cachedStatement(sql: """
                INSERT INTO focusSession
                    (id, activity, activityKey, mode, segment, planned, actual, startedAt, endedAt, outcome, day, timeZone)
                VALUES
                    (:id, :activity, :activityKey, :mode, :segment, :planned, :actual, :startedAt, :endedAt, :outcome, :day, :timeZone)
                ON CONFLICT (id) DO NOTHING
                """)
            for record in records {
                try statement.execute(arguments: [
                    "id": record.id.rawValue.uuidString,
                    "activity": record.activity,
                    "activityKey": record.activity.map(ActivityName.key),
                    "mode": record.mode.rawValue,
                    "segment": record.segment.rawValue,
                    "planned": record.planned,
                    "actual": record.actual,
                    "startedAt": record.startedAt.timeIntervalSince1970,
                    "endedAt": record.endedAt.timeIntervalSince1970,
                    "outcome": record.outcome.rawValue,
                    "day": record.day,
                    "timeZone": record.timeZone.identifier,
                ])
            }
        }
    }

    /// Newest start first, ties by id, as `FocusHistoryQuery.apply` orders them.
    public func sessions(_ query: FocusHistoryQuery) throws -> [FocusSessionRecord] {
        let (sql, arguments) = Self.sessionsSQL(query)
        return try writer.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.record)
        }
    }

    /// The query `sessions` runs: the activity by its folded key, the mode, the days as a range of `day`,
    /// newest start first through the `(startedAt, id)` index.
    static func sessionsSQL(_ query: FocusHistoryQuery) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let activity = query.activity {
            conditions.append("activityKey = ?")
            arguments += [ActivityName.key(activity)]
        }
        if let mode = query.mode {
            conditions.append("mode = ?")
            arguments += [mode.rawValue]
        }
        if let from = query.from {
            conditions.append("day >= ?")
            arguments += [from]
        }
        if let to = query.to {
            conditions.append("day <= ?")
            arguments += [to]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return ("SELECT \(columns) FROM focusSession \(filter) ORDER BY startedAt DESC, id DESC", arguments)
    }

    public func session(_ id: FocusSessionID) throws -> FocusSessionRecord? {
        try writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM focusSession WHERE id = ?", arguments: [id.rawValue.uuidString]
            ).map(Self.record)
        }
    }

    @discardableResult
    public func prune(before day: LocalDate) throws -> Int {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM focusSession WHERE day < ?", arguments: [day])
            return db.changesCount
        }
    }

    private static let columns = "id, activity, mode, segment, planned, actual, startedAt, endedAt, outcome, day, timeZone"

    private static func record(_ row: Row) throws -> FocusSessionRecord {
        FocusSessionRecord(
            id: FocusSessionID(rawValue: try row.decode(forColumn: "id")),
            activity: try row.decode(forColumn: "activity"),
            mode: try decodeFocusRaw(FocusMode.self, row, "mode"),
            segment: try decodeFocusRaw(FocusSegment.self, row, "segment"),
            planned: try row.decode(forColumn: "planned"),
            actual: try row.decode(forColumn: "actual"),
            startedAt: Date(timeIntervalSince1970: try row.decode(forColumn: "startedAt")),
            endedAt: Date(timeIntervalSince1970: try row.decode(forColumn: "endedAt")),
            outcome: try decodeFocusRaw(FocusOutcome.self, row, "outcome"),
            day: try row.decode(forColumn: "day"),
            timeZone: TimeZone(storedIdentifier: try row.decode(forColumn: "timeZone"))
        )
    }
}

/// Reads a raw-value enum from its text column; the schema's CHECK admits only known values.
func decodeFocusRaw<T: RawRepresentable>(_: T.Type, _ row: Row, _ column: String) throws -> T where T.RawValue == String {
    let text: String = try row.decode(forColumn: column)
    guard let value = T(rawValue: text) else { throw FocusStoreError.unreadableValue(column: column, text: text) }
    return value
}

/// A value the focus tables hold that this version cannot read.
public enum FocusStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The column holds text no case matches.
    case unreadableValue(column: String, text: String)

    /// What could not be read.
    public var description: String {
        switch self {
        case .unreadableValue(let column, let text): "unreadable \(column) '\(text)' in the database"
        }
    }
}
