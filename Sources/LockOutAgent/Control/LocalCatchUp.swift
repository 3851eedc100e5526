import Foundation
import LockOutRuntime
import LockOutCore

/// Records what ended while no agent ran, before a command reads or changes the database: a focus
/// segment whose time ran out (and the pomodoro segment after it), a break in progress that ended.
/// Every command goes through it, so `lockout history`, `stats` or `export csv` alone list them, as
/// they would with an agent running, and each segment keeps the day and zone where it started.
///
/// The health gate needs none of this: whether it is open is judged from the clock on every read,
/// and `lockout gate log`, the one reader of what it did, catches the gate up first.
public enum LocalCatchUp {
    /// Restores breaks and focus at the clock's now and saves what ended; does nothing while an agent
    /// runs, since the agent records both at their deadlines and owns their state.
    ///
    /// Only reads when nothing has ended, which is almost always: a command starts as fast as before.
    public static func run(directory: URL, focus: FocusService, clock: ProcessClock) throws {
        let now = clock.now()
        guard try hasEnded(focus: focus, now: now), BreakControls.runningAgent(directory: directory) == nil else { return }
        var (breaks, _) = try focus.breaks.restore(now: now)
        _ = try focus.restore(now: now, breaks: &breaks)
    }

    /// Whether a focus countdown or a break in progress, as stored, has run out by `now`.
    static func hasEnded(focus: FocusService, now: Date) throws -> Bool {
        if case .running(let session) = try focus.stores.record.load()?.state, let end = session.endsAt, end <= now {
            return true
        }
        if case .valid(let record) = try focus.breaks.stores.record.load(), case .breakActive(_, _, let end) = record.state, end <= now {
            return true
        }
        return false
    }
}
