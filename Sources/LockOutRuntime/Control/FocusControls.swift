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
