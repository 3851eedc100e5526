import GRDB

extension AppDatabase {
    /// The health gate: its record and settings as JSON in single-row tables, and daily health totals,
    /// manual entries per day and metric apart from each import source's per-day totals.
    static func createHealthGate(_ db: Database) throws {
        for table in ["gateRecord", "gateSettings"] {
            try db.create(table: table) { t in
                t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
                t.column("json", .text).notNull()
                t.column("updatedAt", .double).notNull()
            }
        }
        let dayShape = "length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"
        let metrics = ["steps", "energy", "exercise"]
        try db.create(table: "healthManual") { t in
            t.column("day", .text).notNull().check(sql: dayShape)
            t.column("metric", .text).notNull().check { metrics.contains($0) }
            t.column("value", .double).notNull().check { $0 >= 0 }
            t.primaryKey(["day", "metric"])
        }
        try db.create(table: "healthImported") { t in
            t.column("source", .text).notNull().check { length($0) > 0 }
            t.column("day", .text).notNull().check(sql: dayShape)
            t.column("metric", .text).notNull().check { metrics.contains($0) }
            t.column("value", .double).notNull().check { $0 >= 0 }
            t.primaryKey(["source", "day", "metric"])
        }
        // Reading a day's totals looks up every source by day.
        try db.create(index: "healthImported_on_day", on: "healthImported", columns: ["day", "metric"])
    }

    /// The gate log: one row per entry, the event as JSON, kept a year.
    static func createGateLog(_ db: Database) throws {
        try db.create(table: "gateLog") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("at", .double).notNull().indexed()
            t.column("event", .text).notNull()
            t.column("json", .text).notNull()
        }
    }
}
