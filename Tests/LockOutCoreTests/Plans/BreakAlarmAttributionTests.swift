import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Alarm attribution: how a break alarm that left the system was answered")
struct BreakAlarmAttributionTests {
    private static let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(20))
    private static let lookAway = PlannedAlarm(beat: .lookAwayDone, kind: .eye, fireDate: F.at(21))

    @Test("Start break marked the alarm: the break starts, whatever else was seen")
    func startBreak() {
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: true, seenAlerting: true, now: F.at(20.5)) == .startBreak)
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: true, seenAlerting: false, now: F.at(20.5)) == .startBreak)
        #expect(BreakAlarmPlan.event(forDismissed: Self.due, by: .startBreak) == .userStartedBreak(.eye))
    }

    @Test("gone after it was seen ringing, unmarked: Stop, the break is skipped")
    func stopWhileRinging() {
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: false, seenAlerting: true, now: F.at(20.5)) == .stop)
        #expect(BreakAlarmPlan.event(forDismissed: Self.due, by: .stop) == .userSkipped(.eye))
    }

    @Test("gone once its time had come, never seen ringing (the app was suspended): Stop")
    func stopUnseen() {
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: false, seenAlerting: false, now: F.at(20)) == .stop)
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: false, seenAlerting: false, now: F.at(45)) == .stop)
    }

    @Test("gone before it ever rang (authorization taken back): nothing was answered")
    func removedBeforeRinging() {
        #expect(BreakAlarmPlan.answer(forGone: Self.due, startedBreak: false, seenAlerting: false, now: F.at(19.9)) == nil)
        #expect(BreakAlarmPlan.answer(forGone: Self.lookAway, startedBreak: false, seenAlerting: false, now: F.at(20.5)) == nil)
    }

    @Test("a look-away alarm stopped only lets time pass")
    func lookAwayStopped() {
        let answer = BreakAlarmPlan.answer(forGone: Self.lookAway, startedBreak: false, seenAlerting: true, now: F.at(21))
        #expect(answer == .stop)
        #expect(BreakAlarmPlan.event(forDismissed: Self.lookAway, by: .stop) == .tick)
    }

    @Test("an alarm answers the pending break it called for, a kind that break covers too; never a later break")
    func callsThePendingBreak() {
        let eye = DueBreak(kind: .eye, covers: [.eye], dueAt: F.at(20), expiresAt: F.at(40))
        let snoozedEye = DueBreak(kind: .eye, covers: [.eye], dueAt: F.at(20), expiresAt: F.at(45), snoozeCount: 1)
        let long = DueBreak(kind: .long, covers: [.eye, .long], dueAt: F.at(60), expiresAt: F.at(120))
        let longAfterKill = DueBreak(kind: .long, covers: [.eye, .micro, .long], dueAt: F.at(20), expiresAt: F.at(120))
        #expect(BreakAlarmPlan.isCalling(Self.due, for: eye))
        #expect(BreakAlarmPlan.isCalling(PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(25)), for: snoozedEye))
        #expect(BreakAlarmPlan.isCalling(Self.due, for: longAfterKill))
        #expect(!BreakAlarmPlan.isCalling(Self.due, for: long))
        #expect(!BreakAlarmPlan.isCalling(PlannedAlarm(beat: .breakDue, kind: .micro, fireDate: F.at(20)), for: eye))
        #expect(!BreakAlarmPlan.isCalling(Self.lookAway, for: eye))
    }
}
