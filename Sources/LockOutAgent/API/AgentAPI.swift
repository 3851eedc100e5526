import Foundation
import LockOutCore

/// The agent's local API: routes a request to the breaks agent and maps the result to a status and a JSON body.
///
/// - `GET /v1/status` → `DashboardScreen`
/// - `GET /v1/settings` → `BreakSettings`
/// - `POST /v1/commands` with a `BreakCommand` → `DashboardScreen`, or 400 with `{"error": …}` when the engine refuses it
public struct AgentAPI: Sendable {
    private let agent: BreakAgent

    public init(agent: BreakAgent) {
        self.agent = agent
    }

    /// A response as status code and JSON body.
    public struct Reply: Sendable {
        public let status: Int
        public let body: Data
    }

    public func respond(method: String, path: String, body: Data) async -> Reply {
        switch (method, path) {
        case ("GET", "/v1/status"):
            return await reply { try await agent.dashboard() }
        case ("GET", "/v1/settings"):
            return await reply { try await agent.settings() }
        case ("POST", "/v1/commands"):
            guard let command = try? AgentJSON.decoder().decode(BreakCommand.self, from: body) else {
                return Self.error(400, "the body is not a break command")
            }
            return await reply { try await agent.perform(command) }
        case (_, "/v1/status"), (_, "/v1/settings"), (_, "/v1/commands"):
            return Self.error(405, "method \(method) is not allowed on \(path)")
        default:
            return Self.error(404, "no such endpoint: \(path)")
        }
    }

    private func reply(_ work: () async throws -> some Encodable) async -> Reply {
        do {
            let value = try await work()
            return Reply(status: 200, body: (try? AgentJSON.encoder().encode(value)) ?? Data())
        } catch let error as BreakInputError {
            return Self.error(400, error.description)
        } catch {
            return Self.error(500, "\(error)")
        }
    }

    static func error(_ status: Int, _ message: String) -> Reply {
        Reply(status: status, body: (try? AgentJSON.encoder().encode(APIErrorBody(error: message))) ?? Data())
    }
}
