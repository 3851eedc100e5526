import Foundation
import GRDB
import LockOutCore

extension SQLiteFamilyStorage {
    public func push(
        caller: Caller, mutations: [SyncMutation], now: Date, limits: StorageLimits
    ) async throws -> ([SyncAPI.MutationResult], FamilyPoke?) {
        try await write { db in
            let writer = try Self.pushingWriter(db, caller)
            var highestCounter = writer.counter
            let endToEnd = writer.familyEndToEnd
            // Each scope's newest epoch, read once per push, and the family's active devices, read when one has an epoch.
            var scopes: [KeyScope: EpochDecision.ScopeState] = [:]
            var active: Set<DeviceID>?
            var tally = StorageTally(writer: caller.device)
            var results: [SyncAPI.MutationResult] = []
            var committed: [SyncMutation] = []
            var newest: Int64?
            for mutation in mutations {
                var facts = try Self.facts(db, mutation, caller: caller)
                facts.highestWriterCounter = highestCounter
                facts.familyEndToEnd = endToEnd
                if let scope = mutation.keyScope {
                    var state = scopes[scope]
                    if state == nil {
                        let newest = try Self.newestEpoch(db, caller.family, scope, known: self.epochMembers)
                        if newest != nil, active == nil { active = try Self.activeDevices(db, caller.family) }
                        state = EpochDecision.ScopeState(newest: newest, active: active ?? [])
                        scopes[scope] = state
                    }
                    facts.currentEpoch = state?.current ?? 0
                    facts.rotationPending = state?.rotationPending ?? false
                }
                switch PushDecision.decide(mutation, caller: caller, facts: facts, now: now) {
                case .repeatResult(let result):
                    results.append(result)
                case .staleEpoch(let scope, let current):
                    // Thrown inside the transaction: nothing of the push stays, and nothing is remembered.
                    throw StorageRefusal.staleEpoch(scope: scope, current: current)
                case .rotationPending(let scope):
                    throw StorageRefusal.rotationPending(scope: scope)
                case .reject(let refusal):
                    try Self.remember(db, caller, mutation.id, seq: nil, status: .rejected, reason: refusal.description, now: now)
                    results.append(SyncAPI.MutationResult(id: mutation.id, status: .rejected, seq: nil, reason: refusal.description))
                case .commit:
                    let seq = try Self.bump(db, caller.family, by: 1)
                    try Self.upsert(db, family: caller.family, seq: seq, owner: caller.device, ownerMode: caller.mode, now: now, mutation: mutation)
                    try Self.remember(db, caller, mutation.id, seq: seq, status: .applied, reason: nil, now: now)
                    tally.commit(mutation, over: facts)
                    highestCounter = max(highestCounter, mutation.writerCounter ?? 0)
                    results.append(SyncAPI.MutationResult(id: mutation.id, status: .applied, seq: seq, reason: nil))
                    committed.append(mutation)
                    newest = seq
                }
            }
            try Self.setWriterCounter(db, caller, highestCounter)
            // Thrown inside the transaction: a refused push leaves nothing behind.
            if tally.grows {
                let (device, family) = try Self.stored(db, caller)
                try tally.check(limits, device: device, family: family)
            }
            let reach = FamilyPoke.Reach(committed: committed, by: caller)
            return (results, newest.map { FamilyPoke(family: caller.family, seq: $0, writer: caller.device, reach: reach) })
        }
    }

    public func changes(caller: Caller, since: Int64, limit: Int, resuming: Bool) async throws -> ChangePage {
        try read { db in
            let role = try Self.activeRole(db, caller)
            guard let family = try Row.fetchOne(db.cachedStatement(sql: "SELECT seq, prunedSeq FROM family WHERE id = ?"),
                                                arguments: [caller.family.description])
            else { throw StorageRefusal.unauthenticated }
            let current: Int64 = family["seq"]
            let pruned: Int64 = family["prunedSeq"]
            let resync = ChangePage.startsResync(since: since, resuming: resuming, current: current, pruned: pruned)
            let start = resync ? 0 : since
            let me = caller.device.description
            // `WritePolicy.canRead`: health totals reach the same person's devices alone.
            let visibility: String
            switch role {
            case .parentDevice: visibility = "(owner = :me OR type <> 'healthTotals')"
            case .childDevice:
                visibility = """
                    (owner = :me OR (type <> 'healthTotals' AND target = :me)
                        OR (type = 'healthTotals' AND ownerMode = 'childDevice' AND owner IN (
                            SELECT sibling.id FROM device AS sibling JOIN device AS me ON me.id = :me
                            WHERE sibling.familyID = :family AND sibling.childName = me.childName AND sibling.mode = 'childDevice')))
                    """
            case .personalDevice:
                visibility = """
                    (owner = :me OR (type <> 'healthTotals' AND (target = :me OR type IN ('settings', 'device')))
                        OR (type = 'healthTotals' AND ownerMode = 'personalDevice'))
                    """
            }
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM record WHERE familyID = :family AND seq > :since AND \(visibility)
                ORDER BY seq LIMIT :limit
                """), arguments: ["family": caller.family.description, "since": start, "me": me, "limit": limit + 1])
            let page = try rows.prefix(limit).map(Self.change)
            let moreComing = rows.count > limit
            let lastSeq = moreComing ? (page.last?.seq ?? start) : max(start, current)
            return ChangePage(changes: page, lastSeq: lastSeq, moreComing: moreComing, resync: resync, resyncGoesOn: moreComing && (resync || resuming))
        }
    }

    // MARK: - Statements

    static func facts(_ db: Database, _ mutation: SyncMutation, caller: Caller) throws -> PushDecision.Facts {
        var facts = PushDecision.Facts()
        // The writer's own answer, else one remembered before writers were told apart.
        if let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT seq, status, reason FROM mutation WHERE familyID = ? AND device IN (?, '') AND id = ? ORDER BY device DESC LIMIT 1
            """), arguments: [caller.family.description, caller.device.description, mutation.id.description]) {
            let status = SyncAPI.MutationResult.Status(rawValue: row["status"]) ?? .applied
            facts.earlier = SyncAPI.MutationResult(id: mutation.id, status: status, seq: row["seq"], reason: row["reason"])
        }
        // An answer given before, or an envelope refused anyway, needs nothing else (and a record id PostgreSQL
        // cannot bind, with a NUL, is never sent to it).
        guard facts.earlier == nil, WritePolicy.check(mutation, writer: caller.device, mode: caller.mode) == nil else { return facts }
        if let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT owner, bytes FROM record WHERE familyID = ? AND type = ? AND recordID = ?"),
                                      arguments: [caller.family.description, mutation.type.rawValue, mutation.recordID]) {
            facts.storedOwner = DeviceID(uuidString: row["owner"])
            facts.storedBytes = row["bytes"]
        }
        if let target = mutation.target {
            facts.targetMode = try String.fetchOne(db.cachedStatement(sql: """
                SELECT mode FROM device WHERE id = ? AND familyID = ? AND revokedAt IS NULL
                """), arguments: [target.description, caller.family.description]).flatMap(DeviceMode.init(rawValue:))
        }
        if mutation.type == .commandAck {
            facts.commandIsForWriter = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM record WHERE familyID = ? AND type = 'command' AND recordID = ? AND target = ? AND NOT deleted)
                """), arguments: [caller.family.description, mutation.recordID, caller.device.description]) ?? false
        }
        return facts
    }

    static func upsert(_ db: Database, family: FamilyID, seq: Int64, owner: DeviceID, ownerMode: DeviceMode, now: Date, mutation: SyncMutation) throws {
        try db.cachedStatement(sql: """
            INSERT INTO record (familyID, type, recordID, seq, owner, ownerMode, target, localDate, deleted, body, committedAt, bytes,
                mutationID, keyScope, keyEpoch, writerCounter)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (familyID, type, recordID) DO UPDATE SET
                seq = excluded.seq, owner = excluded.owner, ownerMode = excluded.ownerMode, target = excluded.target,
                localDate = excluded.localDate, deleted = excluded.deleted, body = excluded.body, committedAt = excluded.committedAt,
                bytes = excluded.bytes, mutationID = excluded.mutationID, keyScope = excluded.keyScope, keyEpoch = excluded.keyEpoch, writerCounter = excluded.writerCounter
            """).execute(arguments: [
                family.description, mutation.type.rawValue, mutation.recordID, seq, owner.description, ownerMode.rawValue,
                mutation.target?.description, mutation.localDate?.description, mutation.deleted, StorageLimits.storedBody(of: mutation),
                now.timeIntervalSince1970, StorageLimits.bytes(of: mutation), mutation.id.description,
                mutation.sealing?.scope.description, mutation.sealing.map { Int64($0.epoch) }, mutation.sealing.map { Int64($0.writerCounter) },
            ])
    }

    /// What a push needs to know of its writer, in one statement of the writing transaction: that it is still an
    /// active device of its family (deny by default), the highest writer counter it committed, and whether its
    /// family has gone end to end.
    static func pushingWriter(_ db: Database, _ caller: Caller) throws -> (counter: UInt64, familyEndToEnd: Bool) {
        let family = caller.family.description
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT writerCounter, EXISTS (SELECT 1 FROM scope_epoch WHERE familyID = ?) AS endToEnd
            FROM device WHERE id = ? AND familyID = ? AND revokedAt IS NULL
            """), arguments: [family, caller.device.description, family])
        else { throw StorageRefusal.unauthenticated }
        let counter: Int64? = row["writerCounter"]
        return (UInt64(max(0, counter ?? 0)), row["endToEnd"])
    }

    static func setWriterCounter(_ db: Database, _ caller: Caller, _ counter: UInt64) throws {
        guard counter > 0 else { return }
        try db.cachedStatement(sql: "UPDATE device SET writerCounter = ? WHERE id = ? AND writerCounter < ?")
            .execute(arguments: [Int64(counter), caller.device.description, Int64(counter)])
    }

    static func remember(
        _ db: Database, _ writer: Caller, _ id: MutationID, seq: Int64?, status: SyncAPI.MutationResult.Status, reason: String?, now: Date
    ) throws {
        try db.cachedStatement(sql: "INSERT INTO mutation (familyID, device, id, seq, status, reason, rememberedAt) VALUES (?, ?, ?, ?, ?, ?, ?)")
            .execute(arguments: [writer.family.description, writer.device.description, id.description, seq, status.rawValue, reason,
                                 now.timeIntervalSince1970])
    }

    /// What the caller and its family store, in bytes.
    static func stored(_ db: Database, _ caller: Caller) throws -> (device: Int, family: Int) {
        let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT COALESCE(SUM(CASE WHEN owner = ? THEN bytes END), 0) AS device, COALESCE(SUM(bytes), 0) AS family
            FROM record WHERE familyID = ?
            """), arguments: [caller.device.description, caller.family.description])
        return (row?["device"] ?? 0, row?["family"] ?? 0)
    }

    /// Takes the family's next `count` commit numbers; the row stays locked until the transaction ends.
    static func bump(_ db: Database, _ family: FamilyID, by count: Int64) throws -> Int64 {
        guard let seq = try Int64.fetchOne(db.cachedStatement(sql: "UPDATE family SET seq = seq + ? WHERE id = ? RETURNING seq"),
                                           arguments: [count, family.description])
        else { throw StorageRefusal.unauthenticated }
        return seq
    }

    /// The caller's role, re-read in this transaction: deny by default when the device is gone or revoked.
    static func activeRole(_ db: Database, _ caller: Caller) throws -> DeviceMode {
        guard let text = try String.fetchOne(db.cachedStatement(sql: "SELECT mode FROM device WHERE id = ? AND familyID = ? AND revokedAt IS NULL"),
                                             arguments: [caller.device.description, caller.family.description])
        else { throw StorageRefusal.unauthenticated }
        return try mode(text)
    }

    static func requireParent(_ db: Database, _ caller: Caller) throws {
        guard try activeRole(db, caller) == .parentDevice else { throw StorageRefusal.forbidden("only a parent device may do this") }
    }

    static func deviceExists(_ db: Database, _ id: DeviceID) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM device WHERE id = ?)"), arguments: [id.description]) ?? false
    }

    static func insertDevice(
        _ db: Database, id: DeviceID, family: FamilyID, name: String, mode: DeviceMode, parent: DeviceID?, childName: String? = nil,
        tokenHash: Data, now: Date
    ) throws {
        try db.cachedStatement(sql: """
            INSERT INTO device (id, familyID, name, mode, parentDeviceID, tokenHash, registeredAt, lastSeenAt, childName)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [id.description, family.description, name, mode.rawValue, parent?.description, tokenHash,
                             now.timeIntervalSince1970, now.timeIntervalSince1970, childName])
    }

    static func mode(_ text: String?) throws -> DeviceMode {
        guard let text, let mode = DeviceMode(rawValue: text) else { throw StorageRefusal.invalid("stored mode '\(text ?? "")'") }
        return mode
    }

    static func caller(_ row: Row) throws -> Caller {
        guard let device = DeviceID(uuidString: row["id"]), let family = FamilyID(uuidString: row["familyID"]) else {
            throw StorageRefusal.invalid("stored ids")
        }
        return Caller(device: device, family: family, mode: try mode(row["mode"]), childName: row["childName"])
    }

    static func registeredDevice(_ row: Row) throws -> RegisteredDevice {
        guard let id = DeviceID(uuidString: row["id"]) else { throw StorageRefusal.invalid("stored device id") }
        let lastSeen: Double? = row["lastSeenAt"]
        let revoked: Double? = row["revokedAt"]
        return RegisteredDevice(
            deviceID: id, deviceName: row["name"], deviceType: try mode(row["mode"]), childName: row["childName"],
            parentDeviceID: DeviceID(uuidString: row["parentDeviceID"]),
            registrationDate: Date(timeIntervalSince1970: row["registeredAt"]),
            lastSyncDate: lastSeen.map(Date.init(timeIntervalSince1970:)), isActive: revoked == nil
        )
    }

    static func change(_ row: Row) throws -> SyncChange {
        guard let owner = DeviceID(uuidString: row["owner"]), let type = RecordType(rawValue: row["type"]) else {
            throw StorageRefusal.invalid("stored record")
        }
        let localDate: String? = row["localDate"]
        return SyncChange(
            seq: row["seq"], owner: owner, ownerMode: try mode(row["ownerMode"]),
            committedAt: Date(timeIntervalSince1970: row["committedAt"]), type: type, recordID: row["recordID"],
            target: DeviceID(uuidString: row["target"]), localDate: localDate.flatMap(LocalDate.init(iso:)),
            deleted: row["deleted"], body: row["body"], mutationID: MutationID(uuidString: row["mutationID"]),
            sealing: try RecordSealing.stored(scope: row["keyScope"], epoch: row["keyEpoch"], counter: row["writerCounter"])
        )
    }
}
