import GRDB
import LockOutCore

/// The person's focus settings in the single-row `focusSettings` table, one column per value.
public struct GRDBFocusSettingsStore: FocusSettingsStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The settings kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    /// The saved settings, or the defaults when none were saved.
    public func load() throws -> FocusSettings {
        try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM focusSettings WHERE id = 1") else { return nil }
            return FocusSettings(
                timerMinutes: try row.decode(forColumn: "timerMinutes"),
                focusMinutes: try row.decode(forColumn: "focusMinutes"),
                shortBreakMinutes: try row.decode(forColumn: "shortBreakMinutes"),
                longBreakMinutes: try row.decode(forColumn: "longBreakMinutes"),
                cycles: try row.decode(forColumn: "cycles"),
                holdBreaksDuringFocus: try row.decode(forColumn: "holdBreaksDuringFocus")
            )
        } ?? .defaults
    }

    /// Throws `FocusInputError` for invalid settings; the schema's CHECKs are a second line of defence.
    public func save(_ settings: FocusSettings) throws {
        try settings.validate()
        try writer.write { db in
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
}
