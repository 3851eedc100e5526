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
