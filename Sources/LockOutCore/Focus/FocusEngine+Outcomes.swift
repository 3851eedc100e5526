import Foundation

/// Outcomes: stopping, skipping and running out, the records they save, and what the pomodoro runs next.
extension FocusEngine {
    /// Stopping a countdown cancels the segment: it counts nothing and the pomodoro stays in its phase.
    mutating func stop(now: Date) throws(FocusInputError) -> [FocusEffect] {
        let session: FocusSession
        let ranUntil: Date
        var effects: [FocusEffect] = []
        switch record.state {
        case .stopped:
            throw .noSession
        case .running(let running):
            session = running
            ranUntil = now
            effects += [FocusAlerts.cancel(for: running)].compactMap { $0 }
        case .paused(let paused, let pausedAt):
            session = paused
            ranUntil = pausedAt
        }
        let outcome: FocusOutcome = session.mode.countsDown ? .cancelled : .completed
        record.state = .stopped
        effects.append(.save(sessionRecord(session, endedAt: now, actual: session.runningTime(at: ranUntil), outcome: outcome)))
        return effects
    }

    /// Skipping ends a pomodoro segment as completed now and starts the next one.
    mutating func skip(now: Date) throws(FocusInputError) -> [FocusEffect] {
        guard let session = record.state.session else { throw .noSession }
        guard session.mode == .pomodoro else { throw .skipOutsidePomodoro(mode: session.mode) }
        switch record.state {
        case .running:
            let effects = [FocusAlerts.cancel(for: session)].compactMap { $0 }
            return effects + finish(session, endedAt: now, actual: session.runningTime(at: now), now: now)
        case .paused(_, let pausedAt):
            return finish(session, endedAt: now, actual: session.runningTime(at: pausedAt), now: now)
        case .stopped:
            throw .noSession
        }
    }

    /// Saves `session` as completed; a pomodoro goes on with its next segment, anchored at `endedAt`.
    ///
    /// The alert of the ended segment is not cancelled: it fired (or was cancelled by a skip) already.
    mutating func finish(_ session: FocusSession, endedAt: Date, actual: TimeInterval, now: Date) -> [FocusEffect] {
        var effects: [FocusEffect] = [.save(sessionRecord(session, endedAt: endedAt, actual: actual, outcome: .completed))]
        switch session.mode {
        case .pomodoro:
            let segment = countCompleted(session.segment)
            let next = FocusSession(
                mode: .pomodoro,
                segment: segment,
                activity: session.activity,
                planned: plannedPomodoro(segment, focusLength: session.focusLength),
                startedAt: endedAt,
                focusLength: session.focusLength,
                // The next segment follows on where the last one ran, even when recorded later elsewhere.
                timeZone: session.timeZone
            )
            record.state = .running(next)
            effects += [FocusAlerts.schedule(for: next, capability: capability, now: now)].compactMap { $0 }
        case .timer, .stopwatch, .focus:
            record.state = .stopped
        }
        return effects
    }

    /// Counts a completed pomodoro segment and returns the one that follows it.
    mutating func countCompleted(_ segment: FocusSegment) -> FocusSegment {
        let next: FocusSegment
        switch segment {
        case .focus:
            record.cycle.completedFocus += 1
            next = record.cycle.completedFocus >= settings.cycles ? .longBreak : .shortBreak
        case .shortBreak:
            next = .focus
        case .longBreak:
            record.cycle.completedFocus = 0
            next = .focus
        }
        record.cycle.next = next
        return next
    }

    /// The history entry for a segment that ended.
    func sessionRecord(_ session: FocusSession, endedAt: Date, actual: TimeInterval, outcome: FocusOutcome) -> FocusSessionRecord {
        let zone = session.timeZone ?? calendar.timeZone
        return FocusSessionRecord(
            id: .forSegment(startedAt: session.startedAt, mode: session.mode, segment: session.segment),
            activity: session.activity,
            mode: session.mode,
            segment: session.segment,
            planned: session.planned,
            actual: actual,
            startedAt: session.startedAt,
            endedAt: endedAt,
            outcome: outcome,
            day: LocalDate(session.startedAt, in: calendar.withTimeZone(zone)),
            timeZone: zone
        )
    }
}
