import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import LockOutRuntime
import NIOCore
import Testing
@testable import LockOutServer

/// `POST /v1/devices/{id}/revoke` with the rotations of the scopes the device was in, and the pushes into a scope
/// that waits for its rotation.
@Suite("Family server: revocation with rotations over HTTP")
struct RevokeRoutesTests {
    typealias Role = HTTPFamily.Role

    /// The HTTP family with a second parent, keys for the parents and child A, and epoch 1 of child A's and the
    /// parents' scopes.
    static func keyed() async throws -> (family: HTTPFamily, second: Caller, keys: FamilyKeys, epochKeys: [KeyScope: [UInt8]]) {
        let family = try await HTTPFamily.make()
        let second = try await family.join("Second parent", .parentDevice)
        let fixture = FamilyFixture(storage: family.storage, parent: try family.caller(.parent), childA: try family.caller(.childA),
                                    childB: try family.caller(.childB), personal: try family.caller(.personal))
        let keys = try await FamilyKeys.make(fixture, for: [fixture.parent, fixture.childA, second])
        var epochKeys: [KeyScope: [UInt8]] = [:]
        for (scope, members) in [(KeyScope.child(fixture.childA.device), [fixture.childA.device, fixture.parent.device, second.device]),
                                 (.parents, [fixture.parent.device, second.device])] {
            let (commit, key) = try keys.commit(scope, epoch: 1, members: members, by: fixture.parent)
            _ = try await family.storage.commitEpoch(caller: fixture.parent, commit: commit, now: HTTPFamily.now)
            epochKeys[scope] = key
        }
        return (family, second, keys, epochKeys)
    }

    static func revoke(_ device: Caller, body: ByteBuffer?, _ client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: "/v1/devices/\(device.device)/revoke", method: .post, headers: HTTPFamily.headers(.parent, json: body != nil),
                                 body: body)
    }

    @Test("a revoke with its rotations answers 204 and child A reads the new epoch; a stale or malformed body changes nothing")
    func rotations() async throws {
        let (family, second, keys, epochKeys) = try await Self.keyed()
        let parent = try family.caller(.parent), childA = try family.caller(.childA)
        let annaScope = KeyScope.child(childA.device)
        let remaining: [KeyScope: [DeviceID]] = [annaScope: [childA.device, parent.device], .parents: [parent.device]]
        let rotations = try [annaScope, .parents].map { scope in
            try keys.commit(scope, epoch: 2, members: try #require(remaining[scope]), by: parent, previous: epochKeys[scope]).commit
        }
        let (stale, _) = try keys.commit(annaScope, epoch: 1, members: [childA.device, parent.device], by: parent)
        try await family.app().test(.router) { client in
            let refused = try await Self.revoke(second, body: try HTTPFamily.body(SyncAPI.Revoke(rotations: [rotations[1], stale])), client)
            #expect(refused.status == .conflict)
            let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, refused)
            #expect(error.code == "stale_epoch" && error.error.contains(annaScope.description), "\(error)")
            let malformed = try await Self.revoke(second, body: ByteBuffer(string: #"{"rotations": 5}"#), client)
            #expect(malformed.status == .badRequest)
            #expect(try await family.storage.devices(caller: parent, now: HTTPFamily.now).first { $0.deviceID == second.device }?.isActive == true)

            let revoked = try await Self.revoke(second, body: try HTTPFamily.body(SyncAPI.Revoke(rotations: rotations)), client)
            #expect(revoked.status == .noContent)
            try await client.execute(uri: "/v1/keys", method: .get, headers: HTTPFamily.headers(.childA)) { response in
                let epochs = try HTTPFamily.decode(SyncAPI.Keys.self, response).epochs
                #expect(epochs.map(\.epoch) == [1, 2])
                #expect(Set(epochs.last?.members ?? []) == [childA.device, parent.device])
            }
            #expect(try await family.storage.devices(caller: parent, now: HTTPFamily.now).first { $0.deviceID == second.device }?.isActive == false)
        }
    }

    @Test("revoked without a body, a sealed push into a scope it was in answers 409 rotation_pending, naming the scope")
    func pending() async throws {
        let (family, second, _, epochKeys) = try await Self.keyed()
        let childA = try family.caller(.childA)
        let usage = try KeyedFamily.sealedUsage(by: childA, epoch: 1, counter: 1, key: try #require(epochKeys[.child(childA.device)]))
        try await family.app().test(.router) { client in
            #expect(try await Self.revoke(second, body: nil, client).status == .noContent)
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childA, json: true),
                                     body: try HTTPFamily.body(SyncAPI.Push(mutations: [usage]))) { response in
                #expect(response.status == .conflict)
                let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                #expect(error.code == "rotation_pending" && error.error.contains("child:\(childA.device)"), "\(error)")
            }
        }
    }
}
