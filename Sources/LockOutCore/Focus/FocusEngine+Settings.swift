import Foundation

/// Settings changes, restarts and the link to breaks.
extension FocusEngine {
    /// Replaces the settings after validating them; durations change only while stopped or paused.
    ///
    /// A paused segment takes the new length of its own kind (so a person can shorten the paused
    /// timer); a length given at start is kept unless its own setting changed.
    public mutating func update(settings newSettings: FocusSettings, now: Date) throws(FocusInputError) -> [FocusEffect] {
        try newSettings.validate()
        let old = settings
        let durationsChanged = FocusSetting.allCases.contains { old[$0] != newSettings[$0] }
        switch record.state {
        case .stopped:
            settings = newSettings
            return []
        case .running:
            if durationsChanged { throw .settingsLockedWhileRunning }
            settings = newSettings
            return []
        case .paused(var session, let pausedAt):
            let before = record.state
            settings = newSettings
            if let setting = Self.lengthSetting(of: session), old[setting] != newSettings[setting] {
                session.planned = TimeInterval(newSettings[setting] * 60)
            }
            record.state = .paused(session, pausedAt: pausedAt)
            return statusEffects(since: before, now: now)
        }
    }

    /// The setting a segment's length comes from, or nil when it has none.
    static func lengthSetting(of session: FocusSession) -> FocusSetting? {
        switch (session.mode, session.segment) {
        case (.timer, _): .timer
        case (.pomodoro, .focus): .focus
        case (.pomodoro, .shortBreak): .shortBreak
        case (.pomodoro, .longBreak): .longBreak
        case (.stopwatch, _), (.focus, _): nil
        }
    }

    /// What a runtime that just started must redo for the stored state: the pending alert and the live status.
    ///
    /// Call after `handle(.tick, now:)`, so segments that ended while nothing ran are saved first.
    public func restartEffects(now: Date) -> [FocusEffect] {
        switch record.state {
        case .stopped:
            return []
        case .running(let session):
            let alert = [FocusAlerts.schedule(for: session, capability: capability, now: now)].compactMap { $0 }
            return alert + [liveStatus(now: now)].compactMap { $0 }.map(FocusEffect.publishStatus)
        case .paused:
            return [liveStatus(now: now)].compactMap { $0 }.map(FocusEffect.publishStatus)
        }
    }

    /// Whether breaks should wait now: the setting is on and a focus segment is running.
    public var holdsBreaks: Bool {
        guard settings.holdBreaksDuringFocus, case .running(let session) = record.state else { return false }
        return !session.segment.isBreak
    }
}
