import Foundation
import GRDB
import LockOutCore

extension SQLiteFamilyStorage {
    public func setPublicKeys(caller: Caller, keys: DevicePublicKeys, now: Date) async throws {
        try await write { db in
            _ = try Self.activeRole(db, caller)
            let stored = try Self.publicKeys(Row.fetchOne(db.cachedStatement(sql: "SELECT agreementKey, signingKey FROM device WHERE id = ?"),
                                                          arguments: [caller.device.description]))
            if let stored {
                guard stored == keys else { throw StorageRefusal.keysAlreadySet }
                return
            }
            try db.execute(sql: "UPDATE device SET agreementKey = ?, signingKey = ? WHERE id = ? AND agreementKey IS NULL",
                           arguments: [Base64URL.encode(Data(keys.agreement)), Base64URL.encode(Data(keys.signing)), caller.device.description])
        }
    }

    public func commitEpoch(caller: Caller, commit: EpochCommit, now: Date) async throws -> FamilyPoke {
        try await write { db in
            try Self.requireParent(db, caller)
            let roster = try Self.roster(db, caller.family)
            try Self.commit(db, commit, caller: caller, roster: roster, now: now)
            let seq = try Self.bump(db, caller.family, by: 1)
            return FamilyPoke(family: caller.family, seq: seq, writer: caller.device,
                              reach: .init(writerMode: caller.mode, keys: .epochs([commit], roster: roster)))
        }
    }

    /// Checks `commit` against `roster` and the scope's newest epoch (`EpochDecision`), then stores it with its wraps.
    static func commit(_ db: Database, _ commit: EpochCommit, caller: Caller, roster: EpochDecision.Roster, now: Date) throws {
        let family = caller.family.description, scope = commit.scope.description
        let current = try currentEpoch(db, caller.family, commit.scope)
        try EpochDecision.check(commit, caller: caller, facts: .init(roster: roster, current: current))
        try db.cachedStatement(sql: """
            INSERT INTO scope_epoch (familyID, scope, epoch, document, committedBy, committedAt) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [family, scope, Int64(commit.epoch), try StoredKeys.document(commit), caller.device.description,
                                     now.timeIntervalSince1970])
        for wrap in commit.wraps {
            try db.cachedStatement(sql: "INSERT INTO epoch_wrap (familyID, scope, epoch, recipient, wrap) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [family, scope, Int64(commit.epoch), wrap.recipient.description, try StoredKeys.document(wrap)])
        }
    }

    /// The family's active devices with their public keys, read in this transaction.
    static func roster(_ db: Database, _ family: FamilyID) throws -> EpochDecision.Roster {
        var roster: EpochDecision.Roster = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            SELECT id, mode, agreementKey, signingKey, childName FROM device WHERE familyID = ? AND revokedAt IS NULL
            """), arguments: [family.description]) {
            guard let id = DeviceID(uuidString: row["id"]) else { continue }
            roster[id] = (try mode(row["mode"]), try publicKeys(row), row["childName"])
        }
        return roster
    }

    public func keys(caller: Caller) async throws -> SyncAPI.Keys {
        try read { db in
            let role = try Self.activeRole(db, caller)
            let family = caller.family.description, me = caller.device.description
            let visible = role == .parentDevice ? "" : "AND (mode = 'parentDevice' OR id = :me)"
            let devices = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, mode, agreementKey, signingKey, childName, pairingProof, sealedName FROM device
                WHERE familyID = :family AND revokedAt IS NULL AND agreementKey IS NOT NULL \(visible)
                ORDER BY registeredAt, id
                """), arguments: ["family": family, "me": me]).compactMap { row -> SyncAPI.DeviceKey? in
                guard let id = DeviceID(uuidString: row["id"]), let keys = try Self.publicKeys(row) else { return nil }
                return SyncAPI.DeviceKey(deviceID: id, mode: try Self.mode(row["mode"]), publicKeys: keys, childName: row["childName"],
                                         pairingProof: (row["pairingProof"] as String?).flatMap(PairingProof.init(text:)), sealedName: row["sealedName"])
            }
            let epochs = try Row.fetchAll(db.cachedStatement(sql: Self.epochsSQL), arguments: ["family": family, "me": me]).map { row in
                try StoredKeys.servedCommit(document: row["document"], wrap: row["wrap"])
            }
            let scopes = role != .parentDevice ? [] : try Row.fetchAll(db.cachedStatement(sql: """
                SELECT scope, MAX(epoch) AS epoch FROM scope_epoch WHERE familyID = ? GROUP BY scope ORDER BY scope
                """), arguments: [family]).compactMap { row -> SyncAPI.ScopeEpoch? in
                guard let scope = KeyScope(row["scope"] as String), let epoch = UInt32(exactly: row["epoch"] as Int64) else { return nil }
                return SyncAPI.ScopeEpoch(scope: scope, epoch: epoch)
            }
            return SyncAPI.Keys(devices: devices, epochs: epochs, scopes: scopes)
        }
    }

    /// Every epoch of each scope whose newest epoch wraps a key for `:me`, with `:me`'s wrap where it has one.
    static let epochsSQL = """
        SELECT e.document, w.wrap FROM scope_epoch AS e
        LEFT JOIN epoch_wrap AS w ON w.familyID = e.familyID AND w.scope = e.scope AND w.epoch = e.epoch AND w.recipient = :me
        WHERE e.familyID = :family AND e.scope IN (
            SELECT mine.scope FROM epoch_wrap AS mine WHERE mine.familyID = :family AND mine.recipient = :me
                AND mine.epoch = (SELECT MAX(newest.epoch) FROM scope_epoch AS newest WHERE newest.familyID = :family AND newest.scope = mine.scope))
        ORDER BY e.scope, e.epoch
        """

    /// The current epoch of `scope` in `family`; 0 before the first.
    static func currentEpoch(_ db: Database, _ family: FamilyID, _ scope: KeyScope) throws -> UInt32 {
        UInt32(try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(epoch) FROM scope_epoch WHERE familyID = ? AND scope = ?"),
                                  arguments: [family.description, scope.description]) ?? 0)
    }

    /// The newest epoch of `scope` in `family` with the members its commit names; nil before the first.
    static func newestEpoch(
        _ db: Database, _ family: FamilyID, _ scope: KeyScope, known: EpochMembers
    ) throws -> (epoch: UInt32, members: [DeviceID])? {
        let arguments: StatementArguments = [family.description, scope.description]
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT epoch, committedAt FROM scope_epoch WHERE familyID = ? AND scope = ? ORDER BY epoch DESC LIMIT 1
            """), arguments: arguments) else { return nil }
        let epoch = UInt32(clamping: row["epoch"] as Int64)
        let key = EpochMembers.Key(family: family, scope: scope, epoch: epoch, committedAt: row["committedAt"])
        if let members = known.members(key) { return (epoch, members) }
        return (epoch, try known.remember(key, document: String.fetchOne(
            db.cachedStatement(sql: "SELECT document FROM scope_epoch WHERE familyID = ? AND scope = ? AND epoch = ?"),
            arguments: arguments + [Int64(epoch)])))
    }

    /// The family's active devices, by id alone.
    static func activeDevices(_ db: Database, _ family: FamilyID) throws -> Set<DeviceID> {
        Set(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM device WHERE familyID = ? AND revokedAt IS NULL"),
                                arguments: [family.description]).compactMap(DeviceID.init(uuidString:)))
    }

    static func publicKeys(_ row: Row?) throws -> DevicePublicKeys? {
        guard let row else { return nil }
        return try StoredKeys.publicKeys(agreement: row["agreementKey"], signing: row["signingKey"])
    }
}
