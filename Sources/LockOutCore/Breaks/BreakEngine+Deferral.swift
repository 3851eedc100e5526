import Foundation

/// Deferral: a full-screen window, a call, do-not-disturb or a chosen program holds breaks back, never beyond the maximum.
///
/// ```
///   none ── deferralStarted(reasons, maximum) ──► deferred: no kind falls due, a waiting break neither
///    ▲  ▲                                            │     expires nor comes back from a snooze
///    │  └──────────── deferralEnded ─────────────────┤ what fell due meanwhile falls due now, as one break
///    │                                               │ the maximum runs out
///    └──────────── deferralEnded ──────────── spent ◄┘ what fell due is shown then; breaks run as usual,
///                                                      and no deferral starts until every reason is gone
/// ```
extension BreakEngine {
    /// The deferral holding breaks back now: one that has not spent its maximum.
    public var activeDeferral: Deferral? {
        guard let deferral = record.deferral, !deferral.spent else { return nil }
        return deferral
    }

    /// Whether the person is away or breaks are deferred: a waiting break neither expires nor returns from a snooze.
    var isWaiting: Bool { isAway || activeDeferral != nil }

    /// When the next break would fall due, while breaks run and nothing holds them: the moment to ask
    /// whether a call or do-not-disturb should defer it.
    public var nextBreakFallsDue: Date? {
        guard case .running = record.state else { return nil }
        return earliestDeadline()
    }

    /// `reasons` (with the chosen `programs` among them) hold breaks back from `now`; an active deferral takes the new reasons and keeps its start and
    /// end; a spent one is left alone until it ends; no reasons end it. The maximum bounds how long a break
    /// waits past its time: begun before the next break falls due (a presentation going full screen early),
    /// it runs from that break's time, not from `now`.
    mutating func startDeferral(_ reasons: [DeferralReason], programs: [DeferredProgram] = [], maximum: TimeInterval, now: Date) -> [BreakEffect] {
        guard !reasons.isEmpty else { return endDeferral(now: now) }
        if case .idle = record.state { return [] }
        if var deferral = record.deferral {
            guard !deferral.spent else { return [] }
            deferral.reasons = Array(Set(reasons)).sorted()
            deferral.programs = reasons.contains(.program) ? Array(Set(programs)).sorted() : []
            record.deferral = deferral
            return []
        }
        let from = max(now, nextBreakFallsDue ?? now)
        record.deferral = Deferral(
            since: now, until: from.addingTimeInterval(max(0, maximum)), reasons: Array(Set(reasons)),
            programs: reasons.contains(.program) ? Array(Set(programs)) : []
        )
        return []
    }

    /// Nothing holds breaks back: the kinds that fell due while deferred fall due now, together.
    mutating func endDeferral(now: Date) -> [BreakEffect] {
        guard let deferral = record.deferral else { return [] }
        record.deferral = nil
        return deferral.spent ? [] : fallDueTogether(at: now, now: now)
    }

    /// The maximum ran out at `until`: what fell due is shown then, whatever still holds it.
    mutating func spendDeferral(at until: Date, now: Date) -> [BreakEffect] {
        record.deferral?.spent = true
        return fallDueTogether(at: until, now: until)
    }
}
