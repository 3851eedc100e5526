import Foundation
import GRDB
import LockOutAgent
import LockOutCore
import LockOutRuntime
@testable import LockOutServer
import Testing

/// A server between the devices of an end-to-end family that changes what pairing carries: the keys of the
/// joining device, the parent's welcome, a code used twice. Each is refused where the design says, and nothing
/// is wrapped for keys the server made up.
@Suite("Family pairing: a server that attacks it")
struct PairingAttackTests {
    /// A transport that hands each answer to `change` before the device reads it.
    struct Tampering: FamilyTransport {
        let inner: any FamilyTransport
        let change: @Sendable (FamilyRequest, FamilyResponse) -> FamilyResponse

        func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
            change(request, try inner.send(request, timeout: timeout))
        }

        func shutdown() { inner.shutdown() }
    }

    static func tampering(_ change: @escaping @Sendable (FamilyRequest, FamilyResponse) -> FamilyResponse) -> FamilyConnector {
        FamilyConnector { url in Tampering(inner: FamilyConnector.http.transport(to: url), change: change) }
    }

    static let cipher = SwiftCryptoFamilyCipher()

    @Test("the server swaps the joining child's keys: the parent refuses them, wraps nothing for them, and the child keeps waiting")
    func swappedKeys() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                let pairing = try parent.family.pair(mode: .childDevice)
                let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
                _ = try child.family.join(payload: pairing.payload)
                return (parent, child)
            }
            let childID = try child.store.identity(defaultName: "x").id
            // The server puts keys of its own in place of the ones the child sent at redeem, keeping the proof.
            let stranger = Self.cipher.newDeviceKeys().publicKeys
            try await storage.writer.write { db in
                try db.execute(sql: "UPDATE device SET agreementKey = ?, signingKey = ? WHERE id = ?", arguments: [
                    Base64URL.encode(Data(stranger.agreement)), Base64URL.encode(Data(stranger.signing)), childID.description,
                ])
            }
            try await offPool {
                #expect(parent.syncOnce() == .synced(applied: 0))
                let pinned = try #require(try parent.store.keySnapshot()).pinned
                #expect(!pinned.contains { $0.deviceID == childID }, "the swapped keys are not pinned")
                // The child finds other keys than its own under its name: no key comes for it, and it sends nothing.
                guard case .waiting = child.syncOnce() else {
                    Issue.record("the child did not wait for its keys")
                    return
                }
                #expect(try child.store.counts().queued >= 1)
            }
            let family = try #require(try parent.store.membership()).family
            let parentCaller = Caller(device: try parent.store.identity(defaultName: "x").id, family: family, mode: .parentDevice)
            let scopes = try await storage.keys(caller: parentCaller).scopes.map(\.scope)
            #expect(scopes == [.parents], "no epoch of the child's scopes: nothing was wrapped for the server's keys")
        }
    }

    @Test("the server swaps the parent's welcome: the child refuses to join and sends nothing")
    func swappedWelcome() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                let family = try #require(try parent.store.membership()).family
                // A welcome of the server's own: its keys as the family's parent, sealed under a key it made up, and a
                // welcome signed by its own key under the code's pairing key (as if it had read the code).
                let server = Self.cipher.newDeviceKeys()
                let serverID = DeviceID(rawValue: UUID())
                let forged = try PairingWelcome.signed(
                    family: family, issuer: serverID,
                    roster: [SyncAPI.DeviceKey(deviceID: serverID, mode: .parentDevice, publicKeys: server.publicKeys)],
                    keys: server, cipher: Self.cipher
                )
                for readTheCode in [false, true] {
                    let pairing = try parent.family.pair(mode: .childDevice)
                    let codeKey = try #require(try PairingPayload(parsing: pairing.payload).key)
                    let sealed = forged.sealed(with: readTheCode ? codeKey : PairingKey.make(cipher: Self.cipher), cipher: Self.cipher)
                    var child = try TestDevice.make(.childDevice, name: "Anna's laptop")
                    child.connector = Self.tampering { request, response in
                        guard request.path == "/v1/pairings/redeem", response.status == 201,
                              let credentials = try? JSONDecoder().decode(SyncAPI.Credentials.self, from: response.body)
                        else { return response }
                        let swapped = SyncAPI.Credentials(familyID: credentials.familyID, deviceID: credentials.deviceID, token: credentials.token,
                                                          welcome: sealed)
                        return FamilyResponse(status: response.status, headers: response.headers, body: (try? JSONEncoder().encode(swapped)) ?? Data())
                    }
                    #expect(throws: FamilyKeyError.welcomeRefused) { _ = try child.family.join(payload: pairing.payload) }
                    #expect(try child.store.membership() == nil)
                    #expect(try child.store.counts().queued == 0)
                }
            }
        }
    }

    @Test("a code redeemed once is refused when replayed; a version 1 code is refused with its own message")
    func replayedCode() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                let pairing = try parent.family.pair(mode: .childDevice)
                let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
                _ = try child.family.join(payload: pairing.payload)
                let replay = try TestDevice.make(.childDevice, name: "Someone's laptop")
                #expect(throws: FamilyClientError.self) { _ = try replay.family.join(payload: pairing.payload) }
                #expect(try replay.store.membership() == nil)
                // The pairing key is forgotten once the parent checked the child with it: the code opens nothing more.
                #expect(try parent.store.pendingPairings().count == 1)
                _ = parent.syncOnce()
                #expect(try parent.store.pendingPairings().isEmpty)

                let payload = try PairingPayload(parsing: pairing.payload)
                let old = "lockout-pair:" + Base64URL.encode(Data(
                    #"{"v":1,"s":"\#(payload.server.absoluteString)","f":"\#(payload.family)","k":"\#(payload.secret)","e":true}"#.utf8))
                #expect(throws: FamilyInputError.oldPairingVersion(1)) { _ = try replay.family.join(payload: old) }
            }
        }
    }
}
