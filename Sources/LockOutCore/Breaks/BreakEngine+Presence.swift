import Foundation

/// Presence: while the person is away nothing falls due, and an absence as long as a break counts as it.
///
/// ```
///   present ── personAway(since) ──► away: no kind falls due, a waiting break neither expires
///      ▲                                   nor comes back from a snooze; an active break still ends
///      └────────── personBack(at) ─────────┘ then, for each enabled kind:
///                                              away ≥ its duration → taken: its cycle restarts at the
///                                                return; recorded as a natural break when it was due
///                                              away < its duration → its cycle moves later by the time away
/// ```
extension BreakEngine {
    /// Whether the person is away now.
    public var isAway: Bool { record.awaySince != nil }

    /// The person has been away since `since` (never later than `now`); a second call keeps the first.
    ///
    /// Deadlines up to `since` are handled first: a break that fell due before the person left is on
    /// screen and waits for them. An idle engine ignores presence: nothing runs to be credited.
    mutating func goAway(since requested: Date, now: Date) -> [BreakEffect] {
        guard record.awaySince == nil else { return [] }
        if case .idle = record.state { return [] }
        let since = min(requested, now)
        let effects = catchUp(to: since)
        record.awaySince = since
        return effects
    }

    /// The person came back at `requested` (never later than `now`).
    ///
    /// Each enabled kind whose duration the absence lasted counts as taken: the break on screen, when its
    /// kind is one of them, is completed as a natural break (and so is each kind it covers that the absence
    /// lasted); every other such kind that fell due during the absence is recorded as a natural break; all
    /// of them restart their cycles at the return. A kind the absence was too short for moves later by the
    /// part of the absence inside its cycle, as does the expiry of the break on screen: time away is not
    /// time at the screen. A snooze that ran out during the absence brings its break back now.
    mutating func comeBack(at requested: Date, now: Date) -> [BreakEffect] {
        guard let since = record.awaySince else { return [] }
        let end = max(since, min(requested, now))
        var effects = catchUp(to: end)
        record.awaySince = nil
        let away = end.timeIntervalSince(since)
        let taken = Set(settings.enabledKinds.filter { settings[$0].duration <= away })
        var restarted: Set<BreakKind> = []
        if let due = shownBreak {
            let covered = due.covers.filter(taken.contains)
            if taken.contains(due.kind) {
                effects += completeNaturally(due, at: end)
                restarted = Set(due.covers).union(due.kind.restartsOnCompletion)
            } else {
                if !covered.isEmpty {
                    let part = DueBreak(kind: due.kind, covers: covered, dueAt: due.dueAt, expiresAt: due.expiresAt)
                    effects.append(.save(sessions(for: part, outcome: .completed, at: end, natural: true)))
                    for kind in covered { record.cycles[kind] = end }
                    restarted.formUnion(covered)
                }
                replaceShownBreak(with: DueBreak(
                    kind: due.kind,
                    covers: due.covers.filter { !taken.contains($0) },
                    dueAt: due.dueAt,
                    expiresAt: due.expiresAt.addingTimeInterval(away),
                    snoozeCount: due.snoozeCount
                ))
            }
        }
        var missed: [BreakSession] = []
        for kind in settings.enabledKinds where !restarted.contains(kind) {
            let cycleStart = record.cycles[kind]
            if taken.contains(kind) {
                if deadline(of: kind) <= end, case .running = record.state {
                    let due = DueBreak(kind: kind, covers: [kind], dueAt: max(deadline(of: kind), since), expiresAt: end)
                    missed += sessions(for: due, outcome: .completed, at: end, natural: true)
                }
                record.cycles[kind] = max(cycleStart, end)
            } else if cycleStart < end {
                record.cycles[kind] = cycleStart.addingTimeInterval(end.timeIntervalSince(max(since, cycleStart)))
            }
        }
        if !missed.isEmpty { effects.append(.save(missed)) }
        return effects
    }

    /// Completes `due` as a break taken by stepping away.
    mutating func completeNaturally(_ due: DueBreak, at time: Date) -> [BreakEffect] {
        let restarted = Set(due.covers).union(due.kind.restartsOnCompletion)
        for kind in restarted { record.cycles[kind] = time }
        record.state = .running
        return [.withdraw(id: BreakNotifications.id), .save(sessions(for: due, outcome: .completed, at: time, natural: true))]
    }
}
