import Foundation

/// When a new live status is worth publishing: at most once a second while running, never while paused unless something changed.
public enum LiveStatusThrottle {
    /// The shortest time between two updates of a running session.
    public static let interval: TimeInterval = 1

    /// Whether to publish `next`, given what was last published and when.
    ///
    /// The first status, and a change of mode, running/paused or work/break, go out at once. While
    /// running, an update goes out once `interval` has passed (or the clock went back); while paused,
    /// only when the status differs from the last one (a setting or activity changed).
    public static func shouldPublish(previous: LiveStatus?, next: LiveStatus, lastPublishedAt: Date?, now: Date) -> Bool {
        guard let previous, let lastPublishedAt else { return true }
        if previous.mode != next.mode || previous.isRunning != next.isRunning || previous.isOnBreak != next.isOnBreak {
            return true
        }
        guard next.isRunning else { return previous != next }
        let since = now.timeIntervalSince(lastPublishedAt)
        return since >= interval || since < 0
    }
}
