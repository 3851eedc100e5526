import GRDB
import LockOutCore

/// Stored as `YYYY-MM-DD` text, whose order is the order of days.
extension LocalDate: DatabaseValueConvertible {
    /// `YYYY-MM-DD`.
    public var databaseValue: DatabaseValue { description.databaseValue }

    /// The day in `YYYY-MM-DD` text, or nil for anything else.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
        String.fromDatabaseValue(dbValue).flatMap(LocalDate.init(iso:))
    }
}
