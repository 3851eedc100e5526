import Foundation
import GRDB

extension AppDatabase {
    /// The schema, one migration per released change; a released migration is never edited.
    ///
    /// Ranges in the CHECK constraints are written out rather than read from `BreakSettings`,
    /// because a migration must create the same schema on every device, whatever the code says later.
    static var migrator: DatabaseMigrator {
        migrator(localZone: .current)
    }

    /// The schema; `localZone` is the zone rows stored before zones were kept are read in (see
    /// ``addSessionTimeZones(_:localZone:)``): the device's own, or a test's.
    static func migrator(localZone: TimeZone) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createBreaks", migrate: createBreaks)
        migrator.registerMigration("createBreakDay", migrate: createBreakDay)
        migrator.registerMigration("createFocus", migrate: createFocus)
        migrator.registerMigration("createHealthGate", migrate: createHealthGate)
        migrator.registerMigration("createGateLog", migrate: createGateLog)
        migrator.registerMigration("createFamily", migrate: createFamily)
        migrator.registerMigration("createRewards", migrate: createRewards)
        migrator.registerMigration("createFamilySummaries", migrate: createFamilySummaries)
        migrator.registerMigration("addSessionTimeZones") { db in try addSessionTimeZones(db, localZone: localZone) }
        migrator.registerMigration("addNaturalBreaks", migrate: addNaturalBreaks)
        migrator.registerMigration("addFamilyKeys", migrate: addFamilyKeys)
        migrator.registerMigration("addFamilyPairings", migrate: addFamilyPairings)
        migrator.registerMigration("addFamilyChildNames", migrate: addFamilyChildNames)
        migrator.registerMigration("addFamilyVersions", migrate: addFamilyVersions)
        return migrator
    }

    private static func createBreaks(_ db: Database) throws {
        try db.create(table: "breakSession") { t in
            t.primaryKey("id", .text)
                .check(sql: "length(id) = 36")
            t.column("kind", .text).notNull()
                .check { ["eye", "micro", "long"].contains($0) }
            // Seconds since 1970: exact, ordered and cheap to compare.
            t.column("dueAt", .double).notNull()
            t.column("endedAt", .double).notNull()
            t.column("outcome", .text).notNull()
                .check { ["completed", "skipped"].contains($0) }
            t.column("snoozeCount", .integer).notNull()
                .check { $0 >= 0 }
            // The local day, `YYYY-MM-DD`: text order is date order.
            t.column("day", .text).notNull()
                .check(sql: "length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
        }
        // Covers the daily aggregation (and pruning by day) without touching the table.
        try db.create(index: "breakSession_on_day_outcome", on: "breakSession", columns: ["day", "outcome"])
        // Serves `sessions(endedFrom:to:)` in its order, ties broken by id, without a sort.
        try db.create(index: "breakSession_on_endedAt_id", on: "breakSession", columns: ["endedAt", "id"])

        try db.create(table: "settings") { t in
            // Single row: id is always 1 and an insert replaces the row.
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            for kind in ["eye", "micro", "long"] {
                t.column("\(kind)Enabled", .boolean).notNull()
                    .check { [false, true].contains($0) }
                t.column("\(kind)IntervalMinutes", .integer).notNull()
                    .check { (1...120).contains($0) }
                t.column("\(kind)DurationSeconds", .integer).notNull()
                    .check { (5...3600).contains($0) }
            }
            t.column("snoozeMinutes", .integer).notNull()
                .check { (1...60).contains($0) }
            t.column("retentionDays", .integer).notNull()
                .check { (7...3650).contains($0) }
            // JSON of `WorkingHours`; NULL when breaks run whenever the agent runs.
            t.column("workingHours", .text)
                .check(sql: "workingHours IS NULL OR json_valid(workingHours)")
        }

        try db.create(table: "breakRecord") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("json", .text).notNull()
                .check(sql: "json_valid(json)")
            t.column("updatedAt", .double).notNull()
        }
    }

    /// `breakDay`: each day's completed and skipped counts, what `dayStats` reads.
    ///
    /// Statistics look back ten years: grouping a million sessions by day on every read took a third
    /// of a second, reading one row per day takes about 2 ms. Triggers keep the counts
    /// exact on every write to `breakSession`, whoever makes it. A day whose counts reach zero loses
    /// its row, so the table holds only days with sessions, as `dayStats` returns them.
    private static func createBreakDay(_ db: Database) throws {
        // WITHOUT ROWID: the table is its primary-key b-tree, so a range of days is one seek and a scan.
        try db.create(table: "breakDay", options: [.withoutRowID]) { t in
            t.primaryKey("day", .text)
                .check(sql: "length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
            // A count below zero means the aggregate drifted: the CHECK fails the write instead of hiding it.
            t.column("completed", .integer).notNull()
                .check { $0 >= 0 }
            t.column("skipped", .integer).notNull()
                .check { $0 >= 0 }
        }
        try db.execute(sql: """
            INSERT INTO breakDay (day, completed, skipped)
            SELECT day, SUM(outcome = 'completed'), SUM(outcome = 'skipped')
            FROM breakSession
            GROUP BY day;
            """)
        // `outcome = 'completed'` is 1 or 0. A row that ON CONFLICT DO NOTHING skips fires no AFTER INSERT
        // trigger. INSERT OR REPLACE deletes the old row without firing the delete trigger unless the
        // connection sets `PRAGMA recursive_triggers`; LockOut never replaces a session.
        // The update trigger adds the new count before taking the old one away, so a day keeps its row
        // while an outcome changes within it.
        try db.execute(sql: """
            CREATE TRIGGER breakSession_countInsert AFTER INSERT ON breakSession BEGIN
                INSERT INTO breakDay (day, completed, skipped)
                VALUES (NEW.day, NEW.outcome = 'completed', NEW.outcome = 'skipped')
                ON CONFLICT (day) DO UPDATE SET
                    completed = completed + excluded.completed,
                    skipped = skipped + excluded.skipped;
            END;

            CREATE TRIGGER breakSession_countDelete AFTER DELETE ON breakSession BEGIN
                UPDATE breakDay SET
                    completed = completed - (OLD.outcome = 'completed'),
                    skipped = skipped - (OLD.outcome = 'skipped')
                WHERE day = OLD.day;
                DELETE FROM breakDay WHERE day = OLD.day AND completed = 0 AND skipped = 0;
            END;

            CREATE TRIGGER breakSession_countUpdate AFTER UPDATE OF day, outcome ON breakSession BEGIN
                INSERT INTO breakDay (day, completed, skipped)
                VALUES (NEW.day, NEW.outcome = 'completed', NEW.outcome = 'skipped')
                ON CONFLICT (day) DO UPDATE SET
                    completed = completed + excluded.completed,
                    skipped = skipped + excluded.skipped;
                UPDATE breakDay SET
                    completed = completed - (OLD.outcome = 'completed'),
                    skipped = skipped - (OLD.outcome = 'skipped')
                WHERE day = OLD.day;
                DELETE FROM breakDay WHERE day = OLD.day AND completed = 0 AND skipped = 0;
            END;
            """)
    }
}
