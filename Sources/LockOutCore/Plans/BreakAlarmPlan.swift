import Foundation

/// The two beats of the break cycle's alarm (seed 003): the break falls due, then the look-away is done.
public enum BreakAlarmBeat: String, Codable, Hashable, Sendable, CaseIterable {
    /// Fires when a break falls due; dismissing it starts the break.
    case breakDue
    /// Fires when a started break's time is up.
    case lookAwayDone
}

/// One alarm for a platform that rings alarms while the app is not running (AlarmKit).
///
/// Its id is derived from the beat, the kind and the fire date, and reads back into the alarm
/// (``init(id:)``), so the alarms the system still holds after the app was killed say what they are
/// without a table kept beside them.
public struct PlannedAlarm: Codable, Hashable, Sendable {
    /// Which beat.
    public let beat: BreakAlarmBeat
    /// The break's kind.
    public let kind: BreakKind
    /// When it rings, to the millisecond.
    public let fireDate: Date

    /// An alarm of `beat` for `kind` at `fireDate` (kept to the millisecond, as its id keeps it).
    public init(beat: BreakAlarmBeat, kind: BreakKind, fireDate: Date) {
        self.beat = beat
        self.kind = kind
        self.fireDate = Date(timeIntervalSince1970: (fireDate.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// The alarm an id of ``id`` stands for, or nil for an id this plan did not make (a focus alarm, say).
    public init?(id: UUID) {
        guard let (moment, tail) = DeterministicUUID.parts(of: id),
              tail[0] & 0xC0 == 0x80, tail[2] == Self.marker[0], tail[3] == Self.marker[1],
              tail[4...].allSatisfy({ $0 == 0 }),
              let beat = BreakAlarmBeat.allCases.first(where: { Self.code(of: $0) == tail[0] & 0x3F }),
              let kind = BreakKind.allCases.first(where: { $0.rank == Int(tail[1]) })
        else { return nil }
        self.init(beat: beat, kind: kind, fireDate: moment)
    }

    /// A version-8 UUID: the fire date's Unix milliseconds, the variant with the beat, the kind, and
    /// "LA" (LockOut Alarm), so it never equals a break session's ("LO") or a focus segment's ("LF") id.
    public var id: UUID {
        DeterministicUUID.make(at: fireDate, tail: [0x80 | Self.code(of: beat), UInt8(kind.rank)] + Self.marker)
    }

    /// What the alarm says: the break's title when it falls due, "… done" when the look-away is over.
    public var title: String {
        switch beat {
        case .breakDue: kind.title
        case .lookAwayDone: "\(kind.title) done"
        }
    }

    /// The second button, "Start break", on the alarm of a break that fell due; the look-away alarm has only Stop.
    public var secondaryButton: String? {
        switch beat {
        case .breakDue: "Start break"
        case .lookAwayDone: nil
        }
    }

    private static let marker: [UInt8] = [0x4C, 0x41]

    private static func code(of beat: BreakAlarmBeat) -> UInt8 {
        switch beat {
        case .breakDue: 0
        case .lookAwayDone: 1
        }
    }
}

/// An alarm the system holds, as it reports it.
public struct HeldAlarm: Codable, Hashable, Sendable {
    /// The alarm's id.
    public let id: UUID
    /// Whether it is ringing now, not yet dismissed.
    public let isAlerting: Bool

    /// A held alarm with every field given.
    public init(id: UUID, isAlerting: Bool) {
        self.id = id
        self.isAlerting = isAlerting
    }
}

/// What to change so the system holds the one alarm the break cycle wants.
public struct AlarmChanges: Codable, Hashable, Sendable {
    /// Break alarms to cancel: every held one but the wanted one. Alarms this plan did not make are never listed.
    public let cancel: [UUID]
    /// The alarm to schedule, when the system does not hold it yet.
    public let schedule: PlannedAlarm?
    /// The alarm the cycle wants, held already or to be scheduled; nil when none is wanted.
    public let wanted: PlannedAlarm?

    /// Changes with every field given.
    public init(cancel: [UUID], schedule: PlannedAlarm?, wanted: PlannedAlarm?) {
        self.cancel = cancel
        self.schedule = schedule
        self.wanted = wanted
    }

    /// Whether the system already holds exactly what is wanted.
    public var isEmpty: Bool { cancel.isEmpty && schedule == nil }
}

/// The break record rebuilt after a launch, and the alarm changes that go with it.
public struct BreakAlarmReconciliation: Hashable, Sendable {
    /// The record to continue from (``BreakReconciler``'s verdict).
    public let record: BreakRecord
    /// What to cancel and schedule.
    public let changes: AlarmChanges
}

/// How the person dismissed a ringing alarm.
public enum AlarmAnswer: String, Codable, Hashable, Sendable {
    /// The alarm's Stop: not now.
    case stop
    /// Its second button, "Start break".
    case startBreak
}

/// One alarm at a time for the break cycle, as seed 003 runs it on AlarmKit.
///
/// ```
///   running ──► breakDue at the next break ── rings ── Start break ──► userStartedBreak; Stop ──► userSkipped
///   breakActive ──► lookAwayDone at its end ── rings ── dismissed ──► tick: the break completes at its end
/// ```
///
/// The alarm wanted at a moment: the look-away alarm while a break runs; the ringing alarm of a
/// pending break while the system still rings it; otherwise the next break the engine presents when
/// nobody answers (a snoozed break when its snooze ends, the next due break after one that expired).
/// After a launch the record is rebuilt by ``BreakReconciler`` from the stored record and the ringing
/// break alarms (seed 003's rules), then the held alarms are compared with the wanted one.
public enum BreakAlarmPlan {
    /// The alarm the cycle wants the system to hold at `now`, or nil when nothing will ring.
    public static func wanted(breaks: BreakEngine, focus: FocusEngine?, held: [HeldAlarm], now: Date) -> PlannedAlarm? {
        let forecast = EngineForecast(breaks: breaks, focus: focus, now: now, through: now.addingTimeInterval(NotificationPlan.horizon), limit: 1)
        switch forecast.stateAtStart {
        case .breakActive(let due, _, let endsAt) where endsAt > now:
            return PlannedAlarm(beat: .lookAwayDone, kind: due.kind, fireDate: endsAt)
        case .breakPending:
            if let ringing = held.first(where: { $0.isAlerting && PlannedAlarm(id: $0.id)?.beat == .breakDue }) {
                return PlannedAlarm(id: ringing.id)
            }
        case .idle, .running, .snoozed, .paused, .breakActive:
            break
        }
        return forecast.breakAlerts.first.map { PlannedAlarm(beat: .breakDue, kind: $0.due.kind, fireDate: $0.at) }
    }

    /// What to cancel and schedule so the system holds only the wanted alarm; `held` is every alarm the
    /// system reports, and alarms this plan did not make are left alone.
    public static func changes(breaks: BreakEngine, focus: FocusEngine?, held: [HeldAlarm], now: Date) -> AlarmChanges {
        let wanted = wanted(breaks: breaks, focus: focus, held: held, now: now)
        let ours = held.filter { PlannedAlarm(id: $0.id) != nil }
        let cancel = ours.map(\.id).filter { $0 != wanted?.id }
        let schedule = wanted.flatMap { alarm in ours.contains { $0.id == alarm.id } ? nil : alarm }
        return AlarmChanges(cancel: cancel.sorted { $0.uuidString < $1.uuidString }, schedule: schedule, wanted: wanted)
    }

    /// Where no alarm may ring: every break alarm among `held` cancelled, none scheduled or wanted. Alarms this
    /// plan did not make are left alone.
    public static func withdrawal(held: [HeldAlarm]) -> AlarmChanges {
        let ours = held.map(\.id).filter { PlannedAlarm(id: $0) != nil }
        return AlarmChanges(cancel: ours.sorted { $0.uuidString < $1.uuidString }, schedule: nil, wanted: nil)
    }

    /// After a launch: the record rebuilt from `stored` and the ringing break alarms, and the alarm changes for it.
    public static func reconcile(
        stored: StoredBreakRecord?,
        held: [HeldAlarm],
        settings: BreakSettings,
        focus: FocusEngine?,
        calendar: Calendar,
        now: Date
    ) -> BreakAlarmReconciliation {
        let record = BreakReconciler.reconcile(
            record: stored, pendingAlarms: pendingAlarms(held: held), settings: settings, calendar: calendar, now: now
        )
        let engine = BreakEngine(record: record, settings: settings, calendar: calendar)
        return BreakAlarmReconciliation(record: record, changes: changes(breaks: engine, focus: focus, held: held, now: now))
    }

    /// The break alarms among `held`, as ``BreakReconciler`` reads them: alarms this plan did not make, and
    /// look-away alarms, are not pending breaks.
    public static func pendingAlarms(held: [HeldAlarm]) -> [PendingAlarm] {
        held.compactMap { alarm in
            guard let planned = PlannedAlarm(id: alarm.id), planned.beat == .breakDue else { return nil }
            return PendingAlarm(kind: planned.kind, fireDate: planned.fireDate, isAlerting: alarm.isAlerting)
        }
    }

    /// How a break alarm that left the system's set was answered, or nil when it was never answered at all.
    ///
    /// The system reports an alarm's Stop, its "Start break" (whose intent cancels it) and its removal all the
    /// same way: the alarm is gone. "Start break" marks the alarm before cancelling it (`startedBreak`); an alarm
    /// seen ringing, or gone once its time had come, was stopped; one gone before it ever rang was removed by
    /// the system (its authorization was taken back, say), and no break was answered by it.
    ///
    /// ```
    ///   gone ── marked by Start break ──────────────────► startBreak
    ///        ── seen alerting, or its fire date passed ──► stop
    ///        ── otherwise (removed before it rang) ──────► nil: nothing answered, plan again
    /// ```
    public static func answer(forGone alarm: PlannedAlarm, startedBreak: Bool, seenAlerting: Bool, now: Date) -> AlarmAnswer? {
        if startedBreak { return .startBreak }
        if seenAlerting || alarm.fireDate <= now { return .stop }
        return nil
    }

    /// Whether `alarm` called for the break `pending`: a break-due alarm of its kind (or a kind it covers) that
    /// rang no sooner than the break fell due. An older alarm answered late (its break expired meanwhile and
    /// another one is pending now) answers nothing of the new one.
    public static func isCalling(_ alarm: PlannedAlarm, for pending: DueBreak) -> Bool {
        alarm.beat == .breakDue && (alarm.kind == pending.kind || pending.covers.contains(alarm.kind))
            && alarm.fireDate >= pending.dueAt.addingTimeInterval(-1)
    }

    /// The event a dismissed alarm stands for. A break that fell due starts when the person pressed its "Start
    /// break" button, and is skipped when they stopped the alarm; a look-away that is done needs only time to
    /// pass, since the engine ends the break at its end.
    public static func event(forDismissed alarm: PlannedAlarm, by answer: AlarmAnswer) -> BreakEvent {
        switch (alarm.beat, answer) {
        case (.breakDue, .startBreak): .userStartedBreak(alarm.kind)
        case (.breakDue, .stop): .userSkipped(alarm.kind)
        case (.lookAwayDone, _): .tick
        }
    }
}
