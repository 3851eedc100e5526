import Foundation

/// What a person asked for when starting a session.
public struct FocusStart: Codable, Hashable, Sendable {
    /// The mode to run.
    public let mode: FocusMode
    /// A duration in minutes instead of the setting: the timer's, the pomodoro focus segment's, or focus mode's target.
    public let durationMinutes: Int?
    /// The activity to tag the time with.
    public let activity: String?

    /// A start request; the mode defaults to the timer.
    public init(mode: FocusMode = .timer, durationMinutes: Int? = nil, activity: String? = nil) {
        self.mode = mode
        self.durationMinutes = durationMinutes
        self.activity = activity
    }
}

/// Something that happened to the focus session.
public enum FocusEvent: Hashable, Sendable {
    /// Time passed: end every segment whose time ran out at or before now.
    case tick
    /// The person started a session; ignored while one runs or is paused.
    case userStarted(FocusStart)
    /// The person paused the running session.
    case userPaused
    /// The person resumed the paused session.
    case userResumed
    /// The person stopped the session; a countdown counts as cancelled.
    case userStopped
    /// The person skipped to the next pomodoro segment; the current one counts as completed.
    case userSkipped
}

/// Something the runtime must carry out after a transition, once the record is persisted.
public enum FocusEffect: Hashable, Sendable {
    /// Schedule the platform's alarm for the segment's end.
    case scheduleAlarm(FocusAlert)
    /// Schedule a notification for the segment's end (no alarm on this platform).
    case scheduleNotification(FocusAlert)
    /// Cancel the pending alert with this id.
    case cancelAlert(id: String)
    /// Record this segment in the history.
    case save(FocusSessionRecord)
    /// Publish this live status at once (a change of state, segment or mode).
    case publishStatus(LiveStatus)
    /// The session ended: remove the live status.
    case endStatus
}
