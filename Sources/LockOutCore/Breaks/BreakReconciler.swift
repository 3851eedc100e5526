import Foundation

/// An alarm the platform still holds for a break, as reported after a restart.
public struct PendingAlarm: Codable, Hashable, Sendable {
    public let kind: BreakKind
    public let fireDate: Date
    /// The alarm has fired and is on screen, not yet answered.
    public let isAlerting: Bool

    public init(kind: BreakKind, fireDate: Date, isAlerting: Bool) {
        self.kind = kind
        self.fireDate = fireDate
        self.isAlerting = isAlerting
    }
}

/// Rebuilds the breaks state after a restart, a suspend or a clock jump, trusting the record and the clock, never memory.
///
/// - No record: a first start — running, or idle outside working hours.
/// - A corrupt record: idle.
/// - A cycle that started in the future (the clock went back): it starts now.
/// - Running, and a platform alarm for a kind is alerting: that break is pending.
/// - Running, and a kind fell due while nothing ran: the break is pending, presented now, not lost.
/// - Pending or snoozed past the time it would have counted as skipped: pending, with a fresh expiry from now.
/// - Pending or snoozed while other kinds fell due: they join it (the longest is presented, with a
///   fresh expiry), rather than each surfacing already expired and being skipped unseen.
/// - Snoozed past its snooze: pending.
/// - Active: stays active; if it ended while nothing ran, the next tick completes it at its end.
/// - Paused past its end: running from now, as the working hours allow (idle outside a window).
/// - Away (`awaySince`: what the presence sources tell as the runtime starts, before it shows anything): held as
///   an absence told while running holds breaks — a kind that fell due while nothing ran is neither presented
///   nor joins a waiting break, and a snooze that ran out does not bring its break back; the return settles
///   them (a natural break when the absence lasted it, else shown or moved later). A break already waiting
///   stays. Not away: present again, whatever the record kept; the presence sources tell anew.
/// - Deferred: no longer; the agent asks anew, when the next break falls due, what defers it.
/// - Held for focus: the hold is kept, and kinds that fell due while held stay held (they fall due
///   when the hold ends) instead of surfacing or joining a waiting break; an alerting alarm still counts.
public enum BreakReconciler {
    public static func reconcile(
        record stored: StoredBreakRecord?,
        pendingAlarms: [PendingAlarm],
        settings: BreakSettings,
        calendar: Calendar,
        now: Date,
        awaySince: Date? = nil
    ) -> BreakRecord {
        guard let stored else {
            var record = firstStart(settings: settings, calendar: calendar, now: now)
            if case .running = record.state { record.awaySince = awaySince.map { min($0, now) } }
            return record
        }
        guard case .valid(var record) = stored else { return .idle(at: now) }
        for kind in BreakKind.allCases where record.cycles[kind] > now {
            record.cycles[kind] = now
        }
        if let heldSince = record.heldSince, heldSince > now { record.heldSince = now }
        // Only an absence the presence sources tell now holds breaks: one kept from before would hold them until
        // a return nobody is left to report.
        record.awaySince = awaySince.map { min($0, now) }
        // The agent asks anew what defers breaks; a deferral kept from before would wait for an end nobody tells.
        record.deferral = nil
        record.state = pulledIn(record.state, settings: settings, now: now)
        var engine = BreakEngine(record: record, settings: settings, calendar: calendar)
        switch record.state {
        case .idle, .breakActive:
            break
        case .paused(let until):
            if let until, until <= now {
                _ = engine.resume(at: now)
                record = engine.record
            }
        case .running:
            if let end = record.scheduledUntil, end <= now {
                record.state = .idle
                record.scheduledUntil = nil
            } else if let due = missedBreak(engine: engine, alarms: pendingAlarms, now: now) {
                record.state = .breakPending(due)
            }
        case .breakPending(let due):
            record.state = .breakPending(refreshed(due, engine: engine, now: now))
        case .snoozed(let due, let until):
            let fresh = refreshed(due, engine: engine, now: now)
            // While the person is away a snooze does not run out: the return brings the break back.
            record.state = until <= now && record.awaySince == nil
                ? .breakPending(fresh) : .snoozed(engine.outlasting(fresh, until: until), until: until)
        }
        // An idle engine ignores presence, as `BreakEngine.goAway` does: nothing runs to be credited.
        if case .idle = record.state { record.awaySince = nil }
        return record
    }

    /// After the clock went back, a snooze, a break in progress or an expiry can lie further out than
    /// it ever could; each is pulled in to at most its full length from now.
    private static func pulledIn(_ state: BreakState, settings: BreakSettings, now: Date) -> BreakState {
        func bounded(_ due: DueBreak) -> DueBreak {
            let latest = now.addingTimeInterval(settings[due.kind].interval)
            guard due.expiresAt > latest else { return due }
            return DueBreak(kind: due.kind, covers: due.covers, dueAt: min(due.dueAt, now), expiresAt: latest, snoozeCount: due.snoozeCount)
        }
        switch state {
        case .idle, .running, .paused:
            return state
        case .breakPending(let due):
            return .breakPending(bounded(due))
        case .snoozed(let due, let until):
            return .snoozed(bounded(due), until: min(until, now.addingTimeInterval(settings.snooze)))
        case .breakActive(let due, let startedAt, let endsAt):
            let duration = settings[due.kind].duration
            guard endsAt > now.addingTimeInterval(duration) else { return state }
            return .breakActive(bounded(due), startedAt: min(startedAt, now), endsAt: now.addingTimeInterval(duration))
        }
    }

    private static func firstStart(settings: BreakSettings, calendar: Calendar, now: Date) -> BreakRecord {
        guard let hours = settings.workingHours else {
            return BreakRecord(state: .running, cycles: CycleStarts(all: now))
        }
        guard let window = hours.window(containing: now, calendar: calendar) else { return .idle(at: now) }
        return BreakRecord(state: .running, cycles: CycleStarts(all: now), scheduledUntil: window.end)
    }

    /// The break that fell due while nothing ran, or that the platform is alerting for.
    /// While the person is away, as a focus hold does, nothing falls due: only an alerting alarm is on screen already.
    private static func missedBreak(engine: BreakEngine, alarms: [PendingAlarm], now: Date) -> DueBreak? {
        let settings = engine.settings
        let held = engine.record.heldSince != nil || engine.isAway
        var due = held ? [] : settings.enabledKinds.filter { engine.deadline(of: $0) <= now }
        due += alarms.filter { $0.isAlerting && settings[$0.kind].enabled }.map(\.kind)
        guard let earliest = due.map({ min(engine.deadline(of: $0), now) }).min() else { return nil }
        let covers = settings.enabledKinds.filter {
            due.contains($0) || (!held && engine.deadline(of: $0) <= now.addingTimeInterval(BreakEngine.coincidenceWindow))
        }
        let kind = covers.max() ?? .eye
        return DueBreak(
            kind: kind,
            covers: covers.sorted(),
            dueAt: earliest,
            expiresAt: now.addingTimeInterval(settings[kind].interval)
        )
    }

    /// The waiting break with every kind that fell due meanwhile joined to it, and a fresh expiry
    /// from now when it expired or a longer kind took it over.
    private static func refreshed(_ due: DueBreak, engine: BreakEngine, now: Date) -> DueBreak {
        let settings = engine.settings
        let fellDue = engine.record.heldSince != nil || engine.isAway ? [] : settings.enabledKinds.filter { kind in
            engine.deadline(of: kind) <= now && engine.record.scheduledUntil.map { engine.deadline(of: kind) < $0 } ?? true
        }
        let covers = Array(Set(due.covers).union(fellDue)).sorted()
        let kind = covers.max() ?? due.kind
        guard due.expiresAt <= now || kind != due.kind || covers != due.covers else { return due }
        return DueBreak(
            kind: kind,
            covers: covers,
            dueAt: due.dueAt,
            expiresAt: due.expiresAt <= now || kind != due.kind ? now.addingTimeInterval(settings[kind].interval) : due.expiresAt,
            snoozeCount: due.snoozeCount
        )
    }
}
