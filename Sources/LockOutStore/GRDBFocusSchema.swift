import GRDB

extension AppDatabase {
    /// The `YYYY-MM-DD` shape of a local day column.
    private static func dayShape(_ column: String) -> String {
        "length(\(column)) = 10 AND \(column) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"
    }

    /// Activities, focus segments, tasks, and the focus engine's settings and saved state.
    ///
    /// As for breaks, values and ranges in the CHECKs are written out, never read from Core.
    static func createFocus(_ db: Database) throws {
        try db.create(table: "activity") { t in
            t.primaryKey("id", .text)
                .check(sql: "length(id) = 36")
            t.column("name", .text).notNull()
                .check(sql: "name <> ''")
            // `ActivityName.key(name)`: trimmed and case-folded in Swift, since NOCASE folds only ASCII.
            t.column("nameKey", .text).notNull().unique()
                .check(sql: "nameKey <> ''")
            // NULL when the activity is filed under no collection; never empty.
            t.column("collection", .text)
                .check(sql: "collection IS NULL OR collection <> ''")
            t.column("isPinned", .boolean).notNull()
                .check { [false, true].contains($0) }
            t.column("notes", .text).notNull()
        }

        try db.create(table: "focusSession") { t in
            t.primaryKey("id", .text)
                .check(sql: "length(id) = 36")
            // The activity as tagged, and its `ActivityName.key` for filtering; both NULL when untagged.
            t.column("activity", .text)
            t.column("activityKey", .text)
            t.check(sql: "(activity IS NULL) = (activityKey IS NULL)")
            t.column("mode", .text).notNull()
                .check { ["timer", "pomodoro", "stopwatch", "focus"].contains($0) }
            t.column("segment", .text).notNull()
                .check { ["focus", "shortBreak", "longBreak"].contains($0) }
            // Only a pomodoro has breaks.
            t.check(sql: "mode = 'pomodoro' OR segment = 'focus'")
            // Seconds; NULL for the modes that count up.
            t.column("planned", .double)
                .check(sql: "planned IS NULL OR planned >= 0")
            t.column("actual", .double).notNull()
                .check(sql: "actual >= 0")
            // Seconds since 1970, as for breaks.
            t.column("startedAt", .double).notNull()
            t.column("endedAt", .double).notNull()
            t.column("outcome", .text).notNull()
                .check { ["completed", "cancelled"].contains($0) }
            t.column("day", .text).notNull()
                .check(sql: dayShape("day"))
        }
        // Serves the day range and pruning.
        try db.create(index: "focusSession_on_day", on: "focusSession", columns: ["day"])
        // Serves the history's order, newest start first, ties by id.
        try db.create(index: "focusSession_on_startedAt_id", on: "focusSession", columns: ["startedAt", "id"])
        // `lockout history --activity NAME` filters by the folded name.
        try db.create(index: "focusSession_on_activityKey_startedAt", on: "focusSession", columns: ["activityKey", "startedAt"])

        try db.create(table: "task") { t in
            // AUTOINCREMENT: the id of a deleted task is never given to a new one.
            t.autoIncrementedPrimaryKey("id")
                .check { $0 > 0 }
            t.column("title", .text).notNull()
                .check(sql: "title <> ''")
            // The due day, and optionally a time on it; the time needs the day, hour and minute go together.
            t.column("dueDay", .text)
                .check(sql: "dueDay IS NULL OR (\(dayShape("dueDay")))")
            t.column("dueHour", .integer)
                .check(sql: "dueHour IS NULL OR dueHour BETWEEN 0 AND 23")
            t.column("dueMinute", .integer)
                .check(sql: "dueMinute IS NULL OR dueMinute BETWEEN 0 AND 59")
            t.check(sql: "(dueHour IS NULL) = (dueMinute IS NULL)")
            t.check(sql: "dueDay IS NOT NULL OR dueHour IS NULL")
            // The reminder preset; NULL when reminders are off. An exact reminder, and only it, has its moment.
            t.column("reminderKind", .text)
                .check(sql: "reminderKind IS NULL OR reminderKind IN ('hourBefore', 'morningOf', 'dayBefore', 'exact')")
            t.column("reminderAt", .double)
            t.check(sql: "(reminderKind IS 'exact') = (reminderAt IS NOT NULL)")
            t.column("isDone", .boolean).notNull()
                .check { [false, true].contains($0) }
        }

        try db.create(table: "focusSettings") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("timerMinutes", .integer).notNull()
                .check { (1...240).contains($0) }
            t.column("focusMinutes", .integer).notNull()
                .check { (5...120).contains($0) }
            t.column("shortBreakMinutes", .integer).notNull()
                .check { (1...30).contains($0) }
            t.column("longBreakMinutes", .integer).notNull()
                .check { (5...60).contains($0) }
            t.column("cycles", .integer).notNull()
                .check { (1...10).contains($0) }
            t.column("holdBreaksDuringFocus", .boolean).notNull()
                .check { [false, true].contains($0) }
        }

        try db.create(table: "focusRecord") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("json", .text).notNull()
                .check(sql: "json_valid(json)")
            t.column("updatedAt", .double).notNull()
        }
    }
}
