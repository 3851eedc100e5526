import Foundation
import LockOutCore

/// Tells, from the successive sets of alarms the system reports (AlarmKit's `alarmUpdates`), which break alarms
/// left it without the app cancelling them, and whether each was seen ringing: what Core's attribution
/// (``BreakAlarmPlan/answer(forGone:startedBreak:seenAlerting:now:)``) needs to say how it was answered.
///
/// ```
///   start(held:) ── the set at launch is the starting point
///   willCancel(ids) ── the app cancels them: their leaving is no answer (cancelFailed undoes it)
///   update(held) ── a break alarm of the last set missing now, not cancelled by the app ──► Departure
/// ```
///
/// Alarms the plan did not make (``PlannedAlarm/init(id:)`` reads nil) are never reported.
public struct BreakAlarmWatch: Sendable {
    /// A break alarm that left the system's set without the app cancelling it.
    public struct Departure: Hashable, Sendable {
        /// The alarm, as its id reads back.
        public let alarm: PlannedAlarm
        /// Whether any set reported it ringing before it left.
        public let seenAlerting: Bool

        /// A departure with every field given.
        public init(alarm: PlannedAlarm, seenAlerting: Bool) {
            self.alarm = alarm
            self.seenAlerting = seenAlerting
        }
    }

    /// The break alarms of the last set.
    private var known: [UUID: PlannedAlarm] = [:]
    /// Those of them ever reported ringing.
    private var alerting: Set<UUID> = []
    /// Alarms the app is cancelling, until they leave.
    private var cancelling: Set<UUID> = []

    /// A watch that knows no alarm yet.
    public init() {}

    /// At launch: what the system holds now is the starting point; nothing is reported for it.
    public mutating func start(held: [HeldAlarm]) {
        known = [:]
        alerting = []
        note(held)
    }

    /// The app is about to cancel `ids`: when they leave, it is not an answer.
    public mutating func willCancel(_ ids: [UUID]) {
        cancelling.formUnion(ids)
    }

    /// The app's cancel of `id` failed (the system did not hold it): its leaving, if it comes, is reported.
    public mutating func cancelFailed(_ id: UUID) {
        cancelling.remove(id)
    }

    /// The set the system holds now; answers the break alarms that left it since the last set and that the app
    /// did not cancel, soonest first.
    public mutating func update(_ held: [HeldAlarm]) -> [Departure] {
        let present = Set(held.map(\.id))
        let gone = known.filter { !present.contains($0.key) }
        let departures = gone.compactMap { id, alarm -> Departure? in
            guard cancelling.remove(id) == nil else { return nil }
            return Departure(alarm: alarm, seenAlerting: alerting.contains(id))
        }
        alerting.subtract(gone.keys)
        cancelling.formIntersection(present)
        note(held)
        return departures.sorted { ($0.alarm.fireDate, $0.alarm.id.uuidString) < ($1.alarm.fireDate, $1.alarm.id.uuidString) }
    }

    /// Start break marks whose alarm the system no longer holds: each was answered, and the mark may go.
    public static func spentMarks(_ marks: Set<UUID>, held: [HeldAlarm]) -> Set<UUID> {
        marks.subtracting(held.map(\.id))
    }

    /// At launch: the break-due alarms whose Start break was pressed while the app did not watch (the button
    /// marked the alarm and cancelled it, then launched the app), soonest first.
    public static func startedWhileAway(marks: Set<UUID>, held: [HeldAlarm]) -> [PlannedAlarm] {
        spentMarks(marks, held: held).compactMap(PlannedAlarm.init(id:)).filter { $0.beat == .breakDue }
            .sorted { $0.fireDate < $1.fireDate }
    }

    private mutating func note(_ held: [HeldAlarm]) {
        known = [:]
        for alarm in held {
            guard let planned = PlannedAlarm(id: alarm.id) else { continue }
            known[alarm.id] = planned
            if alarm.isAlerting { alerting.insert(alarm.id) }
        }
    }
}

extension DeviceAgent {
    /// Break alarms that left the system (``BreakAlarmWatch/update(_:)``), each answered as Core's attribution
    /// says: "Start break" when `startedBreak` holds its id, Stop when it rang, nothing when the system removed it
    /// before it rang (the break stays as it is and the next plan calls for it, by a notification where alarms
    /// no longer ring). Answers whether any was an answer.
    @discardableResult
    public func alarmsLeft(_ departures: [BreakAlarmWatch.Departure], startedBreak: Set<UUID>) throws -> Bool {
        var answered = false
        for departure in departures {
            let answer = BreakAlarmPlan.answer(
                forGone: departure.alarm, startedBreak: startedBreak.contains(departure.alarm.id),
                seenAlerting: departure.seenAlerting, now: clock.now()
            )
            guard let answer else {
                logger.info("break alarm \(departure.alarm.id) was removed before it rang: nothing answered")
                continue
            }
            try alarmDismissed(departure.alarm, by: answer)
            answered = true
        }
        return answered
    }

    /// Once at launch, with the alarms the system still holds and the Start break marks kept: rebuilds the break
    /// cycle from the stored record and the ringing alarms (``reconcileAlarms(held:)``), then starts each break
    /// whose alarm's Start break was pressed while the app was not running. The plans made next bring the
    /// system's alarms in line.
    public func reconcileAlarms(held: [HeldAlarm], startedBreak: Set<UUID>) throws {
        _ = try reconcileAlarms(held: held)
        for alarm in BreakAlarmWatch.startedWhileAway(marks: startedBreak, held: held) {
            try alarmDismissed(alarm, by: .startBreak)
        }
    }
}
