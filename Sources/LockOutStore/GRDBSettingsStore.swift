import GRDB
import LockOutCore

/// The person's settings in the single-row `settings` table.
public struct GRDBSettingsStore: SettingsStore {
    private let writer: any DatabaseWriter
    private let corrections: SettingCorrections

    init(_ writer: any DatabaseWriter, corrections: SettingCorrections = .unheard) {
        self.writer = writer
        self.corrections = corrections
    }

    /// The settings kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer, corrections: database.corrections)
    }

    /// Values outside their ranges (the schema's CHECKs bypassed, or working hours edited by hand) are
    /// clamped, written back and reported.
    public func load() throws -> BreakSettings {
        try corrections.read(writer, { db in (try BreakSettings.fetchOne(db) ?? .defaults).clamped() }) { settings, db in
            try settings.insert(db)
        }
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
