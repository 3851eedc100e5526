import Foundation
import LockOutCore

/// How the CLI reaches the breaks cycle: through the running agent, or straight to the database when none runs.
/// Either way the same engine applies the same command, so the result is the same.
public protocol BreakControl: Sendable {
    func dashboard() throws -> DashboardScreen
    func settings() throws -> BreakSettings
    func perform(_ command: BreakCommand) throws -> DashboardScreen
    /// Streams what a status bar shows: `onUpdate` gets the snapshot now at once, then each change, until it
    /// returns false or the stream ends. Throws when no agent runs (only the agent times breaks).
    func followStatusBar(_ onUpdate: (StatusBarSnapshot) -> Bool) throws
}

/// Applies commands to the database directly: restore, apply, persist. Notifications are the agent's job.
public struct LocalBreakControl: BreakControl {
    private let service: BreakService
    private let clock: ProcessClock

    public init(service: BreakService, clock: ProcessClock) {
        self.service = service
        self.clock = clock
    }

    public func dashboard() throws -> DashboardScreen {
        let now = clock.now()
        let (engine, _) = try service.restore(now: now)
        return try service.dashboard(for: engine, now: now)
    }

    public func settings() throws -> BreakSettings {
        try service.stores.settings.load()
    }

    public func perform(_ command: BreakCommand) throws -> DashboardScreen {
        let now = clock.now()
        var (engine, _) = try service.restore(now: now)
        _ = try service.execute(command, on: &engine, now: now)
        return try service.dashboard(for: engine, now: now)
    }

    public func followStatusBar(_ onUpdate: (StatusBarSnapshot) -> Bool) throws {
        throw FocusControlError.agentNotRunning(what: "the status bar stream")
    }
}
