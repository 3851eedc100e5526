import Foundation
import LockOutCore
import LockOutRuntime

// The CLI's side of focus, the gate and rewards when an agent runs: its local API.

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

/// Sends gate commands to the running agent over its local API.
public struct RemoteGateControl: GateControl {
    private let client: AgentClient

    public init(endpoint: AgentEndpoint) {
        client = AgentClient(endpoint: endpoint)
    }

    public func screen() throws -> GateScreen {
        try client.send("GET", "/v1/gate")
    }

    public func perform(_ command: GateCommand) throws -> GateScreen {
        try client.send("POST", "/v1/gate/commands", body: command)
    }

    /// The agent catches its gate up with now whenever its screen is asked for.
    public func catchUp() throws {
        _ = try screen()
    }
}

/// Chooses how the CLI reaches the health gate.
public enum GateControls {
    /// The running agent's control when its endpoint file names a live agent, else direct database access.
    public static func connect(directory: URL, gate: GateService, clock: ProcessClock) -> any GateControl {
        if let endpoint = BreakControls.runningAgent(directory: directory) {
            return RemoteGateControl(endpoint: endpoint)
        }
        return LocalGateControl(service: gate, clock: clock)
    }
}
/// Rewards in the running agent, over its local API.
public struct RemoteRewardsControl: RewardsControl {
    private let client: AgentClient

    public init(endpoint: AgentEndpoint) {
        client = AgentClient(endpoint: endpoint)
    }

    public func screen() throws -> RewardsScreen {
        try client.send("GET", "/v1/rewards")
    }

    public func perform(_ command: RewardsCommand, pin: String?) throws -> RewardsScreen {
        try client.send("POST", "/v1/rewards/commands", body: RewardsRequest(command: command, pin: pin))
    }

    public func setPIN(_ pin: String, old: String?) throws -> RewardsScreen {
        try client.send("POST", "/v1/rewards/pin", body: PINRequest(pin: pin, old: old))
    }

    public func history(days: Int) throws -> RewardsHistory {
        try client.send("POST", "/v1/rewards/history", body: RewardsHistoryRequest(days: days))
    }

    public func checkPIN(_ pin: String?) throws {
        let _: RewardsScreen = try client.send("POST", "/v1/rewards/pin/check", body: PINRequest(pin: pin ?? "", old: nil))
    }
}
