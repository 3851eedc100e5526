import Foundation

/// What `lockout focus status` and the focus page show: the session now, the pomodoro's place and the settings.
public struct FocusScreen: Codable, Hashable, Sendable {
    /// `stopped`, `running` or `paused`.
    public let state: String
    /// The session's live status; nil when stopped.
    public let status: LiveStatus?
    /// Time left as `MM:SS` (minutes may pass 59); nil when stopped or counting up.
    public let remainingText: String?
    /// Running time as `MM:SS` (minutes may pass 59); nil when stopped.
    public let elapsedText: String?
    /// The segment the session times now; nil when stopped.
    public let segment: FocusSegment?
    /// Focus segments completed since the last long break.
    public let completedFocus: Int
    /// The segment a pomodoro runs next (the current one's successor is decided when it ends).
    public let nextSegment: FocusSegment
    /// The settings in force.
    public let settings: FocusSettings

    /// The screen for `engine` at `now`.
    public init(engine: FocusEngine, now: Date) {
        let status = engine.liveStatus(now: now)
        state = engine.record.state.name
        self.status = status
        remainingText = status?.remaining.map(DurationParser.countdown)
        elapsedText = status.map { DurationParser.elapsed($0.elapsed) }
        segment = engine.record.state.session?.segment
        completedFocus = engine.record.cycle.completedFocus
        nextSegment = engine.record.cycle.next
        settings = engine.settings
    }
}
