import Crypto
import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage backends every contract test runs against: SQLite always, PostgreSQL when
/// `LOCKOUT_TEST_POSTGRES_URL` names a server (scripts/test.sh starts one).
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static let environment = ProcessInfo.processInfo.environment

    /// A fresh, empty storage of this backend.
    func make() async throws -> any FamilyStorage & FamilyChangeFeed {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-server-\(UUID())")
            return try SQLiteFamilyStorage(path: directory.appendingPathComponent("server.sqlite").path)
        case .postgres:
            return try await PostgresTestDatabase.freshStorage()
        }
    }
}

/// A family of devices made through the storage API, with their tokens' hashes.
struct FamilyFixture {
    let storage: any FamilyStorage & FamilyChangeFeed
    let parent: Caller
    let childA: Caller
    let childB: Caller
    let personal: Caller

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func hash(_ token: String) -> Data { Data(SHA256.hash(data: Data(token.utf8))) }

    /// A parent, two children and a personal device in one family.
    static func make(_ storage: any FamilyStorage & FamilyChangeFeed, now: Date = now) async throws -> FamilyFixture {
        let parent = try await storage.createFamily(
            id: FamilyID(rawValue: UUID()),
            first: SyncAPI.CreateFamily(deviceID: DeviceID(rawValue: UUID()), deviceName: "Parent laptop", mode: .parentDevice),
            tokenHash: hash("parent-\(UUID())"), now: now
        )
        func join(_ name: String, _ mode: DeviceMode) async throws -> Caller {
            let secret = Secrets.random(bytes: 24)
            try await storage.createPairing(caller: parent, mode: mode, secretHash: hash(secret), expiresAt: now + 900, now: now)
            return try await storage.redeemPairing(
                SyncAPI.Redeem(familyID: parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()), deviceName: name, mode: mode),
                secretHash: hash(secret), tokenHash: hash("\(name)-\(UUID())"), now: now
            )
        }
        return FamilyFixture(
            storage: storage, parent: parent,
            childA: try await join("Anna's laptop", .childDevice),
            childB: try await join("Ben's desktop", .childDevice),
            personal: try await join("Parent's desk", .personalDevice)
        )
    }

    static func summary(_ device: Caller, day: String = "2023-11-14", steps: Int = 100) throws -> SyncMutation {
        let date = try #require(LocalDate(iso: day))
        let body = try SyncJSON.body(DailySummary(deviceID: device.device, date: date, steps: steps, lastUpdated: now))
        return SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary, recordID: "\(device.device)/\(day)", localDate: date, body: body)
    }

    /// `device`'s health totals of `day`, with `steps`.
    static func healthTotals(_ device: Caller, day: String = "2023-11-14", steps: Double = 12_000) throws -> SyncMutation {
        let date = try #require(LocalDate(iso: day))
        let record = HealthTotalsRecord(deviceID: device.device, deviceName: "Phone", date: date, steps: steps, activeEnergy: 300,
                                        exerciseMinutes: 20, readAt: now)
        return try record.mutation(id: MutationID(rawValue: UUID()))
    }

    static func command(to target: Caller, _ change: ConfigurationChange = .snooze(minutes: 7)) throws -> SyncMutation {
        let command = ConfigurationCommand(commandID: CommandID(rawValue: UUID()), targetDeviceID: target.device, change: change, createdAt: now)
        return SyncMutation(id: MutationID(rawValue: UUID()), type: .command, recordID: command.commandID.description,
                            target: target.device, body: try SyncJSON.body(command))
    }

    static func ack(_ command: SyncMutation, by device: Caller) throws -> SyncMutation {
        let ack = CommandAcknowledgement(commandID: CommandID(rawValue: try #require(UUID(uuidString: command.recordID))),
                                         deviceID: device.device, status: .applied, reason: nil, executedAt: now)
        return SyncMutation(id: MutationID(rawValue: UUID()), type: .commandAck, recordID: command.recordID, body: try SyncJSON.body(ack))
    }
}
