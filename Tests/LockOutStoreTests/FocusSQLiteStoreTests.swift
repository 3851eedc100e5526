import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// What only the SQLite file guarantees for focus data: its constraints, its persistence, and its migration.
@Suite("Focus SQLite store")
struct FocusSQLiteStoreTests {
    /// Runs `sql` behind the stores' back and returns the constraint it broke, if any.
    private func violation(_ sql: String, in database: AppDatabase) -> ResultCode? {
        do {
            try database.writer.write { db in try db.execute(sql: sql) }
            return nil
        } catch let error as DatabaseError {
            return error.extendedResultCode
        } catch {
            return .SQLITE_ERROR
        }
    }

    private static let sessionColumns =
        "INSERT INTO focusSession (id, activity, activityKey, mode, segment, planned, actual, startedAt, endedAt, outcome, day, timeZone) VALUES "
    private static let id = "'2E6C2F4A-0000-4000-8000-000000000001'"

    @Test("the schema rejects focus segments with an unknown mode, segment or outcome, or inconsistent values")
    func schemaRejectsBadSessions() throws {
        try withTemporaryDatabase { database in
            let rows = [
                "(\(Self.id), NULL, NULL, 'yoga', 'focus', NULL, 10, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), NULL, NULL, 'timer', 'nap', 60, 10, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), NULL, NULL, 'timer', 'focus', 60, 10, 0, 10, 'skipped', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), NULL, NULL, 'timer', 'shortBreak', 60, 10, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), 'Writing', NULL, 'timer', 'focus', 60, 10, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), NULL, NULL, 'timer', 'focus', 60, -1, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
                "(\(Self.id), NULL, NULL, 'timer', 'focus', 60, 10, 0, 10, 'completed', '14.11.2023', 'Europe/Berlin')",
                "('short', NULL, NULL, 'timer', 'focus', 60, 10, 0, 10, 'completed', '2023-11-14', 'Europe/Berlin')",
            ]
            for row in rows {
                #expect(violation(Self.sessionColumns + row, in: database) == .SQLITE_CONSTRAINT_CHECK, "\(row)")
            }
            let valid = "(\(Self.id), 'Writing', 'writing', 'pomodoro', 'longBreak', 900, 10, 0, 10, 'cancelled', '2023-11-14', 'Europe/Berlin')"
            #expect(violation(Self.sessionColumns + valid, in: database) == nil)
            let stored = try database.focusHistory.sessions(.everything)
            #expect(stored.count == 1)
        }
    }

    @Test("a batch holding an invalid segment fails whole instead of dropping the bad row")
    func invalidFocusBatchFails() throws {
        try withTemporaryDatabase { database in
            let valid = Fixed.focus(on: "2023-11-14")
            let bad = FocusSessionRecord(
                id: FocusSessionID(rawValue: UUID()), activity: nil, mode: .timer, segment: .longBreak, planned: 60,
                actual: 10, startedAt: Fixed.now, endedAt: Fixed.now, outcome: .completed, day: Fixed.day("2023-11-14"),
                timeZone: TimeZone(identifier: "Europe/Berlin")!
            )

            let error = #expect(throws: DatabaseError.self) { try database.focusHistory.save([valid, bad]) }

            let stored = try database.focusHistory.sessions(.everything)
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
            #expect(stored.isEmpty)
        }
    }

    @Test("the schema keeps activity names unique by their folded key, beyond ASCII")
    func schemaRejectsDuplicateActivityKey() throws {
        try withTemporaryDatabase { database in
            try database.activityStore.add(Fixed.activity("Écrire"))

            let duplicate = violation("""
                INSERT INTO activity (id, name, nameKey, collection, isPinned, notes)
                VALUES ('2E6C2F4A-0000-4000-8000-000000000002', 'ÉCRIRE', 'écrire', NULL, 0, '')
                """, in: database)
            let emptyCollection = violation("""
                INSERT INTO activity (id, name, nameKey, collection, isPinned, notes)
                VALUES ('2E6C2F4A-0000-4000-8000-000000000003', 'Other', 'other', '', 0, '')
                """, in: database)

            #expect(duplicate == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(emptyCollection == .SQLITE_CONSTRAINT_CHECK)
            #expect(try database.activityStore.all().map(\.name) == ["Écrire"])
        }
    }

    @Test("the schema rejects a task whose reminder, due time or title doesn't hold together")
    func schemaRejectsBadTasks() throws {
        try withTemporaryDatabase { database in
            let insert = "INSERT INTO task (title, dueDay, dueHour, dueMinute, reminderKind, reminderAt, isDone) VALUES "
            let rows = [
                "('Exact without its moment', NULL, NULL, NULL, 'exact', NULL, 0)",
                "('Preset with a moment', '2023-11-14', NULL, NULL, 'morningOf', 0, 0)",
                "('A moment without a kind', NULL, NULL, NULL, NULL, 0, 0)",
                "('Unknown kind', '2023-11-14', NULL, NULL, 'weekBefore', NULL, 0)",
                "('Hour without minute', '2023-11-14', 9, NULL, NULL, NULL, 0)",
                "('Time without day', NULL, 9, 0, NULL, NULL, 0)",
                "('Bad hour', '2023-11-14', 24, 0, NULL, NULL, 0)",
                "('', NULL, NULL, NULL, NULL, NULL, 0)",
                "('Bad day', '2023-11', NULL, NULL, NULL, NULL, 0)",
            ]
            for row in rows {
                #expect(violation(insert + row, in: database) == .SQLITE_CONSTRAINT_CHECK, "\(row)")
            }
            #expect(violation(insert + "('Fine', '2023-11-14', 0, 30, 'exact', 1700000000, 1)", in: database) == nil)
            let tasks = try database.taskStore.all()
            #expect(tasks.map(\.reminder) == [.exact(Date(timeIntervalSince1970: 1_700_000_000))])
        }
    }

    @Test("the schema rejects focus settings outside their ranges written behind the store's back")
    func schemaRejectsBadFocusSettings() throws {
        try withTemporaryDatabase { database in
            let insert = "INSERT INTO focusSettings (id, timerMinutes, focusMinutes, shortBreakMinutes, longBreakMinutes, cycles, holdBreaksDuringFocus) VALUES "
            for row in ["(1, 0, 25, 5, 15, 4, 0)", "(1, 25, 25, 5, 15, 11, 0)", "(1, 25, 25, 5, 15, 4, 2)", "(2, 25, 25, 5, 15, 4, 0)"] {
                #expect(violation(insert + row, in: database) == .SQLITE_CONSTRAINT_CHECK, "\(row)")
            }
            let stored = try database.focusSettingsStore.load()
            #expect(stored == .defaults)
        }
    }

    @Test("a focus record that can't be read loads as nil, and saving replaces it")
    func corruptFocusRecord() throws {
        try withTemporaryDatabase { database in
            #expect(violation("INSERT INTO focusRecord (id, json, updatedAt) VALUES (1, 'not json', 0)", in: database) == .SQLITE_CONSTRAINT_CHECK)
            #expect(violation(#"INSERT INTO focusRecord (id, json, updatedAt) VALUES (1, '{"state":"banana"}', 0)"#, in: database) == nil)

            #expect(try database.focusRecordStore.load() == nil)

            try database.focusRecordStore.save(.stopped)
            #expect(try database.focusRecordStore.load() == .stopped)
        }
    }

    @Test("reopening the file keeps activities, segments, tasks, settings and the focus record; ids stay unused")
    func reopenKeepsFocusData() throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory)
            let activity = Fixed.activity("Écrire", collection: "Work", pinned: true, notes: "chapter 3")
            let segment = Fixed.focus(on: "2023-11-14", activity: "Écrire")
            let settings = FocusSettings(focusMinutes: 50, cycles: 2, holdBreaksDuringFocus: true)
            let record = FocusContractTests.focusRecords[2]
            let kept: TaskItem
            do {
                let database = try AppDatabase.open(at: url)
                try database.activityStore.add(activity)
                try database.focusHistory.save([segment])
                kept = try database.taskStore.add(title: "Keep", due: FocusContractTests.due("2023-11-15", 0, 30), reminder: .hourBefore)
                let gone = try database.taskStore.add(title: "Gone", due: nil, reminder: nil)
                try database.taskStore.remove(gone.id)
                try database.focusSettingsStore.save(settings)
                try database.focusRecordStore.save(record)
            }

            let reopened = try AppDatabase.open(at: url)

            #expect(try reopened.activityStore.all() == [activity])
            #expect(try reopened.focusHistory.sessions(FocusHistoryQuery(activity: "écrire")) == [segment])
            #expect(try reopened.taskStore.all() == [kept])
            #expect(try reopened.taskStore.add(title: "Next", due: nil, reminder: nil).id == TaskID(rawValue: 3))
            #expect(try reopened.focusSettingsStore.load() == settings)
            #expect(try reopened.focusRecordStore.load() == record)
        }
    }

    @Test("the whole history reads the (startedAt, id) index backwards and a day range searches the day index")
    func historyQueryPlans() throws {
        try withTemporaryDatabase { database in
            let everything = try queryPlan(GRDBFocusHistory.sessionsSQL(.everything), in: database)
            let days = try queryPlan(
                GRDBFocusHistory.sessionsSQL(FocusHistoryQuery(from: Fixed.day("2023-11-01"), to: Fixed.day("2023-11-30"))),
                in: database
            )

            #expect(everything.contains("SCAN focusSession USING INDEX focusSession_on_startedAt_id"), "\(everything)")
            #expect(!everything.contains("TEMP B-TREE"), "\(everything)")
            #expect(days.contains("focusSession_on_"), "\(days)")
        }
    }

    private func queryPlan(_ query: (String, StatementArguments), in database: AppDatabase) throws -> String {
        try database.reader.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.0, arguments: query.1)
                .map { row in try row.decode(String.self, forColumn: "detail") }
                .joined(separator: "\n")
        }
    }

    @Test("a database from before focus is migrated and keeps its break data")
    func migrationKeepsBreakData() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = DataLocation.databaseURL(in: directory)
            let sessions = [
                Fixed.session(on: "2023-11-13", .skipped, snoozeCount: 1),
                Fixed.session(on: "2023-11-14"),
            ]
            var settings = BreakSettings.defaults
            settings.snoozeMinutes = 9
            let breakRecord = BreakRecord(state: .paused(until: nil), cycles: CycleStarts(all: Fixed.now))
            do {
                // The schema as the release before focus left it.
                let pool = try DatabasePool(path: url.path, configuration: AppDatabase.makeConfiguration())
                try AppDatabase.migrator.migrate(pool, upTo: "createBreakDay")
                try Fixed.saveAsBeforeTimeZones(sessions, to: pool)
                try GRDBSettingsStore(pool).save(settings)
                try GRDBBreakRecordStore(pool).save(breakRecord)
                let tables = try pool.read { db in try db.tableExists("focusSession") }
                #expect(!tables)
            }

            // Migrated as a device in Berlin, where the sessions were written, would migrate it.
            try AppDatabase.migrator(localZone: Fixed.calendar.timeZone).migrate(DatabasePool(path: url.path))
            let migrated = try AppDatabase.open(at: url)

            let applied = try migrated.reader.read { db in try AppDatabase.migrator.appliedMigrations(db) }
            // Every migration is applied, the focus one included, in order.
            #expect(applied == AppDatabase.migrator.migrations)
            #expect(applied.starts(with: ["createBreaks", "createBreakDay", "createFocus"]))
            #expect(try migrated.breakHistory.sessions(endedFrom: .distantPast, to: .distantFuture) == sessions)
            #expect(try migrated.breakHistory.dayStats(from: Fixed.day("2023-11-01"), through: Fixed.day("2023-11-30")) == [
                DayStat(date: Fixed.day("2023-11-13"), completed: 0, skipped: 1),
                DayStat(date: Fixed.day("2023-11-14"), completed: 1, skipped: 0),
            ])
            #expect(try migrated.settingsStore.load() == settings)
            #expect(try migrated.breakRecordStore.load() == .valid(breakRecord))
            #expect(try migrated.focusSettingsStore.load() == .defaults)
            #expect(try migrated.focusRecordStore.load() == nil)
            let segment = Fixed.focus(on: "2023-11-14")
            try migrated.focusHistory.save([segment])
            #expect(try migrated.focusHistory.sessions(.everything) == [segment])
        }
    }
}
