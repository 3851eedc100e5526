import Foundation

/// One line of `lockout focus status --follow`: the live status flattened, with the state beside it.
///
/// A running or paused session gives every ``LiveStatus`` field plus `state`, `remainingText` and
/// `elapsedText`; no session gives only `{"state":"stopped"}` (absent fields are left out, not null).
public struct FocusStatusLine: Codable, Hashable, Sendable {
    /// `running`, `paused` or `stopped`.
    public let state: String
    /// The session's mode.
    public let mode: FocusMode?
    /// "Work" or "Break" in pomodoro, otherwise the mode's display name.
    public let label: String?
    /// Time left in seconds; absent when counting up or stopped.
    public let remaining: TimeInterval?
    /// Running time of the segment in seconds, pauses excluded.
    public let elapsed: TimeInterval?
    /// Time left as `MM:SS`.
    public let remainingText: String?
    /// Running time as `MM:SS`.
    public let elapsedText: String?
    /// Whether time is running.
    public let isRunning: Bool?
    /// Whether the segment is a pomodoro break.
    public let isOnBreak: Bool?
    /// The activity the time is tagged with.
    public let activity: String?
    /// Focus segments completed in this pomodoro cycle.
    public let completedCycles: Int?
    /// Focus segments per pomodoro cycle.
    public let totalCycles: Int?
    /// When the segment ends if it keeps running.
    public let endsAt: Date?

    /// The line for `status`, or the stopped line for nil.
    public init(_ status: LiveStatus?) {
        state = status.map { $0.isRunning ? "running" : "paused" } ?? "stopped"
        mode = status?.mode
        label = status?.label
        remaining = status?.remaining
        elapsed = status?.elapsed
        remainingText = status?.remaining.map(DurationParser.countdown)
        elapsedText = status.map { DurationParser.elapsed($0.elapsed) }
        isRunning = status?.isRunning
        isOnBreak = status?.isOnBreak
        activity = status?.activity
        completedCycles = status?.completedCycles
        totalCycles = status?.totalCycles
        endsAt = status?.endsAt
    }

    /// The line for one update of the live status feed: a publish shows the status, an end the stopped line.
    public init(_ update: LiveStatusUpdate) {
        switch update {
        case .publish(let status): self.init(status)
        case .end: self.init(nil)
        }
    }
}

/// The custom-module format of the waybar status bar: `{"text","tooltip","class","percentage"}`.
public struct WaybarStatus: Codable, Hashable, Sendable {
    /// What the bar shows, like `Work 24:59`; empty when stopped so the bar hides the module.
    public let text: String
    /// What hovering shows: the time, the activity and the pomodoro cycles, one per line.
    public let tooltip: String
    /// `work`, `break`, `paused` or `stopped`, for the bar's CSS.
    public let cssClass: String
    /// How much of a countdown is done, 0...100; 0 for the modes that count up.
    public let percentage: Int

    enum CodingKeys: String, CodingKey {
        case text, tooltip, percentage
        case cssClass = "class"
    }
}

/// Turns the live status into the lines a status bar reads.
public enum StatusBarFormat {
    /// The names `--format` accepts.
    public static let formatNames = ["json", "waybar"]

    /// The waybar module for `status`; nil (no session) hides the module.
    public static func waybar(_ status: LiveStatus?) -> WaybarStatus {
        guard let status else {
            return WaybarStatus(text: "", tooltip: "", cssClass: "stopped", percentage: 0)
        }
        let time = status.remaining.map(DurationParser.countdown) ?? DurationParser.elapsed(status.elapsed)
        let text = "\(status.label) \(time)"
        return WaybarStatus(
            text: status.isRunning ? text : "⏸ \(text)",
            tooltip: tooltip(status),
            cssClass: cssClass(status),
            percentage: percentage(status)
        )
    }

    /// The waybar module after one feed update.
    public static func waybar(_ update: LiveStatusUpdate) -> WaybarStatus {
        switch update {
        case .publish(let status): waybar(status)
        case .end: waybar(nil as LiveStatus?)
        }
    }

    /// `paused` while paused, else `break` in a pomodoro break and `work` otherwise.
    static func cssClass(_ status: LiveStatus) -> String {
        if !status.isRunning { return "paused" }
        return status.isOnBreak ? "break" : "work"
    }

    /// The done fraction of a countdown in whole percent, rounded down so 100 means really over.
    static func percentage(_ status: LiveStatus) -> Int {
        guard let remaining = status.remaining else { return 0 }
        let total = status.elapsed + remaining
        guard total > 0 else { return 0 }
        let done = (status.elapsed / total * 100).rounded(.down)
        return Int(min(max(done, 0), 100))
    }

    /// `Pomodoro · Work · 24:59 left`, then the activity, then `Cycles 2/4` in pomodoro.
    static func tooltip(_ status: LiveStatus) -> String {
        var headline = [status.mode.displayName]
        if status.label != status.mode.displayName { headline.append(status.label) }
        if let remaining = status.remaining {
            headline.append("\(DurationParser.countdown(remaining)) left")
        } else {
            headline.append("\(DurationParser.countdown(status.elapsed)) elapsed")
        }
        if !status.isRunning { headline.append("paused") }
        var lines = [headline.joined(separator: " · ")]
        lines.append(status.activity.map { "Activity: \($0)" } ?? FocusSessionDetail.noActivity)
        if let done = status.completedCycles, let total = status.totalCycles {
            lines.append("Cycles \(done)/\(total)")
        }
        return lines.joined(separator: "\n")
    }
}
