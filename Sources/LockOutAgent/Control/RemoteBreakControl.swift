import Foundation
import LockOutCore
import NIOHTTP1
import LockOutRuntime

/// Sends commands to the running agent over its local API.
public struct RemoteBreakControl: BreakControl {
    private let client: AgentClient

    public init(endpoint: AgentEndpoint) {
        client = AgentClient(endpoint: endpoint)
    }

    init(client: AgentClient) {
        self.client = client
    }

    public func dashboard() throws -> DashboardScreen {
        try client.send("GET", "/v1/status")
    }

    public func settings() throws -> BreakSettings {
        try client.send("GET", "/v1/settings")
    }

    /// Whether time away counts as breaks and what tells the agent of it.
    public func presence() throws -> PresenceReport {
        try client.send("GET", "/v1/presence")
    }

    public func perform(_ command: BreakCommand) throws -> DashboardScreen {
        try client.send("POST", "/v1/commands", body: command)
    }

    public func followStatusBar(_ onUpdate: (StatusBarSnapshot) -> Bool) throws {
        let request = client.request("GET", "/v1/status/follow", body: nil)
        var failure: (any Error)?
        let end = try client.api.stream(request, headTimeout: AgentClient.timeout) { line in
            do {
                return onUpdate(try AgentJSON.decoder().decode(StatusBarSnapshot.self, from: line))
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if case .refused(let status, let body) = end { throw AgentClient.refusal(status: status, body: body) }
    }
}

/// Requests to the running agent's local API, with its token; a refusal throws the agent's own message.
///
/// Copies share one `APIClient`, so their requests reuse its connections; the client shuts down when the last
/// copy goes away.
struct AgentClient: Sendable {
    static let timeout: TimeInterval = 10
    let endpoint: AgentEndpoint
    let api: APIClient

    init(endpoint: AgentEndpoint, connectTimeout: TimeInterval = Self.timeout) {
        self.endpoint = endpoint
        api = APIClient(baseURL: endpoint.baseURL, connectTimeout: connectTimeout)
    }

    func send<Answer: Decodable>(_ method: String, _ path: String) throws -> Answer {
        try send(request(method, path, body: nil))
    }

    func send<Answer: Decodable>(_ method: String, _ path: String, body: some Encodable) throws -> Answer {
        try send(request(method, path, body: try AgentJSON.encoder().encode(body)))
    }

    func request(_ method: String, _ path: String, body: Data?) -> HTTPRequest {
        var headers: HTTPHeaders = ["Authorization": AgentEndpoint.authorization(for: endpoint.token)]
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        return HTTPRequest(method: HTTPMethod(rawValue: method), path: path, headers: headers, body: body ?? Data())
    }

    /// Whether the agent answers `GET /v1/status` with 200 within `timeout` seconds.
    func answers(within timeout: TimeInterval) -> Bool {
        (try? api.send(request("GET", "/v1/status", body: nil), timeout: timeout))?.status == 200
    }

    private func send<Answer: Decodable>(_ request: HTTPRequest) throws -> Answer {
        let response = try api.send(request, timeout: Self.timeout)
        guard response.status == 200 else { throw Self.refusal(status: response.status, body: response.body) }
        return try AgentJSON.decoder().decode(Answer.self, from: response.body)
    }

    static func refusal(status: Int, body: Data) -> RemoteControlError {
        let message = (try? AgentJSON.decoder().decode(APIErrorBody.self, from: body))?.error
        return .refused(status: status, message: message ?? "the agent answered \(status)")
    }
}

/// The agent refused a request; the message is the agent's own.
public enum RemoteControlError: Error, CustomStringConvertible {
    case refused(status: Int, message: String)

    public var description: String {
        switch self {
        case .refused(_, let message): message
        }
    }
}

/// Chooses how the CLI reaches the breaks cycle.
public enum BreakControls {
    /// The running agent's control when its endpoint file names a live agent, else direct database access.
    public static func connect(directory: URL, service: BreakService, clock: ProcessClock) throws -> any BreakControl {
        if let client = runningAgentClient(directory: directory) {
            return RemoteBreakControl(client: client)
        }
        return LocalBreakControl(service: service, clock: clock)
    }

    /// The endpoint of an agent that answers on its port, or nil (a stale file is left for the next agent to replace).
    ///
    /// The client made for the probe is shut down before this returns: the agent asks this at its start and
    /// must keep no thread of it.
    public static func runningAgent(directory: URL) -> AgentEndpoint? {
        guard let client = runningAgentClient(directory: directory) else { return nil }
        client.api.shutdown()
        return client.endpoint
    }

    /// A client of the agent that answers on the port its endpoint file names, or nil; requests made through
    /// it reuse the probe's connection.
    static func runningAgentClient(directory: URL) -> AgentClient? {
        guard let endpoint = (try? AgentEndpoint.read(from: directory)) ?? nil else { return nil }
        guard kill(endpoint.pid, 0) == 0 || errno == EPERM else { return nil }
        let client = AgentClient(endpoint: endpoint, connectTimeout: 2)
        return client.answers(within: 2) ? client : nil
    }
}

extension BreakControls {
    /// A family sync round by the agent running over `directory`, which applies commands to its engines;
    /// nil when none runs (or it does not answer), so the caller syncs the database itself.
    public static func agentSyncRound(directory: URL) -> SyncRoundOutcome? {
        guard let agent = runningAgentClient(directory: directory) else { return nil }
        defer { agent.api.shutdown() }
        let report: SyncRoundReport? = try? agent.send("POST", "/v1/family/sync", body: [String: String]())
        return report?.roundOutcome
    }
}
