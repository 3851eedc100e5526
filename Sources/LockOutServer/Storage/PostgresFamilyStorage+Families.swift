import Foundation
import LockOutCore
import PostgresNIO

extension PostgresFamilyStorage {
    public func createFamily(id: FamilyID, first: SyncAPI.CreateFamily, tokenHash: Data, now: Date) async throws -> Caller {
        try await transaction { connection in
            guard try await !Self.deviceExists(connection, first.deviceID, self.logger) else { throw StorageRefusal.deviceExists }
            try await connection.query("INSERT INTO family (id, createdAt) VALUES (\(id.description), \(now.timeIntervalSince1970))", logger: self.logger)
            try await Self.insertDevice(connection, id: first.deviceID, family: id, name: first.deviceName, mode: first.mode,
                                        parent: nil, tokenHash: tokenHash, now: now, logger: self.logger)
            return Caller(device: first.deviceID, family: id, mode: first.mode)
        }
    }

    public func authenticate(tokenHash: Data, now: Date) async throws -> Caller? {
        // A read; seen-at is written at most once per device and minute, not per request.
        let rows = try await client.query("""
            SELECT id, familyID, mode, childName, lastSeenAt FROM device WHERE tokenHash = \(ByteBuffer(bytes: tokenHash)) AND revokedAt IS NULL
            """, logger: logger)
        var found: (Caller, Double?)?
        for try await (id, family, mode, childName, seen) in rows.decode((String, String, String, String?, Double?).self) {
            found = (try Self.caller(id, family, mode, childName: childName), seen)
        }
        guard let (caller, lastSeen) = found else { return nil }
        if lastSeen.map({ $0 < now.timeIntervalSince1970 - 60 }) ?? true {
            try await client.query("UPDATE device SET lastSeenAt = \(now.timeIntervalSince1970) WHERE id = \(caller.device.description)", logger: logger)
        }
        return caller
    }

    public func createPairing(
        caller: Caller, mode: DeviceMode, childName: String?, welcome: String?, secretHash: Data, expiresAt: Date, now: Date
    ) async throws {
        try await transaction { connection in
            let role = try await Self.activeRole(connection, caller, self.logger)
            guard role == .parentDevice || (role == .personalDevice && mode == .personalDevice) else {
                throw StorageRefusal.forbidden("a \(role.word) device cannot pair a \(mode.word) device")
            }
            guard childName == nil || mode == .childDevice else { throw StorageRefusal.invalid("only a child's device is paired with a child name") }
            try await connection.query("""
                INSERT INTO pairing (secretHash, familyID, createdBy, mode, expiresAt, childName, welcome)
                VALUES (\(ByteBuffer(bytes: secretHash)), \(caller.family.description), \(caller.device.description), \(mode.rawValue),
                        \(expiresAt.timeIntervalSince1970), \(childName), \(welcome))
                """, logger: self.logger)
        }
    }

    public func redeem(_ redeem: SyncAPI.Redeem, secretHash: Data, tokenHash: Data, now: Date) async throws -> (caller: Caller, welcome: String?) {
        try await transaction { connection in
            // Claiming the pairing locks its row: a second redeemer waits here, then finds it claimed.
            let claimed = try await connection.query("""
                UPDATE pairing SET redeemedBy = \(redeem.deviceID.description), redeemedAt = \(now.timeIntervalSince1970)
                WHERE secretHash = \(ByteBuffer(bytes: secretHash)) AND familyID = \(redeem.familyID.description)
                    AND redeemedBy IS NULL AND expiresAt > \(now.timeIntervalSince1970)
                    AND EXISTS (SELECT 1 FROM device WHERE device.id = pairing.createdBy AND device.familyID = pairing.familyID
                                AND device.revokedAt IS NULL)
                RETURNING createdBy, mode, childName, welcome
                """, logger: self.logger)
            var found: (String, String, String?, String?)?
            for try await row in claimed.decode((String, String, String?, String?).self) { found = row }
            guard let (createdBy, modeText, childName, welcome) = found else { throw StorageRefusal.pairingInvalid }
            let mode = try Self.mode(modeText)
            guard mode == redeem.mode else { throw StorageRefusal.pairingModeMismatch(expected: mode) }
            guard welcome == nil || (redeem.publicKeys != nil && redeem.pairingProof != nil) else { throw StorageRefusal.pairingNeedsKeys }
            guard try await !Self.deviceExists(connection, redeem.deviceID, self.logger) else { throw StorageRefusal.deviceExists }
            try await Self.insertDevice(connection, id: redeem.deviceID, family: redeem.familyID, name: redeem.deviceName, mode: mode,
                                        parent: DeviceID(uuidString: createdBy), childName: childName, tokenHash: tokenHash, now: now,
                                        logger: self.logger)
            if let keys = redeem.publicKeys {
                try await connection.query("""
                    UPDATE device SET agreementKey = \(Base64URL.encode(Data(keys.agreement))), signingKey = \(Base64URL.encode(Data(keys.signing))),
                        pairingProof = \(redeem.pairingProof?.text), sealedName = \(redeem.sealedName) WHERE id = \(redeem.deviceID.description)
                    """, logger: self.logger)
            }
            return (Caller(device: redeem.deviceID, family: redeem.familyID, mode: mode, childName: childName), welcome)
        }
    }

    public func devices(caller: Caller, now: Date) async throws -> [RegisteredDevice] {
        try await transaction { connection in
            let role = try await Self.activeRole(connection, caller, self.logger)
            let rows = role == .parentDevice
                ? try await connection.query("""
                    SELECT id, name, mode, parentDeviceID, registeredAt, lastSeenAt, revokedAt, childName FROM device
                    WHERE familyID = \(caller.family.description) ORDER BY registeredAt, id
                    """, logger: self.logger)
                : try await connection.query("""
                    SELECT id, name, mode, parentDeviceID, registeredAt, lastSeenAt, revokedAt, childName FROM device
                    WHERE familyID = \(caller.family.description) AND id = \(caller.device.description)
                    """, logger: self.logger)
            return try await Self.registeredDevices(rows)
        }
    }

    public func renameDevice(caller: Caller, device: DeviceID, name: String, now: Date) async throws -> RegisteredDevice {
        try await transaction { connection in
            let role = try await Self.activeRole(connection, caller, self.logger)
            guard role == .parentDevice || device == caller.device else { throw StorageRefusal.forbidden("only a parent renames other devices") }
            let rows = try await connection.query("""
                UPDATE device SET name = \(name) WHERE id = \(device.description) AND familyID = \(caller.family.description)
                RETURNING id, name, mode, parentDeviceID, registeredAt, lastSeenAt, revokedAt, childName
                """, logger: self.logger)
            guard let renamed = try await Self.registeredDevices(rows).first else { throw StorageRefusal.unknownDevice }
            return renamed
        }
    }

    public func revokeDevice(caller: Caller, device: DeviceID, rotations: [EpochCommit], now: Date) async throws -> FamilyPoke {
        try await transaction { connection in
            try await Self.requireParent(connection, caller, self.logger)
            try EpochDecision.checkRotations(rotations, caller: caller, revoked: device)
            // A parent rotating a scope meanwhile: one waits here for the other, then finds the epoch taken (`staleEpoch`).
            try await Self.lockFamily(connection, caller.family, self.logger)
            let parentsLeft = try await Self.count(connection.query("""
                SELECT 1 FROM device WHERE familyID = \(caller.family.description) AND mode = 'parentDevice' AND revokedAt IS NULL
                    AND id <> \(device.description)
                """, logger: self.logger))
            guard parentsLeft > 0 else { throw StorageRefusal.lastParent }
            let rows = try await connection.query("""
                UPDATE device SET revokedAt = COALESCE(revokedAt, \(now.timeIntervalSince1970))
                WHERE id = \(device.description) AND familyID = \(caller.family.description) RETURNING mode
                """, logger: self.logger)
            guard let revoked = try await Self.mode(of: rows) else { throw StorageRefusal.unknownDevice }
            // Thrown inside the transaction: a refused rotation leaves the device active and nothing committed.
            let roster = try await Self.roster(connection, caller.family, self.logger)
            for rotation in rotations {
                try await Self.commit(connection, rotation, caller: caller, roster: roster, now: now, self.logger)
            }
            let seq = try await Self.bump(connection, caller.family, self.logger)
            let keys = FamilyPoke.KeyReaders.device(revoked, .epochs(rotations, roster: roster))
            let poke = FamilyPoke(family: caller.family, seq: seq, writer: caller.device, reach: .init(writerMode: caller.mode, keys: keys))
            try await Self.notify(connection, poke, self.logger)
            return poke
        }
    }

    public func deleteDevice(caller: Caller, device: DeviceID, now: Date) async throws -> FamilyPoke {
        try await transaction { connection in
            try await Self.requireParent(connection, caller, self.logger)
            guard device != caller.device else { throw StorageRefusal.forbidden("a parent cannot delete its own device: delete the family") }
            let family = caller.family.description, id = device.description
            let rows = try await connection.query("DELETE FROM device WHERE id = \(id) AND familyID = \(family) RETURNING mode", logger: self.logger)
            guard let deleted = try await Self.mode(of: rows) else { throw StorageRefusal.unknownDevice }
            try await connection.query("DELETE FROM record WHERE familyID = \(family) AND (owner = \(id) OR target = \(id))", logger: self.logger)
            let seq = try await Self.bump(connection, caller.family, self.logger)
            try await Self.upsert(connection, family: caller.family, seq: seq, owner: caller.device, ownerMode: .parentDevice, now: now,
                                  mutation: SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: id, deleted: true, body: ""),
                                  logger: self.logger)
            let reach = FamilyPoke.Reach(writerMode: .parentDevice, records: [.init(type: .device)], keys: .device(deleted))
            let poke = FamilyPoke(family: caller.family, seq: seq, writer: caller.device, reach: reach)
            try await Self.notify(connection, poke, self.logger)
            return poke
        }
    }

    public func deleteFamily(caller: Caller) async throws {
        try await transaction { connection in
            try await Self.requireParent(connection, caller, self.logger)
            try await connection.query("DELETE FROM family WHERE id = \(caller.family.description)", logger: self.logger)
        }
    }

    public func prune(usageBefore before: LocalDate, tombstonesBefore: Date, now: Date) async throws -> Int {
        try await transaction { connection in
            let cutoff = tombstonesBefore.timeIntervalSince1970
            var total = try await Self.count(connection.query(
                "DELETE FROM record WHERE type IN ('usage', 'dailySummary', 'healthTotals') AND localDate < \(before.description) RETURNING 1",
                logger: self.logger))
            try await connection.query("""
                UPDATE family SET prunedSeq = GREATEST(prunedSeq, pruned.seq)
                FROM (SELECT familyID, MAX(seq) AS seq FROM record WHERE deleted AND committedAt < \(cutoff) GROUP BY familyID) AS pruned
                WHERE family.id = pruned.familyID
                """, logger: self.logger)
            total += try await Self.count(connection.query("DELETE FROM record WHERE deleted AND committedAt < \(cutoff) RETURNING 1", logger: self.logger))
            total += try await Self.count(connection.query(
                "DELETE FROM pairing WHERE expiresAt < \(now.timeIntervalSince1970 - 86_400) RETURNING 1", logger: self.logger))
            total += try await Self.count(connection.query("DELETE FROM mutation WHERE rememberedAt < \(cutoff) RETURNING 1", logger: self.logger))
            return total
        }
    }

    /// The mode a `RETURNING mode` answered; nil when no row was.
    static func mode(of rows: PostgresRowSequence) async throws -> DeviceMode? {
        for try await text in rows.decode(String.self) { return try mode(text) }
        return nil
    }
}
