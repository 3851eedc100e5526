import Foundation
import LockOutCore

/// Sends commands to the running agent over its local API.
public struct RemoteBreakControl: BreakControl {
    private let client: AgentClient

    public init(endpoint: AgentEndpoint) {
        client = AgentClient(endpoint: endpoint)
    }

    public func dashboard() throws -> DashboardScreen {
        try client.send("GET", "/v1/status")
    }

    public func settings() throws -> BreakSettings {
        try client.send("GET", "/v1/settings")
    }

    public func perform(_ command: BreakCommand) throws -> DashboardScreen {
        try client.send("POST", "/v1/commands", body: command)
    }
}

/// Requests to the running agent's local API, with its token; a refusal throws the agent's own message.
struct AgentClient: Sendable {
    static let timeout: TimeInterval = 10
    let endpoint: AgentEndpoint

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

    private func send<Answer: Decodable>(_ request: HTTPRequest) throws -> Answer {
        let response = try HTTPClient.send(request, port: endpoint.port, timeout: Self.timeout)
        guard response.status == 200 else { throw Self.refusal(response) }
        return try AgentJSON.decoder().decode(Answer.self, from: response.body)
    }

    static func refusal(_ response: HTTPResponse) -> RemoteControlError {
        let message = (try? AgentJSON.decoder().decode(APIErrorBody.self, from: response.body))?.error
        return .refused(status: response.status, message: message ?? "the agent answered \(response.status)")
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
        if let endpoint = runningAgent(directory: directory) {
            return RemoteBreakControl(endpoint: endpoint)
        }
        return LocalBreakControl(service: service, clock: clock)
    }

    /// The endpoint of an agent that answers on its port, or nil (a stale file is left for the next agent to replace).
    public static func runningAgent(directory: URL) -> AgentEndpoint? {
        guard let endpoint = (try? AgentEndpoint.read(from: directory)) ?? nil else { return nil }
        guard kill(endpoint.pid, 0) == 0 || errno == EPERM else { return nil }
        let probe = HTTPRequest(method: .get, path: "/v1/status", headers: ["Authorization": AgentEndpoint.authorization(for: endpoint.token)])
        guard (try? HTTPClient.send(probe, port: endpoint.port, timeout: 2)) != nil else { return nil }
        return endpoint
    }
}
