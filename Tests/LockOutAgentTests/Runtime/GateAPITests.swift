import Foundation
import NIOHTTP1
@testable import LockOutAgent
import LockOutCore
import Testing

@Suite("Agent API: health gate")
struct GateAPITests: AgentAPITesting {
    private func command(_ command: GateCommand) throws -> HTTPRequest {
        request(.POST, "/v1/gate/commands", body: try AgentJSON.encoder().encode(command))
    }

    @Test("GET /v1/gate answers the gate screen as JSON")
    func screen() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }

        let response = await api.handle(request(.GET, "/v1/gate"))

        #expect(response.status == 200)
        let screen = try AgentJSON.decoder().decode(GateScreen.self, from: response.body)
        #expect(screen.status == .closed(unmet: [.steps]))
        #expect(screen.goals.map(\.text) == ["0 / 10,000 steps"])
        #expect(screen.peek == .available(seconds: 180))
    }

    @Test("POST /v1/gate/commands carries out the command and answers the new screen after its reads")
    func command() async throws {
        let (fixture, agent, api) = try await started()
        defer { fixture.remove() }
        _ = try fixture.database.healthTotalsStore.addManual(6_240, to: .steps, on: LocalDate(year: 2026, month: 11, day: 23))

        let blocked = await api.handle(try command(.block(BlockedApp(executable: "steam"))))
        #expect(blocked.status == 200)
        #expect(try AgentJSON.decoder().decode(GateScreen.self, from: blocked.body).blockedApps == [BlockedApp(executable: "steam")])
        #expect(try fixture.database.gateStore.loadSettings().blockedApps == [BlockedApp(executable: "steam")])

        let refreshed = await api.handle(try command(.refresh))
        #expect(refreshed.status == 200)
        let screen = try AgentJSON.decoder().decode(GateScreen.self, from: refreshed.body)
        #expect(screen.goals.map(\.text) == ["6,240 / 10,000 steps"])
        let shown = try await agent.gateScreen()
        #expect(shown.goals.map(\.text) == screen.goals.map(\.text))
        #expect(shown.blockedApps == screen.blockedApps)
    }

    @Test("blocking a shell gets 400 saying why it stays allowed, and the block list stays empty")
    func protectedAppRefused() async throws {
        let (fixture, agent, api) = try await started()
        defer { fixture.remove() }

        let response = await api.handle(try command(.block(BlockedApp(executable: "bash"))))

        #expect(response.status == 400)
        #expect(try errorMessage(response) == "'bash' can never be blocked: it is a shell")
        #expect(try await agent.gateScreen().blockedApps.isEmpty)
        #expect(try fixture.database.gateStore.loadSettings().blockedApps.isEmpty)
    }

    @Test("a body that is not a gate command gets 400")
    func malformedBody() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }

        let response = await api.handle(request(.POST, "/v1/gate/commands", body: Data("{\"unlockEverything\":true}".utf8)))

        #expect(response.status == 400)
        #expect(try errorMessage(response) == "the body is not a gate command")
    }

    @Test("GET on the commands path gets 405, POST on the screen path too")
    func wrongMethod() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }

        #expect(await api.handle(request(.GET, "/v1/gate/commands")).status == 405)
        #expect(await api.handle(request(.POST, "/v1/gate")).status == 405)
    }
}
