import GRDB

extension AppDatabase {
    /// The device's side of family sync.
    ///
    /// - `familyDevice`: this device's id, name and mode (one row).
    /// - `familyMembership`: the family it joined: server, family id, its token (one row, or none).
    /// - `syncOutbox`: mutations waiting for the server, in queueing order (`position`).
    /// - `syncState`: the change-feed token, the last sync, and the backoff of transient failures (one row).
    /// - `familyRecord`: the family's records as pulled (a parent's view of its children), newest version each.
    /// - `appliedCommand`: each configuration command this device carried out, so none applies twice.
    /// - `settingsSync`: a personal device's settings sync: the merge, the settings last synced, the last patch applied (one row).
    static func createFamily(_ db: Database) throws {
        try db.create(table: "familyDevice") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("deviceID", .text).notNull().check(sql: "length(deviceID) = 36")
            t.column("name", .text).notNull().check(sql: "length(name) BETWEEN 1 AND 64")
            t.column("mode", .text).check { $0 == nil || ["parentDevice", "childDevice", "personalDevice"].contains($0) }
        }
        try db.create(table: "familyMembership") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("server", .text).notNull()
            t.column("familyID", .text).notNull().check(sql: "length(familyID) = 36")
            t.column("token", .text).notNull()
            t.column("joinedAt", .double).notNull()
        }
        try db.create(table: "syncOutbox") { t in
            t.autoIncrementedPrimaryKey("position")
            t.column("mutationID", .text).notNull().unique()
            t.column("type", .text).notNull()
            t.column("recordID", .text).notNull()
            t.column("target", .text)
            t.column("localDate", .text)
            t.column("deleted", .boolean).notNull()
            t.column("body", .text).notNull()
            t.column("createdAt", .double).notNull()
            t.column("retryCount", .integer).notNull().defaults(to: 0)
            t.column("lastAttempt", .double)
            t.column("status", .text).notNull().check { ["queued", "failed"].contains($0) }
            t.column("lastError", .text)
        }
        try db.create(index: "syncOutbox_on_status", on: "syncOutbox", columns: ["status", "position"])
        try db.create(table: "syncState") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("token", .text).notNull().defaults(to: "0")
            t.column("lastSync", .double)
            t.column("failures", .integer).notNull().defaults(to: 0)
            t.column("nextAttempt", .double)
            t.column("lastError", .text)
            t.column("failedNotified", .integer).notNull().defaults(to: 0)
            t.column("roundStartedAt", .double)
        }
        try db.create(table: "familyRecord") { t in
            t.column("type", .text).notNull()
            t.column("recordID", .text).notNull()
            t.column("seq", .integer).notNull()
            t.column("owner", .text).notNull()
            t.column("ownerMode", .text).notNull()
            t.column("target", .text)
            t.column("localDate", .text)
            t.column("committedAt", .double).notNull()
            t.column("body", .text).notNull()
            t.primaryKey(["type", "recordID"])
        }
        try db.create(index: "familyRecord_on_seq", on: "familyRecord", columns: ["seq"])
        try db.create(table: "appliedCommand") { t in
            t.primaryKey("commandID", .text)
            t.column("appliedAt", .double).notNull()
            t.column("status", .text).notNull().check { ["applied", "rejected"].contains($0) }
            t.column("reason", .text)
        }
        try db.create(table: "settingsSync") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("json", .text).notNull().check(sql: "json_valid(json)")
        }
    }

    /// The newest summary queued for each day, so a day whose counts changed since — while no agent ran, or in
    /// its last minute — is sent again, across restarts.
    static func createFamilySummaries(_ db: Database) throws {
        try db.create(table: "familySummary") { t in
            t.primaryKey("day", .text)
                .check(sql: "length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
            t.column("json", .text).notNull().check(sql: "json_valid(json)")
        }
    }
}
