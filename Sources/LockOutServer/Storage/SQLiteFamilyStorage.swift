import Foundation
import GRDB
import LockOutCore

/// The family server's storage in one SQLite file (WAL): nothing to install, one household on one machine.
public final class SQLiteFamilyStorage: FamilyStorage {
    /// The database; tests and tools write to it directly, the storage's own writes go through `commits`.
    let writer: DatabasePool
    /// Every write goes through it: writes that arrive together commit in one transaction (`GroupCommit`).
    let commits: GroupCommit
    /// What a push reads of the family's epochs, remembered (`EpochMembers`).
    let epochMembers = EpochMembers()

    /// Opens (creating) the database at `path` and migrates it.
    public init(path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        var configuration = Configuration()
        configuration.label = "LockOutServer"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        writer = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(writer)
        commits = GroupCommit(writer)
    }

    /// A read on the calling thread, in a snapshot of its own: SQLite answers one in microseconds, less than
    /// handing it to another thread and back would cost.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// A write in the next group commit, answered once it is durable.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await commits.write(body)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (id, statements) in ServerSchema.migrations(.sqlite) {
            migrator.registerMigration(id) { db in
                for statement in statements { try db.execute(sql: statement) }
            }
        }
        return migrator
    }

    public func ping() async throws {
        _ = try read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: - Families, devices, pairing

    public func createFamily(id: FamilyID, first: SyncAPI.CreateFamily, tokenHash: Data, now: Date) async throws -> Caller {
        try await write { db in
            guard try Self.deviceExists(db, first.deviceID) == false else { throw StorageRefusal.deviceExists }
            try db.execute(sql: "INSERT INTO family (id, createdAt) VALUES (?, ?)", arguments: [id.description, now.timeIntervalSince1970])
            try Self.insertDevice(db, id: first.deviceID, family: id, name: first.deviceName, mode: first.mode,
                                  parent: nil, tokenHash: tokenHash, now: now)
            return Caller(device: first.deviceID, family: id, mode: first.mode)
        }
    }

    public func authenticate(tokenHash: Data, now: Date) async throws -> Caller? {
        // A read, concurrent with other readers; the one write — seen-at, moved in steps of a minute — happens
        // at most once per device and minute, not per request.
        let found = try read { db -> (Caller, Double?)? in
            guard let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, familyID, mode, childName, lastSeenAt FROM device WHERE tokenHash = ? AND revokedAt IS NULL"),
                arguments: [tokenHash]
            ) else { return nil }
            return (try Self.caller(row), row["lastSeenAt"])
        }
        guard let (caller, lastSeen) = found else { return nil }
        if lastSeen.map({ $0 < now.timeIntervalSince1970 - 60 }) ?? true {
            try await write { db in
                try db.execute(sql: "UPDATE device SET lastSeenAt = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, caller.device.description])
            }
        }
        return caller
    }

    public func createPairing(
        caller: Caller, mode: DeviceMode, childName: String?, welcome: String?, secretHash: Data, expiresAt: Date, now: Date
    ) async throws {
        try await write { db in
            let role = try Self.activeRole(db, caller)
            guard role == .parentDevice || (role == .personalDevice && mode == .personalDevice) else {
                throw StorageRefusal.forbidden("a \(role.word) device cannot pair a \(mode.word) device")
            }
            guard childName == nil || mode == .childDevice else { throw StorageRefusal.invalid("only a child's device is paired with a child name") }
            try db.execute(
                sql: "INSERT INTO pairing (secretHash, familyID, createdBy, mode, expiresAt, childName, welcome) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [secretHash, caller.family.description, caller.device.description, mode.rawValue, expiresAt.timeIntervalSince1970,
                            childName, welcome]
            )
        }
    }

    public func redeem(_ redeem: SyncAPI.Redeem, secretHash: Data, tokenHash: Data, now: Date) async throws -> (caller: Caller, welcome: String?) {
        // One writer at a time: the check and the claim below cannot interleave with another redeemer.
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT createdBy, mode, childName, welcome FROM pairing
                WHERE secretHash = ? AND familyID = ? AND redeemedBy IS NULL AND expiresAt > ?
                    AND EXISTS (SELECT 1 FROM device WHERE device.id = pairing.createdBy AND device.familyID = pairing.familyID
                                AND device.revokedAt IS NULL)
                """, arguments: [secretHash, redeem.familyID.description, now.timeIntervalSince1970])
            else { throw StorageRefusal.pairingInvalid }
            let mode = try Self.mode(row["mode"])
            guard mode == redeem.mode else { throw StorageRefusal.pairingModeMismatch(expected: mode) }
            let welcome: String? = row["welcome"]
            guard welcome == nil || (redeem.publicKeys != nil && redeem.pairingProof != nil) else { throw StorageRefusal.pairingNeedsKeys }
            guard try Self.deviceExists(db, redeem.deviceID) == false else { throw StorageRefusal.deviceExists }
            try db.execute(
                sql: "UPDATE pairing SET redeemedBy = ?, redeemedAt = ? WHERE secretHash = ? AND redeemedBy IS NULL",
                arguments: [redeem.deviceID.description, now.timeIntervalSince1970, secretHash]
            )
            guard db.changesCount == 1 else { throw StorageRefusal.pairingInvalid }
            try Self.insertDevice(db, id: redeem.deviceID, family: redeem.familyID, name: redeem.deviceName, mode: mode,
                                  parent: DeviceID(uuidString: row["createdBy"]), childName: row["childName"], tokenHash: tokenHash, now: now)
            if let keys = redeem.publicKeys {
                try db.execute(sql: "UPDATE device SET agreementKey = ?, signingKey = ?, pairingProof = ?, sealedName = ? WHERE id = ?", arguments: [
                    Base64URL.encode(Data(keys.agreement)), Base64URL.encode(Data(keys.signing)), redeem.pairingProof?.text,
                    redeem.sealedName, redeem.deviceID.description,
                ])
            }
            return (Caller(device: redeem.deviceID, family: redeem.familyID, mode: mode, childName: row["childName"]), welcome)
        }
    }

    public func devices(caller: Caller, now: Date) async throws -> [RegisteredDevice] {
        try read { db in
            let role = try Self.activeRole(db, caller)
            let rows: [Row]
            if role == .parentDevice {
                rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM device WHERE familyID = ? ORDER BY registeredAt, id"),
                                        arguments: [caller.family.description])
            } else {
                rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM device WHERE familyID = ? AND id = ?"),
                                        arguments: [caller.family.description, caller.device.description])
            }
            return try rows.map(Self.registeredDevice)
        }
    }

    public func renameDevice(caller: Caller, device: DeviceID, name: String, now: Date) async throws -> RegisteredDevice {
        try await write { db in
            let role = try Self.activeRole(db, caller)
            guard role == .parentDevice || device == caller.device else {
                throw StorageRefusal.forbidden("only a parent renames other devices")
            }
            try db.execute(sql: "UPDATE device SET name = ? WHERE id = ? AND familyID = ?",
                           arguments: [name, device.description, caller.family.description])
            guard db.changesCount == 1,
                  let row = try Row.fetchOne(db, sql: "SELECT * FROM device WHERE id = ?", arguments: [device.description])
            else { throw StorageRefusal.unknownDevice }
            return try Self.registeredDevice(row)
        }
    }

    public func revokeDevice(caller: Caller, device: DeviceID, rotations: [EpochCommit], now: Date) async throws -> FamilyPoke {
        try await write { db in
            try Self.requireParent(db, caller)
            try EpochDecision.checkRotations(rotations, caller: caller, revoked: device)
            let parentsLeft = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM device WHERE familyID = ? AND mode = 'parentDevice' AND revokedAt IS NULL AND id <> ?
                """, arguments: [caller.family.description, device.description]) ?? 0
            guard parentsLeft > 0 else { throw StorageRefusal.lastParent }
            guard let revoked = try String.fetchOne(db, sql: """
                UPDATE device SET revokedAt = COALESCE(revokedAt, ?) WHERE id = ? AND familyID = ? RETURNING mode
                """, arguments: [now.timeIntervalSince1970, device.description, caller.family.description])
            else { throw StorageRefusal.unknownDevice }
            // Thrown inside the transaction: a refused rotation leaves the device active and nothing committed.
            let roster = try Self.roster(db, caller.family)
            for rotation in rotations {
                try Self.commit(db, rotation, caller: caller, roster: roster, now: now)
            }
            let seq = try Self.bump(db, caller.family, by: 1)
            let keys = FamilyPoke.KeyReaders.device(try Self.mode(revoked), .epochs(rotations, roster: roster))
            return FamilyPoke(family: caller.family, seq: seq, writer: caller.device, reach: .init(writerMode: caller.mode, keys: keys))
        }
    }

    public func deleteDevice(caller: Caller, device: DeviceID, now: Date) async throws -> FamilyPoke {
        try await write { db in
            try Self.requireParent(db, caller)
            guard device != caller.device else { throw StorageRefusal.forbidden("a parent cannot delete its own device: delete the family") }
            guard let deleted = try String.fetchOne(db, sql: "DELETE FROM device WHERE id = ? AND familyID = ? RETURNING mode",
                                                    arguments: [device.description, caller.family.description])
            else { throw StorageRefusal.unknownDevice }
            try db.execute(sql: "DELETE FROM record WHERE familyID = ? AND (owner = ? OR target = ?)",
                           arguments: [caller.family.description, device.description, device.description])
            // A tombstone tells the family's other devices to drop what they hold of it.
            let seq = try Self.bump(db, caller.family, by: 1)
            try Self.upsert(db, family: caller.family, seq: seq, owner: caller.device, ownerMode: .parentDevice, now: now,
                            mutation: SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: device.description,
                                                   deleted: true, body: ""))
            let reach = FamilyPoke.Reach(writerMode: .parentDevice, records: [.init(type: .device)], keys: .device(try Self.mode(deleted)))
            return FamilyPoke(family: caller.family, seq: seq, writer: caller.device, reach: reach)
        }
    }

    public func deleteFamily(caller: Caller) async throws {
        try await write { db in
            try Self.requireParent(db, caller)
            try db.execute(sql: "DELETE FROM family WHERE id = ?", arguments: [caller.family.description])
        }
    }

    public func prune(usageBefore before: LocalDate, tombstonesBefore: Date, now: Date) async throws -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM record WHERE type IN ('usage', 'dailySummary', 'healthTotals') AND localDate < ?",
                           arguments: [before.description])
            var count = db.changesCount
            try db.execute(sql: """
                UPDATE family SET prunedSeq = MAX(prunedSeq, (SELECT MAX(seq) FROM record
                    WHERE record.familyID = family.id AND deleted AND committedAt < ?))
                WHERE EXISTS (SELECT 1 FROM record WHERE record.familyID = family.id AND deleted AND committedAt < ?)
                """, arguments: [tombstonesBefore.timeIntervalSince1970, tombstonesBefore.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM record WHERE deleted AND committedAt < ?", arguments: [tombstonesBefore.timeIntervalSince1970])
            count += db.changesCount
            try db.execute(sql: "DELETE FROM pairing WHERE expiresAt < ?", arguments: [now.timeIntervalSince1970 - 86_400])
            count += db.changesCount
            try db.execute(sql: "DELETE FROM mutation WHERE rememberedAt < ?", arguments: [tombstonesBefore.timeIntervalSince1970])
            count += db.changesCount
            return count
        }
    }
}
