import Foundation
import NIOHTTP1
@testable import LockOutAgent
import LockOutCore
import Testing
@testable import LockOutRuntime

@Suite("Agent API: focus, tasks and the live status stream")
struct FocusAPITests: AgentAPITesting {
    @Test("POST /v1/focus/commands starts a pomodoro and GET /v1/focus shows it")
    func startAndShow() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let body = try AgentJSON.encoder().encode(FocusCommand.start(FocusStart(mode: .pomodoro)))
        let started = await api.handle(request(.POST, "/v1/focus/commands", body: body))
        #expect(started.status == 200)
        let shown = await api.handle(request(.GET, "/v1/focus"))
        let screen = try AgentJSON.decoder().decode(FocusScreen.self, from: shown.body)
        #expect(screen.state == "running")
        #expect(screen.status?.label == "Work")
        #expect(screen.remainingText == "25:00")
    }

    @Test("a focus command the engine refuses gets 400 with its message and changes nothing")
    func refused() async throws {
        let (fixture, agent, api) = try await started()
        defer { fixture.remove() }
        let body = try AgentJSON.encoder().encode(FocusCommand.pause)
        let response = await api.handle(request(.POST, "/v1/focus/commands", body: body))
        #expect(response.status == 400)
        #expect(try errorMessage(response) == "no focus session is running: pause is allowed only while one runs")
        #expect(try await agent.focusScreen().state == "stopped")
    }

    @Test("task commands: an unknown task and a malformed body get 400")
    func taskErrors() async throws {
        let (fixture, _, api) = try await started()
        defer { fixture.remove() }
        let unknown = await api.handle(request(.POST, "/v1/tasks/commands", body: try AgentJSON.encoder().encode(TaskCommand.done(TaskID(rawValue: 9)))))
        #expect(unknown.status == 400)
        #expect(try errorMessage(unknown) == "no task with id 9: see 'lockout task list'")
        let malformed = await api.handle(request(.POST, "/v1/tasks/commands", body: Data("{\"launch\":1}".utf8)))
        #expect(malformed.status == 400)
        #expect(try errorMessage(malformed) == "the body is not a task command")
    }

    @Test("following over a real socket: the status now, then the end when the session stops; leaving unsubscribes")
    func followOverSocket() async throws {
        let (fixture, agent, api) = try await started()
        defer { fixture.remove() }
        let server = try HTTPServer(port: 0) { request in await api.handle(request) }
        defer { server.stop() }
        let control = RemoteFocusControl(endpoint: AgentEndpoint(port: server.port, token: token, pid: getpid()))
        _ = try control.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 10)))

        let received = UpdateInbox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            try? control.follow { update in
                received.append(update)
                if received.updates.count == 1 {
                    // Stop from a second connection while this one stays open.
                    _ = try? control.perform(FocusCommand.stop)
                }
                return update != .end
            }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)

        let updates = received.updates
        #expect(updates.count == 2)
        guard case .publish(let status) = updates.first else {
            Issue.record("the first line was not a status: \(updates)")
            return
        }
        #expect(status.remaining == 600)
        #expect(updates.last == .end)
        for _ in 0..<500 where await agent.followerCount > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await agent.followerCount == 0)
    }

    @Test("following with no agent running says the agent is needed")
    func followWithoutAgent() throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let control = LocalFocusControl(service: fixture.focusService, clock: fixture.clock)
        #expect(throws: FocusControlError.agentNotRunning(what: "the live status")) {
            try control.follow { _ in true }
        }
    }
}
