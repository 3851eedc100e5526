import Foundation
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Agent endpoint file")
struct AgentEndpointTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lockout-endpoint-\(UUID().uuidString)")
    }

    @Test("the file is written with mode 0600 and reads back the same")
    func roundTrip() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let endpoint = AgentEndpoint(port: 48_123, token: AgentEndpoint.newToken(), pid: 4242)

        try endpoint.write(to: directory)

        let path = directory.appendingPathComponent("agent.json").path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o600)
        #expect(try AgentEndpoint.read(from: directory) == endpoint)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["agent.json"])
    }

    @Test("writing again replaces the endpoint and keeps mode 0600")
    func replace() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try AgentEndpoint(port: 1, token: "old", pid: 1).write(to: directory)
        let path = directory.appendingPathComponent("agent.json").path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        try AgentEndpoint(port: 2, token: "new", pid: 2).write(to: directory)

        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o600)
        #expect(try AgentEndpoint.read(from: directory)?.token == "new")
    }

    @Test("no file reads as no endpoint, and removing twice is fine")
    func missingAndRemove() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try AgentEndpoint(port: 1, token: "t", pid: 1).write(to: directory)

        try AgentEndpoint.remove(from: directory)
        try AgentEndpoint.remove(from: directory)

        #expect(try AgentEndpoint.read(from: directory) == nil)
    }

    @Test("a file that isn't an endpoint is reported")
    func corrupt() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: directory.appendingPathComponent("agent.json"))

        #expect(throws: AgentEndpointError.self) { try AgentEndpoint.read(from: directory) }
    }

    @Test("tokens are 64 hex digits and differ each time")
    func tokens() {
        let first = AgentEndpoint.newToken()
        let second = AgentEndpoint.newToken()

        #expect(first.count == 64)
        #expect(first.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first != second)
    }

    @Test("the right bearer token is accepted, whatever the scheme's case")
    func authorized() {
        let token = AgentEndpoint.newToken()

        #expect(AgentEndpoint.isAuthorized(request(authorization: "Bearer \(token)"), token: token))
        #expect(AgentEndpoint.isAuthorized(request(authorization: "bearer \(token)"), token: token))
        #expect(AgentEndpoint.isAuthorized(request(authorization: AgentEndpoint.authorization(for: token)), token: token))
    }

    @Test("a wrong, partial, differently schemed or missing token is refused", arguments: [
        "Bearer 0000", "Bearer abc", "Basic abc123", "abc123", "Bearer ", "",
    ])
    func refused(authorization: String) {
        #expect(!AgentEndpoint.isAuthorized(request(authorization: authorization), token: "abc123"))
        #expect(!AgentEndpoint.isAuthorized(HTTPRequest(method: .GET, path: "/"), token: "abc123"))
        #expect(!AgentEndpoint.isAuthorized(request(authorization: "Bearer "), token: ""))
    }

    private func request(authorization: String) -> HTTPRequest {
        HTTPRequest(method: .GET, path: "/v1/status", headers: ["Authorization": authorization])
    }
}
