import Foundation

/// What was wrong with a request to the focus engine; each case carries the facts and says what is allowed.
public enum FocusInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A mode name nobody knows.
    case unknownMode(String)
    /// A setting name nobody knows.
    case unknownSetting(String)
    /// A setting's value lies outside its range.
    case settingOutOfRange(setting: FocusSetting, value: Int, allowed: ClosedRange<Int>)
    /// A start duration lies outside the mode's range.
    case durationOutOfRange(mode: FocusMode, minutes: Int, allowed: ClosedRange<Int>)
    /// A start asked for a duration in a mode that has none.
    case durationNotAllowed(mode: FocusMode)
    /// Settings were changed while a session runs.
    case settingsLockedWhileRunning
    /// Pause without a running session.
    case notRunning
    /// Pause of a paused session.
    case alreadyPaused
    /// Resume of a session that is not paused.
    case notPaused
    /// Stop or skip with no session.
    case noSession
    /// Skip outside pomodoro.
    case skipOutsidePomodoro(mode: FocusMode)

    /// The message a person reads, saying what is allowed.
    public var description: String {
        switch self {
        case .unknownMode(let text):
            "unknown mode '\(text)': use timer, pomodoro, stopwatch or focus"
        case .unknownSetting(let text):
            "unknown focus setting '\(text)': use focus, short-break, long-break, cycles or timer"
        case .settingOutOfRange(let setting, let value, let allowed):
            "\(setting.rawValue) of \(value) \(setting.unit) is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) \(setting.unit)"
        case .durationOutOfRange(let mode, let minutes, let allowed):
            "\(mode.rawValue) duration of \(minutes) min is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) min"
        case .durationNotAllowed(let mode):
            "a \(mode.rawValue) counts up and takes no duration: use --duration with timer, pomodoro or focus"
        case .settingsLockedWhileRunning:
            "focus durations can be changed only while stopped or paused: pause or stop the session first"
        case .notRunning:
            "no focus session is running: pause is allowed only while one runs"
        case .alreadyPaused:
            "the focus session is already paused: use resume or stop"
        case .notPaused:
            "the focus session is not paused: resume is allowed only from paused"
        case .noSession:
            "no focus session is running: start one with 'lockout focus start'"
        case .skipOutsidePomodoro(let mode):
            "skip is allowed only in pomodoro, not in \(mode.rawValue): use stop"
        }
    }
}
