import GRDB
import LockOutCore

/// The person's settings in the single-row `settings` table.
public struct GRDBSettingsStore: SettingsStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The settings kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func load() throws -> BreakSettings {
        try writer.read { db in try BreakSettings.fetchOne(db) } ?? .defaults
    }

    /// Throws `BreakInputError` for invalid settings; the schema's CHECKs are a second line of defence.
    public func save(_ settings: BreakSettings) throws {
        try settings.validate()
        try writer.write { db in
            // The primary key replaces on conflict, so inserting overwrites the one row.
            try settings.insert(db)
        }
    }
}
