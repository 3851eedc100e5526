import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

/// Names, methods, dates and storage limits: each refusal a 4xx with a reason, never a 5xx.
@Suite("Family server: names, methods and limits")
struct RequestRulesTests {
    static let accented = String(repeating: "e\u{301}", count: 64)
    static let flags = String(repeating: "\u{1F1E9}\u{1F1EA}", count: 64)

    @Test("a name of 64 characters but more code points is a 400 naming the limit on create, redeem and rename", arguments: [accented, flags])
    func longNames(_ name: String) async throws {
        let family = try await HTTPFamily.make()
        let parent = try family.caller(.parent)
        let secret = Secrets.random(bytes: 24)
        try await family.storage.createPairing(caller: parent, mode: .childDevice, secretHash: FamilyFixture.hash(secret),
                                               expiresAt: HTTPFamily.now + 900, now: HTTPFamily.now)
        let requests: [(String, HTTPRequest.Method, ByteBuffer)] = [
            ("/v1/families", .post, try HTTPFamily.body(SyncAPI.CreateFamily(deviceID: DeviceID(rawValue: UUID()), deviceName: name, mode: .parentDevice))),
            ("/v1/pairings/redeem", .post, try HTTPFamily.body(SyncAPI.Redeem(familyID: parent.family, secret: secret, deviceID: DeviceID(rawValue: UUID()),
                                                                            deviceName: name, mode: .childDevice))),
            ("/v1/devices/\(try family.caller(.childA).device)", .patch, try HTTPFamily.body(SyncAPI.Rename(name: name))),
        ]
        try await family.app().test(.router) { client in
            for (uri, method, body) in requests {
                try await client.execute(uri: uri, method: method, headers: HTTPFamily.headers(.parent, json: true), body: body) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                    #expect(error.error.contains("1…64"), "\(error.error)")
                }
            }
            let fits = String(repeating: "\u{1F1E9}\u{1F1EA}", count: 32)
            try await client.execute(uri: "/v1/devices/\(try family.caller(.childA).device)", method: .patch, headers: HTTPFamily.headers(.parent, json: true),
                                     body: try HTTPFamily.body(SyncAPI.Rename(name: fits))) { response in
                #expect(response.status == .ok)
                let renamed = try HTTPFamily.decode(RegisteredDevice.self, response)
                #expect(renamed.deviceName == fits)
            }
        }
    }

    @Test("a pairing names its child only for a child's device, by the rule of names; the redeemed device carries the name")
    func childNames() async throws {
        let family = try await HTTPFamily.make()
        let refused: [SyncAPI.CreatePairing] = [
            SyncAPI.CreatePairing(mode: .personalDevice, childName: "Anna"), SyncAPI.CreatePairing(mode: .childDevice, childName: "  "),
            SyncAPI.CreatePairing(mode: .childDevice, childName: Self.flags), SyncAPI.CreatePairing(mode: .childDevice, childName: "An\u{7}na"),
        ]
        let pairing: SyncAPI.Pairing = try await family.app().test(.router) { client in
            for body in refused {
                try await client.execute(uri: "/v1/pairings", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                         body: try HTTPFamily.body(body)) { response in
                    #expect(response.status == .badRequest, "\(body)")
                }
            }
            return try await client.execute(uri: "/v1/pairings", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                            body: try HTTPFamily.body(SyncAPI.CreatePairing(mode: .childDevice, childName: " Anna "))) { response in
                #expect(response.status == .created)
                return try HTTPFamily.decode(SyncAPI.Pairing.self, response)
            }
        }
        let phone = try await family.storage.redeemPairing(
            SyncAPI.Redeem(familyID: try family.caller(.parent).family, secret: pairing.secret, deviceID: DeviceID(rawValue: UUID()),
                           deviceName: "Anna's iPhone", mode: .childDevice),
            secretHash: FamilyFixture.hash(pairing.secret), tokenHash: FamilyFixture.hash("phone"), now: HTTPFamily.now
        )
        #expect(try await family.storage.devices(caller: phone, now: HTTPFamily.now).first?.childName == "Anna")
    }

    @Test("a method a route does not have is a 405 naming the ones it has; an unknown path stays a 404")
    func methods() async throws {
        let family = try await HTTPFamily.make()
        let device = try family.caller(.childA).device
        let cases: [(String, HTTPRequest.Method, String?)] = [
            ("/v1/devices", .put, "GET"), ("/v1/mutations", .get, "POST"), ("/v1/devices/\(device)", .post, "PATCH, DELETE"),
            ("/v1/devices/\(device)/revoke", .get, "POST"), ("/v1/family", .post, "DELETE"), ("/healthz", .delete, "GET"),
            ("/v1/nothing", .get, nil),
        ]
        try await family.app().test(.router) { client in
            for (uri, method, allow) in cases {
                try await client.execute(uri: uri, method: method, headers: HTTPFamily.headers(.parent)) { response in
                    #expect(response.status == (allow == nil ? .notFound : .methodNotAllowed), "\(method) \(uri)")
                    #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                }
            }
        }
    }
}
