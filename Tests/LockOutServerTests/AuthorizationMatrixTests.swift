import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

/// Every route, asked by a parent, two children of its family, a personal device of it, a parent of another
/// family, a revoked device and no token: every cell's answer asserted.
@Suite("Family server: authorization matrix")
struct AuthorizationMatrixTests {
    typealias Role = HTTPFamily.Role

    /// Runs one request as `role` against a fresh family and returns the status and the family.
    func ask(
        _ role: Role, _ method: HTTPRequest.Method, _ path: (HTTPFamily) throws -> String,
        body: ((HTTPFamily) throws -> ByteBuffer)? = nil,
        check: @escaping @Sendable (TestResponse, HTTPFamily) async throws -> Void = { _, _ in }
    ) async throws -> HTTPResponse.Status {
        let family = try await HTTPFamily.make()
        let uri = try path(family)
        let payload = try body?(family)
        return try await family.app().test(.router) { client in
            try await client.execute(uri: uri, method: method, headers: HTTPFamily.headers(role, json: payload != nil), body: payload) { response in
                try await check(response, family)
                return response.status
            }
        }
    }

    static func expect(_ table: [Role: HTTPResponse.Status], _ role: Role) -> HTTPResponse.Status {
        table[role] ?? .unauthorized
    }

    @Test("POST /v1/pairings: a parent pairs its family; a child or a personal device may not pair a child", arguments: Role.allCases)
    func pairings(_ role: Role) async throws {
        let status = try await ask(role, .post, { _ in "/v1/pairings" }, body: { _ in try HTTPFamily.body(SyncAPI.CreatePairing(mode: .childDevice)) }) { response, family in
            guard response.status == .created else { return }
            let pairing = try HTTPFamily.decode(SyncAPI.Pairing.self, response)
            let payload = try PairingPayload(parsing: pairing.payload)
            #expect(payload.family == (role == .otherFamily ? try family.caller(.otherFamily).family : try family.caller(.parent).family))
            #expect(payload.server.absoluteString == "http://family.test:8443")
            #expect((Base64URL.decode(pairing.secret)?.count ?? 0) * 8 >= 128)
        }
        #expect(status == Self.expect([.parent: .created, .otherFamily: .created, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden], role))
    }

    @Test("POST /v1/mutations: only the parent commands child A; others' commands are refused per mutation", arguments: Role.allCases)
    func commands(_ role: Role) async throws {
        let status = try await ask(role, .post, { _ in "/v1/mutations" }, body: { family in
            try HTTPFamily.body(SyncAPI.Push(mutations: [try FamilyFixture.command(to: try family.caller(.childA))]))
        }) { response, _ in
            guard response.status == .ok else { return }
            let result = try HTTPFamily.decode(SyncAPI.PushResult.self, response).results.first
            #expect(result?.status == (role == .parent ? .applied : .rejected), "\(role)")
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
    }

    @Test("POST /v1/mutations: a day summary about child A is child A's alone to write", arguments: Role.allCases)
    func summaries(_ role: Role) async throws {
        let status = try await ask(role, .post, { _ in "/v1/mutations" }, body: { family in
            try HTTPFamily.body(SyncAPI.Push(mutations: [try FamilyFixture.summary(try family.caller(.childA))]))
        }) { response, _ in
            guard response.status == .ok else { return }
            let result = try HTTPFamily.decode(SyncAPI.PushResult.self, response).results.first
            // Its id names child A and the day: nobody else may write it, and parents write no summaries at all.
            #expect(result?.status == (role == .childA ? .applied : .rejected), "\(role)")
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
    }

    @Test("POST /v1/mutations: child A's day summary and usage record are A's alone: nobody else replaces or deletes them",
          arguments: Role.allCases)
    func ownRecords(_ role: Role) async throws {
        let family = try await HTTPFamily.make()
        let childA = try family.caller(.childA)
        let summary = try FamilyFixture.summary(childA)
        let usage = try FamilyFixture.usage(childA)
        _ = try await family.storage.push(caller: childA, mutations: [summary, usage], now: HTTPFamily.now)
        let attempt = SyncAPI.Push(mutations: [try FamilyFixture.summary(childA, steps: 1), FamilyFixture.tombstone(of: usage)])
        let (status, results) = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(role, json: true),
                                     body: try HTTPFamily.body(attempt)) { response in
                (response.status, response.status == .ok ? try HTTPFamily.decode(SyncAPI.PushResult.self, response).results.map(\.status) : [])
            }
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
        if status == .ok { #expect(results == (role == .childA ? [.applied, .applied] : [.rejected, .rejected]), "\(role)") }
        let records = try await family.storage.changes(caller: try family.caller(.parent), since: 0, limit: 100).changes
        let kept = records.filter { $0.recordID == summary.recordID || $0.recordID == usage.recordID }
        #expect(kept.count == 2 && kept.allSatisfy { $0.owner == childA.device }, "\(role)")
        #expect(kept.contains { $0.recordID == usage.recordID && $0.deleted } == (role == .childA), "\(role)")
    }

    @Test("GET /v1/changes: child B never sees child A's summary; another family sees nothing of it", arguments: Role.allCases)
    func changes(_ role: Role) async throws {
        let family = try await HTTPFamily.make()
        _ = try await family.storage.push(caller: try family.caller(.childA), mutations: [try FamilyFixture.summary(try family.caller(.childA))], now: HTTPFamily.now)
        let childA = try family.caller(.childA).device
        let (status, seesA) = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/changes?since=0", method: .get, headers: HTTPFamily.headers(role)) { response in
                guard response.status == .ok else { return (response.status, false) }
                let page = try HTTPFamily.decode(SyncAPI.Changes.self, response)
                return (response.status, page.changes.contains { $0.owner == childA && $0.type == .dailySummary })
            }
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
        #expect(seesA == [.parent, .childA].contains(role), "\(role)")
    }

    @Test("POST /v1/mutations: child A's health totals are child A's alone to write; a parent writes none", arguments: Role.allCases)
    func healthTotalsWrite(_ role: Role) async throws {
        let status = try await ask(role, .post, { _ in "/v1/mutations" }, body: { family in
            try HTTPFamily.body(SyncAPI.Push(mutations: [try FamilyFixture.healthTotals(try family.caller(.childA))]))
        }) { response, _ in
            guard response.status == .ok else { return }
            let result = try HTTPFamily.decode(SyncAPI.PushResult.self, response).results.first
            #expect(result?.status == (role == .childA ? .applied : .rejected), "\(role)")
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
    }

    @Test("GET /v1/changes: the totals of Anna's phone reach Anna's laptop (child A) alone, a personal phone's the personal device alone",
          arguments: Role.allCases)
    func healthTotalsRead(_ role: Role) async throws {
        let family = try await HTTPFamily.make()
        let annaPhone = try await family.join("Anna's iPhone", .childDevice, child: "Anna")
        let ownPhone = try await family.join("Own iPhone", .personalDevice)
        for phone in [annaPhone, ownPhone] {
            _ = try await family.storage.push(caller: phone, mutations: [try FamilyFixture.healthTotals(phone)], now: HTTPFamily.now)
        }
        let (status, seen) = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/changes?since=0", method: .get, headers: HTTPFamily.headers(role)) { response in
                guard response.status == .ok else { return (response.status, Set<DeviceID>()) }
                let page = try HTTPFamily.decode(SyncAPI.Changes.self, response)
                return (response.status, Set(page.changes.filter { $0.type == .healthTotals }.map(\.owner)))
            }
        }
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
        #expect(seen.contains(annaPhone.device) == (role == .childA), "\(role)")
        #expect(seen.contains(ownPhone.device) == (role == .personal), "\(role)")
    }

    @Test("GET /v1/devices: a parent lists its family, any other device only itself", arguments: Role.allCases)
    func devices(_ role: Role) async throws {
        let status = try await ask(role, .get, { _ in "/v1/devices" }, check: { response, family in
            guard response.status == .ok else { return }
            let devices = try HTTPFamily.decode(SyncAPI.Devices.self, response).devices
            switch role {
            case .parent: #expect(devices.count == 5)
            case .otherFamily: #expect(devices.map(\.deviceID) == [try family.caller(.otherFamily).device])
            default: #expect(devices.map(\.deviceID) == [try family.caller(role).device])
            }
        })
        #expect(status == Self.expect([.parent: .ok, .otherFamily: .ok, .childA: .ok, .childB: .ok, .personal: .ok], role))
    }

    @Test("GET /v1/events: any active device opens its stream; revoked or no token is refused", arguments: [Role.revoked, .noToken])
    func events(_ role: Role) async throws {
        #expect(try await ask(role, .get, { _ in "/v1/events" }) == .unauthorized)
    }

    @Test("PATCH /v1/devices/A: the parent or A itself renames A", arguments: Role.allCases)
    func rename(_ role: Role) async throws {
        let status = try await ask(role, .patch, { family in "/v1/devices/\(try family.caller(.childA).device)" },
                                   body: { _ in try HTTPFamily.body(SyncAPI.Rename(name: "Anna")) })
        #expect(status == Self.expect([.parent: .ok, .childA: .ok, .childB: .forbidden, .personal: .forbidden, .otherFamily: .notFound], role))
    }

    @Test("POST /v1/devices/B/revoke: only B's parent", arguments: Role.allCases)
    func revoke(_ role: Role) async throws {
        let status = try await ask(role, .post, { family in "/v1/devices/\(try family.caller(.childB).device)/revoke" }, check: { response, family in
            let stillActive = try await family.storage.isActive(try family.caller(.childB))
            #expect(stillActive == (response.status != .noContent))
        })
        #expect(status == Self.expect([.parent: .noContent, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden, .otherFamily: .notFound], role))
    }

    @Test("POST /v1/devices/PARENT/revoke: the family's only parent device cannot revoke itself; nobody else may", arguments: Role.allCases)
    func revokeLastParent(_ role: Role) async throws {
        let status = try await ask(role, .post, { family in "/v1/devices/\(try family.caller(.parent).device)/revoke" }, check: { _, family in
            let parentActive = try await family.storage.isActive(try family.caller(.parent))
            #expect(parentActive)
        })
        #expect(status == Self.expect([.parent: .forbidden, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden, .otherFamily: .notFound], role))
    }

    @Test("DELETE /v1/devices/B: only B's parent", arguments: Role.allCases)
    func deleteDevice(_ role: Role) async throws {
        let status = try await ask(role, .delete, { family in "/v1/devices/\(try family.caller(.childB).device)" })
        #expect(status == Self.expect([.parent: .noContent, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden, .otherFamily: .notFound], role))
    }

    @Test("DELETE /v1/family: a parent deletes its own family, nobody else's", arguments: Role.allCases)
    func deleteFamily(_ role: Role) async throws {
        let status = try await ask(role, .delete, { _ in "/v1/family" }, check: { response, family in
            let parentActive = try await family.storage.isActive(try family.caller(.parent))
            #expect(parentActive == (role != .parent || response.status != .noContent))
        })
        #expect(status == Self.expect([.parent: .noContent, .otherFamily: .noContent, .childA: .forbidden, .childB: .forbidden, .personal: .forbidden], role))
    }

    @Test("open routes need no token: a family is created, a bad pairing secret is refused the same for everyone", arguments: Role.allCases)
    func openRoutes(_ role: Role) async throws {
        let created = try await ask(role, .post, { _ in "/v1/families" }, body: { _ in
            try HTTPFamily.body(SyncAPI.CreateFamily(deviceID: DeviceID(rawValue: UUID()), deviceName: "New parent", mode: .parentDevice))
        })
        #expect(created == .created)
        let redeemed = try await ask(role, .post, { _ in "/v1/pairings/redeem" }, body: { family in
            try HTTPFamily.body(SyncAPI.Redeem(familyID: try family.caller(.parent).family, secret: Base64URL.encode(Data(repeating: 7, count: 24)),
                                               deviceID: DeviceID(rawValue: UUID()), deviceName: "Kid", mode: .childDevice))
        })
        #expect(redeemed == .forbidden)
    }
}

@Suite("Family server: revocation")
struct RevocationTests {
    @Test("a device that was just served is refused on its very next request once revoked, on every route that reads or writes")
    func refusedAtOnce() async throws {
        let family = try await HTTPFamily.make()
        let childB = try family.caller(.childB).device
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/devices", method: .get, headers: HTTPFamily.headers(.childB)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/devices/\(childB)/revoke", method: .post, headers: HTTPFamily.headers(.parent)) {
                #expect($0.status == .noContent)
            }
            for (uri, method) in [("/v1/devices", HTTPRequest.Method.get), ("/v1/changes?since=0", .get)] {
                try await client.execute(uri: uri, method: method, headers: HTTPFamily.headers(.childB)) { #expect($0.status == .unauthorized) }
            }
            let push = try HTTPFamily.body(SyncAPI.Push(mutations: [try FamilyFixture.summary(try family.caller(.childB))]))
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childB, json: true), body: push) {
                #expect($0.status == .unauthorized)
            }
        }
    }

    @Test("a device revoked through another server instance is refused by the storage's own check, whatever this instance remembers")
    func refusedAcrossInstances() async throws {
        let family = try await HTTPFamily.make()
        let childB = try family.caller(.childB)
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/devices", method: .get, headers: HTTPFamily.headers(.childB)) { #expect($0.status == .ok) }
            // Another instance revokes it: straight in the shared storage, behind this instance's back.
            _ = try await family.storage.revokeDevice(caller: try family.caller(.parent), device: childB.device, now: HTTPFamily.now)
            try await client.execute(uri: "/v1/devices", method: .get, headers: HTTPFamily.headers(.childB)) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/v1/changes?since=0", method: .get, headers: HTTPFamily.headers(.childB)) { #expect($0.status == .unauthorized) }
        }
    }
}
