import Foundation

/// What the focus Live Activity shows: the content state the widget extension reads, without LockOutCore.
///
/// The app plans it in Core as `FocusActivityContent` and hands it over as the JSON `JSONEncoder()` makes of
/// it: the same field names, the mode and segment as their raw strings (`timer`, `pomodoro`, `stopwatch`,
/// `focus`; `focus`, `shortBreak`, `longBreak`), the dates in `JSONEncoder()`'s default form. The widget counts
/// by itself from the dates: down to ``endsAt`` while a countdown runs, up from ``countingFrom`` while a
/// count-up runs; while paused it shows ``pausedSeconds``, frozen.
public struct FocusActivityState: Codable, Hashable, Sendable {
    /// The session's mode: `timer`, `pomodoro`, `stopwatch` or `focus`.
    public let mode: String
    /// The segment the session times: `focus`, `shortBreak` or `longBreak`.
    public let segment: String
    /// "Work" or "Break" in pomodoro, otherwise the mode's name, as the live status says it.
    public let label: String
    /// The activity the time is tagged with, already cut short enough for the system's 4 KB.
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

    /// A state with every field given.
    public init(
        mode: String,
        segment: String,
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
        self.activity = activity
        self.endsAt = endsAt
        self.countingFrom = countingFrom
        self.isPaused = isPaused
        self.pausedSeconds = pausedSeconds
        self.completedCycles = completedCycles
        self.totalCycles = totalCycles
    }

    /// The state in `data`, the app's JSON of Core's content; nil when it can't be read.
    public static func decoded(from data: Data) -> FocusActivityState? {
        try? JSONDecoder().decode(FocusActivityState.self, from: data)
    }

    /// The state as JSON, in the form Core's content reads back.
    public func encoded() throws -> Data {
        try JSONEncoder().encode(self)
    }
}

extension FocusActivityState {
    /// Whether the segment is a pomodoro break (`shortBreak` or `longBreak`).
    public var isBreak: Bool {
        segment != "focus"
    }

    /// The dates the running clock spans, for SwiftUI's `Text(timerInterval:countsDown:)`; nil while paused.
    ///
    /// A running countdown spans up to ``endsAt`` from far back, so the clock shows the time left from any
    /// moment on and stops at zero; a running count-up spans from ``countingFrom`` on, without an end.
    public var timerInterval: ClosedRange<Date>? {
        guard !isPaused else { return nil }
        if let endsAt { return Date.distantPast...endsAt }
        if let countingFrom { return countingFrom...Date.distantFuture }
        return nil
    }

    /// Whether the running clock counts down to ``endsAt`` rather than up from ``countingFrom``.
    public var countsDown: Bool {
        endsAt != nil
    }

    /// While paused, the frozen clock as `MM:SS` (minutes may pass 59), as the app's own clock writes it;
    /// nil while running.
    public var pausedClockText: String? {
        guard isPaused, let pausedSeconds else { return nil }
        let seconds = max(pausedSeconds, 0)
        return Self.twoDigits(seconds / 60) + ":" + Self.twoDigits(seconds % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
