import Foundation
import LockOutCore
import LockOutRuntime
import Testing

/// The plans the Apple apps hand the system, read from a running agent: what a phone that is not running
/// LockOut still delivers, and how the agent takes the system's answers back.
@Suite("System plans")
struct SystemPlansTests {
    private func at(_ minutes: Double) -> Date { PresentationFixture.start.addingTimeInterval(minutes * 60) }

    private func state(_ fixture: PresentationFixture) async throws -> String {
        try await fixture.agent.dashboard().state
    }

    @Test("a fresh start without alarms plans the first eye break as a notification and no alarm, no Live Activity, the gate closed")
    func fresh() async throws {
        let fixture = try await PresentationFixture()
        let plans = try await fixture.agent.systemPlans()
        let first = try #require(plans.notifications.requests.first)
        #expect(first.id == "break.eye.\(Int(at(20).timeIntervalSince1970))")
        #expect(first.title == "Eye Break")
        #expect(first.category == BreakNotifications.category)
        #expect(plans.alarm.schedule == nil)
        #expect(plans.alarm.cancel.isEmpty)
        #expect(plans.liveActivity == nil)
        #expect(plans.badge == 0)
        // No steps yet: the gate's selection is blocked until today's goals are met.
        #expect(plans.shields.blockedNow == [.gate])
        #expect(plans.refreshAt == min(plans.notifications.refreshAt, plans.shields.refreshAt))
        #expect(plans.refreshAt > PresentationFixture.start)
    }

    @Test("alarms authorized: the first eye break rings one alarm and has no notification; denied or not asked, the notification")
    func alarmOrNotification() async throws {
        let fixture = try await PresentationFixture()
        let authorized = try await fixture.agent.systemPlans(alarms: .authorized)
        #expect(authorized.alarm.schedule == PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20)))
        #expect(!authorized.notifications.requests.contains { $0.fireDate == at(20) })
        for state in [AlarmAuthorization.notDetermined, .denied, .unavailable] {
            let plans = try await fixture.agent.systemPlans(alarms: state)
            #expect(plans.alarm.schedule == nil)
            #expect(plans.notifications.requests.first?.id == "break.eye.\(Int(at(20).timeIntervalSince1970))")
        }
    }

    @Test("authorization revoked with the alarm held: the next plan cancels it and notifies instead; the records stay")
    func revoked() async throws {
        let fixture = try await PresentationFixture()
        let wanted = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        #expect(try await fixture.agent.systemPlans(alarms: .authorized).alarm.schedule == wanted)
        // The system removed the alarm before it rang: nothing was answered, the break cycle stands.
        var watch = BreakAlarmWatch()
        watch.start(held: [HeldAlarm(id: wanted.id, isAlerting: false)])
        let departures = watch.update([])
        fixture.clock.set(at(10))
        #expect(try await fixture.agent.alarmsLeft(departures, startedBreak: []) == false)
        #expect(try await state(fixture) == "running")
        let plans = try await fixture.agent.systemPlans(alarms: .denied, heldAlarms: [HeldAlarm(id: wanted.id, isAlerting: false)])
        #expect(plans.alarm == AlarmChanges(cancel: [wanted.id], schedule: nil, wanted: nil))
        #expect(plans.notifications.requests.first?.fireDate == at(20))
        #expect(plans.badge == 0)
    }

    @Test("an alarm seen ringing and gone is Stop: the break is skipped; marked by Start break, the break starts")
    func alarmsLeft() async throws {
        let fixture = try await PresentationFixture()
        let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        var watch = BreakAlarmWatch()
        watch.start(held: [HeldAlarm(id: due.id, isAlerting: false)])
        await fixture.advance(by: 20 * 60)
        _ = watch.update([HeldAlarm(id: due.id, isAlerting: true)])
        let stopped = watch.update([])
        #expect(try await fixture.agent.alarmsLeft(stopped, startedBreak: []))
        #expect(try await state(fixture) == "running")
        #expect(try await fixture.agent.systemPlans().badge == 1)

        let micro = PlannedAlarm(beat: .breakDue, kind: .micro, fireDate: at(30))
        watch.start(held: [HeldAlarm(id: micro.id, isAlerting: false)])
        await fixture.advance(by: 10 * 60)
        let started = watch.update([])
        #expect(try await fixture.agent.alarmsLeft(started, startedBreak: [micro.id]))
        #expect(try await state(fixture) == "breakActive")
    }

    @Test("an old alarm reported late answers nothing of the break pending now: Done in the app, then the micro break")
    func lateAlarm() async throws {
        let fixture = try await PresentationFixture()
        let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        await fixture.advance(by: 20 * 60)
        _ = try await fixture.agent.perform(BreakCommand.done(nil))
        await fixture.advance(by: 10 * 60)
        let before = try await fixture.agent.dashboard()
        #expect(before.state == "breakPending")
        for answer in [Set<UUID>(), [due.id]] {
            #expect(try await fixture.agent.alarmsLeft([BreakAlarmWatch.Departure(alarm: due, seenAlerting: true)], startedBreak: answer))
            #expect(try await fixture.agent.dashboard() == before)
        }
    }

    @Test("Start break pressed while the app was not running: at launch the break starts")
    func startedWhileAway() async throws {
        let fixture = try await PresentationFixture()
        let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        fixture.clock.set(at(20.25))
        try await fixture.agent.reconcileAlarms(held: [], startedBreak: [due.id])
        #expect(try await state(fixture) == "breakActive")
    }

    @Test("the alarm the system already holds is kept; a stale one of ours is cancelled; another app's alarm is left alone")
    func heldAlarms() async throws {
        let fixture = try await PresentationFixture()
        let wanted = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        let stale = PlannedAlarm(beat: .breakDue, kind: .long, fireDate: at(5))
        let foreign = HeldAlarm(id: UUID(), isAlerting: false)
        let kept = try await fixture.agent.systemPlans(alarms: .authorized, heldAlarms: [HeldAlarm(id: wanted.id, isAlerting: false), foreign])
        #expect(kept.alarm.isEmpty)
        let replaced = try await fixture.agent.systemPlans(alarms: .authorized, heldAlarms: [HeldAlarm(id: stale.id, isAlerting: false), foreign])
        #expect(replaced.alarm.cancel == [stale.id])
        #expect(replaced.alarm.schedule == wanted)
    }

    @Test("Snooze on a delivered break notification snoozes that break, even though the app slept through its due time")
    func snoozeFromNotification() async throws {
        let fixture = try await PresentationFixture()
        // The app did not run when the break fell due: the clock moved on, no timer fired.
        fixture.clock.set(at(20.5))
        let id = "break.eye.\(Int(at(20).timeIntervalSince1970))"
        try await fixture.agent.answerNotification(id: id, action: BreakNotifications.snoozeAction)
        #expect(try await state(fixture) == "snoozed")
        let plans = try await fixture.agent.systemPlans()
        #expect(plans.notifications.requests.first?.fireDate == at(25.5))
    }

    @Test("a focus-end or unknown request's button, or an unknown action, changes nothing")
    func ignoredAnswers() async throws {
        let fixture = try await PresentationFixture()
        fixture.clock.set(at(20.5))
        try await fixture.agent.answerNotification(id: "task.1234", action: BreakNotifications.doneAction)
        try await fixture.agent.answerNotification(id: "break.eye.1", action: "com.apple.UNNotificationDefaultActionIdentifier")
        try await fixture.agent.answerNotification(id: "break.nap.1", action: BreakNotifications.doneAction)
        #expect(try await state(fixture) == "running")
    }

    @Test("Stop on a ringing break alarm skips the break; the next one is planned")
    func alarmStopped() async throws {
        let fixture = try await PresentationFixture()
        let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        await fixture.advance(by: 20 * 60)
        try await fixture.agent.alarmDismissed(due, by: .stop)
        #expect(try await state(fixture) == "running")
        let plans = try await fixture.agent.systemPlans(alarms: .authorized)
        #expect(plans.badge == 1)
        // The micro break, every 30 minutes, is the next to fall due.
        #expect(plans.alarm.schedule == PlannedAlarm(beat: .breakDue, kind: .micro, fireDate: at(30)))
    }

    @Test("Start break on a ringing break alarm starts the break; then the look-away alarm is the one wanted")
    func alarmDismissed() async throws {
        let fixture = try await PresentationFixture()
        let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        await fixture.advance(by: 20 * 60)
        #expect(try await state(fixture) == "breakPending")
        try await fixture.agent.alarmDismissed(due, by: .startBreak)
        #expect(try await state(fixture) == "breakActive")
        let plans = try await fixture.agent.systemPlans(alarms: .authorized, heldAlarms: [HeldAlarm(id: due.id, isAlerting: false)])
        #expect(plans.alarm.schedule == PlannedAlarm(beat: .lookAwayDone, kind: .eye, fireDate: at(20).addingTimeInterval(20)))
        #expect(plans.alarm.cancel == [due.id])
    }

    @Test("at launch, a break alarm still ringing makes its break pending and is kept ringing")
    func reconcileAtLaunch() async throws {
        let fixture = try await PresentationFixture()
        let ringing = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: at(20))
        fixture.clock.set(at(20.25))
        let changes = try await fixture.agent.reconcileAlarms(held: [HeldAlarm(id: ringing.id, isAlerting: true)])
        #expect(try await state(fixture) == "breakPending")
        #expect(changes.isEmpty)
        #expect(changes.wanted == ringing)
    }

    @Test("a running focus timer has a Live Activity that goes stale at its end")
    func liveActivity() async throws {
        let fixture = try await PresentationFixture()
        _ = try await fixture.agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 25)))
        let plan = try #require(try await fixture.agent.systemPlans().liveActivity)
        #expect(plan.content.mode == .timer)
        #expect(plan.content.endsAt == at(25))
        #expect(plan.staleDate == at(25))
        _ = try await fixture.agent.perform(FocusCommand.stop)
        #expect(try await fixture.agent.systemPlans().liveActivity == nil)
    }
}

@Suite("Breaks deferred while another app is full screen")
struct BreakDeferralTests {
    private func at(_ minutes: Double) -> Date { PresentationFixture.start.addingTimeInterval(minutes * 60) }

    @Test("a break that falls due while another app is full screen waits, and shows when it leaves full screen")
    func deferred() async throws {
        let fixture = try await PresentationFixture()
        try await fixture.agent.setBreaksDeferred(true)
        await fixture.advance(by: 25 * 60)
        #expect(try await fixture.agent.dashboard().state == "running")
        #expect(try await fixture.agent.systemPlans().notifications.requests.allSatisfy { !$0.id.hasPrefix("break.") })
        try await fixture.agent.setBreaksDeferred(false)
        #expect(try await fixture.agent.dashboard().state == "breakPending")
        #expect(fixture.notifier.presented.last?.title == "Eye Break")
    }

    @Test("reporting the same state twice changes nothing; ending a deferral that never began changes nothing")
    func idempotent() async throws {
        let fixture = try await PresentationFixture()
        try await fixture.agent.setBreaksDeferred(false)
        let before = try await fixture.agent.systemPlans().notifications
        try await fixture.agent.setBreaksDeferred(true)
        try await fixture.agent.setBreaksDeferred(true)
        try await fixture.agent.setBreaksDeferred(false)
        try await fixture.agent.setBreaksDeferred(false)
        #expect(try await fixture.agent.systemPlans().notifications.requests.first?.fireDate == before.requests.first?.fireDate)
    }
}
