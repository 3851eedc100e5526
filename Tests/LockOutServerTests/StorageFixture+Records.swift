import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

extension FamilyFixture {
    /// A usage record of `device` on `day`, with a body of about `padding` more bytes.
    static func usage(_ device: Caller, id: UUID = UUID(), day: String = "2023-11-14", padding: Int = 0) throws -> SyncMutation {
        let date = try #require(LocalDate(iso: day))
        let record = UsageRecord(recordID: id, logicalID: "firefox", displayName: "Firefox" + String(repeating: "x", count: padding),
                                 sessionStart: now - 600, sessionEnd: now, totalSeconds: 600, earnedPoints: 0, category: .reward,
                                 deviceID: device.device)
        return SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: id.uuidString, localDate: date, body: try SyncJSON.body(record))
    }

    /// A patch of the shared settings, written by a parent or a personal device.
    static func settings() -> SyncMutation {
        let id = MutationID(rawValue: UUID())
        return SyncMutation(id: id, type: .settings, recordID: id.description, body: "{}")
    }

    /// A parent's configuration of `program` on `target`; `recordDevice` overrides the device its record id names.
    static func configuration(for target: Caller, program: String = "firefox", recordDevice: DeviceID? = nil) throws -> SyncMutation {
        let configuration = AppConfiguration(logicalID: program, displayName: program, category: .reward, blockingEnabled: false,
                                             dateAdded: now, lastModified: now, deviceID: target.device)
        return SyncMutation(id: MutationID(rawValue: UUID()), type: .configuration, recordID: "\(recordDevice ?? target.device)/\(program)",
                            target: target.device, body: try SyncJSON.body(configuration))
    }

    /// The same record deleted, under a new mutation id.
    static func tombstone(of mutation: SyncMutation) -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: mutation.type, recordID: mutation.recordID, target: mutation.target,
                     localDate: mutation.localDate, deleted: true, body: "")
    }

    /// The same mutation id carrying another record.
    static func reusing(_ id: MutationID, _ mutation: SyncMutation) -> SyncMutation {
        SyncMutation(id: id, type: mutation.type, recordID: mutation.recordID, target: mutation.target, localDate: mutation.localDate,
                     deleted: mutation.deleted, body: mutation.body)
    }

    /// A device of `mode` paired by `parent` (a child's with the name of its `child`), with `id` when given.
    func join(
        _ name: String, _ mode: DeviceMode, by pairer: Caller? = nil, child: String? = nil, id: DeviceID = DeviceID(rawValue: UUID())
    ) async throws -> Caller {
        let secret = Secrets.random(bytes: 24)
        try await storage.createPairing(caller: pairer ?? parent, mode: mode, childName: child, secretHash: Self.hash(secret),
                                        expiresAt: Self.now + 900, now: Self.now)
        return try await redeem(secret, name: name, mode: mode, id: id)
    }

    /// Redeems `secret` for a new device of `mode`.
    func redeem(_ secret: String, name: String = "Kid", mode: DeviceMode = .childDevice, id: DeviceID = DeviceID(rawValue: UUID())) async throws -> Caller {
        try await storage.redeemPairing(
            SyncAPI.Redeem(familyID: parent.family, secret: secret, deviceID: id, deviceName: name, mode: mode),
            secretHash: Self.hash(secret), tokenHash: Self.hash("\(name)-\(UUID())"), now: Self.now
        )
    }

    /// The newest version of each record the parent sees, by record id.
    func records() async throws -> [String: SyncChange] {
        let changes = try await storage.changes(caller: parent, since: 0, limit: 500).changes
        return Dictionary(changes.map { ($0.recordID, $0) }, uniquingKeysWith: { $1 })
    }
}
