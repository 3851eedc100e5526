import Foundation
import GRDB
import LockOutCore

extension GRDBFamilyStore {
    static func identity(_ db: Database, defaultName: String) throws -> DeviceIdentity {
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM familyDevice"), let id = UUID(uuidString: row["deviceID"]) {
            let mode: String? = row["mode"]
            return DeviceIdentity(id: DeviceID(rawValue: id), name: row["name"], mode: mode.flatMap(DeviceMode.init(rawValue:)))
        }
        let name = (try? DeviceIdentity.validName(defaultName)) ?? "LockOut device"
        let identity = DeviceIdentity(id: DeviceID(rawValue: UUID()), name: name, mode: nil)
        try save(db, identity)
        return identity
    }

    static func save(_ db: Database, _ identity: DeviceIdentity) throws {
        try db.execute(sql: "INSERT INTO familyDevice (id, deviceID, name, mode) VALUES (1, ?, ?, ?)",
                       arguments: [identity.id.description, identity.name, identity.mode?.rawValue])
    }

    static func enqueue(_ db: Database, _ mutation: SyncMutation, now: Date) throws {
        try db.execute(sql: """
            INSERT INTO syncOutbox (mutationID, type, recordID, target, localDate, deleted, body, createdAt, status)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued')
            """, arguments: [mutation.id.description, mutation.type.rawValue, mutation.recordID, mutation.target?.description,
                             mutation.localDate?.description, mutation.deleted, mutation.body, now.timeIntervalSince1970])
    }

    static func progress(_ db: Database) throws -> SyncProgress {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM syncState") else { return .start }
        let lastSync: Double? = row["lastSync"]
        let nextAttempt: Double? = row["nextAttempt"]
        let roundStartedAt: Double? = row["roundStartedAt"]
        return SyncProgress(
            token: row["token"], lastSync: lastSync.map(Date.init(timeIntervalSince1970:)), failures: row["failures"],
            nextAttempt: nextAttempt.map(Date.init(timeIntervalSince1970:)), lastError: row["lastError"], failedNotified: row["failedNotified"],
            roundStartedAt: roundStartedAt.map(Date.init(timeIntervalSince1970:))
        )
    }

    static func updateProgress(_ db: Database, _ change: (inout SyncProgress) -> Void) throws {
        var progress = try progress(db)
        change(&progress)
        try db.execute(sql: """
            INSERT INTO syncState (id, token, lastSync, failures, nextAttempt, lastError, failedNotified, roundStartedAt)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [progress.token, progress.lastSync?.timeIntervalSince1970, progress.failures,
                             progress.nextAttempt?.timeIntervalSince1970, progress.lastError, progress.failedNotified,
                             progress.roundStartedAt?.timeIntervalSince1970])
    }

    static func item(_ row: Row) -> SyncQueueItem? {
        guard let id = UUID(uuidString: row["mutationID"]), let type = RecordType(rawValue: row["type"]),
              let status = SyncQueueItem.Status(rawValue: row["status"])
        else { return nil }
        let target: String? = row["target"]
        let localDate: String? = row["localDate"]
        let lastAttempt: Double? = row["lastAttempt"]
        let mutation = SyncMutation(
            id: MutationID(rawValue: id), type: type, recordID: row["recordID"],
            target: target.flatMap(UUID.init(uuidString:)).map(DeviceID.init(rawValue:)),
            localDate: localDate.flatMap(LocalDate.init(iso:)), deleted: row["deleted"], body: row["body"]
        )
        return SyncQueueItem(
            position: row["position"], mutation: mutation, createdAt: Date(timeIntervalSince1970: row["createdAt"]),
            retryCount: row["retryCount"], lastAttempt: lastAttempt.map(Date.init(timeIntervalSince1970:)),
            status: status, lastError: row["lastError"]
        )
    }

    static func change(_ row: Row) -> SyncChange? {
        guard let owner = UUID(uuidString: row["owner"]), let mode = DeviceMode(rawValue: row["ownerMode"]),
              let type = RecordType(rawValue: row["type"])
        else { return nil }
        let target: String? = row["target"]
        let localDate: String? = row["localDate"]
        return SyncChange(
            seq: row["seq"], owner: DeviceID(rawValue: owner), ownerMode: mode,
            committedAt: Date(timeIntervalSince1970: row["committedAt"]), type: type, recordID: row["recordID"],
            target: target.flatMap(UUID.init(uuidString:)).map(DeviceID.init(rawValue:)),
            localDate: localDate.flatMap(LocalDate.init(iso:)), deleted: false, body: row["body"]
        )
    }
}
