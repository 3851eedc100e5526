import Foundation
import GRDB
import LockOutCore

/// The LockOut database: one SQLite connection writer, its schema migrated on open.
///
/// The agent and the CLI may open the same file at the same time: opening and migrating take turns under a
/// lock file beside it (`lockout.sqlite.lock`), the file is in WAL mode, and a connection waits for a busy
/// lock instead of failing at once.
public final class AppDatabase: Sendable {
    /// Writes go through this single writer; each intention-named write is one transaction.
    let writer: any DatabaseWriter
    /// Told of stored settings read back outside their ranges, once: they are written back corrected.
    let corrections: SettingCorrections

    /// Wraps `writer` and migrates its schema to the current version; `reportCorrections` hears of stored
    /// settings that had to be brought into range when read (the CLI and the agent log them as warnings).
    public init(
        _ writer: any DatabaseWriter,
        reportCorrections: @escaping @Sendable ([SettingCorrection]) -> Void = { _ in }
    ) throws {
        self.writer = writer
        corrections = SettingCorrections(report: reportCorrections)
        try Self.migrator.migrate(writer)
    }

    /// Read-only access, for queries that no repository offers yet.
    public var reader: any DatabaseReader { writer }

    /// Completed and skipped breaks.
    public var breakHistory: GRDBBreakHistory { GRDBBreakHistory(writer) }

    /// The person's break settings.
    public var settingsStore: GRDBSettingsStore { GRDBSettingsStore(writer, corrections: corrections) }

    /// The breaks engine's saved state.
    public var breakRecordStore: GRDBBreakRecordStore { GRDBBreakRecordStore(writer) }

    /// Activities that focus sessions are tagged with.
    public var activityStore: GRDBActivityStore { GRDBActivityStore(writer) }

    /// Finished focus segments.
    public var focusHistory: GRDBFocusHistory { GRDBFocusHistory(writer) }

    /// Tasks and their reminder choices.
    public var taskStore: GRDBTaskStore { GRDBTaskStore(writer) }

    /// The focus engine's saved state.
    public var focusRecordStore: GRDBFocusRecordStore { GRDBFocusRecordStore(writer) }

    /// The person's focus settings.
    public var focusSettingsStore: GRDBFocusSettingsStore { GRDBFocusSettingsStore(writer, corrections: corrections) }

    /// The health gate's record and settings.
    public var gateStore: GRDBGateStore { GRDBGateStore(writer, corrections: corrections) }

    /// This device's family identity, membership, outbox and pulled records.
    public var familyStore: GRDBFamilyStore { GRDBFamilyStore(writer) }

    /// Daily health totals: manual entries and imports.
    public var healthTotalsStore: GRDBHealthTotalsStore { GRDBHealthTotalsStore(writer) }
}

extension AppDatabase {
    /// Opens (creating if needed) the database file at `url`, with its directory, in WAL mode;
    /// `reportCorrections` hears of stored settings brought into range when read.
    public static func open(
        at url: URL,
        reportCorrections: @escaping @Sendable ([SettingCorrection]) -> Void = { _ in }
    ) throws -> AppDatabase {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        // One process at a time creates the file, switches it to WAL (which no busy timeout covers) and
        // migrates it; the lock is held only while opening.
        return try SetupLock.holding(url.appendingPathExtension("lock")) {
            // A DatabasePool always puts the file in WAL mode: readers don't block the writer.
            let pool = try DatabasePool(path: url.path, configuration: makeConfiguration())
            return try AppDatabase(pool, reportCorrections: reportCorrections)
        }
    }

    /// A private database in memory, gone when the value is released.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: makeConfiguration()))
    }

    static func makeConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.label = "LockOut"
        configuration.foreignKeysEnabled = true
        // The agent and a CLI command can both hold the file: wait for the lock instead of failing.
        configuration.busyMode = .timeout(5)
        // A REPLACE must fire the delete trigger too, or the daily aggregate would count the old row twice.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA recursive_triggers = ON") }
        return configuration
    }
}
