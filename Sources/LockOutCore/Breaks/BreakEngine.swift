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

    public private(set) var record: BreakRecord
    public private(set) var settings: BreakSettings
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

    private mutating func apply(_ event: BreakEvent, now: Date) throws(BreakInputError) -> [BreakEffect] {
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
        }
    }

    /// A pause ends by resuming, so pausing breaks the person stopped would start them; only an
    /// engine idle because it is outside working hours may be paused (to hold off the next window).
    private func requireNotStoppedByHand() throws(BreakInputError) {
        guard case .idle = record.state else { return }
        if settings.workingHours == nil || record.stoppedUntil != nil { throw .breaksNotRunning }
    }

    private func currentBreak(matching kind: BreakKind?) throws(BreakInputError) -> DueBreak {
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

    private mutating func startBreak(_ kind: BreakKind?, now: Date) throws(BreakInputError) -> [BreakEffect] {
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

    private mutating func activate(_ due: DueBreak, now: Date) -> [BreakEffect] {
        let duration = settings[due.kind].duration
        record.state = .breakActive(due, startedAt: now, endsAt: now.addingTimeInterval(duration))
        return [.present(BreakNotifications.active(due, duration: duration))]
    }

    private mutating func snooze(_ kind: BreakKind?, now: Date) throws(BreakInputError) -> [BreakEffect] {
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

    private mutating func pause(until: Date?) -> [BreakEffect] {
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

    private mutating func stop(now: Date) -> [BreakEffect] {
        let wasShowing = isShowingBreak
        record.state = .idle
        record.scheduledUntil = nil
        record.stoppedUntil = settings.workingHours?.window(containing: now, calendar: calendar)?.end
        return wasShowing ? [.withdraw(id: BreakNotifications.id)] : []
    }

    private mutating func start(now: Date) -> [BreakEffect] {
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

    private mutating func settingsChanged(from old: BreakSettings, now: Date) -> [BreakEffect] {
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
            effects += applyNewWorkingHours(now: now)
        }
        return effects
    }

    /// New working hours take over the current run: inside a window it ends with the window,
    /// outside every window it stops now. Without working hours a run goes on until stopped.
    private mutating func applyNewWorkingHours(now: Date) -> [BreakEffect] {
        guard let hours = settings.workingHours else {
            record.scheduledUntil = nil
            return []
        }
        switch record.state {
        case .idle, .paused:
            return []
        case .running, .breakPending, .snoozed, .breakActive:
            if let window = hours.window(containing: now, calendar: calendar) {
                record.scheduledUntil = window.end
                return []
            }
            return endScheduledRun(at: now)
        }
    }

    // MARK: - Deadlines

    /// The next moment something happens on its own, or nil when nothing will until the person acts.
    public func nextDeadline(now: Date) -> Date? {
        let candidates: [Date?]
        switch record.state {
        case .idle:
            candidates = [idleWakeUp(now: now)]
        case .paused(let until):
            candidates = [until]
        case .running:
            candidates = [earliestDeadline(), record.scheduledUntil]
        case .breakPending(let due):
            candidates = [due.expiresAt, joinDeadline(for: due), record.scheduledUntil]
        case .snoozed(let due, let until):
            candidates = [until, due.expiresAt, joinDeadline(for: due), record.scheduledUntil]
        case .breakActive(_, _, let endsAt):
            candidates = [endsAt, record.scheduledUntil]
        }
        return candidates.compactMap { $0 }.min()
    }

    /// Processes every deadline at or before `now`, each at its own time.
    private mutating func advance(to now: Date) -> [BreakEffect] {
        var effects: [BreakEffect] = []
        // Each step moves a deadline forward or changes state; the bound guards against a
        // settings combination that would otherwise spin.
        for _ in 0..<10_000 {
            guard let deadline = nextDeadline(now: now), deadline <= now else { break }
            effects += fire(at: deadline, now: now)
        }
        return effects
    }

    private mutating func fire(at time: Date, now: Date) -> [BreakEffect] {
        if let end = record.scheduledUntil, end <= time {
            return endScheduledRun(at: end)
        }
        switch record.state {
        case .idle:
            return wakeFromIdle(at: time)
        case .paused:
            return resume(at: time)
        case .running:
            guard let earliest = earliestDeadline() else { return [] }
            let due = dueBreak(fallingDueAt: earliest, presentedAt: earliest)
            record.state = .breakPending(due)
            return [.present(BreakNotifications.due(due, snoozeMinutes: settings.snoozeMinutes))]
        case .breakPending(let due):
            if due.expiresAt <= time { return skip(due, at: due.expiresAt) }
            return join(due, at: time, snoozedUntil: nil)
        case .snoozed(let due, let until):
            if due.expiresAt <= time { return skip(due, at: due.expiresAt) }
            // A kind falling due during the snooze joins the break; the snooze still holds.
            if let joinAt = joinDeadline(for: due), joinAt <= time, joinAt < until {
                return join(due, at: time, snoozedUntil: until)
            }
            record.state = .breakPending(due)
            return [.present(BreakNotifications.due(due, snoozeMinutes: settings.snoozeMinutes))]
        case .breakActive(let due, _, let endsAt):
            return complete(due, at: endsAt)
        }
    }

    private mutating func wakeFromIdle(at time: Date) -> [BreakEffect] {
        if let stoppedUntil = record.stoppedUntil, stoppedUntil <= time {
            record.stoppedUntil = nil
        }
        guard record.stoppedUntil == nil,
              let window = settings.workingHours?.window(containing: time, calendar: calendar)
        else { return [] }
        record.state = .running
        record.cycles = CycleStarts(all: time)
        record.scheduledUntil = window.end
        return []
    }

    private mutating func endScheduledRun(at time: Date) -> [BreakEffect] {
        var effects: [BreakEffect] = []
        switch record.state {
        case .breakPending(let due), .snoozed(let due, _):
            effects = skip(due, at: time)
        case .breakActive(let due, _, _):
            effects = complete(due, at: time)
        case .idle, .running, .paused:
            break
        }
        record.state = .idle
        record.scheduledUntil = nil
        return effects
    }

    /// An idle engine wakes when a manual stop runs out or a working-hours window opens.
    private func idleWakeUp(now: Date) -> Date? {
        guard let hours = settings.workingHours else { return nil }
        if let stoppedUntil = record.stoppedUntil { return max(stoppedUntil, now) }
        if hours.window(containing: now, calendar: calendar) != nil { return now }
        return hours.nextWindow(after: now, calendar: calendar)?.start
    }

    /// Enabled kinds' deadlines, wherever they fall.
    private func allDeadlines() -> [(kind: BreakKind, at: Date)] {
        settings.enabledKinds.map { (kind: $0, at: deadline(of: $0)) }
    }

    /// Enabled kinds' deadlines that still fall inside the current scheduled run.
    private func liveDeadlines() -> [(kind: BreakKind, at: Date)] {
        allDeadlines().filter { entry in record.scheduledUntil.map { entry.at < $0 } ?? true }
    }

    private func earliestDeadline() -> Date? {
        liveDeadlines().map(\.at).min()
    }

    /// The longest kind of those falling due together first among `deadlines`.
    private func nextDueKind(in deadlines: [(kind: BreakKind, at: Date)]? = nil) -> BreakKind? {
        let deadlines = deadlines ?? liveDeadlines()
        guard let earliest = deadlines.map(\.at).min() else { return nil }
        return deadlines
            .filter { $0.at <= earliest.addingTimeInterval(Self.coincidenceWindow) }
            .map(\.kind)
            .max()
    }

    /// When a kind the waiting break does not yet cover falls due and joins it.
    private func joinDeadline(for due: DueBreak) -> Date? {
        liveDeadlines().filter { !due.covers.contains($0.kind) }.map(\.at).min()
    }

    private func dueBreak(fallingDueAt earliest: Date, presentedAt time: Date) -> DueBreak {
        let covers = liveDeadlines()
            .filter { $0.at <= earliest.addingTimeInterval(Self.coincidenceWindow) }
            .map(\.kind)
            .sorted()
        let kind = covers.max() ?? .eye
        return DueBreak(
            kind: kind,
            covers: covers,
            dueAt: earliest,
            expiresAt: time.addingTimeInterval(settings[kind].interval)
        )
    }

    /// Kinds falling due at `time` join the waiting break, so they are answered with it instead of
    /// surfacing, already expired, once it is gone. A longer kind takes over the break: it is shown
    /// now, or when the snooze ends, and expires with its own next cycle. The snooze count carries
    /// over, so the limit holds for the whole break.
    private mutating func join(_ due: DueBreak, at time: Date, snoozedUntil until: Date?) -> [BreakEffect] {
        let fresh = dueBreak(fallingDueAt: time, presentedAt: time)
        let covers = Array(Set(due.covers).union(fresh.covers)).sorted()
        let kind = covers.max() ?? due.kind
        let joined = DueBreak(
            kind: kind,
            covers: covers,
            dueAt: due.dueAt,
            expiresAt: kind == due.kind ? due.expiresAt : time.addingTimeInterval(settings[kind].interval),
            snoozeCount: due.snoozeCount
        )
        if let until {
            record.state = .snoozed(outlasting(joined, until: until), until: until)
            return []
        }
        record.state = .breakPending(joined)
        guard kind != due.kind else { return [] }
        return [.present(BreakNotifications.due(joined, snoozeMinutes: settings.snoozeMinutes))]
    }

    /// A snoozed break must come back before it expires: when the snooze would outlast it, it
    /// expires one interval after it comes back. The reconciler uses it too.
    func outlasting(_ due: DueBreak, until: Date) -> DueBreak {
        guard due.expiresAt <= until else { return due }
        return DueBreak(
            kind: due.kind,
            covers: due.covers,
            dueAt: due.dueAt,
            expiresAt: until.addingTimeInterval(settings[due.kind].interval),
            snoozeCount: due.snoozeCount
        )
    }

    // MARK: - Outcomes

    private mutating func complete(_ due: DueBreak, at time: Date) -> [BreakEffect] {
        let restarted = Set(due.covers).union(due.kind.restartsOnCompletion)
        for kind in restarted { record.cycles[kind] = time }
        record.state = .running
        return [.withdraw(id: BreakNotifications.id), .save(sessions(for: due, outcome: .completed, at: time))]
    }

    private mutating func skip(_ due: DueBreak, at time: Date) -> [BreakEffect] {
        for kind in due.covers { record.cycles[kind] = time }
        record.state = .running
        return [.withdraw(id: BreakNotifications.id), .save(sessions(for: due, outcome: .skipped, at: time))]
    }

    private func sessions(for due: DueBreak, outcome: BreakOutcome, at time: Date) -> [BreakSession] {
        due.covers.map { kind in
            BreakSession(
                id: Self.sessionID(kind: kind, dueAt: due.dueAt),
                kind: kind,
                dueAt: due.dueAt,
                endedAt: time,
                outcome: outcome,
                snoozeCount: due.snoozeCount,
                day: LocalDate(time, in: calendar)
            )
        }
    }

    /// The same break always gets the same id, so recording it twice after a crash stores it once.
    ///
    /// A version-8 UUID: the due time's 48-bit Unix milliseconds first (as in UUIDv7, good until the
    /// year 10889), then the version nibble, the variant with the kind, and "LO". The version
    /// nibble sits after the timestamp so it never overwrites any of its bits.
    static func sessionID(kind: BreakKind, dueAt: Date) -> BreakSessionID {
        let millis = UInt64(bitPattern: Int64((dueAt.timeIntervalSince1970 * 1000).rounded()))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * UInt64(index))) }
        bytes[6] = 0x80
        bytes[8] = 0x80 | UInt8(kind.rank)
        bytes[9] = 0x4C
        bytes[10] = 0x4F
        let uuid = UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
        return BreakSessionID(rawValue: uuid)
    }

    // MARK: - Helpers

    private var shownBreak: DueBreak? {
        switch record.state {
        case .breakPending(let due), .snoozed(let due, _), .breakActive(let due, _, _): due
        case .idle, .running, .paused: nil
        }
    }

    private var isShowingBreak: Bool {
        switch record.state {
        case .breakPending, .breakActive: true
        case .idle, .running, .paused, .snoozed: false
        }
    }

    /// The next local midnight after `now`, correct across daylight-saving changes.
    public static func nextMidnight(after now: Date, calendar: Calendar) -> Date {
        let today = calendar.startOfDay(for: now)
        let noonTomorrow = calendar.date(byAdding: DateComponents(day: 1, hour: 12), to: today) ?? now.addingTimeInterval(86_400)
        return calendar.startOfDay(for: noonTomorrow)
    }
}
