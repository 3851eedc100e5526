import Foundation
import NIOHTTP1
@testable import LockOutAgent
import LockOutCore
import Testing

@Suite("Agent API")
struct AgentAPITests: AgentAPITesting {
    @Test("GET /v1/status answers the dashboard as JSON")
    func status() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let response = await api.handle(request(.GET, "/v1/status"))
        #expect(response.status == 200)
        #expect(response.headers.first(name: "Content-Type") == "application/json")
        let screen = try AgentJSON.decoder().decode(DashboardScreen.self, from: response.body)
        #expect(screen.state == "running")
        #expect(screen.nextBreak?.countdown == "20:00")
    }

    @Test("a wrong token gets 401 and nothing else")
    func wrongToken() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let response = await api.handle(request(.GET, "/v1/status", token: "guess"))
        #expect(response.status == 401)
        #expect(try errorMessage(response) == "missing or wrong token")
    }

    @Test("POST /v1/commands carries out the command and answers the new dashboard")
    func command() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let body = try AgentJSON.encoder().encode(BreakCommand.pause(seconds: 600))
        let response = await api.handle(request(.POST, "/v1/commands", body: body))
        #expect(response.status == 200)
        #expect(try AgentJSON.decoder().decode(DashboardScreen.self, from: response.body).state == "paused")
    }

    @Test("a command the engine refuses gets 400 with the engine's message, and changes nothing")
    func refusedCommand() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let body = try AgentJSON.encoder().encode(BreakCommand.setRetention(days: 1))
        let response = await api.handle(request(.POST, "/v1/commands", body: body))
        #expect(response.status == 400)
        #expect(try errorMessage(response) == "retention of 1 days is out of range: allowed 7...3650 days")
        #expect(try fixture.database.settingsStore.load().retentionDays == 365)
    }

    @Test("a body that is not a command gets 400")
    func malformedBody() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let response = await api.handle(request(.POST, "/v1/commands", body: Data("{\"explode\":{}}".utf8)))
        #expect(response.status == 400)
        #expect(try errorMessage(response) == "the body is not a break command")
    }

    @Test("an unknown path gets 404, a wrong method 405")
    func unknownRoutes() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        #expect(await api.handle(request(.GET, "/v1/nothing")).status == 404)
        #expect(await api.handle(request(.DELETE, "/v1/status")).status == 405)
    }
}
