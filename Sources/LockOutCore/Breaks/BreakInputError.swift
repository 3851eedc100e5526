import Foundation

/// What was wrong with a request to the breaks engine; each case carries the facts and says what is allowed.
public enum BreakInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownKind(String)
    case intervalOutOfRange(kind: BreakKind, minutes: Int, allowed: ClosedRange<Int>)
    case durationOutOfRange(kind: BreakKind, seconds: Int, allowed: ClosedRange<Int>)
    case snoozeOutOfRange(minutes: Int, allowed: ClosedRange<Int>)
    case retentionOutOfRange(days: Int, allowed: ClosedRange<Int>)
    case malformedDuration(String)
    case durationNotWholeMinutes(String)
    case invalidWorkingHours(String)
    case noBreakPending
    case breakKindMismatch(requested: BreakKind, current: BreakKind)
    case snoozeLimitReached(limit: Int)
    case kindDisabled(BreakKind)
    case notPaused
    case pauseInPast
    case breakAlreadyStarted
    case breaksNotRunning

    public var description: String {
        switch self {
        case .unknownKind(let text):
            "unknown break kind '\(text)': use eye, micro or long"
        case .intervalOutOfRange(let kind, let minutes, let allowed):
            "\(kind.rawValue) interval of \(minutes) min is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) min"
        case .durationOutOfRange(let kind, let seconds, let allowed):
            "\(kind.rawValue) duration of \(seconds) s is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) s"
        case .snoozeOutOfRange(let minutes, let allowed):
            "snooze of \(minutes) min is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) min"
        case .retentionOutOfRange(let days, let allowed):
            "retention of \(days) days is out of range: allowed \(allowed.lowerBound)...\(allowed.upperBound) days"
        case .malformedDuration(let text):
            "malformed duration '\(text)': use a number with a unit, like 20s, 20m, 1h or 1h30m"
        case .durationNotWholeMinutes(let text):
            "duration '\(text)' must be whole minutes, like 5m or 1h"
        case .invalidWorkingHours(let reason):
            "invalid working hours: \(reason)"
        case .noBreakPending:
            "no break is due right now: use 'lockout break now' to take one"
        case .breakKindMismatch(let requested, let current):
            "the current break is a \(current.rawValue) break, not \(requested.rawValue)"
        case .snoozeLimitReached(let limit):
            "this break was snoozed \(limit) times already: only done or skip are allowed"
        case .kindDisabled(let kind):
            "\(kind.rawValue) breaks are disabled: enable them with 'lockout schedule set \(kind.rawValue) --enabled true'"
        case .notPaused:
            "breaks are not paused"
        case .pauseInPast:
            "a pause must end in the future"
        case .breakAlreadyStarted:
            "the break has already started: use done or skip"
        case .breaksNotRunning:
            "breaks are paused or stopped: run 'lockout resume' or 'lockout start' first"
        }
    }
}
