import Foundation
import GRDB
import LockOutCore
import Logging
import PostgresNIO
import Testing
@testable import LockOutServer

/// A server database made by the version before mutation ids were kept per writer, upgraded in place.
@Suite("Family storage: upgrading an existing server database")
struct StorageUpgradeTests {
    static let family = FamilyID(rawValue: UUID())
    static let anna = Caller(device: DeviceID(rawValue: UUID()), family: family, mode: .childDevice)
    static let ben = Caller(device: DeviceID(rawValue: UUID()), family: family, mode: .childDevice)
    static let applied = MutationID(rawValue: UUID())
    static let refused = MutationID(rawValue: UUID())

    /// The first version's schema with a family of two children, one of Anna's pushes applied and one refused.
    static func firstVersion(blob: (UInt8) -> String) -> [String] {
        let (f, a, b) = (family.description, anna.device.description, ben.device.description)
        let device = "INSERT INTO device (id, familyID, name, mode, tokenHash, registeredAt) VALUES"
        return [
            "INSERT INTO family (id, createdAt, seq) VALUES ('\(f)', 1700000000, 1)",
            "\(device) ('\(a)', '\(f)', 'Anna', 'childDevice', \(blob(1)), 1700000000)",
            "\(device) ('\(b)', '\(f)', 'Ben', 'childDevice', \(blob(2)), 1700000000)",
            """
            INSERT INTO record (familyID, type, recordID, seq, owner, ownerMode, localDate, deleted, body, committedAt)
            VALUES ('\(f)', 'dailySummary', '\(a)/2023-11-14', 1, '\(a)', 'childDevice', '2023-11-14', FALSE, '{}', 1700000000)
            """,
            "INSERT INTO mutation (familyID, id, seq, status) VALUES ('\(f)', '\(applied)', 1, 'applied')",
            "INSERT INTO mutation (familyID, id, status, reason) VALUES ('\(f)', '\(refused)', 'rejected', 'refused before')",
        ]
    }

    static func upgraded(_ backend: Backend) async throws -> any FamilyStorage {
        switch backend {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-upgrade-\(UUID()).sqlite").path
            do {
                let queue = try DatabaseQueue(path: path)
                var migrator = DatabaseMigrator()
                migrator.registerMigration("createFamilyServer") { db in
                    for statement in ServerSchema.createStatements(blob: "BLOB", real: "REAL", bigint: "INTEGER") { try db.execute(sql: statement) }
                }
                try migrator.migrate(queue)
                try await queue.write { db in
                    for statement in firstVersion(blob: { "X'0\($0)'" }) { try db.execute(sql: statement) }
                }
            }
            return try SQLiteFamilyStorage(path: path)
        case .postgres:
            let schema = try await PostgresTestDatabase.freshSchema()
            let admin = try await PostgresFamilyStorage(url: try PostgresTestDatabase.url)
            defer { admin.close() }
            let logger = Logger(label: "lockout.test.upgrade")
            try await admin.client.withConnection { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE TABLE lockout_migrations (id TEXT PRIMARY KEY, appliedAt DOUBLE PRECISION NOT NULL)"), logger: logger)
                let first = ServerSchema.createStatements(blob: "BYTEA", real: "DOUBLE PRECISION", bigint: "BIGINT")
                let data: [String] = firstVersion { "'\\x0\($0)'::bytea" }
                for statement in first + data {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(PostgresQuery(unsafeSQL: "INSERT INTO lockout_migrations (id, appliedAt) VALUES ('createFamilyServer', 1700000000)"), logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: "SET search_path TO public"), logger: logger)
            }
            return try await PostgresFamilyStorage(url: try PostgresTestDatabase.url, schema: schema)
        }
    }

    @Test("answers given before stay; from then on a mutation id is its writer's", arguments: Backend.available)
    func upgrade(_ backend: Backend) async throws {
        let storage = try await Self.upgraded(backend)
        let annaDay = try FamilyFixture.summary(Self.anna)
        let (again, _) = try await storage.push(caller: Self.anna, mutations: [FamilyFixture.reusing(Self.applied, annaDay)], now: FamilyFixture.now)
        #expect(again.first?.status == .duplicate && again.first?.seq == 1)
        let (refusedAgain, _) = try await storage.push(caller: Self.anna, mutations: [FamilyFixture.reusing(Self.refused, annaDay)], now: FamilyFixture.now)
        #expect(refusedAgain.first?.status == .rejected && refusedAgain.first?.reason == "refused before")
        let (bens, _) = try await storage.push(caller: Self.ben, mutations: [FamilyFixture.reusing(Self.applied, try FamilyFixture.summary(Self.ben))],
                                               now: FamilyFixture.now)
        #expect(bens.first?.status == .applied)
        let (bigger, _) = try await storage.push(caller: Self.anna, mutations: [try FamilyFixture.usage(Self.anna, padding: 100)], now: FamilyFixture.now,
                                                 limits: StorageLimits(deviceBytes: 1_000, familyBytes: 10_000))
        #expect(bigger.first?.status == .applied)
    }
}
