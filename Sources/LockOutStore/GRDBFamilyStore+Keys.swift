import Foundation
import GRDB
import LockOutCore

extension AppDatabase {
    /// A family's end-to-end encryption on this device.
    ///
    /// - `familyKeys`: whether the family is end-to-end encrypted, and what the device keeps of its key state
    ///   (`FamilyKeyState.Snapshot`: the keys it pinned, the writer counters seen, its own counter); one row.
    /// - `familyWaiting`: pulled records under a key this device does not hold yet, as the feed gave them,
    ///   tried again after each key fetch; never dropped.
    static func addFamilyKeys(_ db: Database) throws {
        try db.create(table: "familyKeys") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("endToEnd", .boolean).notNull().defaults(to: false)
            t.column("json", .text).check(sql: "json IS NULL OR json_valid(json)")
        }
        try db.create(table: "familyWaiting") { t in
            t.primaryKey("seq", .integer)
            t.column("json", .text).notNull().check(sql: "json_valid(json)")
        }
    }

    /// - `familyPairing`: the pairings this parent device made in an end-to-end family (`PendingPairing`, with
    ///   its pairing key), by the key's id, until the device that joined with one has been checked.
    static func addFamilyPairings(_ db: Database) throws {
        try db.create(table: "familyPairing") { t in
            t.primaryKey("keyID", .text)
            t.column("json", .text).notNull().check(sql: "json_valid(json)")
            t.column("expiresAt", .double).notNull()
        }
    }

    /// - `familyChildName`: the child names a parent device gave at pairing, by the tag the server was told
    ///   instead (`FamilyKeyState.childTag`), so the parent shows the name.
    static func addFamilyChildNames(_ db: Database) throws {
        try db.create(table: "familyChildName") { t in
            t.primaryKey("tag", .text)
            t.column("name", .text).notNull()
        }
    }
}

extension GRDBFamilyStore {
    /// Whether this device's family keeps its data end-to-end encrypted.
    public func isEndToEnd() throws -> Bool {
        try writer.read { db in try Bool.fetchOne(db, sql: "SELECT endToEnd FROM familyKeys WHERE id = 1") ?? false }
    }

    /// Marks the family end-to-end encrypted on this device (or not).
    public func setEndToEnd(_ on: Bool) throws {
        try writer.write { db in
            try db.execute(sql: """
                INSERT INTO familyKeys (id, endToEnd, json) VALUES (1, ?, NULL)
                ON CONFLICT (id) DO UPDATE SET endToEnd = excluded.endToEnd
                """, arguments: [on])
        }
    }

    /// What the device kept of its key state; nil before the first end-to-end round.
    public func keySnapshot() throws -> FamilyKeyState.Snapshot? {
        try writer.read { db in try Self.keySnapshot(db) }
    }

    /// Keeps the device's key state. Its writer counter never goes back (`FamilyKeyState.writerCounter`): a state
    /// made afresh keeps the highest counter this device ever sealed with.
    public func saveKeySnapshot(_ snapshot: FamilyKeyState.Snapshot) throws {
        try writer.write { db in
            var snapshot = snapshot
            snapshot.writerCounter = max(snapshot.writerCounter, try Self.keySnapshot(db)?.writerCounter ?? 0)
            let json = String(decoding: try SyncJSON.encoder().encode(snapshot), as: UTF8.self)
            try db.execute(sql: """
                INSERT INTO familyKeys (id, endToEnd, json) VALUES (1, 1, ?)
                ON CONFLICT (id) DO UPDATE SET json = excluded.json
                """, arguments: [json])
        }
    }

    static func keySnapshot(_ db: Database) throws -> FamilyKeyState.Snapshot? {
        guard let json = try String.fetchOne(db, sql: "SELECT json FROM familyKeys WHERE id = 1") else { return nil }
        return try SyncJSON.decoder().decode(FamilyKeyState.Snapshot.self, from: Data(json.utf8))
    }

    /// Forgets what the device learnt of its family's keys, but for its writer counter: a device that leaves a
    /// family and joins again (the same id) seals on above every counter it used, which its family's devices
    /// remember of the records it wrote.
    static func forgetKeys(_ db: Database) throws {
        let counter = (try? keySnapshot(db))??.writerCounter ?? 0
        guard counter > 0 else {
            try db.execute(sql: "UPDATE familyKeys SET json = NULL")
            return
        }
        let json = String(decoding: try SyncJSON.encoder().encode(FamilyKeyState.Snapshot(writerCounter: counter)), as: UTF8.self)
        try db.execute(sql: "UPDATE familyKeys SET json = ?", arguments: [json])
    }

    /// Keeps a pairing this device made, under its key's id (`PairingKey.id`, base64url).
    public func addPendingPairing(_ pairing: PendingPairing, id: String) throws {
        let json = String(decoding: try SyncJSON.encoder().encode(pairing), as: UTF8.self)
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO familyPairing (keyID, json, expiresAt) VALUES (?, ?, ?)",
                           arguments: [id, json, pairing.expiresAt.timeIntervalSince1970])
        }
    }

    /// The pairings this device made whose joining device has not been checked yet.
    public func pendingPairings() throws -> [PendingPairing] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT json FROM familyPairing ORDER BY expiresAt").compactMap { json in
                try? SyncJSON.decoder().decode(PendingPairing.self, from: Data(json.utf8))
            }
        }
    }

    /// Forgets the pairings with the ids `used` (their devices were checked) and those that expired before
    /// `expiredBefore` (nobody joined with them in time, or ever will).
    public func forgetPairings(used: [String], expiredBefore: Date) throws {
        try writer.write { db in
            for id in used { try db.execute(sql: "DELETE FROM familyPairing WHERE keyID = ?", arguments: [id]) }
            try db.execute(sql: "DELETE FROM familyPairing WHERE expiresAt < ?", arguments: [expiredBefore.timeIntervalSince1970])
        }
    }

    /// Keeps the child name behind `tag`.
    public func saveChildName(_ name: String, tag: String) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO familyChildName (tag, name) VALUES (?, ?)", arguments: [tag, name])
        }
    }

    /// The child names this device gave, by tag.
    public func childNames() throws -> [String: String] {
        try writer.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT tag, name FROM familyChildName").map { ($0["tag"], $0["name"]) }, uniquingKeysWith: { $1 })
        }
    }

    /// The pulled records waiting for a key, in commit order.
    public func waitingForKey() throws -> [SyncChange] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT json FROM familyWaiting ORDER BY seq").compactMap { json in
                try? SyncJSON.decoder().decode(SyncChange.self, from: Data(json.utf8))
            }
        }
    }

    /// Keeps the records that opened now that their key came (`opened`, with their plaintext bodies), and takes
    /// them and the ones refused (`settled`, by commit) off the waiting list, in one transaction. A record a
    /// newer version replaced meanwhile is not brought back.
    public func resolveWaiting(opened: [SyncChange], versions: [AcceptedVersion] = [], settled: [Int64]) throws {
        try writer.write { db in
            for version in versions {
                let held = try Row.fetchOne(db, sql: "SELECT * FROM familyAccepted WHERE type = ? AND recordID = ?",
                                            arguments: [version.type.rawValue, version.recordID]).flatMap(Self.version)
                if (held?.writerCounter ?? 0) < version.writerCounter || held == nil { try Self.keep(db, version) }
            }
            for change in opened {
                let newer = try Int64.fetchOne(db, sql: "SELECT seq FROM familyRecord WHERE type = ? AND recordID = ?",
                                               arguments: [change.type.rawValue, change.recordID]) ?? 0
                if newer < change.seq { try Self.store(db, change) }
            }
            for seq in settled + opened.map(\.seq) {
                try db.execute(sql: "DELETE FROM familyWaiting WHERE seq = ?", arguments: [seq])
            }
        }
    }

    static func wait(_ db: Database, _ change: SyncChange) throws {
        let json = String(decoding: try SyncJSON.encoder().encode(change), as: UTF8.self)
        try db.execute(sql: "INSERT OR REPLACE INTO familyWaiting (seq, json, stale) VALUES (?, ?, 0)", arguments: [change.seq, json])
    }
}
