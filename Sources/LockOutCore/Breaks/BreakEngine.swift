import Foundation

/// The breaks cycle: a pure state machine over a `BreakRecord`, driven by events and the time passed in.
///
/// Each kind falls due at `cycles[kind] + interval`. When several kinds fall due within the same
/// minute, only the longest is presented and it counts for the others; a kind falling due while a
/// break waits joins it (a longer one takes its place on screen, after any snooze). Every transition
/// returns the effects the runtime must carry out after persisting `record`. See `BreakState` for the diagram.
public struct BreakEngine: Sendable {
    /// Kinds falling due within this span of the earliest are presented as one break.
    public static let coincidenceWindow: TimeInterval = 60

    public internal(set) var record: BreakRecord
    public internal(set) var settings: BreakSettings
    public let calendar: Calendar

    public init(record: BreakRecord, settings: BreakSettings, calendar: Calendar) {
        self.record = record
        self.settings = settings
        self.calendar = calendar
    }

    /// When `kind` next falls due in the current cycle.
    public func deadline(of kind: BreakKind) -> Date {
        record.cycles[kind].addingTimeInterval(settings[kind].interval)
    }

    /// Handles one event at `now`, then every deadline that has passed; invalid requests change nothing.
    public mutating func handle(_ event: BreakEvent, now: Date) throws(BreakInputError) -> [BreakEffect] {
        var copy = self
        var effects = try copy.apply(event, now: now)
        effects += copy.advance(to: now)
        self = copy
        return effects
    }

    /// Replaces the settings after validating them; cycles of changed kinds restart at `now`.
    public mutating func update(settings newSettings: BreakSettings, now: Date) throws(BreakInputError) -> [BreakEffect] {
        try newSettings.validate()
        let old = settings
        settings = newSettings
        return try handle(.settingsChanged(old: old), now: now)
    }

    /// The notifications that should be on screen for the current state, for a runtime that just started.
    public func presentationEffects() -> [BreakEffect] {
        switch record.state {
        case .breakPending(let due):
            [.present(BreakNotifications.due(due, snoozeMinutes: settings.snoozeMinutes))]
        case .breakActive(let due, _, _):
            [.present(BreakNotifications.active(due, duration: settings[due.kind].duration))]
        case .idle, .running, .snoozed, .paused:
            []
        }
    }

    // MARK: - Events

    mutating func apply(_ event: BreakEvent, now: Date) throws(BreakInputError) -> [BreakEffect] {
        switch event {
        case .tick:
            return []
        case .userStartedBreak(let kind):
            return try startBreak(kind, now: now)
        case .userCompleted(let kind):
            let due = try currentBreak(matching: kind)
            return complete(due, at: now)
        case .userSkipped(let kind):
            let due = try currentBreak(matching: kind)
            return skip(due, at: now)
        case .userSnoozed(let kind):
            return try snooze(kind, now: now)
        case .userPaused(let until):
            if let until, until <= now { throw .pauseInPast }
            try requireNotStoppedByHand()
            return pause(until: until)
        case .userPausedUntilTomorrow:
            try requireNotStoppedByHand()
            return pause(until: Self.nextMidnight(after: now, calendar: calendar))
        case .userResumed:
            guard case .paused = record.state else { throw .notPaused }
            return resume(at: now)
        case .userStopped:
            return stop(now: now)
        case .userStarted:
            return start(now: now)
        case .settingsChanged(let old):
            return settingsChanged(from: old, now: now)
        case .focusHoldStarted:
            return startHold(now: now)
        case .focusHoldEnded(let at):
            return endHold(at: at, now: now)
        case .restTaken(let kinds, let endedAt):
            return creditRest(kinds, endedAt: endedAt, now: now)
        case .personAway(let since):
            return goAway(since: since, now: now)
        case .personBack(let at):
            return comeBack(at: at, now: now)
        case .deferralStarted(let reasons, let maximum, let programs):
            return startDeferral(reasons, programs: programs, maximum: maximum, now: now)
        case .deferralEnded:
            return endDeferral(now: now)
        }
    }

    /// A pause ends by resuming, so pausing breaks the person stopped would start them; only an
    /// engine idle because it is outside working hours may be paused (to hold off the next window).
    func requireNotStoppedByHand() throws(BreakInputError) {
        guard case .idle = record.state else { return }
        if settings.workingHours == nil || record.stoppedUntil != nil { throw .breaksNotRunning }
    }

    func currentBreak(matching kind: BreakKind?) throws(BreakInputError) -> DueBreak {
        let due: DueBreak
        switch record.state {
        case .breakPending(let pending): due = pending
        case .snoozed(let snoozed, _): due = snoozed
        case .breakActive(let active, _, _): due = active
        case .idle, .running, .paused: throw .noBreakPending
        }
        if let kind, kind != due.kind, !due.covers.contains(kind) {
            throw .breakKindMismatch(requested: kind, current: due.kind)
        }
        return due
    }

    mutating func startBreak(_ kind: BreakKind?, now: Date) throws(BreakInputError) -> [BreakEffect] {
        switch record.state {
        case .breakPending, .snoozed:
            let due = try currentBreak(matching: kind)
            return activate(due, now: now)
        case .breakActive:
            _ = try currentBreak(matching: kind)
            return []
        case .running:
            let chosen: BreakKind
            if let kind {
                guard settings[kind].enabled else { throw .kindDisabled(kind) }
                chosen = kind
            } else {
                // Past the window's last deadline, the kind that would come next anyway.
                guard let next = nextDueKind() ?? nextDueKind(in: allDeadlines()) else { throw .kindDisabled(.eye) }
                chosen = next
            }
            let due = DueBreak(
                kind: chosen,
                covers: [chosen],
                dueAt: now,
                expiresAt: now.addingTimeInterval(settings[chosen].interval)
            )
            return activate(due, now: now)
        case .idle, .paused:
            throw .breaksNotRunning
        }
    }

    mutating func activate(_ due: DueBreak, now: Date) -> [BreakEffect] {
        let duration = settings[due.kind].duration
        record.state = .breakActive(due, startedAt: now, endsAt: now.addingTimeInterval(duration))
        return [.present(BreakNotifications.active(due, duration: duration))]
    }

    mutating func snooze(_ kind: BreakKind?, now: Date) throws(BreakInputError) -> [BreakEffect] {
        var due = try currentBreak(matching: kind)
        if case .breakActive = record.state { throw .breakAlreadyStarted }
        guard due.snoozeCount < BreakSettings.maxSnoozes else {
            throw .snoozeLimitReached(limit: BreakSettings.maxSnoozes)
        }
        due.snoozeCount += 1
        let until = now.addingTimeInterval(settings.snooze)
        record.state = .snoozed(outlasting(due, until: until), until: until)
        return [.withdraw(id: BreakNotifications.id)]
    }

    mutating func pause(until: Date?) -> [BreakEffect] {
        record.state = .paused(until: until)
        record.scheduledUntil = nil
        return [.withdraw(id: BreakNotifications.id)]
    }

    /// Running from `time` with fresh cycles, as the working hours allow; the reconciler uses it too.
    mutating func resume(at time: Date) -> [BreakEffect] {
        record.cycles = CycleStarts(all: time)
        record.stoppedUntil = nil
        if let hours = settings.workingHours {
            if let window = hours.window(containing: time, calendar: calendar) {
                record.state = .running
                record.scheduledUntil = window.end
            } else {
                record.state = .idle
                record.scheduledUntil = nil
            }
        } else {
            record.state = .running
            record.scheduledUntil = nil
        }
        return []
    }

    mutating func stop(now: Date) -> [BreakEffect] {
        let wasShowing = isShowingBreak
        record.state = .idle
        record.scheduledUntil = nil
        record.stoppedUntil = settings.workingHours?.window(containing: now, calendar: calendar)?.end
        return wasShowing ? [.withdraw(id: BreakNotifications.id)] : []
    }

    mutating func start(now: Date) -> [BreakEffect] {
        switch record.state {
        case .idle, .paused:
            record.state = .running
            record.cycles = CycleStarts(all: now)
            // Started by hand inside a window, the run still ends with it: a stop and a start must
            // not switch the schedule off. Outside every window the person overrides the schedule.
            record.scheduledUntil = settings.workingHours?.window(containing: now, calendar: calendar)?.end
            record.stoppedUntil = nil
            return []
        case .running, .breakPending, .snoozed, .breakActive:
            return []
        }
    }

    mutating func settingsChanged(from old: BreakSettings, now: Date) -> [BreakEffect] {
        var effects: [BreakEffect] = []
        for kind in BreakKind.allCases where old[kind] != settings[kind] {
            record.cycles[kind] = now
        }
        if let due = shownBreak, !settings[due.kind].enabled {
            record.state = .running
            effects.append(.withdraw(id: BreakNotifications.id))
        } else if case .breakPending(let due) = record.state, old.snoozeMinutes != settings.snoozeMinutes {
            // The Snooze button on screen names the old duration.
            effects.append(.present(BreakNotifications.due(due, snoozeMinutes: settings.snoozeMinutes)))
        }
        if old.workingHours != settings.workingHours {
            effects += applyNewWorkingHours(replacing: old.workingHours, now: now)
        }
        return effects
    }

    /// New working hours take over the current run: inside a window it ends with the window,
    /// outside every window it stops now. Without working hours a run goes on until stopped.
    ///
    /// An engine the old schedule left idle (outside its windows, not stopped by hand for the window)
    /// starts when the new schedule has no windows or a window that holds `now`: the schedule that kept
    /// breaks off is gone.
    mutating func applyNewWorkingHours(replacing old: WorkingHours?, now: Date) -> [BreakEffect] {
        let idleForSchedule = record.state == .idle && old != nil && record.stoppedUntil == nil
        guard let hours = settings.workingHours else {
            record.scheduledUntil = nil
            return idleForSchedule ? start(now: now) : []
        }
        switch record.state {
        case .idle, .paused:
            return idleForSchedule && hours.window(containing: now, calendar: calendar) != nil ? start(now: now) : []
        case .running, .breakPending, .snoozed, .breakActive:
            if let window = hours.window(containing: now, calendar: calendar) {
                record.scheduledUntil = window.end
                return []
            }
            return endScheduledRun(at: now)
        }
    }
}
