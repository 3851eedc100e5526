import Foundation

/// Deadlines: when each kind falls due, what wakes the engine next, and what happens then.
extension BreakEngine {
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
            // While the person is away or breaks are deferred, a waiting break neither expires nor comes back from a snooze.
            candidates = [isWaiting ? nil : due.expiresAt, joinDeadline(for: due), record.scheduledUntil]
        case .snoozed(let due, let until):
            candidates = isWaiting ? [record.scheduledUntil] : [until, due.expiresAt, joinDeadline(for: due), record.scheduledUntil]
        case .breakActive(_, _, let endsAt):
            candidates = [endsAt, record.scheduledUntil]
        }
        return (candidates + [activeDeferral?.until]).compactMap { $0 }.min()
    }

    /// Processes every deadline at or before `now`, each at its own time.
    mutating func advance(to now: Date) -> [BreakEffect] {
        var effects: [BreakEffect] = []
        // Each step moves a deadline forward or changes state; the bound guards against a
        // settings combination that would otherwise spin.
        for _ in 0..<10_000 {
            guard let deadline = nextDeadline(now: now), deadline <= now else { break }
            effects += fire(at: deadline, now: now)
        }
        return effects
    }

    mutating func fire(at time: Date, now: Date) -> [BreakEffect] {
        if let end = record.scheduledUntil, end <= time {
            return endScheduledRun(at: end)
        }
        if let deferral = activeDeferral, deferral.until <= time {
            return spendDeferral(at: deferral.until, now: now)
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

    mutating func wakeFromIdle(at time: Date) -> [BreakEffect] {
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

    mutating func endScheduledRun(at time: Date) -> [BreakEffect] {
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
    func idleWakeUp(now: Date) -> Date? {
        guard let hours = settings.workingHours else { return nil }
        if let stoppedUntil = record.stoppedUntil { return max(stoppedUntil, now) }
        if hours.window(containing: now, calendar: calendar) != nil { return now }
        return hours.nextWindow(after: now, calendar: calendar)?.start
    }

    /// Enabled kinds' deadlines, wherever they fall.
    func allDeadlines() -> [(kind: BreakKind, at: Date)] {
        settings.enabledKinds.map { (kind: $0, at: deadline(of: $0)) }
    }

    /// Enabled kinds' deadlines that may fall due: none while a focus segment holds breaks, the person
    /// is away or breaks are deferred, and only those still inside the current scheduled run.
    func liveDeadlines() -> [(kind: BreakKind, at: Date)] {
        guard record.heldSince == nil, !isAway, activeDeferral == nil else { return [] }
        return allDeadlines().filter { entry in record.scheduledUntil.map { entry.at < $0 } ?? true }
    }

    func earliestDeadline() -> Date? {
        liveDeadlines().map(\.at).min()
    }

    /// The longest kind of those falling due together first among `deadlines`.
    func nextDueKind(in deadlines: [(kind: BreakKind, at: Date)]? = nil) -> BreakKind? {
        let deadlines = deadlines ?? liveDeadlines()
        guard let earliest = deadlines.map(\.at).min() else { return nil }
        return deadlines
            .filter { $0.at <= earliest.addingTimeInterval(Self.coincidenceWindow) }
            .map(\.kind)
            .max()
    }

    /// When a kind the waiting break does not yet cover falls due and joins it.
    func joinDeadline(for due: DueBreak) -> Date? {
        liveDeadlines().filter { !due.covers.contains($0.kind) }.map(\.at).min()
    }

    func dueBreak(fallingDueAt earliest: Date, presentedAt time: Date) -> DueBreak {
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
    mutating func join(_ due: DueBreak, at time: Date, snoozedUntil until: Date?) -> [BreakEffect] {
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
}
