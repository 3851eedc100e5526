import Foundation
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
    public static func run(directory: URL, focus: FocusService, clock: ProcessClock) throws {
        guard BreakControls.runningAgent(directory: directory) == nil else { return }
        let now = clock.now()
        var (breaks, _) = try focus.breaks.restore(now: now)
        _ = try focus.restore(now: now, breaks: &breaks)
    }
}
