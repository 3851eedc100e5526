import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import LockOutRuntime
import NIOCore
import Testing
@testable import LockOutServer

/// The key routes over HTTP: every role's answer, and the refusals a device acts on (`keys_set`, `stale_epoch`).
@Suite("Family server: keys and epochs over HTTP")
struct KeyRoutesTests {
    typealias Role = HTTPFamily.Role
    static let cipher = SwiftCryptoFamilyCipher()

    /// Child A's epoch 1 (members: A and the parent), signed by `signer` with its keys.
    static func commit(_ family: HTTPFamily, keys: [Role: DevicePrivateKeys], by signer: Role) throws -> EpochCommit {
        let keyring = EpochKeyring(cipher: cipher, keys: cipher)
        let key = keyring.newEpochKey()
        let scope = KeyScope.child(try family.caller(.childA).device)
        let wraps = try [Role.childA, .parent].map { role in
            try keyring.wrap(key, family: try family.caller(.parent).family, scope: scope, epoch: 1, for: try family.caller(role).device,
                             keys: try #require(keys[role]).publicKeys)
        }
        let memberKeys = Dictionary(uniqueKeysWithValues: try [Role.childA, .parent].map { role in
            (try family.caller(role).device, try #require(keys[role]).publicKeys)
        })
        return try EpochCommit.signed(family: try family.caller(.parent).family, scope: scope, epoch: 1, wraps: wraps, memberKeys: memberKeys,
                                      chain: nil, signer: try family.caller(signer).device, keys: try #require(keys[signer]), cipher: cipher)
    }

    @Test("PUT /v1/keys: any active device sends its own keys once; GET /v1/keys answers it", arguments: Role.allCases)
    func setKeys(_ role: Role) async throws {
        let family = try await HTTPFamily.make()
        let keys = Self.cipher.newDeviceKeys().publicKeys
        try await family.app().test(.router) { client in
            let put = try await client.execute(uri: "/v1/keys", method: .put, headers: HTTPFamily.headers(role, json: true),
                                               body: try HTTPFamily.body(keys)) { $0.status }
            #expect(put == ([.revoked, .noToken].contains(role) ? .unauthorized : .noContent))
            guard put == .noContent else { return }
            try await client.execute(uri: "/v1/keys", method: .put, headers: HTTPFamily.headers(role, json: true),
                                     body: try HTTPFamily.body(Self.cipher.newDeviceKeys().publicKeys)) { response in
                #expect(response.status == .conflict)
                let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                #expect(error.code == "keys_set")
            }
            try await client.execute(uri: "/v1/keys", method: .get, headers: HTTPFamily.headers(role)) { response in
                #expect(response.status == .ok)
                let answer = try HTTPFamily.decode(SyncAPI.Keys.self, response)
                let me = try family.caller(role).device
                #expect(answer.devices.first { $0.deviceID == me }?.publicKeys == keys)
            }
            let malformed = ByteBuffer(string: #"{"agreement":"AAAA","signing":"AAAA"}"#)
            try await client.execute(uri: "/v1/keys", method: .put, headers: HTTPFamily.headers(role, json: true), body: malformed) {
                #expect($0.status == .badRequest)
            }
        }
    }

    @Test("POST /v1/pairings: a welcome that is not 'w1.' and base64url is refused; a redeem without keys answers pairing_needs_keys")
    func pairingWelcome() async throws {
        let family = try await HTTPFamily.make()
        try await family.app().test(.router) { client in
            for bad in ["AAAA", "w1.not base64!", "w1." + String(repeating: "A", count: PairingWelcome.maximumText)] {
                try await client.execute(uri: "/v1/pairings", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                         body: try HTTPFamily.body(SyncAPI.CreatePairing(mode: .childDevice, welcome: bad))) { response in
                    #expect(response.status == .badRequest)
                }
            }
            let pairing = try await client.execute(uri: "/v1/pairings", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                                   body: try HTTPFamily.body(SyncAPI.CreatePairing(mode: .childDevice, welcome: "w1.AAAA"))) {
                try HTTPFamily.decode(SyncAPI.Pairing.self, $0)
            }
            let redeem = SyncAPI.Redeem(familyID: try family.caller(.parent).family, secret: pairing.secret, deviceID: DeviceID(rawValue: UUID()),
                                        deviceName: "device 1", mode: .childDevice)
            try await client.execute(uri: "/v1/pairings/redeem", method: .post, headers: HTTPFamily.headers(.noToken, json: true),
                                     body: try HTTPFamily.body(redeem)) { response in
                #expect(response.status == .badRequest)
                let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                #expect(error.code == "pairing_needs_keys")
            }
        }
    }

    @Test("POST /v1/epochs: the parent commits child A's epoch; a child, another family's parent or a replay is refused",
          arguments: Role.allCases)
    func commitEpoch(_ role: Role) async throws {
        let family = try await HTTPFamily.make()
        var keys: [Role: DevicePrivateKeys] = [:]
        for member in [Role.parent, .childA, .childB, .personal, .otherFamily] {
            let made = Self.cipher.newDeviceKeys()
            try await family.storage.setPublicKeys(caller: try family.caller(member), keys: made.publicKeys, now: HTTPFamily.now)
            keys[member] = made
        }
        keys[.revoked] = Self.cipher.newDeviceKeys()
        keys[.noToken] = Self.cipher.newDeviceKeys()
        let devices = family.devices
        let commit = try Self.commit(family, keys: keys, by: devices[role] == nil ? .parent : role)
        let status = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/epochs", method: .post, headers: HTTPFamily.headers(role, json: true),
                                     body: try HTTPFamily.body(commit)) { $0.status }
        }
        let expected: [Role: HTTPResponse.Status] = [
            .parent: .created, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden, .otherFamily: .forbidden,
        ]
        #expect(status == (expected[role] ?? .unauthorized))
        guard role == .parent else { return }
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/epochs", method: .post, headers: HTTPFamily.headers(.parent, json: true),
                                     body: try HTTPFamily.body(commit)) { response in
                #expect(response.status == .conflict)
                let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                #expect(error.code == "stale_epoch" && error.error.contains("epoch 1"), "\(error)")
            }
            try await client.execute(uri: "/v1/keys", method: .get, headers: HTTPFamily.headers(.childA)) { response in
                let epochs = try HTTPFamily.decode(SyncAPI.Keys.self, response).epochs
                #expect(epochs.map(\.epoch) == [1])
                let childA = try family.caller(.childA).device
                #expect(epochs.first?.wraps.map(\.recipient) == [childA])
            }
        }
    }

    @Test("POST /v1/mutations: a record sealed before its scope's first epoch is refused whole with 409 stale_epoch, naming the scope")
    func staleEpochPush() async throws {
        let family = try await HTTPFamily.make()
        let childA = try family.caller(.childA)
        let sealed = StorageSealingTests.usage(childA, counter: 1)
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childA, json: true),
                                     body: try HTTPFamily.body(SyncAPI.Push(mutations: [sealed]))) { response in
                #expect(response.status == .conflict)
                let error = try HTTPFamily.decode(SyncAPI.ErrorBody.self, response)
                #expect(error.code == "stale_epoch" && error.error.contains("child:\(childA.device)"), "\(error)")
            }
        }
    }
}
