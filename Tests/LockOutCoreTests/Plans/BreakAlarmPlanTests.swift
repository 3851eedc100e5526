import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Alarm plan: one alarm at a time for the break cycle, reconciled with what the system holds after a kill")
struct BreakAlarmPlanTests {
    private static let eyeOnly = F.settings([.eye])

    private static func reconcile(_ record: BreakRecord?, held: [HeldAlarm], now: Date) -> BreakAlarmReconciliation {
        BreakAlarmPlan.reconcile(
            stored: record.map { .valid($0) }, held: held, settings: eyeOnly, focus: nil, calendar: F.berlin, now: now
        )
    }

    private static let running = BreakRecord(state: .running, cycles: CycleStarts(all: F.t0))
    private static let dueAt20 = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(20))

    @Test("Running: the break-due alarm at the next break, saying the break's title with Start break")
    func runningWantsTheNextBreak() {
        let alarm = BreakAlarmPlan.wanted(breaks: F.breaks([.eye]), focus: nil, held: [], now: F.at(5))
        #expect(alarm == Self.dueAt20)
        #expect(alarm?.title == "Eye Break")
        #expect(alarm?.secondaryButton == "Start break")
    }

    @Test("An alarm's id reads back into the alarm; other ids read as none")
    func idsReadBack() {
        let lookAway = PlannedAlarm(beat: .lookAwayDone, kind: .long, fireDate: F.t0.addingTimeInterval(0.1234))
        #expect(PlannedAlarm(id: lookAway.id) == lookAway)
        #expect(PlannedAlarm(id: Self.dueAt20.id) == Self.dueAt20)
        #expect(lookAway.id != PlannedAlarm(beat: .breakDue, kind: .long, fireDate: lookAway.fireDate).id)
        #expect(PlannedAlarm(id: FocusSessionID.forSegment(startedAt: F.t0, mode: .timer, segment: .focus).rawValue) == nil)
        #expect(PlannedAlarm(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!) == nil)
    }

    @Test("Start break on the break-due alarm starts the break; then the look-away alarm rings at its end, with Stop only")
    func dismissStartsTheBreak() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(20))
        let ringing = HeldAlarm(id: Self.dueAt20.id, isAlerting: true)
        #expect(BreakAlarmPlan.changes(breaks: engine, focus: nil, held: [ringing], now: F.at(20)).isEmpty)

        _ = try engine.handle(BreakAlarmPlan.event(forDismissed: Self.dueAt20, by: .startBreak), now: F.at(21))
        let changes = BreakAlarmPlan.changes(breaks: engine, focus: nil, held: [ringing], now: F.at(21))
        let lookAway = PlannedAlarm(beat: .lookAwayDone, kind: .eye, fireDate: F.at(21).addingTimeInterval(20))
        #expect(changes == AlarmChanges(cancel: [Self.dueAt20.id], schedule: lookAway, wanted: lookAway))
        #expect(lookAway.title == "Eye Break done")
        #expect(lookAway.secondaryButton == nil)
        #expect(BreakAlarmPlan.event(forDismissed: lookAway, by: .stop) == .tick)
        #expect(BreakAlarmPlan.event(forDismissed: lookAway, by: .startBreak) == .tick)
    }

    @Test("Stop on the break-due alarm skips this break: it is recorded as skipped and the next one is planned")
    func stopSkips() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(20))
        #expect(BreakAlarmPlan.event(forDismissed: Self.dueAt20, by: .stop) == .userSkipped(.eye))
        _ = try engine.handle(BreakAlarmPlan.event(forDismissed: Self.dueAt20, by: .stop), now: F.at(21))
        #expect(engine.record.state.name == "running")
        #expect(BreakAlarmPlan.wanted(breaks: engine, focus: nil, held: [], now: F.at(21)) == PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(41)))
    }

    @Test("A snoozed break: the alarm rings when the snooze ends")
    func snoozed() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.userSnoozed(nil), now: F.at(20))
        #expect(BreakAlarmPlan.wanted(breaks: engine, focus: nil, held: [], now: F.at(20)) == PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(25)))
    }

    @Test("After a kill the system holds the right alarm: nothing changes")
    func holdsTheRightOne() {
        let result = Self.reconcile(Self.running, held: [HeldAlarm(id: Self.dueAt20.id, isAlerting: false)], now: F.at(5))
        #expect(result.record == Self.running)
        #expect(result.changes == AlarmChanges(cancel: [], schedule: nil, wanted: Self.dueAt20))
    }

    @Test("After a kill the system holds a stale alarm: it is cancelled and the right one scheduled")
    func holdsAStaleOne() {
        let stale = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(40))
        let result = Self.reconcile(Self.running, held: [HeldAlarm(id: stale.id, isAlerting: false)], now: F.at(5))
        #expect(result.changes == AlarmChanges(cancel: [stale.id], schedule: Self.dueAt20, wanted: Self.dueAt20))
    }

    @Test("After a kill the system holds no alarm: the right one is scheduled")
    func holdsNone() {
        let result = Self.reconcile(Self.running, held: [], now: F.at(5))
        #expect(result.changes == AlarmChanges(cancel: [], schedule: Self.dueAt20, wanted: Self.dueAt20))
    }

    @Test("Breaks were stopped: a leftover alarm is cancelled and none scheduled")
    func stoppedCancels() {
        let result = Self.reconcile(.idle(at: F.t0), held: [HeldAlarm(id: Self.dueAt20.id, isAlerting: false)], now: F.at(5))
        #expect(result.changes == AlarmChanges(cancel: [Self.dueAt20.id], schedule: nil, wanted: nil))
    }

    @Test("The break alarm rang while the app was dead and still rings: the break is pending and the alarm kept")
    func ringingAfterKill() {
        let result = Self.reconcile(Self.running, held: [HeldAlarm(id: Self.dueAt20.id, isAlerting: true)], now: F.at(22))
        guard case .breakPending(let due) = result.record.state else {
            Issue.record("expected a pending break, got \(result.record.state)")
            return
        }
        #expect(due.kind == .eye)
        #expect(result.changes == AlarmChanges(cancel: [], schedule: nil, wanted: Self.dueAt20))
    }

    @Test("The break alarm rang and was dismissed while the app was dead: the break is pending, the next alarm scheduled")
    func dismissedWhileDead() {
        let result = Self.reconcile(Self.running, held: [], now: F.at(22))
        #expect(result.record.state.name == "breakPending")
        // Left unanswered, the pending break expires at +42 and the next falls due at +62.
        #expect(result.changes.schedule == PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(62)))
    }

    @Test("Alarms this plan did not make (a focus timer's) are left alone")
    func foreignAlarmsStay() {
        let foreign = HeldAlarm(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, isAlerting: true)
        let result = Self.reconcile(.idle(at: F.t0), held: [foreign], now: F.at(5))
        #expect(result.changes.isEmpty)
    }
}
