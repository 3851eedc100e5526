import Foundation

/// What the platform can use to alert at a session's end: exactly one of them is ever scheduled.
public enum AlertCapability: String, Codable, Hashable, Sendable {
    /// A real alarm (AlarmKit on iOS 26+); preferred when the platform has one.
    case alarm
    /// Only a timed notification (Linux, older Apple systems).
    case notificationOnly
}

/// An end-of-segment alert: when it fires and what it says.
public struct FocusAlert: Codable, Hashable, Sendable {
    /// Every focus alert shares this id, so scheduling one replaces the last and one cancel removes it.
    public let id: String
    /// When the segment ends.
    public let fireAt: Date
    /// The time left when the alert was scheduled, in seconds.
    public let fireIn: TimeInterval
    /// "Timer Complete".
    public let title: String
    /// What ended: "Work session finished", "Break finished" or "Timer finished".
    public let body: String

    /// An alert with every field given.
    public init(id: String, fireAt: Date, fireIn: TimeInterval, title: String, body: String) {
        self.id = id
        self.fireAt = fireAt
        self.fireIn = fireIn
        self.title = title
        self.body = body
    }
}

/// The texts and effects of focus alerts.
public enum FocusAlerts {
    /// The id every focus alert shares.
    public static let id = "focus"
    /// The title of every focus alert.
    public static let title = "Timer Complete"

    /// What the alert says when `session` ends.
    public static func body(for session: FocusSession) -> String {
        switch session.mode {
        case .pomodoro: session.segment.isBreak ? "Break finished" : "Work session finished"
        case .timer, .stopwatch, .focus: "Timer finished"
        }
    }

    /// The one effect that schedules the alert for the running `session` at `now`, or nil when it has no end ahead.
    public static func schedule(for session: FocusSession, capability: AlertCapability, now: Date) -> FocusEffect? {
        guard let endsAt = session.endsAt, endsAt > now else { return nil }
        let alert = FocusAlert(
            id: id,
            fireAt: endsAt,
            fireIn: endsAt.timeIntervalSince(now),
            title: title,
            body: body(for: session)
        )
        switch capability {
        case .alarm: return .scheduleAlarm(alert)
        case .notificationOnly: return .scheduleNotification(alert)
        }
    }

    /// The effect that cancels a pending alert for `session`, or nil when it never had one.
    public static func cancel(for session: FocusSession) -> FocusEffect? {
        session.mode.countsDown ? .cancelAlert(id: id) : nil
    }
}
