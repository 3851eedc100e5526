import Foundation
import LockOutCore
import Logging
import PostgresNIO

extension PostgresFamilyStorage {
    public func setPublicKeys(caller: Caller, keys: DevicePublicKeys, now: Date) async throws {
        try await transaction { connection in
            _ = try await Self.activeRole(connection, caller, self.logger)
            let rows = try await connection.query(
                "SELECT agreementKey, signingKey FROM device WHERE id = \(caller.device.description) FOR UPDATE", logger: self.logger)
            var stored: DevicePublicKeys?
            for try await (agreement, signing) in rows.decode((String?, String?).self) {
                stored = try StoredKeys.publicKeys(agreement: agreement, signing: signing)
            }
            if let stored {
                guard stored == keys else { throw StorageRefusal.keysAlreadySet }
                return
            }
            try await connection.query("""
                UPDATE device SET agreementKey = \(Base64URL.encode(Data(keys.agreement))), signingKey = \(Base64URL.encode(Data(keys.signing)))
                WHERE id = \(caller.device.description) AND agreementKey IS NULL
                """, logger: self.logger)
        }
    }

    public func commitEpoch(caller: Caller, commit: EpochCommit, now: Date) async throws -> FamilyPoke {
        try await transaction { connection in
            try await Self.requireParent(connection, caller, self.logger)
            // Two parents rotating at once: the second waits here, then finds the epoch taken (`staleEpoch`).
            try await Self.lockFamily(connection, caller.family, self.logger)
            let roster = try await Self.roster(connection, caller.family, self.logger)
            try await Self.commit(connection, commit, caller: caller, roster: roster, now: now, self.logger)
            let seq = try await Self.bump(connection, caller.family, self.logger)
            let poke = FamilyPoke(family: caller.family, seq: seq, writer: caller.device,
                                  reach: .init(writerMode: caller.mode, keys: .epochs([commit], roster: roster)))
            try await Self.notify(connection, poke, self.logger)
            return poke
        }
    }

    /// Checks `commit` against `roster` and the scope's newest epoch (`EpochDecision`), then stores it with its wraps;
    /// the family's row is locked already.
    static func commit(
        _ connection: PostgresConnection, _ commit: EpochCommit, caller: Caller, roster: EpochDecision.Roster, now: Date, _ logger: Logger
    ) async throws {
        let family = caller.family.description, scope = commit.scope.description
        let current = try await currentEpoch(connection, caller.family, commit.scope, logger)
        try EpochDecision.check(commit, caller: caller, facts: .init(roster: roster, current: current))
        try await connection.query("""
            INSERT INTO scope_epoch (familyID, scope, epoch, document, committedBy, committedAt)
            VALUES (\(family), \(scope), \(Int64(commit.epoch)), \(try StoredKeys.document(commit)), \(caller.device.description),
                    \(now.timeIntervalSince1970))
            """, logger: logger)
        for wrap in commit.wraps {
            try await connection.query("""
                INSERT INTO epoch_wrap (familyID, scope, epoch, recipient, wrap)
                VALUES (\(family), \(scope), \(Int64(commit.epoch)), \(wrap.recipient.description), \(try StoredKeys.document(wrap)))
                """, logger: logger)
        }
    }

    /// The family's active devices with their public keys, read in this transaction.
    static func roster(_ connection: PostgresConnection, _ family: FamilyID, _ logger: Logger) async throws -> EpochDecision.Roster {
        var roster: EpochDecision.Roster = [:]
        let devices = try await connection.query("""
            SELECT id, mode, agreementKey, signingKey, childName FROM device WHERE familyID = \(family.description) AND revokedAt IS NULL
            """, logger: logger)
        for try await (id, mode, agreement, signing, childName) in devices.decode((String, String, String?, String?, String?).self) {
            guard let device = DeviceID(uuidString: id) else { continue }
            roster[device] = (try self.mode(mode), try StoredKeys.publicKeys(agreement: agreement, signing: signing), childName)
        }
        return roster
    }

    public func keys(caller: Caller) async throws -> SyncAPI.Keys {
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: self.logger)
            let role = try await Self.activeRole(connection, caller, self.logger)
            let family = caller.family.description, me = caller.device.description
            let rows = try await connection.query("""
                SELECT id, mode, agreementKey, signingKey, childName, pairingProof, sealedName FROM device
                WHERE familyID = \(family) AND revokedAt IS NULL AND agreementKey IS NOT NULL
                    AND (\(role == .parentDevice) OR mode = 'parentDevice' OR id = \(me))
                ORDER BY registeredAt, id
                """, logger: self.logger)
            var devices: [SyncAPI.DeviceKey] = []
            for try await (id, mode, agreement, signing, childName, proof, sealedName) in rows.decode(
                (String, String, String?, String?, String?, String?, String?).self
            ) {
                guard let device = DeviceID(uuidString: id), let keys = try StoredKeys.publicKeys(agreement: agreement, signing: signing) else { continue }
                devices.append(SyncAPI.DeviceKey(deviceID: device, mode: try Self.mode(mode), publicKeys: keys, childName: childName,
                                                 pairingProof: proof.flatMap(PairingProof.init(text:)), sealedName: sealedName))
            }
            var binds = PostgresBindings()
            binds.append(family)
            binds.append(me)
            let sql = SQLiteFamilyStorage.epochsSQL.replacingOccurrences(of: ":family", with: "$1").replacingOccurrences(of: ":me", with: "$2")
            let commits = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: self.logger)
            var epochs: [EpochCommit] = []
            for try await (document, wrap) in commits.decode((String, String?).self) {
                epochs.append(try StoredKeys.servedCommit(document: document, wrap: wrap))
            }
            var scopes: [SyncAPI.ScopeEpoch] = []
            if role == .parentDevice {
                let rows = try await connection.query("""
                    SELECT scope, MAX(epoch)::BIGINT FROM scope_epoch WHERE familyID = \(family) GROUP BY scope ORDER BY scope
                    """, logger: self.logger)
                for try await (text, epoch) in rows.decode((String, Int64).self) {
                    guard let scope = KeyScope(text), let number = UInt32(exactly: epoch) else { continue }
                    scopes.append(SyncAPI.ScopeEpoch(scope: scope, epoch: number))
                }
            }
            return SyncAPI.Keys(devices: devices, epochs: epochs, scopes: scopes)
        }
    }

    /// The current epoch of `scope` in `family`; 0 before the first.
    static func currentEpoch(_ connection: PostgresConnection, _ family: FamilyID, _ scope: KeyScope, _ logger: Logger) async throws -> UInt32 {
        let rows = try await connection.query("""
            SELECT COALESCE(MAX(epoch), 0)::BIGINT FROM scope_epoch WHERE familyID = \(family.description) AND scope = \(scope.description)
            """, logger: logger)
        for try await epoch in rows.decode(Int64.self) { return UInt32(clamping: epoch) }
        return 0
    }

    /// The newest epoch of `scope` in `family` as a push sees it (`EpochDecision.ScopeState`).
    static func newestEpoch(
        _ connection: PostgresConnection, _ family: FamilyID, _ scope: KeyScope, known: EpochMembers, _ logger: Logger
    ) async throws -> EpochDecision.ScopeState {
        // One round trip: the newest epoch's number and commit time, and the family's active devices beside it.
        let rows = try await connection.query("""
            SELECT epoch, committedAt, (SELECT string_agg(id, ',') FROM device WHERE familyID = \(family.description) AND revokedAt IS NULL)
            FROM scope_epoch WHERE familyID = \(family.description) AND scope = \(scope.description)
            ORDER BY epoch DESC LIMIT 1
            """, logger: logger)
        var found: (epoch: Int64, committedAt: Double, active: String?)?
        for try await row in rows.decode((Int64, Double, String?).self) { found = row }
        guard let found else { return EpochDecision.ScopeState(newest: nil, active: []) }
        let epoch = UInt32(clamping: found.epoch)
        let key = EpochMembers.Key(family: family, scope: scope, epoch: epoch, committedAt: found.committedAt)
        let members: [DeviceID]
        if let remembered = known.members(key) {
            members = remembered
        } else {
            members = try known.remember(key, document: try await Self.epochDocument(connection, key, logger))
        }
        let active = Set((found.active ?? "").split(separator: ",").compactMap { DeviceID(uuidString: String($0)) })
        return EpochDecision.ScopeState(newest: (epoch, members), active: active)
    }

    /// The stored document of the commit `key` names; nil when there is none.
    static func epochDocument(_ connection: PostgresConnection, _ key: EpochMembers.Key, _ logger: Logger) async throws -> String? {
        let rows = try await connection.query("""
            SELECT document FROM scope_epoch WHERE familyID = \(key.family.description) AND scope = \(key.scope.description)
                AND epoch = \(Int64(key.epoch))
            """, logger: logger)
        for try await document in rows.decode(String.self) { return document }
        return nil
    }
}
