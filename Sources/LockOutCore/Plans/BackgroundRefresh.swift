import Foundation

/// When a background refresh (BGAppRefresh) should run again to renew what the system was handed.
///
/// The system runs it at the earliest date or, often, much later: asking at halfway leaves the other
/// half for the delay. Never sooner than 15 minutes, the spacing seed 000 gives the refresh.
public enum BackgroundRefresh {
    /// The soonest a refresh is asked for.
    public static let minimumDelay: TimeInterval = 15 * 60

    /// The earliest begin date for a refresh at `now` of a plan that holds until `coveredUntil`:
    /// halfway there, and at least `minimumDelay` after `now`.
    public static func earliestBegin(now: Date, coveredUntil: Date) -> Date {
        let halfway = now.addingTimeInterval(max(0, coveredUntil.timeIntervalSince(now)) / 2)
        return max(halfway, now.addingTimeInterval(minimumDelay))
    }
}
