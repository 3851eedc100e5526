import Foundation
import GRDB
import LockOutCore

/// The device's family state: identity, membership, the outbox, the sync progress, the pulled records and the
/// commands applied. Every method is one transaction.
public struct GRDBFamilyStore: Sendable {
    let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) { self.writer = writer }

    // MARK: - Identity and membership

    /// This device's identity; the first call chooses its id and names it `defaultName`.
    public func identity(defaultName: String) throws -> DeviceIdentity {
        try writer.write { db in try Self.identity(db, defaultName: defaultName) }
    }

    /// Sets the mode (nil: no mode) and, when given, the name, checked by the rule the family server applies.
    public func setMode(_ mode: DeviceMode?, name: String?, defaultName: String) throws -> DeviceIdentity {
        let name = try name.map(DeviceIdentity.validName)
        return try writer.write { db in
            var identity = try Self.identity(db, defaultName: defaultName)
            identity.mode = mode
            if let name { identity.name = name }
            try Self.save(db, identity)
            return identity
        }
    }

    /// Takes `id` as this device's id: a device recovering a family becomes the recovery code's device. Only
    /// outside a family.
    public func adoptIdentity(_ id: DeviceID) throws {
        try writer.write { db in
            _ = try Self.identity(db, defaultName: "LockOut device")
            try db.execute(sql: "UPDATE familyDevice SET deviceID = ?", arguments: [id.description])
        }
    }

    /// The family this device joined, if any.
    public func membership() throws -> FamilyMembership? {
        try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM familyMembership"),
                  let server = URL(string: row["server"]), let family = UUID(uuidString: row["familyID"])
            else { return nil }
            return FamilyMembership(server: server, family: FamilyID(rawValue: family), token: row["token"],
                                    joinedAt: Date(timeIntervalSince1970: row["joinedAt"]))
        }
    }

    /// Joins a family: keeps the membership, starts the feed from the beginning, and queues `registration`
    /// (the device's record), all at once.
    public func join(_ membership: FamilyMembership, registration: SyncMutation, now: Date) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT INTO familyMembership (id, server, familyID, token, joinedAt) VALUES (1, ?, ?, ?, ?)",
                           arguments: [membership.server.absoluteString, membership.family.description, membership.token,
                                       membership.joinedAt.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM syncState")
            try db.execute(sql: "DELETE FROM familyRecord")
            try db.execute(sql: "DELETE FROM settingsSync")
            // Whether the family is end-to-end stays (it is chosen before joining); what was learnt of keys goes, but
            // for the device's writer counter, which never goes back: a device removed and paired again is read on.
            try Self.forgetKeys(db)
            try db.execute(sql: "DELETE FROM familyWaiting")
            for table in ["familyAccepted", "familyResync", "familyWarning"] { try db.execute(sql: "DELETE FROM \(table)") }
            try Self.enqueue(db, registration, now: now)
        }
    }

    /// Leaves the family and forgets the mode: the pairing, the outbox, the pulled records and the sync
    /// progress go; the device's id and its own history stay.
    public func reset() throws {
        try writer.write { db in
            for table in ["familyMembership", "syncOutbox", "syncState", "familyRecord", "appliedCommand", "settingsSync", "familySummary",
                          "familyWaiting", "familyPairing", "familyChildName", "familyAccepted", "familyResync", "familyWarning", "familyJoinedName"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try Self.forgetKeys(db)
            try db.execute(sql: "UPDATE familyKeys SET endToEnd = 0")
            try db.execute(sql: "UPDATE familyDevice SET mode = NULL")
        }
    }

    // MARK: - Outbox

    /// Queues `mutation` last.
    public func enqueue(_ mutation: SyncMutation, now: Date) throws {
        try writer.write { db in try Self.enqueue(db, mutation, now: now) }
    }

    /// Queues `mutation` in place of a queued one for the same record: a newer day summary replaces an
    /// unsent one. Sending both would be harmless too (the record is replaced on the server).
    public func enqueueReplacing(_ mutation: SyncMutation, now: Date) throws {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM syncOutbox WHERE status = 'queued' AND type = ? AND recordID = ?",
                           arguments: [mutation.type.rawValue, mutation.recordID])
            try Self.enqueue(db, mutation, now: now)
        }
    }

    // MARK: - Day summaries

    /// Days of queued summaries are kept this long, then forgotten.
    public static let summaryDaysKept = 60

    /// Queues `summary`'s mutation in place of an unsent one for its day and remembers it as the day's newest,
    /// in one transaction; days older than `summaryDaysKept` before it are forgotten.
    public func queueSummary(_ summary: DailySummary, id: MutationID, calendar: Calendar, now: Date) throws {
        let mutation = try DailySummaryBuilder.mutation(summary, id: id)
        let json = try SyncJSON.body(summary)
        let oldest = summary.date.adding(days: -Self.summaryDaysKept, in: calendar)
        try writer.write { db in
            try db.execute(sql: "DELETE FROM syncOutbox WHERE status = 'queued' AND type = ? AND recordID = ?",
                           arguments: [mutation.type.rawValue, mutation.recordID])
            try Self.enqueue(db, mutation, now: now)
            try db.execute(sql: "INSERT OR REPLACE INTO familySummary (day, json) VALUES (?, ?)", arguments: [summary.date.description, json])
            try db.execute(sql: "DELETE FROM familySummary WHERE day < ?", arguments: [oldest.description])
        }
    }

    /// The newest summary queued for `day`; nil when none was.
    public func queuedSummary(for day: LocalDate) throws -> DailySummary? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM familySummary WHERE day = ?", arguments: [day.description])
        }.flatMap { try? SyncJSON.record(DailySummary.self, from: $0) }
    }

    /// The latest day a summary was queued for; nil when none was.
    public func newestSummaryDay() throws -> LocalDate? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT max(day) FROM familySummary")
        }.flatMap { LocalDate(iso: $0) }
    }

    /// The first `limit` queued items, in queueing order.
    public func queued(limit: Int) throws -> [SyncQueueItem] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM syncOutbox WHERE status = 'queued' ORDER BY position LIMIT ?", arguments: [limit])
                .compactMap(Self.item)
        }
    }

    /// The items refused for good.
    public func failedItems() throws -> [SyncQueueItem] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM syncOutbox WHERE status = 'failed' ORDER BY position").compactMap(Self.item)
        }
    }

    /// How many items wait, and how many were refused for good.
    public func counts() throws -> (queued: Int, failed: Int) {
        try writer.read { db in
            let queued = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncOutbox WHERE status = 'queued'") ?? 0
            let failed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncOutbox WHERE status = 'failed'") ?? 0
            return (queued, failed)
        }
    }

    /// Settles a push's results: committed (or committed before) items leave the outbox, refused ones
    /// move to the failed state with the reason.
    public func settle(_ results: [SyncAPI.MutationResult], now: Date) throws {
        try writer.write { db in
            for result in results {
                switch result.status {
                case .applied, .duplicate:
                    try db.execute(sql: "DELETE FROM syncOutbox WHERE mutationID = ?", arguments: [result.id.description])
                case .rejected:
                    try db.execute(sql: """
                        UPDATE syncOutbox SET status = 'failed', lastError = ?, lastAttempt = ?, retryCount = retryCount + 1
                        WHERE mutationID = ?
                        """, arguments: [result.reason ?? "refused", now.timeIntervalSince1970, result.id.description])
                }
            }
        }
    }

    /// Marks `items` as tried and failed: transiently (they stay queued) or for good.
    public func attempted(_ items: [SyncQueueItem], failure: SyncFailure, now: Date) throws {
        try writer.write { db in
            for item in items {
                try db.execute(sql: """
                    UPDATE syncOutbox SET retryCount = retryCount + 1, lastAttempt = ?, lastError = ?, status = ?
                    WHERE position = ?
                    """, arguments: [now.timeIntervalSince1970, failure.description, failure.isTransient ? "queued" : "failed", item.position])
            }
        }
    }

    /// Queues every failed item again, in its old place; answers how many.
    public func retryFailed() throws -> Int {
        try writer.write { db in
            try db.execute(sql: "UPDATE syncOutbox SET status = 'queued', lastError = NULL WHERE status = 'failed'")
            let count = db.changesCount
            try Self.updateProgress(db) { $0.failedNotified = 0; $0.failures = 0; $0.nextAttempt = nil }
            return count
        }
    }

    // MARK: - Progress and the pulled records

    /// Where sync stands.
    public func progress() throws -> SyncProgress {
        try writer.read { db in try Self.progress(db) }
    }

    /// Changes `progress` in one transaction.
    public func updateProgress(_ change: @escaping @Sendable (inout SyncProgress) -> Void) throws {
        try writer.write { db in try Self.updateProgress(db, change) }
    }

    /// Keeps a pulled page and its token together, in one transaction.
    ///
    /// In an end-to-end family the page holds the records opened, with their `versions`; `waiting` those under a
    /// key this device does not hold yet, kept aside (`waitingForKey`); `held` those whose copy here stays as it is
    /// (delivered again, or refused as older than it).
    ///
    /// A full resync (`resync`, then pages until `moreComing` is false) wipes nothing before it has been read: the
    /// copies held are marked stale when it starts, each one the feed gives again is unmarked, and when it ends the
    /// copies still marked are swept — those committed up to the server's newest commit, whose tombstones the
    /// server pruned. Newer ones stay: a server restored from an older backup lost them, this device did not.
    public func storePulled(
        _ page: SyncAPI.Changes, waiting: [SyncChange] = [], held: [RecordKey] = [], versions: [AcceptedVersion] = [], now: Date
    ) throws {
        try writer.write { db in
            if page.resync {
                try db.execute(sql: "UPDATE familyRecord SET stale = 1")
                try db.execute(sql: "UPDATE familyWaiting SET stale = 1")
                try db.execute(sql: "INSERT INTO familyResync (id, startedAt) VALUES (1, ?)", arguments: [now.timeIntervalSince1970])
            }
            for version in versions { try Self.keep(db, version) }
            for change in page.changes { try Self.store(db, change) }
            for key in held {
                try db.execute(sql: "UPDATE familyRecord SET stale = 0 WHERE type = ? AND recordID = ?", arguments: [key.type.rawValue, key.recordID])
            }
            for change in waiting { try Self.wait(db, change) }
            if !page.moreComing, try Bool.fetchOne(db, sql: "SELECT 1 FROM familyResync") == true {
                try Self.sweepStale(db, upTo: ChangeToken.seq(page.token) ?? 0)
            }
            try Self.updateProgress(db) { $0.token = page.token }
        }
    }

    /// Ends a full resync: the copies it did not give again, committed up to `newest`, go (and their versions are
    /// kept as gone); the rest are current.
    static func sweepStale(_ db: Database, upTo newest: Int64) throws {
        try db.execute(sql: """
            UPDATE familyAccepted SET withdrawn = 1
            WHERE (type, recordID) IN (SELECT type, recordID FROM familyRecord WHERE stale AND seq <= ?)
            """, arguments: [newest])
        try db.execute(sql: "DELETE FROM familyRecord WHERE stale AND seq <= ?", arguments: [newest])
        try db.execute(sql: "DELETE FROM familyWaiting WHERE stale AND seq <= ?", arguments: [newest])
        try db.execute(sql: "UPDATE familyRecord SET stale = 0 WHERE stale")
        try db.execute(sql: "UPDATE familyWaiting SET stale = 0 WHERE stale")
        try db.execute(sql: "DELETE FROM familyResync")
    }

    /// Keeps one pulled change: the newest version of its record, or its deletion.
    static func store(_ db: Database, _ change: SyncChange) throws {
        if change.deleted {
            try db.execute(sql: "DELETE FROM familyRecord WHERE type = ? AND recordID = ?", arguments: [change.type.rawValue, change.recordID])
            if change.type == .device {
                // A deleted device takes what it wrote, and what was sent to it, along; a copy of it is not taken back.
                try db.execute(sql: """
                    UPDATE familyAccepted SET withdrawn = 1
                    WHERE writer = ? OR (type, recordID) IN (SELECT type, recordID FROM familyRecord WHERE target = ?)
                    """, arguments: [change.recordID, change.recordID])
                try db.execute(sql: "DELETE FROM familyRecord WHERE owner = ? OR target = ?", arguments: [change.recordID, change.recordID])
            }
            return
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO familyRecord (type, recordID, seq, owner, ownerMode, target, localDate, committedAt, body, stale)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
            """, arguments: [change.type.rawValue, change.recordID, change.seq, change.owner.description,
                             change.ownerMode.rawValue, change.target?.description, change.localDate?.description,
                             change.committedAt.timeIntervalSince1970, change.body])
    }

    /// Pulled records of `type`, optionally only those written by `owner` or sent to `target`, in commit order.
    public func records(_ type: RecordType, owner: DeviceID? = nil, target: DeviceID? = nil) throws -> [SyncChange] {
        try writer.read { db in
            var sql = "SELECT * FROM familyRecord WHERE type = ?"
            var arguments: StatementArguments = [type.rawValue]
            if let owner { sql += " AND owner = ?"; arguments += [owner.description] }
            if let target { sql += " AND target = ?"; arguments += [target.description] }
            return try Row.fetchAll(db, sql: sql + " ORDER BY seq", arguments: arguments).compactMap(Self.change)
        }
    }

    /// Pulled records of `type` for `day` or a later one, in commit order.
    public func records(_ type: RecordType, onOrAfter day: LocalDate) throws -> [SyncChange] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM familyRecord WHERE type = ? AND localDate >= ? ORDER BY seq",
                             arguments: [type.rawValue, day.description]).compactMap(Self.change)
        }
    }

    /// The newest commit of a pulled record of `type` that another device than `device` wrote; 0 when none.
    public func newestSeq(of type: RecordType, notWrittenBy device: DeviceID) throws -> Int64 {
        try writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(seq) FROM familyRecord WHERE type = ? AND owner <> ?",
                               arguments: [type.rawValue, device.description]) ?? 0
        }
    }

    /// The body of this device's record `recordID` of `type` as it last went out: the newest queued (or failed) in the
    /// outbox, else the one pulled back from the server; nil when neither holds it.
    public func ownBody(_ type: RecordType, recordID: String, device: DeviceID) throws -> String? {
        try writer.read { db in
            if let queued = try String.fetchOne(db, sql: """
                SELECT body FROM syncOutbox WHERE type = ? AND recordID = ? AND NOT deleted ORDER BY position DESC LIMIT 1
                """, arguments: [type.rawValue, recordID]) {
                return queued
            }
            return try String.fetchOne(db, sql: "SELECT body FROM familyRecord WHERE type = ? AND recordID = ? AND owner = ?",
                                       arguments: [type.rawValue, recordID, device.description])
        }
    }

    /// Commands sent to `device` that it has not carried out yet, in the order the parent sent them.
    public func pendingCommands(for device: DeviceID) throws -> [ConfigurationCommand] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT body FROM familyRecord
                WHERE type = 'command' AND target = ? AND recordID NOT IN (SELECT commandID FROM appliedCommand)
                ORDER BY seq
                """, arguments: [device.description])
                .compactMap { row in try? SyncJSON.record(ConfigurationCommand.self, from: row["body"]) }
        }
    }

    /// Notes that a command was carried out (or refused) and queues its acknowledgement, at once: after a
    /// crash before this, the command is applied again, which changes nothing.
    public func commandFinished(_ ack: CommandAcknowledgement, mutation: SyncMutation, now: Date) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO appliedCommand (commandID, appliedAt, status, reason) VALUES (?, ?, ?, ?)",
                           arguments: [ack.commandID.description, now.timeIntervalSince1970, ack.status.rawValue, ack.reason])
            try Self.enqueue(db, mutation, now: now)
        }
    }

    // MARK: - Settings sync

    /// Where settings sync stands, or a fresh state.
    public func settingsSync() throws -> SettingsSyncState {
        try writer.read { db in
            guard let json = try String.fetchOne(db, sql: "SELECT json FROM settingsSync") else { return SettingsSyncState() }
            return try JSONDecoder().decode(SettingsSyncState.self, from: Data(json.utf8))
        }
    }

    /// Keeps the settings sync state, and queues `patch` with it when there is one, at once.
    public func saveSettingsSync(_ state: SettingsSyncState, queueing patch: SyncMutation? = nil, now: Date) throws {
        let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        try writer.write { db in
            try db.execute(sql: "INSERT INTO settingsSync (id, json) VALUES (1, ?)", arguments: [json])
            if let patch { try Self.enqueue(db, patch, now: now) }
        }
    }

    /// The fields of the settings patches still waiting in the outbox.
    public func pendingSettingsFields() throws -> Set<SharedSettingField> {
        try writer.read { db in
            let bodies = try String.fetchAll(db, sql: "SELECT body FROM syncOutbox WHERE type = 'settings' AND status = 'queued'")
            return Set(bodies.compactMap { try? SyncJSON.record(SharedSettingsPatch.self, from: $0) }.flatMap(\.values.keys))
        }
    }
}
