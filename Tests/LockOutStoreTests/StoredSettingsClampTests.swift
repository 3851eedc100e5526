import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// Settings edited by hand in a real SQLite file (raw SQL, as with the sqlite3 shell) are clamped when read,
/// written back corrected, and reported once.
@Suite("Stored settings outside their ranges, read from a real SQLite file")
struct StoredSettingsClampTests {
    /// Collects what the database reports.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [[SettingCorrection]] = []

        var all: [[SettingCorrection]] { lock.withLock { received } }

        func add(_ corrections: [SettingCorrection]) {
            lock.withLock { received.append(corrections) }
        }
    }

    /// A database file in a temporary directory that reports into `reports`, and the raw SQL to edit it.
    private func withDatabase(_ body: (AppDatabase, Reports, (String) throws -> Void) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory)
            let reports = Reports()
            let database = try AppDatabase.open(at: url) { reports.add($0) }
            // A second connection, as a person with the sqlite3 shell would have, that ignores the schema's CHECKs.
            let shell = try DatabaseQueue(path: url.path)
            try body(database, reports) { sql in
                try shell.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                    try db.execute(sql: sql)
                }
            }
        }
    }

    @Test("an unlock time stored as 2000 minutes reads as 23:59, is written back, and is reported once")
    func gateUnlockTime() throws {
        try withDatabase { database, reports, sql in
            var settings = GateSettings.defaults
            settings.unlockTime = GateGoal(isEnabled: true, target: 19 * 60)
            try database.gateStore.saveSettings(settings)
            try sql("UPDATE gateSettings SET json = json_set(json, '$.unlockTime.target', 2000, '$.steps.target', 8250)")

            let read = try database.gateStore.loadSettings()
            #expect(read.unlockTime.target == 1_439)
            #expect(read.steps.target == 8_500)
            #expect(reports.all.map { $0.map(\.setting) } == [["gate steps", "gate unlock-time"]])

            #expect(try database.gateStore.loadSettings() == read)
            #expect(reports.all.count == 1)
            let stored = try database.reader.read { db in
                try String.fetchOne(db, sql: "SELECT json_extract(json, '$.unlockTime.target') FROM gateSettings")
            }
            #expect(stored == "1439")
        }
    }

    @Test("a gate update reads hand-edited settings and a held edit clamped, and writes them back with its change")
    func gateUpdate() throws {
        try withDatabase { database, reports, sql in
            var record = GateRecord.initial(day: LocalDate(year: 2026, month: 11, day: 23))
            record.pendingSettings = .defaults
            try database.gateStore.saveRecord(record)
            try database.gateStore.saveSettings(.defaults)
            try sql("UPDATE gateSettings SET json = json_set(json, '$.exercise.target', 0)")
            try sql("UPDATE gateRecord SET json = json_set(json, '$.pendingSettings.energy.target', 99999)")

            let seen = try database.gateStore.update { $0 }

            #expect(seen.settings.exercise.target == 1)
            #expect(seen.record?.pendingSettings?.energy.target == 5_000)
            #expect(reports.all.flatMap { $0 }.map(\.setting) == ["gate exercise", "held gate edit energy"])
            #expect(try database.gateStore.loadSettings().exercise.target == 1)
            #expect(try database.gateStore.loadRecord()?.pendingSettings?.energy.target == 5_000)
            #expect(reports.all.count == 1)
        }
    }

    @Test("break settings past the schema's CHECKs and a reversed working-hours window are clamped and written back")
    func breakSettings() throws {
        try withDatabase { database, reports, sql in
            try database.settingsStore.save(.defaults)
            try sql("""
                UPDATE settings SET eyeIntervalMinutes = 0, snoozeMinutes = 900,
                    workingHours = '{"windows":{"2":{"startMinute":600,"endMinute":540}}}'
                """)

            let read = try database.settingsStore.load()

            #expect(read.eye.intervalMinutes == 1)
            #expect(read.snoozeMinutes == 60)
            #expect(read.workingHours == WorkingHours(windows: [:]))
            #expect(reports.all.flatMap { $0 }.count == 3)
            #expect(try database.settingsStore.load() == read)
            #expect(reports.all.count == 1)
        }
    }

    @Test("focus settings past the schema's CHECKs are clamped and written back")
    func focusSettings() throws {
        try withDatabase { database, reports, sql in
            try database.focusSettingsStore.save(.defaults)
            try sql("UPDATE focusSettings SET cycles = 40, timerMinutes = 0")

            let read = try database.focusSettingsStore.load()

            #expect(read.cycles == 10)
            #expect(read.timerMinutes == 1)
            #expect(try database.focusSettingsStore.load() == read)
            #expect(reports.all.map(\.count) == [2])
        }
    }
}
