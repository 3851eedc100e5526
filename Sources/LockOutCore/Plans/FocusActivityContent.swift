import Foundation

/// What a Live Activity shows about the running focus session: a small value the system keeps and
/// the widget draws without asking the app (ActivityKit's content state: Codable, Hashable, ≤ 4 KB).
///
/// The widget counts by itself from the dates: down to `endsAt` while a countdown runs, up from
/// `countingFrom` while a count-up runs; while paused it shows `pausedSeconds`, frozen.
public struct FocusActivityContent: Codable, Hashable, Sendable {
    /// The most UTF-8 bytes of the activity name kept, so the state stays far below the system's 4 KB.
    public static let activityByteLimit = 200

    /// The session's mode.
    public let mode: FocusMode
    /// Focus, short break or long break.
    public let segment: FocusSegment
    /// "Work" or "Break" in pomodoro, otherwise the mode's name, as the live status says it.
    public let label: String
    /// The activity the time is tagged with, cut to ``activityByteLimit`` bytes.
    public let activity: String?
    /// When a running countdown ends; nil while paused or counting up.
    public let endsAt: Date?
    /// The moment a running count-up counts from (its start, moved later by the pauses); nil otherwise.
    public let countingFrom: Date?
    /// Whether the session is paused.
    public let isPaused: Bool
    /// While paused, the seconds shown: time left of a countdown, time run of a count-up.
    public let pausedSeconds: Int?
    /// Focus segments completed in this pomodoro cycle; nil outside pomodoro.
    public let completedCycles: Int?
    /// Focus segments per pomodoro cycle; nil outside pomodoro.
    public let totalCycles: Int?

    /// A state with every field given; the activity is cut to ``activityByteLimit`` bytes.
    public init(
        mode: FocusMode,
        segment: FocusSegment,
        label: String,
        activity: String?,
        endsAt: Date?,
        countingFrom: Date?,
        isPaused: Bool,
        pausedSeconds: Int?,
        completedCycles: Int?,
        totalCycles: Int?
    ) {
        self.mode = mode
        self.segment = segment
        self.label = label
        self.activity = activity.map { Self.cut($0, toBytes: Self.activityByteLimit) }
        self.endsAt = endsAt
        self.countingFrom = countingFrom
        self.isPaused = isPaused
        self.pausedSeconds = pausedSeconds
        self.completedCycles = completedCycles
        self.totalCycles = totalCycles
    }

    /// `text` cut at a character boundary to at most `limit` UTF-8 bytes, an ellipsis marking the cut.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let ellipsis = "…"
        var kept = ""
        var bytes = ellipsis.utf8.count
        for character in text {
            bytes += character.utf8.count
            guard bytes <= limit else { break }
            kept.append(character)
        }
        return kept + ellipsis
    }
}

/// A Live Activity's content and the moment it goes stale.
public struct FocusActivityPlan: Codable, Hashable, Sendable {
    /// What the activity shows.
    public let content: FocusActivityContent
    /// When the content is out of date unless the app updates it: a running countdown's end (then
    /// the session ends or the next pomodoro segment begins); nil while paused or counting up, which
    /// the widget shows correctly for as long as the system keeps the activity.
    public let staleDate: Date?

    /// A plan with every field given.
    public init(content: FocusActivityContent, staleDate: Date?) {
        self.content = content
        self.staleDate = staleDate
    }
}

extension FocusEngine {
    /// The Live Activity for the session at `now`, built from its live status; nil when no session runs.
    public func activityPlan(now: Date) -> FocusActivityPlan? {
        guard let status = liveStatus(now: now), let session = record.state.session else { return nil }
        let countingUp = status.remaining == nil
        let content = FocusActivityContent(
            mode: status.mode,
            segment: session.segment,
            label: status.label,
            activity: status.activity,
            endsAt: status.isRunning ? status.endsAt : nil,
            countingFrom: status.isRunning && countingUp ? now.addingTimeInterval(-status.elapsed) : nil,
            isPaused: !status.isRunning,
            pausedSeconds: status.isRunning ? nil : countingUp ? Int(status.elapsed.rounded(.down)) : Int((status.remaining ?? 0).rounded(.up)),
            completedCycles: status.completedCycles,
            totalCycles: status.totalCycles
        )
        return FocusActivityPlan(content: content, staleDate: content.endsAt)
    }
}
