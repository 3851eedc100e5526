import GRDB
import LockOutCore

/// The person's focus settings in the single-row `focusSettings` table, one column per value.
public struct GRDBFocusSettingsStore: FocusSettingsStore {
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

    /// The saved settings, or the defaults when none were saved; values outside their ranges (the
    /// schema's CHECKs bypassed) are clamped, written back and reported.
    public func load() throws -> FocusSettings {
        try corrections.read(writer, { db in try Self.fetch(db).clamped() }, writeBack: Self.insert)
    }

    /// Throws `FocusInputError` for invalid settings; the schema's CHECKs are a second line of defence.
    public func save(_ settings: FocusSettings) throws {
        try settings.validate()
        try writer.write { db in try Self.insert(settings, db) }
    }

    private static func fetch(_ db: Database) throws -> FocusSettings {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM focusSettings WHERE id = 1") else { return .defaults }
        return FocusSettings(
            timerMinutes: try row.decode(forColumn: "timerMinutes"),
            focusMinutes: try row.decode(forColumn: "focusMinutes"),
            shortBreakMinutes: try row.decode(forColumn: "shortBreakMinutes"),
            longBreakMinutes: try row.decode(forColumn: "longBreakMinutes"),
            cycles: try row.decode(forColumn: "cycles"),
            holdBreaksDuringFocus: try row.decode(forColumn: "holdBreaksDuringFocus")
        )
    }

    private static func insert(_ settings: FocusSettings, _ db: Database) throws {
        // The primary key replaces on conflict, so inserting overwrites the one row.
        try db.execute(
            sql: """
                INSERT INTO focusSettings
                    (id, timerMinutes, focusMinutes, shortBreakMinutes, longBreakMinutes, cycles, holdBreaksDuringFocus)
                VALUES (1, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                settings.timerMinutes, settings.focusMinutes, settings.shortBreakMinutes,
                settings.longBreakMinutes, settings.cycles, settings.holdBreaksDuringFocus,
            ]
        )
    }
}
