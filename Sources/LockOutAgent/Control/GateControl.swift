import Foundation
import LockOutCore

/// How the CLI reaches the health gate: through the running agent, or straight to the database when none
/// runs. Either way the same gate applies the same command to the same stored state; only the agent
/// carries out the shields, so a program is stopped only while it runs.
public protocol GateControl: Sendable {
    /// The gate now, judged on a fresh read of the health source.
    func screen() throws -> GateScreen
    /// Carries out a gate command, with the reads it asks for; an invalid one throws and changes nothing.
    func perform(_ command: GateCommand) throws -> GateScreen
}

/// Applies gate commands to the database directly: restore, apply, read the source, persist.
public struct LocalGateControl: GateControl {
    private let service: GateService
    private let clock: ProcessClock

    public init(service: GateService, clock: ProcessClock) {
        self.service = service
        self.clock = clock
    }

    public func screen() throws -> GateScreen {
        try perform(.refresh)
    }

    public func perform(_ command: GateCommand) throws -> GateScreen {
        let service = service
        let clock = clock
        return try SerialQueueExecutor(label: "lockout.gate").runBlocking {
            var gate = try service.restore(now: clock.now())
            var pending = GateService.reads(in: try service.execute(command, on: &gate, now: clock.now()))
            for _ in 0..<GateService.maximumReads {
                guard let day = pending.first else { break }
                let event = await service.read(day)
                pending = GateService.reads(in: try service.handle(event, on: &gate, now: clock.now()))
            }
            return GateScreen(gate: gate, now: clock.now())
        }
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
