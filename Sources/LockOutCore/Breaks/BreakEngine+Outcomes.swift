import Foundation

/// Outcomes: completing and skipping a break, and the sessions they record.
extension BreakEngine {
    mutating func complete(_ due: DueBreak, at time: Date) -> [BreakEffect] {
        let restarted = Set(due.covers).union(due.kind.restartsOnCompletion)
        for kind in restarted { record.cycles[kind] = time }
        record.state = .running
        return [.withdraw(id: BreakNotifications.id), .save(sessions(for: due, outcome: .completed, at: time))]
    }

    mutating func skip(_ due: DueBreak, at time: Date) -> [BreakEffect] {
        for kind in due.covers { record.cycles[kind] = time }
        record.state = .running
        return [.withdraw(id: BreakNotifications.id), .save(sessions(for: due, outcome: .skipped, at: time))]
    }

    func sessions(for due: DueBreak, outcome: BreakOutcome, at time: Date, natural: Bool = false) -> [BreakSession] {
        due.covers.map { kind in
            BreakSession(
                id: Self.sessionID(kind: kind, dueAt: due.dueAt),
                kind: kind,
                dueAt: due.dueAt,
                endedAt: time,
                outcome: outcome,
                snoozeCount: due.snoozeCount,
                day: LocalDate(time, in: calendar),
                timeZone: calendar.timeZone,
                natural: natural
            )
        }
    }

    /// The same break always gets the same id, so recording it twice after a crash stores it once.
    ///
    /// A version-8 UUID: the due time's 48-bit Unix milliseconds first (as in UUIDv7, good until the
    /// year 10889), then the version nibble, the variant with the kind, and "LO". The version
    /// nibble sits after the timestamp so it never overwrites any of its bits.
    static func sessionID(kind: BreakKind, dueAt: Date) -> BreakSessionID {
        let uuid = DeterministicUUID.make(at: dueAt, tail: [0x80 | UInt8(kind.rank), 0x4C, 0x4F])
        return BreakSessionID(rawValue: uuid)
    }

    // MARK: - Helpers

    var shownBreak: DueBreak? {
        switch record.state {
        case .breakPending(let due), .snoozed(let due, _), .breakActive(let due, _, _): due
        case .idle, .running, .paused: nil
        }
    }

    var isShowingBreak: Bool {
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
