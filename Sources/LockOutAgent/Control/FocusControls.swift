import Foundation
import LockOutCore

/// Applies focus and task commands to the database directly: restore, apply, persist. Alerts,
/// reminders and the live status are the agent's job, so a test reminder or following needs it.
public struct LocalFocusControl: FocusControl {
    private let service: FocusService
    private let clock: ProcessClock

    public init(service: FocusService, clock: ProcessClock) {
        self.service = service
        self.clock = clock
    }

    public func focus() throws -> FocusScreen {
        let now = clock.now()
        var (breaks, _) = try service.breaks.restore(now: now)
        let (engine, _) = try service.restore(now: now, breaks: &breaks)
        return FocusScreen(engine: engine, now: now)
    }

    public func perform(_ command: FocusCommand) throws -> FocusScreen {
        let now = clock.now()
        var (breaks, _) = try service.breaks.restore(now: now)
        var (engine, _) = try service.restore(now: now, breaks: &breaks)
        _ = try service.execute(command, on: &engine, breaks: &breaks, now: now)
        return FocusScreen(engine: engine, now: now)
    }

    public func perform(_ command: TaskCommand) throws -> TaskRow {
        if case .test = command { throw FocusControlError.agentNotRunning(what: "a test reminder") }
        return try service.execute(command, now: clock.now()).row
    }

    public func follow(_ onUpdate: (LiveStatusUpdate) -> Bool) throws {
        throw FocusControlError.agentNotRunning(what: "the live status")
    }
}

/// Sends focus and task commands to the running agent over its local API.
public struct RemoteFocusControl: FocusControl {
    private let client: AgentClient

    public init(endpoint: AgentEndpoint) {
        client = AgentClient(endpoint: endpoint)
    }

    init(client: AgentClient) {
        self.client = client
    }

    public func focus() throws -> FocusScreen {
        try client.send("GET", "/v1/focus")
    }

    public func perform(_ command: FocusCommand) throws -> FocusScreen {
        try client.send("POST", "/v1/focus/commands", body: command)
    }

    public func perform(_ command: TaskCommand) throws -> TaskRow {
        try client.send("POST", "/v1/tasks/commands", body: command)
    }

    public func follow(_ onUpdate: (LiveStatusUpdate) -> Bool) throws {
        let request = client.request("GET", "/v1/focus/follow", body: nil)
        var failure: (any Error)?
        let end = try client.api.stream(request, headTimeout: AgentClient.timeout) { line in
            do {
                return onUpdate(try AgentJSON.decoder().decode(LiveStatusLine.self, from: line).update)
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if case .refused(let status, let body) = end { throw AgentClient.refusal(status: status, body: body) }
    }
}

/// Chooses how the CLI reaches focus sessions and tasks.
public enum FocusControls {
    /// The running agent's control when its endpoint file names a live agent, else direct database access.
    public static func connect(directory: URL, focus: FocusService, clock: ProcessClock) throws -> any FocusControl {
        if let client = BreakControls.runningAgentClient(directory: directory) {
            return RemoteFocusControl(client: client)
        }
        return LocalFocusControl(service: focus, clock: clock)
    }
}

/// A request only the running agent can serve.
public enum FocusControlError: Error, Equatable, CustomStringConvertible {
    case agentNotRunning(what: String)

    public var description: String {
        switch self {
        case .agentNotRunning(let what):
            "\(what) needs the running agent, which shows notifications and times sessions: start it with 'lockout run'"
        }
    }
}
