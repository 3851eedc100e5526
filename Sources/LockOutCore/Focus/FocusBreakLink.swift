import Foundation

/// The pure rules linking focus sessions to breaks: which break events a focus transition causes.
///
/// ```
///   focus segment runs (hold setting on) ──► focusHoldStarted      breaks wait
///   focus segment ends at T ───────────────► focusHoldEnded(at: T)  the held kinds fall due at T as one break
///   pause / setting turned off ────────────► focusHoldEnded(at: now)
///   pomodoro break saved, long enough ─────► restTaken(kinds, endedAt)  the break on screen is done, other cycles restart
/// ```
///
/// A pomodoro in real time: the focus segment ends → the hold ends and the held breaks fall due →
/// the short break runs → its end credits them → the next focus segment holds again.
///
/// One transition may cover several segments when the runtime catches up after nothing ran. The
/// break engine handles each event and then runs to `now`, so a hold that ended and began again
/// inside the catch-up is not replayed: the engine stays held through the whole batch whenever the
/// focus engine held at any point in it, the credits are applied in the order the rests ended, and
/// the hold ends last, at the end of the last focus segment that held. So nothing held surfaces in
/// the middle of a later focus segment, and every rest still counts.
public enum FocusBreakLink {
    /// The break events for one focus transition from `before` to `after` with its `effects`, in the order to handle them.
    ///
    /// Call after every focus transition (command, tick, settings change) and handle the events in
    /// order at `now`, before ticking the break engine past the transition. Order: the hold starts
    /// first (when the focus engine holds afterwards or held in between and the break engine was not
    /// held), then each credit, then the hold ends (when the focus engine no longer holds), after the
    /// credits for rests that ended before it.
    public static func breakEvents(
        before: FocusEngine,
        after: FocusEngine,
        effects: [FocusEffect],
        breakSettings: BreakSettings,
        now: Date
    ) -> [BreakEvent] {
        let saved = effects.compactMap { effect -> FocusSessionRecord? in
            if case .save(let record) = effect { record } else { nil }
        }
        let credits = saved.compactMap { record -> (kinds: [BreakKind], endedAt: Date)? in
            let kinds = record.breaksCounted(settings: breakSettings)
            return kinds.isEmpty ? nil : (kinds, record.endedAt)
        }
        let lastHeldEnd = lastHeldSegmentEnd(saved, before: before, holdSetting: after.settings.holdBreaksDuringFocus)
        let heldAtAnyPoint = before.holdsBreaks || after.holdsBreaks || lastHeldEnd != nil

        var events: [BreakEvent] = []
        if heldAtAnyPoint && !before.holdsBreaks {
            events.append(.focusHoldStarted)
        }
        guard heldAtAnyPoint && !after.holdsBreaks else {
            return events + credits.map { .restTaken(kinds: $0.kinds, endedAt: $0.endedAt) }
        }
        let end = lastHeldEnd ?? now
        events += credits.filter { $0.endedAt <= end }.map { .restTaken(kinds: $0.kinds, endedAt: $0.endedAt) }
        events.append(.focusHoldEnded(at: end))
        events += credits.filter { $0.endedAt > end }.map { .restTaken(kinds: $0.kinds, endedAt: $0.endedAt) }
        return events
    }

    /// The event that makes the break engine's stored hold agree with the focus engine, or nil when they agree.
    ///
    /// For a runtime that just started, after the focus engine's first tick and the events it caused:
    /// what is left to fix was missed while nothing ran (a crash between the two saves, settings
    /// changed elsewhere), so a hold that should be over ends now.
    public static func holdEvent(focus: FocusEngine, breaks: BreakEngine, now: Date) -> BreakEvent? {
        switch (focus.holdsBreaks, breaks.record.heldSince != nil) {
        case (true, false): .focusHoldStarted
        case (false, true): .focusHoldEnded(at: now)
        case (true, true), (false, false): nil
        }
    }

    /// When the last saved segment that held breaks ended, or nil when none did.
    ///
    /// The first saved segment is the one that ran before the transition: it held if `before` held.
    /// Each later one started by itself as the pomodoro's next segment, so it ran, and held when it
    /// is a focus segment and the setting is on.
    private static func lastHeldSegmentEnd(_ saved: [FocusSessionRecord], before: FocusEngine, holdSetting: Bool) -> Date? {
        saved.enumerated()
            .filter { index, record in index == 0 ? before.holdsBreaks : holdSetting && !record.segment.isBreak }
            .map(\.element.endedAt)
            .last
    }
}
