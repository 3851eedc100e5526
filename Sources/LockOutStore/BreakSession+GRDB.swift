import Foundation
import GRDB
import LockOutCore

/// A row of the `breakSession` table.
extension BreakSession: FetchableRecord, PersistableRecord {
    /// The table that holds every recorded break.
    public static let databaseTableName = "breakSession"

    /// The columns of `breakSession`.
    public enum Columns {
        /// The `id` column.
        public static let id = Column("id")
        /// The `kind` column.
        public static let kind = Column("kind")
        /// The `dueAt` column.
        public static let dueAt = Column("dueAt")
        /// The `endedAt` column.
        public static let endedAt = Column("endedAt")
        /// The `outcome` column.
        public static let outcome = Column("outcome")
        /// The `snoozeCount` column.
        public static let snoozeCount = Column("snoozeCount")
        /// The `day` column.
        public static let day = Column("day")
        /// The `timeZone` column: the zone's identifier.
        public static let timeZone = Column("timeZone")
        /// The `natural` column: 1 for a break taken by stepping away.
        public static let natural = Column("natural")
    }

    /// Reads a row; dates are stored as seconds since 1970.
    public init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: Columns.id),
            kind: try row.decode(forColumn: Columns.kind),
            dueAt: Date(timeIntervalSince1970: try row.decode(forColumn: Columns.dueAt)),
            endedAt: Date(timeIntervalSince1970: try row.decode(forColumn: Columns.endedAt)),
            outcome: try row.decode(forColumn: Columns.outcome),
            snoozeCount: try row.decode(forColumn: Columns.snoozeCount),
            day: try row.decode(forColumn: Columns.day),
            timeZone: TimeZone(storedIdentifier: try row.decode(forColumn: Columns.timeZone)),
            natural: try row.decode(forColumn: Columns.natural)
        )
    }

    /// Writes every column; dates as seconds since 1970.
    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.kind] = kind
        container[Columns.dueAt] = dueAt.timeIntervalSince1970
        container[Columns.endedAt] = endedAt.timeIntervalSince1970
        container[Columns.outcome] = outcome
        container[Columns.snoozeCount] = snoozeCount
        container[Columns.day] = day
        container[Columns.timeZone] = timeZone.identifier
        container[Columns.natural] = natural
    }
}

/// Stored as the uppercase UUID string, so the table reads well in `sqlite3`.
extension BreakSessionID: DatabaseValueConvertible {
    /// The UUID string.
    public var databaseValue: DatabaseValue { rawValue.uuidString.databaseValue }

    /// The id in a UUID string, or nil for anything else.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> BreakSessionID? {
        String.fromDatabaseValue(dbValue).flatMap(UUID.init(uuidString:)).map(BreakSessionID.init(rawValue:))
    }
}

/// Stored as its raw value: `eye`, `micro`, `long`.
extension BreakKind: DatabaseValueConvertible {}

/// Stored as its raw value: `completed`, `skipped`.
extension BreakOutcome: DatabaseValueConvertible {}
