import Foundation

/// Time: the daily reset, the peek's end, the backstop, the status at a moment and the next deadline.
extension HealthGate {
    /// Today's goals judged on the stored totals at `now`.
    public func evaluation(now: Date) -> GoalEvaluation {
        GoalEvaluator.evaluate(settings, snapshot: GateSnapshot(at: now, calendar: calendar, totals: record.totals))
    }

    /// Whether blocked apps are locked at `now`, and why: goals first, then an emergency unlock, a
    /// broken or unconfirmed source, and a running peek.
    public func status(now: Date) -> GateStatus {
        let evaluation = evaluation(now: now)
        guard evaluation.isClosed else { return .open(evaluation.goals.isEmpty ? .noGoalsToday : .goalsMet) }
        let today = LocalDate(now, in: calendar)
        if let unlockedAt = record.emergencyUnlockedAt, LocalDate(unlockedAt, in: calendar) == today {
            return .open(.emergencyUnlock)
        }
        if let since = record.failingSince, now >= since.addingTimeInterval(Self.sourceGrace) {
            return .open(.sourceUnavailable)
        }
        if !record.sourceConfirmed, let totals = record.totals, totals.day == today,
           HealthReadout(totals: totals, confirmed: false).isEmpty {
            return .open(.sourceUnconfirmed)
        }
        if let end = record.peekEndsAt, now < end { return .open(.peek) }
        return .closed(unmet: evaluation.unmet)
    }

    /// The earliest moment the gate must be looked at again: the next midnight, today's unlock time,
    /// a peek's end, a code being shown, the source's grace running out, or the 15-minute backstop
    /// while goals are unmet. `now` itself when something is due already.
    public func nextDeadline(now: Date) -> Date {
        var candidates = [BreakEngine.nextMidnight(after: now, calendar: calendar)]
        let snapshot = GateSnapshot(at: now, calendar: calendar, totals: nil)
        if settings.unlockTime.applies(on: snapshot.day, weekday: snapshot.weekday), settings.unlockTime.target > 0,
           let unlock = unlockTime(on: now), unlock > now {
            candidates.append(unlock)
        }
        if let end = record.peekEndsAt { candidates.append(max(end, now)) }
        if let shown = record.friction?.codeShownAt, shown > now { candidates.append(shown) }
        if let since = record.failingSince {
            let opens = since.addingTimeInterval(Self.sourceGrace)
            if opens > now { candidates.append(opens) }
        }
        if evaluation(now: now).isClosed {
            let due = record.lastReadRequestedAt.map { $0.addingTimeInterval(Self.backstop) } ?? now
            candidates.append(max(due, now))
        }
        return candidates.min() ?? now
    }

    /// Today's unlock time as a clock on the wall reads it, so 19:00 stays 19:00 on a daylight-saving change
    /// day: its first instant (summer time when the hour repeats), or the first instant after a skipped hour.
    /// The same instant ``evaluation(now:)`` opens at, so the deadline the runtime arms agrees with it.
    public func unlockTime(on now: Date) -> Date? {
        WallClock.firstInstant(of: settings.unlockTime.target, on: LocalDate(now, in: calendar), calendar: calendar)
    }

    /// Catches up with `now`: a new local day resets the day, today-only goals of earlier days expire,
    /// an ended peek is cleared (and the source read again), and the backstop asks for a read while goals are unmet.
    mutating func advance(to now: Date) -> [GateEffect] {
        var effects: [GateEffect] = []
        let today = LocalDate(now, in: calendar)
        if today != record.day {
            effects += startDay(today, now: now)
        }
        effects += expireTodayOnlyGoals(before: today, now: now)
        if let end = record.peekEndsAt, end <= now {
            record.peekEndsAt = nil
            effects.append(requestRead(now: now))
        }
        if evaluation(now: now).isClosed {
            let due = record.lastReadRequestedAt.map { $0.addingTimeInterval(Self.backstop) } ?? now
            if due <= now { effects.append(requestRead(now: now)) }
        }
        return effects
    }

    /// Midnight passed: yesterday's totals stop counting, peeks, unlocks and friction reset, and today's totals are read.
    mutating func startDay(_ today: LocalDate, now: Date) -> [GateEffect] {
        record.day = today
        record.totals = nil
        record.origin = nil
        record.peeksToday = 0
        record.peekEndsAt = nil
        record.friction = nil
        record.emergencyUnlockedAt = nil
        return [requestRead(now: now)]
    }

    /// Disables the today-only goals of days before `today`, in the settings and in a held edit.
    ///
    /// Judged by the goals' own days, not by the record's day changing: settings that still carry an
    /// earlier day's goal (a record that could not be read, or one saved by a version that expired them
    /// only at the day's first event) are put right by whatever comes first.
    mutating func expireTodayOnlyGoals(before today: LocalDate, now: Date) -> [GateEffect] {
        record.pendingSettings = record.pendingSettings?.expiringTodayOnlyGoals(before: today)
        let expired = settings.expiringTodayOnlyGoals(before: today)
        guard expired != settings else { return [] }
        settings = expired
        return [.saveSettings(expired), log(.todayOnlyGoalsExpired, now)]
    }

    /// After an event: applies a held edit once goals are met, then sets the shields when the gate
    /// opened or closed (or the block list changed while closed, or the runtime asked), logs and notifies.
    mutating func settle(now: Date, appsBefore: [BlockedApp], forceShields: Bool) -> [GateEffect] {
        var effects: [GateEffect] = []
        if !evaluation(now: now).isClosed {
            if let pending = record.pendingSettings {
                settings = pending
                record.pendingSettings = nil
                effects += [.saveSettings(pending), log(.heldEditApplied, now)]
            }
            record.friction = nil
        }
        let old = record.status
        let new = status(now: now)
        let appsChanged = settings.blockedApps != appsBefore
        if new.isClosed != old.isClosed || forceShields || (new.isClosed && appsChanged) {
            effects.append(.setShields(on: new.isClosed, apps: settings.blockedApps))
        }
        switch (old, new) {
        case (.open(let before), .open(let after)) where before == after:
            break
        case (.closed, .closed):
            break
        case (_, .open(let reason)):
            effects.append(log(.opened(reason), now))
            if let notice = GateNotices.opened(reason) { effects.append(.notify(notice)) }
        case (_, .closed(let unmet)):
            effects.append(log(.closed(unmet: unmet), now))
        }
        record.status = new
        return effects
    }
}

/// The notifications the gate shows by itself.
public enum GateNotices {
    /// The id every gate notification shares, so a newer one replaces the last.
    public static let id = "gate"

    /// What to tell the person when the gate opens for `reason`; nil when they asked for it themselves.
    public static func opened(_ reason: GateOpenReason) -> NotificationRequest? {
        switch reason {
        case .goalsMet:
            notice("Goals met", "You reached today's goals: your apps are unlocked until midnight.")
        case .sourceUnavailable:
            notice("Apps unlocked", "Health data has been unavailable for a day, so LockOut unlocked your apps. Check 'lockout gate refresh'.")
        case .noGoalsToday, .emergencyUnlock, .sourceUnconfirmed, .peek:
            nil
        }
    }

    static func notice(_ title: String, _ body: String) -> NotificationRequest {
        NotificationRequest(id: id, title: title, body: body, category: "GATE_CATEGORY", actions: [])
    }
}
