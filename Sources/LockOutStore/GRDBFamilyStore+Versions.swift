import Foundation
import GRDB
import LockOutCore

extension AppDatabase {
    /// What a device keeps so that a family server resending records — a full resync, a restored backup — takes
    /// nothing away from it:
    ///
    /// - `familyAccepted`: in an end-to-end family, the version of each record the device took (`AcceptedVersion`),
    ///   deletions and records that left with their device included, so a record pulled again is told apart from
    ///   an older version of it.
    /// - `familyRecord.stale`, `familyWaiting.stale`: during a full resync, the copies the feed has not given again
    ///   yet; only those still marked when it ends are swept (`familyResync` says one is under way).
    /// - `familyWarning`: what the device refused or could not do, per kind and device (`FamilyWarning`).
    /// - `familyJoinedName`: the names devices sealed for this parent's pairings as they joined
    ///   (`FamilyKeyState.joinedNames`), shown until a device's own sealed record names it.
    ///
    /// An end-to-end family's device pulls its feed once more from the start: copies an earlier full resync erased
    /// come back.
    static func addFamilyVersions(_ db: Database) throws {
        try db.create(table: "familyAccepted") { t in
            t.column("type", .text).notNull()
            t.column("recordID", .text).notNull()
            t.column("writer", .text).notNull().check(sql: "length(writer) = 36")
            t.column("writerCounter", .integer).notNull().check(sql: "writerCounter >= 0")
            t.column("mutationID", .text).notNull().check(sql: "length(mutationID) = 36")
            t.column("fingerprint", .text).notNull()
            t.column("committedAt", .double).notNull()
            t.column("deleted", .boolean).notNull()
            t.column("withdrawn", .boolean).notNull().defaults(to: false)
            t.primaryKey(["type", "recordID"])
        }
        try db.create(index: "familyAccepted_on_writer", on: "familyAccepted", columns: ["writer"])
        try db.alter(table: "familyRecord") { t in t.add(column: "stale", .boolean).notNull().defaults(to: false) }
        try db.alter(table: "familyWaiting") { t in t.add(column: "stale", .boolean).notNull().defaults(to: false) }
        try db.create(table: "familyResync") { t in
            t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
            t.column("startedAt", .double).notNull()
        }
        try db.create(table: "familyWarning") { t in
            // Written out, not read from `FamilyWarning.Kind`: a migration makes the same schema whatever the code says later.
            t.column("kind", .text).notNull().check {
                ["rolledBack", "tampered", "notSealed", "unsigned", "unknownWriter", "unconfirmedRemoval", "changedKeys", "rotationWaits"].contains($0)
            }
            t.column("device", .text).notNull().check(sql: "length(device) = 36")
            t.column("count", .integer).notNull().check(sql: "count >= 1")
            t.column("since", .double).notNull()
            t.column("last", .double).notNull()
            t.column("detail", .text)
            t.primaryKey(["kind", "device"])
        }
        try db.create(table: "familyJoinedName") { t in
            t.primaryKey("device", .text).check(sql: "length(device) = 36")
            t.column("name", .text).notNull()
        }
        try db.execute(sql: "UPDATE syncState SET token = '0' WHERE EXISTS (SELECT 1 FROM familyKeys WHERE endToEnd)")
    }
}

/// A record as the family's feed names it: its type and id.
public struct RecordKey: Hashable, Sendable {
    public let type: RecordType
    public let recordID: String

    public init(type: RecordType, recordID: String) {
        self.type = type
        self.recordID = recordID
    }
}

extension GRDBFamilyStore {
    /// The versions this device took of the records `keys`, by record.
    public func acceptedVersions(_ keys: [RecordKey]) throws -> [RecordKey: AcceptedVersion] {
        guard !keys.isEmpty else { return [:] }
        return try writer.read { db in
            var found: [RecordKey: AcceptedVersion] = [:]
            let statement = try db.cachedStatement(sql: "SELECT * FROM familyAccepted WHERE type = ? AND recordID = ?")
            for key in Set(keys) {
                guard let row = try Row.fetchOne(statement, arguments: [key.type.rawValue, key.recordID]), let version = Self.version(row) else { continue }
                found[key] = version
            }
            return found
        }
    }

    static func version(_ row: Row) -> AcceptedVersion? {
        guard let type = RecordType(rawValue: row["type"]), let writer = UUID(uuidString: row["writer"]),
              let mutation = UUID(uuidString: row["mutationID"]), let counter = UInt64(exactly: row["writerCounter"] as Int64)
        else { return nil }
        return AcceptedVersion(
            type: type, recordID: row["recordID"], writer: DeviceID(rawValue: writer), writerCounter: counter,
            mutationID: MutationID(rawValue: mutation), fingerprint: row["fingerprint"],
            committedAt: Date(timeIntervalSince1970: row["committedAt"]), deleted: row["deleted"], withdrawn: row["withdrawn"]
        )
    }

    static func keep(_ db: Database, _ version: AcceptedVersion) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO familyAccepted (type, recordID, writer, writerCounter, mutationID, fingerprint, committedAt, deleted, withdrawn)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
            """, arguments: [version.type.rawValue, version.recordID, version.writer.description, Int64(clamping: version.writerCounter),
                             version.mutationID.description, version.fingerprint, version.committedAt.timeIntervalSince1970, version.deleted])
    }

    /// Whether a full resync is under way: its pages are being pulled, and nothing is swept before its last one.
    public func isResyncing() throws -> Bool {
        try writer.read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM familyResync") ?? false }
    }

    // MARK: - Names

    /// Keeps the names devices sealed for this device's pairings as they joined.
    public func saveJoinedNames(_ names: [DeviceID: String]) throws {
        guard !names.isEmpty else { return }
        try writer.write { db in
            for (device, name) in names {
                try db.execute(sql: "INSERT OR REPLACE INTO familyJoinedName (device, name) VALUES (?, ?)", arguments: [device.description, name])
            }
        }
    }

    /// The names devices sealed as they joined, by device.
    public func joinedNames() throws -> [DeviceID: String] {
        try writer.read { db in
            var names: [DeviceID: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT device, name FROM familyJoinedName") {
                guard let id = UUID(uuidString: row["device"]) else { continue }
                names[DeviceID(rawValue: id)] = row["name"]
            }
            return names
        }
    }

    // MARK: - Warnings

    /// Counts `count` more of `kind` about `device` at `now`; `detail` replaces the one kept.
    public func warn(_ kind: FamilyWarning.Kind, about device: DeviceID, count: Int = 1, detail: String? = nil, now: Date) throws {
        guard count > 0 else { return }
        try writer.write { db in try Self.warn(db, kind, about: device, count: count, detail: detail, now: now) }
    }

    static func warn(_ db: Database, _ kind: FamilyWarning.Kind, about device: DeviceID, count: Int, detail: String?, now: Date) throws {
        try db.execute(sql: """
            INSERT INTO familyWarning (kind, device, count, since, last, detail) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (kind, device) DO UPDATE SET count = count + excluded.count, last = excluded.last,
                detail = coalesce(excluded.detail, detail)
            """, arguments: [kind.rawValue, device.description, count, now.timeIntervalSince1970, now.timeIntervalSince1970, detail])
    }

    /// Forgets the warnings of `kind` about every device but `still` (what was wrong is no longer so).
    public func clearWarnings(_ kind: FamilyWarning.Kind, except still: Set<DeviceID>) throws {
        try writer.write { db in
            let devices = try String.fetchAll(db, sql: "SELECT device FROM familyWarning WHERE kind = ?", arguments: [kind.rawValue])
            for device in devices where !still.contains(where: { $0.description == device }) {
                try db.execute(sql: "DELETE FROM familyWarning WHERE kind = ? AND device = ?", arguments: [kind.rawValue, device])
            }
        }
    }

    /// The warnings still shown at `now` (`FamilyWarning.isShown`), newest first.
    public func warnings(shownAt now: Date) throws -> [FamilyWarning] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM familyWarning WHERE last > ? ORDER BY last DESC, kind",
                             arguments: [now.timeIntervalSince1970 - FamilyWarning.shownFor])
                .compactMap { row -> FamilyWarning? in
                    guard let kind = FamilyWarning.Kind(rawValue: row["kind"]), let device = UUID(uuidString: row["device"]) else { return nil }
                    return FamilyWarning(kind: kind, device: DeviceID(rawValue: device), count: row["count"],
                                         since: Date(timeIntervalSince1970: row["since"]), last: Date(timeIntervalSince1970: row["last"]),
                                         detail: row["detail"])
                }
        }
    }
}
