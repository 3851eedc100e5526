import Foundation

/// Focus: holding breaks while a focus segment runs, and counting a long-enough rest as breaks done.
extension BreakEngine {
    /// From now on no kind newly falls due; a second start keeps the first start's date.
    mutating func startHold(now: Date) -> [BreakEffect] {
        if record.heldSince == nil { record.heldSince = now }
        return []
    }

    /// Ends the hold at `requested` (never later than `now`): every enabled kind that fell due before
    /// then falls due exactly then, so the held kinds come back together as one break.
    ///
    /// What happens on its own before the end (a run's end, a snooze running out, an active break
    /// ending) happens first, still held. The break that falls due at the end expires one interval
    /// after `now`, not after the end: when the runtime catches up on a focus segment that ended
    /// long ago, the held break is shown now rather than recorded as skipped unseen.
    mutating func endHold(at requested: Date, now: Date) -> [BreakEffect] {
        guard record.heldSince != nil else { return [] }
        let end = min(requested, now)
        let effects = catchUp(to: end)
        record.heldSince = nil
        return effects + fallDueTogether(at: end, now: now)
    }

    /// Every enabled kind whose deadline passed before `end` falls due exactly then, as one break presented
    /// now (unless something still holds breaks); it expires one interval after `now`.
    mutating func fallDueTogether(at end: Date, now: Date) -> [BreakEffect] {
        for kind in settings.enabledKinds where deadline(of: kind) < end {
            record.cycles[kind] = end.addingTimeInterval(-settings[kind].interval)
        }
        guard case .running = record.state, earliestDeadline() == end else { return [] }
        let due = dueBreak(fallingDueAt: end, presentedAt: now)
        record.state = .breakPending(due)
        return [.present(BreakNotifications.due(due, snoozeMinutes: settings.snoozeMinutes))]
    }

    /// A rest that ended at `endedAt` (never later than `now`) counts as the enabled `kinds` done.
    ///
    /// Deadlines before the rest's end are handled first, so a break that fell due during the rest is
    /// on screen when the credit arrives. The break on screen (pending, snoozed or active) whose kind
    /// is credited is completed then, as Done would; when its kind is not credited it stays, no longer
    /// counting for the kinds that were. Every other credited kind restarts its cycle then, recording
    /// nothing: it was not due. A cycle that already restarted later is left alone.
    mutating func creditRest(_ kinds: [BreakKind], endedAt: Date, now: Date) -> [BreakEffect] {
        let credited = Set(kinds.filter { settings[$0].enabled })
        guard !credited.isEmpty else { return [] }
        let time = min(endedAt, now)
        var effects = catchUp(to: time)
        var restarted: Set<BreakKind> = []
        if let due = shownBreak {
            if credited.contains(due.kind) {
                effects += complete(due, at: time)
                restarted = Set(due.covers).union(due.kind.restartsOnCompletion)
            } else {
                replaceShownBreak(with: DueBreak(
                    kind: due.kind,
                    covers: due.covers.filter { !credited.contains($0) },
                    dueAt: due.dueAt,
                    expiresAt: due.expiresAt,
                    snoozeCount: due.snoozeCount
                ))
            }
        }
        for kind in credited.subtracting(restarted) {
            record.cycles[kind] = max(record.cycles[kind], time)
        }
        return effects
    }

    /// Puts `due` in place of the break on screen, keeping the state it is in.
    mutating func replaceShownBreak(with due: DueBreak) {
        switch record.state {
        case .breakPending:
            record.state = .breakPending(due)
        case .snoozed(_, let until):
            record.state = .snoozed(due, until: until)
        case .breakActive(_, let startedAt, let endsAt):
            record.state = .breakActive(due, startedAt: startedAt, endsAt: endsAt)
        case .idle, .running, .paused:
            break
        }
    }

    /// Handles the deadlines up to `time`, which may lie before the last moment handled.
    ///
    /// An idle engine is left alone: when it wakes is computed from the moment it is asked at, so
    /// asking at a past moment could start a working-hours run that already ended.
    mutating func catchUp(to time: Date) -> [BreakEffect] {
        if case .idle = record.state { return [] }
        return advance(to: time)
    }
}
