import Foundation
import LockOutCore

/// The agent's local API: checks the bearer token, routes a request to the breaks agent, and maps
/// the result to a status and a JSON body.
///
/// - `GET /v1/status` → `DashboardScreen`
/// - `GET /v1/settings` → `BreakSettings`
/// - `POST /v1/commands` with a `BreakCommand` → `DashboardScreen`, or 400 with `{"error": …}` when the engine refuses it
/// - a missing or wrong token → 401; an unknown path → 404; a wrong method → 405
public struct AgentAPI: Sendable {
    private let agent: BreakAgent
    private let token: String

    public init(agent: BreakAgent, token: String) {
        self.agent = agent
        self.token = token
    }

    /// Answers one request.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard AgentEndpoint.isAuthorized(request, token: token) else {
            return Self.error(401, "missing or wrong token")
        }
        switch (request.method, request.path) {
        case (.get, "/v1/status"):
            return await reply { try await agent.dashboard() }
        case (.get, "/v1/settings"):
            return await reply { try await agent.settings() }
        case (.post, "/v1/commands"):
            guard let command = try? AgentJSON.decoder().decode(BreakCommand.self, from: request.body) else {
                return Self.error(400, "the body is not a break command")
            }
            return await reply { try await agent.perform(command) }
        case (_, "/v1/status"), (_, "/v1/settings"), (_, "/v1/commands"):
            return Self.error(405, "method \(request.method) is not allowed on \(request.path)")
        default:
            return Self.error(404, "no such endpoint: \(request.path)")
        }
    }

    private func reply(_ work: () async throws -> some Encodable) async -> HTTPResponse {
        do {
            return HTTPResponse.json(try AgentJSON.encoder().encode(try await work()))
        } catch let error as BreakInputError {
            return Self.error(400, error.description)
        } catch {
            return Self.error(500, "\(error)")
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse.json((try? AgentJSON.encoder().encode(APIErrorBody(error: message))) ?? Data(), status: status)
    }
}
