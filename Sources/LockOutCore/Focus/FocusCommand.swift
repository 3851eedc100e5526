import Foundation

/// A request from the person about focus sessions, as the CLI, the web app or the API sends it.
public enum FocusCommand: Codable, Hashable, Sendable {
    /// Start a session; ignored while one runs or is paused.
    case start(FocusStart)
    /// Pause the running session.
    case pause
    /// Resume the paused session.
    case resume
    /// Stop the session; a countdown counts as cancelled.
    case stop
    /// End the pomodoro segment as completed and start the next.
    case skip
    /// Change one duration or the cycle length; only while stopped or paused.
    case set(FocusSetting, value: Int)
    /// Turn "hold breaks during focus" on or off.
    case holdBreaksDuringFocus(Bool)
}

extension FocusEngine {
    /// Carries out a person's command at `now`; an invalid one throws and changes nothing.
    public mutating func execute(_ command: FocusCommand, now: Date) throws(FocusInputError) -> [FocusEffect] {
        switch command {
        case .start(let request): return try handle(.userStarted(request), now: now)
        case .pause: return try handle(.userPaused, now: now)
        case .resume: return try handle(.userResumed, now: now)
        case .stop: return try handle(.userStopped, now: now)
        case .skip: return try handle(.userSkipped, now: now)
        case .set(let setting, let value):
            return try update(settings: settings.updating(setting, to: value), now: now)
        case .holdBreaksDuringFocus(let hold):
            var changed = settings
            changed.holdBreaksDuringFocus = hold
            return try update(settings: changed, now: now)
        }
    }
}
