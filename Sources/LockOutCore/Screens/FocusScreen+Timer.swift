import Foundation

/// A control of the focus timer.
public enum FocusButton: String, CaseIterable, Codable, Hashable, Sendable {
    case start, pause, resume, stop, skip

    /// The button's title.
    public var title: String {
        switch self {
        case .start: "Start"
        case .pause: "Pause"
        case .resume: "Resume"
        case .stop: "Stop"
        case .skip: "Skip"
        }
    }
}

/// What the timer page shows besides the session's status: its buttons, its clock before and during a
/// session, and where a pomodoro stands.
extension FocusScreen {
    /// The buttons the engine accepts now: Start while stopped; Pause while running or Resume while paused,
    /// then Stop; Skip only in a pomodoro.
    public var buttons: [FocusButton] {
        guard let status else { return [.start] }
        return [status.isRunning ? .pause : .resume, .stop] + (status.mode == .pomodoro ? [.skip] : [])
    }

    /// The clock as `MM:SS`: time left in a countdown, time run in a count-up; while stopped, the length a
    /// session started in `mode` with `minutes` (nil for the mode's setting) would count down from, `00:00`
    /// for a count-up.
    public func clockText(startingIn mode: FocusMode, minutes: Int? = nil) -> String {
        if status != nil { return remainingText ?? elapsedText ?? DurationParser.elapsed(0) }
        let segment: FocusSegment = mode == .pomodoro ? nextSegment : .focus
        let planned = mode.countsDown ? settings.plannedLength(of: mode, segment: segment, minutes: minutes) : nil
        return planned.map(DurationParser.countdown) ?? DurationParser.elapsed(0)
    }

    /// `Focus`, `Short break` or `Long break` while a pomodoro runs or is paused; nil otherwise.
    public var segmentText: String? {
        guard status?.mode == .pomodoro, let segment else { return nil }
        return FocusSessionDetail.name(segment)
    }

    /// The pomodoro round a session is in, 1 up to the cycle's length: a focus segment is the round after the
    /// ones completed, a break belongs to the focus segment before it. Nil outside a pomodoro.
    public var round: Int? {
        guard status?.mode == .pomodoro, let segment else { return nil }
        let round = segment == .focus ? completedFocus + 1 : completedFocus
        return min(max(round, 1), settings.cycles)
    }

    /// `Round 2 of 4` in a pomodoro; nil otherwise.
    public var roundText: String? {
        round.map { "Round \($0) of \(settings.cycles)" }
    }
}
