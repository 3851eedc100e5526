import Foundation
import GRDB
import LockOutCore
import LockOutRuntime
import PostgresNIO
import Testing
@testable import LockOutServer

/// A family whose parent devices, child A and child B all sent their keys, with epoch 1 of child A's, child B's and
/// the parents' scopes committed by the first parent.
struct KeyedFamily {
    typealias F = FamilyFixture
    static let sealer = RecordSealer(cipher: FamilyKeys.cipher)

    let family: FamilyFixture
    /// Every parent device, the fixture's first.
    let parents: [Caller]
    var keys: FamilyKeys
    /// Each scope's epoch-1 key.
    var epochKeys: [KeyScope: [UInt8]] = [:]

    var storage: any FamilyStorage & FamilyChangeFeed { family.storage }
    var scopes: [KeyScope] { [.child(family.childA.device), .child(family.childB.device), .parents] }

    /// `parents` parent devices in all.
    static func make(_ backend: Backend, parents count: Int = 2) async throws -> KeyedFamily {
        let family = try await F.make(try await backend.make())
        var parents = [family.parent]
        for number in stride(from: 2, through: count, by: 1) {
            parents.append(try await family.join("Parent \(number)", .parentDevice))
        }
        var made = KeyedFamily(family: family, parents: parents, keys: try await FamilyKeys.make(family, for: parents + [family.childA, family.childB]))
        for scope in made.scopes {
            let (commit, key) = try made.keys.commit(scope, epoch: 1, members: made.members(of: scope), by: family.parent)
            _ = try await family.storage.commitEpoch(caller: family.parent, commit: commit, now: F.now)
            made.epochKeys[scope] = key
        }
        return made
    }

    /// Who is in `scope`, without `leaving`: a child's scope, the child and the parents; the parents', the parents.
    func members(of scope: KeyScope, without leaving: Caller? = nil) -> [DeviceID] {
        let parents = parents.filter { $0 != leaving }.map(\.device)
        switch scope {
        case .child(let device): return [device] + parents
        case .parents: return parents
        case .person: return []
        }
    }

    /// Epoch 2 of each of `scopes` (all three by default) for its members without `leaving`, chained to epoch 1 and
    /// signed by `signer`, with its key.
    func rotations(without leaving: Caller, by signer: Caller, scopes: [KeyScope]? = nil) throws -> [(commit: EpochCommit, key: [UInt8])] {
        try (scopes ?? self.scopes).map { scope in
            try keys.commit(scope, epoch: 2, members: members(of: scope, without: leaving), by: signer, previous: epochKeys[scope])
        }
    }

    /// `plaintext` sealed by `writer` as the record of `type` and `recordID`, under `key`, the key of `scope`'s `epoch`.
    static func sealed(
        _ type: RecordType, _ recordID: String, by writer: Caller, target: DeviceID? = nil, localDate: LocalDate? = nil, plaintext: String,
        scope: KeyScope, epoch: UInt32, counter: UInt64, key: [UInt8], id: MutationID = MutationID(rawValue: UUID())
    ) throws -> SyncMutation {
        let envelope = SealedEnvelope(family: writer.family, scope: scope, epoch: epoch, type: type, recordID: recordID, mutationID: id,
                                      writer: writer.device, target: target, localDate: localDate, writerCounter: counter)
        let body = try sealer.seal(Array(plaintext.utf8), for: envelope, epochKey: key)
        return SyncMutation(id: id, type: type, recordID: recordID, target: target, localDate: localDate, body: body.text,
                            sealing: RecordSealing(scope: scope, epoch: epoch, writerCounter: counter))
    }

    /// A plaintext usage record of `writer` sealed under its own scope's `epoch`.
    static func sealedUsage(by writer: Caller, epoch: UInt32, counter: UInt64, key: [UInt8], id: MutationID = MutationID(rawValue: UUID())) throws -> SyncMutation {
        let plain = try F.usage(writer)
        return try sealed(.usage, plain.recordID, by: writer, localDate: plain.localDate, plaintext: plain.body, scope: .child(writer.device),
                          epoch: epoch, counter: counter, key: key, id: id)
    }

    /// Whether `device` is still an active device, as the parent sees it.
    func isActive(_ device: Caller) async throws -> Bool {
        try await storage.devices(caller: family.parent, now: F.now).first { $0.deviceID == device.device }?.isActive == true
    }

    /// Each scope's epochs as the storage holds them.
    func epochs() async throws -> [KeyScope: [UInt32]] {
        Dictionary(grouping: try await StoredRows.wraps(storage), by: \.scope).mapValues { Array(Set($0.map(\.epoch))).sorted() }
    }
}

/// Rows straight from the storage's tables, as whoever holds the server's database reads them: no API between.
enum StoredRows {
    /// Every stored record, in commit order.
    static func records(_ storage: any FamilyStorage) async throws -> [SyncChange] {
        if let sqlite = storage as? SQLiteFamilyStorage {
            return try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM record ORDER BY seq").map(SQLiteFamilyStorage.change)
            }
        }
        let postgres = try #require(storage as? PostgresFamilyStorage)
        let rows = try await postgres.client.query("""
            SELECT seq, owner, ownerMode, committedAt, type, recordID, target, localDate, deleted, body, mutationID, keyScope, keyEpoch,
                writerCounter
            FROM record ORDER BY seq
            """)
        var records: [SyncChange] = []
        for try await row in rows.decode(PostgresFamilyStorage.StoredChange.self) { records.append(try PostgresFamilyStorage.change(row)) }
        return records
    }

    /// Every stored wrap of an epoch key.
    static func wraps(_ storage: any FamilyStorage) async throws -> [(scope: KeyScope, epoch: UInt32, wrap: EpochKeyWrap)] {
        var stored: [(String, Int64, String)] = []
        if let sqlite = storage as? SQLiteFamilyStorage {
            stored = try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT scope, epoch, wrap FROM epoch_wrap").map { ($0["scope"], $0["epoch"], $0["wrap"]) }
            }
        } else {
            let postgres = try #require(storage as? PostgresFamilyStorage)
            for try await row in try await postgres.client.query("SELECT scope, epoch, wrap FROM epoch_wrap").decode((String, Int64, String).self) {
                stored.append(row)
            }
        }
        return try stored.map { scope, epoch, wrap in
            (try #require(KeyScope(scope)), UInt32(epoch), try JSONDecoder().decode(EpochKeyWrap.self, from: Data(wrap.utf8)))
        }
    }
}
