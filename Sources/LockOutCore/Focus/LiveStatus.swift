import Foundation

/// What a status bar or a Live Activity shows about the current session.
public struct LiveStatus: Codable, Hashable, Sendable {
    /// The session's mode.
    public let mode: FocusMode
    /// "Work" or "Break" in pomodoro, otherwise the mode's display name.
    public let label: String
    /// Time left in seconds; nil when the mode counts up.
    public let remaining: TimeInterval?
    /// Running time of the current segment in seconds, pauses excluded.
    public let elapsed: TimeInterval
    /// Whether time is running (false when paused).
    public let isRunning: Bool
    /// Whether the segment is a pomodoro break.
    public let isOnBreak: Bool
    /// The activity the time is tagged with.
    public let activity: String?
    /// Focus segments completed in this pomodoro cycle; nil outside pomodoro.
    public let completedCycles: Int?
    /// Focus segments per pomodoro cycle; nil outside pomodoro.
    public let totalCycles: Int?
    /// When the segment ends if it keeps running; nil when paused or counting up.
    public let endsAt: Date?

    /// A status with every field given.
    public init(
        mode: FocusMode,
        label: String,
        remaining: TimeInterval?,
        elapsed: TimeInterval,
        isRunning: Bool,
        isOnBreak: Bool,
        activity: String?,
        completedCycles: Int?,
        totalCycles: Int?,
        endsAt: Date?
    ) {
        self.mode = mode
        self.label = label
        self.remaining = remaining
        self.elapsed = elapsed
        self.isRunning = isRunning
        self.isOnBreak = isOnBreak
        self.activity = activity
        self.completedCycles = completedCycles
        self.totalCycles = totalCycles
        self.endsAt = endsAt
    }
}

extension FocusEngine {
    /// The live status at `now`, or nil when no session runs.
    public func liveStatus(now: Date) -> LiveStatus? {
        let session: FocusSession
        let at: Date
        let running: Bool
        switch record.state {
        case .stopped: return nil
        case .running(let current): (session, at, running) = (current, now, true)
        case .paused(let current, let pausedAt): (session, at, running) = (current, pausedAt, false)
        }
        let pomodoro = session.mode == .pomodoro
        let label = pomodoro ? (session.segment.isBreak ? "Break" : "Work") : session.mode.displayName
        return LiveStatus(
            mode: session.mode,
            label: label,
            remaining: session.remaining(at: at),
            elapsed: session.runningTime(at: at),
            isRunning: running,
            isOnBreak: session.segment.isBreak,
            activity: session.activity,
            completedCycles: pomodoro ? record.cycle.completedFocus : nil,
            totalCycles: pomodoro ? settings.cycles : nil,
            endsAt: running ? session.endsAt : nil
        )
    }
}
