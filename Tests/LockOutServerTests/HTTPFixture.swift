import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

/// A family made through the storage with known tokens, and an application serving it.
struct HTTPFamily {
    enum Role: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case parent, childA, childB, personal, otherFamily, revoked, noToken
        var testDescription: String { rawValue }
    }

    let storage: any FamilyStorage & FamilyChangeFeed
    let devices: [Role: Caller]
    static let now = FamilyFixture.now

    static func token(_ role: Role) -> String { "token-\(role.rawValue)-0123456789abcdef" }

    /// The family on a fresh storage of `backend`.
    static func make(configuration: FamilyServer.Configuration = .testing(), on backend: Backend = .sqlite) async throws -> HTTPFamily {
        let storage = try await backend.make()
        let hash = FamilyFixture.hash
        func first(_ role: Role) async throws -> Caller {
            try await storage.createFamily(
                id: FamilyID(rawValue: UUID()),
                first: SyncAPI.CreateFamily(deviceID: DeviceID(rawValue: UUID()), deviceName: role.rawValue, mode: .parentDevice),
                tokenHash: hash(token(role)), now: now
            )
        }
        let parent = try await first(.parent)
        func join(_ role: Role, _ mode: DeviceMode, child: String? = nil) async throws -> Caller {
            let secret = "secret-\(role.rawValue)-\(UUID())"
            try await storage.createPairing(caller: parent, mode: mode, childName: child, secretHash: hash(secret), expiresAt: now + 900, now: now)
            return try await storage.redeemPairing(
                SyncAPI.Redeem(familyID: parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()), deviceName: role.rawValue, mode: mode),
                secretHash: hash(secret), tokenHash: hash(token(role)), now: now
            )
        }
        var devices: [Role: Caller] = [.parent: parent]
        devices[.childA] = try await join(.childA, .childDevice, child: "Anna")
        devices[.childB] = try await join(.childB, .childDevice, child: "Ben")
        devices[.personal] = try await join(.personal, .personalDevice)
        devices[.revoked] = try await join(.revoked, .childDevice)
        _ = try await storage.revokeDevice(caller: parent, device: try #require(devices[.revoked]).device, now: now)
        devices[.otherFamily] = try await first(.otherFamily)
        return HTTPFamily(storage: storage, devices: devices)
    }

    func caller(_ role: Role) throws -> Caller { try #require(devices[role]) }

    /// Another device paired by the family's parent: a phone, say, of the child named `child`.
    func join(_ name: String, _ mode: DeviceMode, child: String? = nil) async throws -> Caller {
        let secret = "secret-\(name)-\(UUID())"
        let parent = try caller(.parent)
        try await storage.createPairing(caller: parent, mode: mode, childName: child, secretHash: FamilyFixture.hash(secret),
                                        expiresAt: Self.now + 900, now: Self.now)
        return try await storage.redeemPairing(
            SyncAPI.Redeem(familyID: parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()), deviceName: name, mode: mode),
            secretHash: FamilyFixture.hash(secret), tokenHash: FamilyFixture.hash("token-\(name)-\(UUID())"), now: Self.now
        )
    }

    func app(_ configuration: FamilyServer.Configuration = .testing()) -> any ApplicationProtocol {
        FamilyServer.application(storage: storage, configuration: configuration)
    }

    static func headers(_ role: Role, json: Bool = false) -> HTTPFields {
        var fields: HTTPFields = [:]
        if role != .noToken { fields[.authorization] = "Bearer \(token(role))" }
        if json { fields[.contentType] = "application/json" }
        return fields
    }

    static func body(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try SyncJSON.encoder().encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try SyncJSON.decoder().decode(type, from: Data(response.body.readableBytesView))
    }
}

extension FamilyServer.Configuration {
    /// A server on a free port with a fixed clock and limits no test reaches by accident.
    static func testing(
        open: RateLimiter = RateLimiter(capacity: 1_000, perSecond: 1_000),
        device: RateLimiter = RateLimiter(capacity: 1_000, perSecond: 1_000)
    ) -> Self {
        FamilyServer.Configuration(host: "127.0.0.1", port: 0, publicURL: URL(string: "http://family.test:8443"),
                                   openLimiter: open, deviceLimiter: device, now: { FamilyFixture.now })
    }
}
