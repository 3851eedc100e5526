import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import NIOCore
import Testing
@testable import LockOutServer

@Suite("Family server: bad input, limits and the service routes")
struct BadInputTests {
    /// Sends `body` to `uri` as the parent; answers the status, the error body, and the parent's changes after it.
    func send(_ uri: String, method: HTTPRequest.Method = .post, body: ByteBuffer?, configuration: FamilyServer.Configuration = .testing())
        async throws -> (HTTPResponse.Status, SyncAPI.ErrorBody?, Int)
    {
        let family = try await HTTPFamily.make()
        let (status, error) = try await family.app(configuration).test(.router) { client in
            try await client.execute(uri: uri, method: method, headers: HTTPFamily.headers(.parent, json: true), body: body) { response in
                (response.status, try? HTTPFamily.decode(SyncAPI.ErrorBody.self, response))
            }
        }
        let changes = try await family.storage.changes(caller: try family.caller(.parent), since: 0, limit: 500).changes.count
        return (status, error, changes)
    }

    @Test("malformed JSON, a wrong type, a missing field or an empty body is a 400 with a reason; nothing is applied")
    func malformed() async throws {
        let cases: [(String, String)] = [
            ("{\"mutations\": [", "not valid JSON"),
            ("{\"mutations\": 3}", "mutations has the wrong type"),
            ("{\"mutations\": [{\"id\": \"x\"}]}", "is not valid"),
            ("{}", "mutations is missing"),
            ("", "empty"),
        ]
        for (text, reason) in cases {
            let (status, error, changes) = try await send("/v1/mutations", body: ByteBuffer(string: text))
            #expect(status == .badRequest, "\(text)")
            #expect(error?.error.contains(reason) == true, "\(text): \(error?.error ?? "no body")")
            #expect(changes == 0)
        }
    }

    @Test("a batch over 400 mutations is a 413 and applies none of them; an empty batch is a 400")
    func batches() async throws {
        let family = try await HTTPFamily.make()
        let target = try family.caller(.childA)
        let big = try HTTPFamily.body(SyncAPI.Push(mutations: try (0...SyncAPI.maximumBatch).map { _ in try FamilyFixture.command(to: target) }))
        let (tooMany, error, changes) = try await send("/v1/mutations", body: big)
        #expect(tooMany == .contentTooLarge)
        #expect(error?.code == "batch_too_large")
        #expect(changes == 0)
        #expect(try await send("/v1/mutations", body: try HTTPFamily.body(SyncAPI.Push(mutations: []))).0 == .badRequest)
    }

    @Test("a body over 8 MiB is a 413")
    func oversize() async throws {
        let body = ByteBuffer(repeating: UInt8(ascii: " "), count: FamilyServer.maximumBodyBytes + 1)
        let (status, error, _) = try await send("/v1/mutations", body: body)
        #expect(status == .contentTooLarge)
        #expect(error?.code == "body_too_large")
    }

    @Test("a bad change token or limit, or a device id that is not a UUID, is a 400")
    func parameters() async throws {
        #expect(try await send("/v1/changes?since=abc", method: .get, body: nil).0 == .badRequest)
        #expect(try await send("/v1/changes?since=0&limit=0", method: .get, body: nil).0 == .badRequest)
        #expect(try await send("/v1/changes?since=0&limit=501", method: .get, body: nil).0 == .badRequest)
        #expect(try await send("/v1/devices/not-a-uuid", method: .delete, body: nil).0 == .badRequest)
        #expect(try await send("/v1/devices/\(UUID())", method: .patch, body: try HTTPFamily.body(SyncAPI.Rename(name: " "))).0 == .badRequest)
    }

    @Test("a token in the URL is not a token")
    func tokenInURL() async throws {
        let family = try await HTTPFamily.make()
        let status = try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/devices?token=\(HTTPFamily.token(.parent))", method: .get) { $0.status }
        }
        #expect(status == .unauthorized)
    }

    @Test("past its bucket a device gets 429 with Retry-After; past theirs, redeemers do too")
    func rateLimits() async throws {
        let family = try await HTTPFamily.make()
        let configuration = FamilyServer.Configuration.testing(open: RateLimiter(capacity: 3, perSecond: 0.1),
                                                               device: RateLimiter(capacity: 5, perSecond: 0.5))
        let (statuses, retryAfter) = try await family.app(configuration).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            var retryAfter: String?
            for _ in 0..<6 {
                try await client.execute(uri: "/v1/devices", method: .get, headers: HTTPFamily.headers(.childA)) { response in
                    statuses.append(response.status)
                    retryAfter = response.headers[.retryAfter] ?? retryAfter
                }
            }
            return (statuses, retryAfter)
        }
        #expect(statuses == [.ok, .ok, .ok, .ok, .ok, .tooManyRequests])
        #expect(retryAfter == "2")
        let redeem = try HTTPFamily.body(SyncAPI.Redeem(familyID: try family.caller(.parent).family, secret: Base64URL.encode(Data(count: 24)),
                                                        deviceID: DeviceID(rawValue: UUID()), deviceName: "Kid", mode: .childDevice))
        let redeems = try await family.app(configuration).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 {
                try await client.execute(uri: "/v1/pairings/redeem", method: .post, headers: HTTPFamily.headers(.noToken, json: true), body: redeem) {
                    statuses.append($0.status)
                }
            }
            return statuses
        }
        #expect(redeems == [.forbidden, .forbidden, .forbidden, .tooManyRequests])
    }

    @Test("healthz answers ok, metrics count requests, and the OpenAPI document is served")
    func serviceRoutes() async throws {
        let family = try await HTTPFamily.make()
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("\"ok\""))
            }
            try await client.execute(uri: "/v1/devices", method: .get, headers: HTTPFamily.headers(.noToken)) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains("lockout_http_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"} 1"))
                #expect(text.contains("lockout_refusals_total{code=\"unauthenticated\"} 1"))
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(String(buffer: response.body).hasPrefix("openapi: 3.0.3"))
                #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            }
        }
    }
}
