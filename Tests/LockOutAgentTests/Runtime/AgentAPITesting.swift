import Foundation
import NIOHTTP1
@testable import LockOutAgent
import LockOutCore
@testable import LockOutRuntime

/// What the API suites share: an agent over a fresh fixture behind its API, and requests carrying the token.
protocol AgentAPITesting {}

extension AgentAPITesting {
    var token: String { "0123456789abcdef" }

    /// A started agent over a fresh fixture, and its API.
    func started() async throws -> (AgentFixture, DeviceAgent, AgentAPI) {
        let fixture = try AgentFixture()
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()
        return (fixture, agent, AgentAPI(agent: agent, token: token))
    }

    /// A request with `token` (the right one unless given).
    func request(_ method: HTTPMethod, _ path: String, body: Data = Data(), token: String? = nil) -> HTTPRequest {
        HTTPRequest(method: method, path: path, headers: ["Authorization": AgentEndpoint.authorization(for: token ?? self.token)], body: body)
    }

    /// The `error` of a refusal's JSON body.
    func errorMessage(_ response: HTTPResponse) throws -> String {
        try AgentJSON.decoder().decode(APIErrorBody.self, from: response.body).error
    }
}
