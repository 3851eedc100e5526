import Foundation

/// A request from the person, as the CLI, the web app or a notification sends it.
public enum BreakCommand: Codable, Hashable, Sendable {
    case done(BreakKind?)
    case snooze(BreakKind?)
    case skip(BreakKind?)
    case takeBreakNow(BreakKind?)
    case pause(seconds: Int)
    case pauseUntilTomorrow
    case resume
    case start
    case stop
    case setKind(BreakKind, intervalMinutes: Int?, durationSeconds: Int?, enabled: Bool?)
    case setSnooze(minutes: Int)
    case setRetention(days: Int)
    case setWorkingHours(WorkingHours?)
}

extension BreakEngine {
    /// Carries out a person's command at `now`; an invalid one throws and changes nothing.
    public mutating func execute(_ command: BreakCommand, now: Date) throws(BreakInputError) -> [BreakEffect] {
        switch command {
        case .done(let kind): return try handle(.userCompleted(kind), now: now)
        case .snooze(let kind): return try handle(.userSnoozed(kind), now: now)
        case .skip(let kind): return try handle(.userSkipped(kind), now: now)
        case .takeBreakNow(let kind): return try handle(.userStartedBreak(kind), now: now)
        case .pause(let seconds):
            guard seconds > 0 else { throw .pauseInPast }
            return try handle(.userPaused(until: now.addingTimeInterval(TimeInterval(seconds))), now: now)
        case .pauseUntilTomorrow: return try handle(.userPausedUntilTomorrow, now: now)
        case .resume: return try handle(.userResumed, now: now)
        case .start: return try handle(.userStarted, now: now)
        case .stop: return try handle(.userStopped, now: now)
        case .setKind(let kind, let interval, let duration, let enabled):
            let changed = try settings.updating(kind, intervalMinutes: interval, durationSeconds: duration, enabled: enabled)
            return try update(settings: changed, now: now)
        case .setSnooze(let minutes):
            var changed = settings
            changed.snoozeMinutes = minutes
            return try update(settings: changed, now: now)
        case .setRetention(let days):
            var changed = settings
            changed.retentionDays = days
            return try update(settings: changed, now: now)
        case .setWorkingHours(let hours):
            var changed = settings
            changed.workingHours = hours
            return try update(settings: changed, now: now)
        }
    }
}
