import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Alert plan: each break calls once, by the alarm where alarms may ring, else by a notification")
struct BreakAlertPlanTests {
    private static let dueAt20 = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(20))

    private static func plan(_ alarms: AlarmAuthorization, held: [HeldAlarm] = [], breaks: BreakEngine = F.breaks([.eye]), now: Date = F.at(5)) -> BreakAlertPlan {
        BreakAlertPlan(breaks: breaks, focus: nil, tasks: [], skippedToday: 0, alarms: alarms, held: held, now: now)
    }

    private static func breakRequests(_ plan: BreakAlertPlan) -> [PlannedNotification] {
        plan.notifications.requests.filter { $0.id.hasPrefix("break.") }
    }

    @Test("alarms authorized: the next break rings an alarm and has no notification; the breaks after it still do")
    func authorized() {
        let plan = Self.plan(.authorized)
        #expect(plan.alarm.schedule == Self.dueAt20)
        #expect(plan.alarm.wanted == Self.dueAt20)
        let breaks = Self.breakRequests(plan)
        #expect(!breaks.contains { $0.fireDate == F.at(20) })
        // The alarm calls for one break at a time: the next eye break (left unanswered, the one at +20 counts as
        // skipped at +40 and the next falls due at +60) is a notification until the app plans again.
        #expect(breaks.first?.id == "break.eye.\(F.seconds(F.at(60)))")
    }

    @Test("alarms not asked for, denied or unavailable: the break is a notification and no alarm is scheduled")
    func notAuthorized() {
        for authorization in [AlarmAuthorization.notDetermined, .denied, .unavailable] {
            let plan = Self.plan(authorization)
            #expect(plan.alarm.schedule == nil)
            #expect(plan.alarm.wanted == nil)
            #expect(Self.breakRequests(plan).first?.id == "break.eye.\(F.seconds(F.at(20)))")
        }
    }

    @Test("authorization revoked while an alarm is held: the plan cancels it and falls back to the notification")
    func revoked() {
        let held = [HeldAlarm(id: Self.dueAt20.id, isAlerting: false), HeldAlarm(id: UUID(), isAlerting: false)]
        let plan = Self.plan(.denied, held: held)
        // Only the plan's own alarm is named: another alarm of the app is left alone.
        #expect(plan.alarm == AlarmChanges(cancel: [Self.dueAt20.id], schedule: nil, wanted: nil))
        #expect(Self.breakRequests(plan).first?.fireDate == F.at(20))
    }

    @Test("the plan without alarms is the notification plan itself; with alarms only the alarm's moment is left out")
    func onlyThatMoment() throws {
        let engine = F.breaks()
        let full = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.at(5))
        #expect(Self.plan(.denied, breaks: engine).notifications == full)
        let withAlarm = Self.plan(.authorized, breaks: engine)
        let alarm = try #require(withAlarm.alarm.wanted)
        let missing = full.requests.filter { request in !withAlarm.notifications.requests.contains(request) }
        #expect(missing.map(\.fireDate) == [alarm.fireDate])
        #expect(missing.first?.id == "break.\(alarm.kind.rawValue).\(F.seconds(alarm.fireDate))")
    }

    @Test("a snoozed break rings its alarm when the snooze ends, without a notification then")
    func snoozed() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.userSnoozed(nil), now: F.at(20))
        let plan = Self.plan(.authorized, breaks: engine, now: F.at(20))
        #expect(plan.alarm.schedule == PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: F.at(25)))
        #expect(!Self.breakRequests(plan).contains { $0.fireDate == F.at(25) })
    }

    @Test("only the authorized state rings alarms")
    func ringsAlarms() {
        #expect(AlarmAuthorization.allCases.filter(\.ringsAlarms) == [.authorized])
    }
}
