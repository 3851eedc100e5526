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
/// - Snoozed past its snooze: pending.
/// - Active: stays active; if it ended while nothing ran, the next tick completes it at its end.
/// - Paused past its end: running from now.
public enum BreakReconciler {
    public static func reconcile(
        record stored: StoredBreakRecord?,
        pendingAlarms: [PendingAlarm],
        settings: BreakSettings,
        calendar: Calendar,
        now: Date
    ) -> BreakRecord {
        guard let stored else { return firstStart(settings: settings, calendar: calendar, now: now) }
        guard case .valid(var record) = stored else { return .idle(at: now) }
        for kind in BreakKind.allCases where record.cycles[kind] > now {
            record.cycles[kind] = now
        }
        let engine = BreakEngine(record: record, settings: settings, calendar: calendar)
        switch record.state {
        case .idle, .breakActive:
            break
        case .paused(let until):
            if let until, until <= now {
                record.state = .running
                record.cycles = CycleStarts(all: now)
            }
        case .running:
            if let end = record.scheduledUntil, end <= now {
                record.state = .idle
                record.scheduledUntil = nil
            } else if let due = missedBreak(engine: engine, alarms: pendingAlarms, now: now) {
                record.state = .breakPending(due)
            }
        case .breakPending(let due):
            record.state = .breakPending(refreshed(due, settings: settings, now: now))
        case .snoozed(let due, let until):
            let fresh = refreshed(due, settings: settings, now: now)
            record.state = until <= now ? .breakPending(fresh) : .snoozed(fresh, until: until)
        }
        return record
    }

    private static func firstStart(settings: BreakSettings, calendar: Calendar, now: Date) -> BreakRecord {
        guard let hours = settings.workingHours else {
            return BreakRecord(state: .running, cycles: CycleStarts(all: now))
        }
        guard let window = hours.window(containing: now, calendar: calendar) else { return .idle(at: now) }
        return BreakRecord(state: .running, cycles: CycleStarts(all: now), scheduledUntil: window.end)
    }

    /// The break that fell due while nothing ran, or that the platform is alerting for.
    private static func missedBreak(engine: BreakEngine, alarms: [PendingAlarm], now: Date) -> DueBreak? {
        let settings = engine.settings
        var due = settings.enabledKinds.filter { engine.deadline(of: $0) <= now }
        due += alarms.filter { $0.isAlerting && settings[$0.kind].enabled }.map(\.kind)
        guard let earliest = due.map({ min(engine.deadline(of: $0), now) }).min() else { return nil }
        let covers = settings.enabledKinds.filter {
            due.contains($0) || engine.deadline(of: $0) <= now.addingTimeInterval(BreakEngine.coincidenceWindow)
        }
        let kind = covers.max() ?? .eye
        return DueBreak(
            kind: kind,
            covers: covers.sorted(),
            dueAt: earliest,
            expiresAt: now.addingTimeInterval(settings[kind].interval)
        )
    }

    private static func refreshed(_ due: DueBreak, settings: BreakSettings, now: Date) -> DueBreak {
        guard due.expiresAt <= now else { return due }
        return DueBreak(
            kind: due.kind,
            covers: due.covers,
            dueAt: due.dueAt,
            expiresAt: now.addingTimeInterval(settings[due.kind].interval),
            snoozeCount: due.snoozeCount
        )
    }
}
