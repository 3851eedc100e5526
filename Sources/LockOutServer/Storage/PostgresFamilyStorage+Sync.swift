import Foundation
import LockOutCore
import Logging
import PostgresNIO

extension PostgresFamilyStorage {
    public func push(
        caller: Caller, mutations: [SyncMutation], now: Date, limits: StorageLimits
    ) async throws -> ([SyncAPI.MutationResult], FamilyPoke?) {
        try await transaction { connection in
            _ = try await Self.activeRole(connection, caller, self.logger)
            try await Self.lockFamily(connection, caller.family, self.logger)
            var highestCounter = try await Self.writerCounter(connection, caller, self.logger)
            let endToEnd = try await Self.count(connection.query(
                "SELECT 1 FROM scope_epoch WHERE familyID = \(caller.family.description) LIMIT 1", logger: self.logger)) > 0
            // Each scope's newest epoch, read once per push with the family's active devices.
            var scopes: [KeyScope: EpochDecision.ScopeState] = [:]
            var tally = StorageTally(writer: caller.device)
            var results: [SyncAPI.MutationResult] = []
            var committed: [SyncMutation] = []
            var newest: Int64?
            for mutation in mutations {
                var facts = try await Self.facts(connection, mutation, caller: caller, self.logger)
                facts.highestWriterCounter = highestCounter
                facts.familyEndToEnd = endToEnd
                if let scope = mutation.keyScope {
                    var state = scopes[scope]
                    if state == nil {
                        state = try await Self.newestEpoch(connection, caller.family, scope, known: self.epochMembers, self.logger)
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
                    try await Self.remember(connection, caller, mutation.id, seq: nil, status: .rejected, reason: refusal.description, now: now, self.logger)
                    results.append(SyncAPI.MutationResult(id: mutation.id, status: .rejected, seq: nil, reason: refusal.description))
                case .commit:
                    let seq = try await Self.bump(connection, caller.family, self.logger)
                    try await Self.upsert(connection, family: caller.family, seq: seq, owner: caller.device, ownerMode: caller.mode,
                                          now: now, mutation: mutation, logger: self.logger)
                    try await Self.remember(connection, caller, mutation.id, seq: seq, status: .applied, reason: nil, now: now, self.logger)
                    tally.commit(mutation, over: facts)
                    highestCounter = max(highestCounter, mutation.writerCounter ?? 0)
                    results.append(SyncAPI.MutationResult(id: mutation.id, status: .applied, seq: seq, reason: nil))
                    committed.append(mutation)
                    newest = seq
                }
            }
            try await Self.setWriterCounter(connection, caller, highestCounter, self.logger)
            // Thrown inside the transaction: a refused push leaves nothing behind.
            if tally.grows {
                let (device, family) = try await Self.stored(connection, caller, self.logger)
                try tally.check(limits, device: device, family: family)
            }
            let reach = FamilyPoke.Reach(committed: committed, by: caller)
            let poke = newest.map { FamilyPoke(family: caller.family, seq: $0, writer: caller.device, reach: reach) }
            if let poke { try await Self.notify(connection, poke, self.logger) }
            return (results, poke)
        }
    }

    public func changes(caller: Caller, since: Int64, limit: Int, resuming: Bool) async throws -> ChangePage {
        try await transaction { connection in
            // One snapshot for the family's counters and the records: no commit slips between them.
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: self.logger)
            let role = try await Self.activeRole(connection, caller, self.logger)
            let counters = try await connection.query("SELECT seq, prunedSeq FROM family WHERE id = \(caller.family.description)", logger: self.logger)
            var found: (Int64, Int64)?
            for try await row in counters.decode((Int64, Int64).self) { found = row }
            guard let (current, pruned) = found else { throw StorageRefusal.unauthenticated }
            let resync = ChangePage.startsResync(since: since, resuming: resuming, current: current, pruned: pruned)
            let start = resync ? 0 : since
            let family = caller.family.description, me = caller.device.description, fetch = limit + 1
            let columns = "seq, owner, ownerMode, committedAt, type, recordID, target, localDate, deleted, body, mutationID, keyScope, keyEpoch, writerCounter"
            // `WritePolicy.canRead`: health totals reach the same person's devices alone.
            let rows: PostgresRowSequence = switch role {
            case .parentDevice:
                try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT \(columns) FROM record WHERE familyID = $1 AND seq > $2 AND (owner = $4 OR type <> 'healthTotals') ORDER BY seq LIMIT $3
                    """, binds: Self.binds(family, start, fetch, me)), logger: self.logger)
            case .childDevice:
                try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT \(columns) FROM record WHERE familyID = $1 AND seq > $2
                        AND (owner = $4 OR (type <> 'healthTotals' AND target = $4)
                            OR (type = 'healthTotals' AND ownerMode = 'childDevice' AND owner IN (
                                SELECT sibling.id FROM device AS sibling JOIN device AS me ON me.id = $4
                                WHERE sibling.familyID = $1 AND sibling.childName = me.childName AND sibling.mode = 'childDevice')))
                        ORDER BY seq LIMIT $3
                    """, binds: Self.binds(family, start, fetch, me)), logger: self.logger)
            case .personalDevice:
                try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT \(columns) FROM record WHERE familyID = $1 AND seq > $2
                        AND (owner = $4 OR (type <> 'healthTotals' AND (target = $4 OR type IN ('settings', 'device')))
                            OR (type = 'healthTotals' AND ownerMode = 'personalDevice'))
                        ORDER BY seq LIMIT $3
                    """, binds: Self.binds(family, start, fetch, me)), logger: self.logger)
            }
            var changes: [SyncChange] = []
            for try await row in rows.decode(StoredChange.self) {
                changes.append(try Self.change(row))
            }
            let moreComing = changes.count > limit
            let page = Array(changes.prefix(limit))
            let lastSeq = moreComing ? (page.last?.seq ?? start) : max(start, current)
            return ChangePage(changes: page, lastSeq: lastSeq, moreComing: moreComing, resync: resync, resyncGoesOn: moreComing && (resync || resuming))
        }
    }

    static func binds(_ family: String, _ since: Int64, _ limit: Int, _ device: String? = nil) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(family)
        binds.append(since)
        binds.append(Int64(limit))
        if let device { binds.append(device) }
        return binds
    }

    static func facts(_ connection: PostgresConnection, _ mutation: SyncMutation, caller: Caller, _ logger: Logger) async throws -> PushDecision.Facts {
        var facts = PushDecision.Facts()
        let family = caller.family.description, writer = caller.device.description
        // The writer's own answer, else one remembered before writers were told apart.
        let earlier = try await connection.query("""
            SELECT seq, status, reason FROM mutation WHERE familyID = \(family) AND device IN (\(writer), '') AND id = \(mutation.id.description)
            ORDER BY device DESC LIMIT 1
            """, logger: logger)
        for try await (seq, status, reason) in earlier.decode((Int64?, String, String?).self) {
            facts.earlier = SyncAPI.MutationResult(id: mutation.id, status: .init(rawValue: status) ?? .applied, seq: seq, reason: reason)
        }
        // An answer given before, or an envelope refused anyway, needs nothing else (and a record id PostgreSQL
        // cannot bind, with a NUL, is never sent to it).
        guard facts.earlier == nil, WritePolicy.check(mutation, writer: caller.device, mode: caller.mode) == nil else { return facts }
        let stored = try await connection.query("""
            SELECT owner, bytes FROM record WHERE familyID = \(family) AND type = \(mutation.type.rawValue) AND recordID = \(mutation.recordID)
            """, logger: logger)
        for try await (owner, bytes) in stored.decode((String, Int64).self) {
            facts.storedOwner = DeviceID(uuidString: owner)
            facts.storedBytes = Int(bytes)
        }
        if let target = mutation.target {
            let rows = try await connection.query(
                "SELECT mode FROM device WHERE id = \(target.description) AND familyID = \(family) AND revokedAt IS NULL", logger: logger)
            for try await mode in rows.decode(String.self) { facts.targetMode = DeviceMode(rawValue: mode) }
        }
        if mutation.type == .commandAck {
            facts.commandIsForWriter = try await count(connection.query("""
                SELECT 1 FROM record WHERE familyID = \(family) AND type = 'command' AND recordID = \(mutation.recordID)
                    AND target = \(caller.device.description) AND NOT deleted
                """, logger: logger)) > 0
        }
        return facts
    }

    static func upsert(
        _ connection: PostgresConnection, family: FamilyID, seq: Int64, owner: DeviceID, ownerMode: DeviceMode, now: Date,
        mutation: SyncMutation, logger: Logger
    ) async throws {
        try await connection.query("""
            INSERT INTO record (familyID, type, recordID, seq, owner, ownerMode, target, localDate, deleted, body, committedAt, bytes,
                                mutationID, keyScope, keyEpoch, writerCounter)
            VALUES (\(family.description), \(mutation.type.rawValue), \(mutation.recordID), \(seq), \(owner.description), \(ownerMode.rawValue),
                    \(mutation.target?.description), \(mutation.localDate?.description), \(mutation.deleted),
                    \(StorageLimits.storedBody(of: mutation)), \(now.timeIntervalSince1970), \(Int64(StorageLimits.bytes(of: mutation))),
                    \(mutation.id.description),
                    \(mutation.sealing?.scope.description), \(mutation.sealing.map { Int64($0.epoch) }),
                    \(mutation.sealing.map { Int64($0.writerCounter) }))
            ON CONFLICT (familyID, type, recordID) DO UPDATE SET
                seq = excluded.seq, owner = excluded.owner, ownerMode = excluded.ownerMode, target = excluded.target,
                localDate = excluded.localDate, deleted = excluded.deleted, body = excluded.body, committedAt = excluded.committedAt,
                bytes = excluded.bytes, mutationID = excluded.mutationID, keyScope = excluded.keyScope, keyEpoch = excluded.keyEpoch, writerCounter = excluded.writerCounter
            """, logger: logger)
    }

    /// The highest writer counter the caller committed.
    static func writerCounter(_ connection: PostgresConnection, _ caller: Caller, _ logger: Logger) async throws -> UInt64 {
        let rows = try await connection.query("SELECT writerCounter FROM device WHERE id = \(caller.device.description)", logger: logger)
        for try await counter in rows.decode(Int64.self) { return UInt64(max(0, counter)) }
        return 0
    }

    static func setWriterCounter(_ connection: PostgresConnection, _ caller: Caller, _ counter: UInt64, _ logger: Logger) async throws {
        guard counter > 0 else { return }
        let value = Int64(counter)
        try await connection.query("""
            UPDATE device SET writerCounter = \(value) WHERE id = \(caller.device.description) AND writerCounter < \(value)
            """, logger: logger)
    }

    static func remember(
        _ connection: PostgresConnection, _ writer: Caller, _ id: MutationID, seq: Int64?, status: SyncAPI.MutationResult.Status,
        reason: String?, now: Date, _ logger: Logger
    ) async throws {
        try await connection.query("""
            INSERT INTO mutation (familyID, device, id, seq, status, reason, rememberedAt)
            VALUES (\(writer.family.description), \(writer.device.description), \(id.description), \(seq), \(status.rawValue), \(reason),
                    \(now.timeIntervalSince1970))
            """, logger: logger)
    }

    /// Locks the family's row until the transaction ends: pushes of one family run one after the other, so
    /// what each reads of the stored records (their owners, their sizes) stays true until it commits.
    static func lockFamily(_ connection: PostgresConnection, _ family: FamilyID, _ logger: Logger) async throws {
        try await connection.query("SELECT 1 FROM family WHERE id = \(family.description) FOR UPDATE", logger: logger)
    }

    /// What the caller and its family store, in bytes.
    static func stored(_ connection: PostgresConnection, _ caller: Caller, _ logger: Logger) async throws -> (device: Int, family: Int) {
        let family = caller.family.description, device = caller.device.description
        let rows = try await connection.query("""
            SELECT COALESCE(SUM(bytes) FILTER (WHERE owner = \(device)), 0)::BIGINT, COALESCE(SUM(bytes), 0)::BIGINT FROM record WHERE familyID = \(family)
            """, logger: logger)
        for try await (own, total) in rows.decode((Int64, Int64).self) { return (Int(own), Int(total)) }
        return (0, 0)
    }

    /// The family's next commit number; its row stays locked until the transaction ends, which orders commits.
    static func bump(_ connection: PostgresConnection, _ family: FamilyID, _ logger: Logger) async throws -> Int64 {
        let rows = try await connection.query("UPDATE family SET seq = seq + 1 WHERE id = \(family.description) RETURNING seq", logger: logger)
        for try await seq in rows.decode(Int64.self) { return seq }
        throw StorageRefusal.unauthenticated
    }

    /// Tells every instance listening on the channel, when the transaction commits (`payload(_:)`).
    static func notify(_ connection: PostgresConnection, _ poke: FamilyPoke, _ logger: Logger) async throws {
        try await connection.query("SELECT pg_notify(\(channel), \(payload(poke)))", logger: logger)
    }

    /// The caller's role, read again in this transaction: deny by default when it is gone or revoked.
    static func activeRole(_ connection: PostgresConnection, _ caller: Caller, _ logger: Logger) async throws -> DeviceMode {
        let rows = try await connection.query("""
            SELECT mode FROM device WHERE id = \(caller.device.description) AND familyID = \(caller.family.description) AND revokedAt IS NULL
            """, logger: logger)
        for try await text in rows.decode(String.self) { return try mode(text) }
        throw StorageRefusal.unauthenticated
    }

    static func requireParent(_ connection: PostgresConnection, _ caller: Caller, _ logger: Logger) async throws {
        guard try await activeRole(connection, caller, logger) == .parentDevice else { throw StorageRefusal.forbidden("only a parent device may do this") }
    }

    static func deviceExists(_ connection: PostgresConnection, _ id: DeviceID, _ logger: Logger) async throws -> Bool {
        try await count(connection.query("SELECT 1 FROM device WHERE id = \(id.description)", logger: logger)) > 0
    }

    static func insertDevice(
        _ connection: PostgresConnection, id: DeviceID, family: FamilyID, name: String, mode: DeviceMode, parent: DeviceID?,
        childName: String? = nil, tokenHash: Data, now: Date, logger: Logger
    ) async throws {
        try await connection.query("""
            INSERT INTO device (id, familyID, name, mode, parentDeviceID, tokenHash, registeredAt, lastSeenAt, childName)
            VALUES (\(id.description), \(family.description), \(name), \(mode.rawValue), \(parent?.description), \(ByteBuffer(bytes: tokenHash)),
                    \(now.timeIntervalSince1970), \(now.timeIntervalSince1970), \(childName))
            """, logger: logger)
    }

    static func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }

    static func mode(_ text: String) throws -> DeviceMode {
        guard let mode = DeviceMode(rawValue: text) else { throw StorageRefusal.invalid("stored mode '\(text)'") }
        return mode
    }

    static func caller(_ id: String, _ family: String, _ mode: String, childName: String?) throws -> Caller {
        guard let device = DeviceID(uuidString: id), let family = FamilyID(uuidString: family) else { throw StorageRefusal.invalid("stored ids") }
        return Caller(device: device, family: family, mode: try self.mode(mode), childName: childName)
    }

    static func registeredDevices(_ rows: PostgresRowSequence) async throws -> [RegisteredDevice] {
        var devices: [RegisteredDevice] = []
        let columns = (String, String, String, String?, Double, Double?, Double?, String?).self
        for try await (id, name, mode, parent, registered, seen, revoked, childName) in rows.decode(columns) {
            guard let device = DeviceID(uuidString: id) else { throw StorageRefusal.invalid("stored device id") }
            devices.append(RegisteredDevice(
                deviceID: device, deviceName: name, deviceType: try self.mode(mode), childName: childName, parentDeviceID: DeviceID(uuidString: parent),
                registrationDate: Date(timeIntervalSince1970: registered), lastSyncDate: seen.map(Date.init(timeIntervalSince1970:)),
                isActive: revoked == nil
            ))
        }
        return devices
    }

    /// A record's columns as the feed reads them.
    typealias StoredChange = (Int64, String, String, Double, String, String, String?, String?, Bool, String, String?, String?, Int64?, Int64?)

    static func change(_ row: StoredChange) throws -> SyncChange {
        let (seq, owner, ownerMode, committedAt, type, recordID, target, localDate, deleted, body, mutationID, keyScope, keyEpoch, writerCounter) = row
        guard let ownerID = DeviceID(uuidString: owner), let recordType = RecordType(rawValue: type) else { throw StorageRefusal.invalid("stored record") }
        return SyncChange(
            seq: seq, owner: ownerID, ownerMode: try mode(ownerMode), committedAt: Date(timeIntervalSince1970: committedAt), type: recordType,
            recordID: recordID, target: DeviceID(uuidString: target), localDate: localDate.flatMap(LocalDate.init(iso:)), deleted: deleted, body: body,
            mutationID: MutationID(uuidString: mutationID),
            sealing: try RecordSealing.stored(scope: keyScope, epoch: keyEpoch, counter: writerCounter)
        )
    }
}
