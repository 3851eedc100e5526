import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Notification plan: focus segment ends, and breaks held by a focus segment")
struct NotificationPlanFocusTests {
    @Test("A pomodoro: each segment's end, Work session finished then Break finished, as Timer Complete")
    func pomodoroSegmentEnds() throws {
        let focus = try F.focus(.pomodoro)
        let plan = NotificationPlan(breaks: F.breaks([]), focus: focus, tasks: [], skippedToday: 0, now: F.at(1))
        #expect(plan.requests.count == 64)
        #expect(Array(plan.requests.prefix(3)) == [
            PlannedNotification(
                id: "focus.\(F.seconds(F.at(25)))", fireDate: F.at(25), title: "Timer Complete",
                body: "Work session finished", category: "FOCUS_TIMER", badge: 0
            ),
            PlannedNotification(
                id: "focus.\(F.seconds(F.at(30)))", fireDate: F.at(30), title: "Timer Complete",
                body: "Break finished", category: "FOCUS_TIMER", badge: 0
            ),
            PlannedNotification(
                id: "focus.\(F.seconds(F.at(55)))", fireDate: F.at(55), title: "Timer Complete",
                body: "Work session finished", category: "FOCUS_TIMER", badge: 0
            ),
        ])
    }

    @Test("A timer: one request at its end; a paused timer or a stopwatch: none")
    func timerPausedStopwatch() throws {
        let timer = try F.focus(.timer, minutes: 10)
        let plan = NotificationPlan(breaks: F.breaks([]), focus: timer, tasks: [], skippedToday: 0, now: F.at(1))
        #expect(plan.requests.map(\.fireDate) == [F.at(10)])
        #expect(plan.requests.first?.body == "Timer finished")

        var paused = timer
        _ = try paused.handle(.userPaused, now: F.at(2))
        #expect(NotificationPlan(breaks: F.breaks([]), focus: paused, tasks: [], skippedToday: 0, now: F.at(3)).requests.isEmpty)
        let stopwatch = try F.focus(.stopwatch)
        #expect(NotificationPlan(breaks: F.breaks([]), focus: stopwatch, tasks: [], skippedToday: 0, now: F.at(3)).requests.isEmpty)
    }

    @Test("With alarms the segment ends are the alarms' to announce: no request, never both")
    func alarmsAnnounceFocusEnds() throws {
        let focus = try F.focus(.pomodoro, capability: .alarm)
        #expect(NotificationPlan(breaks: F.breaks([]), focus: focus, tasks: [], skippedToday: 0, now: F.at(1)).requests.isEmpty)
    }

    @Test("Breaks held by a focus segment fall due when it ends: the eye break at +25, not +20, then at +55")
    func heldBreaksFallDueAtTheSegmentsEnd() throws {
        let focus = try F.focus(.pomodoro, settings: FocusSettings(holdBreaksDuringFocus: true))
        let breaks = F.breaks([.eye], heldSince: F.t0)
        let plan = NotificationPlan(breaks: breaks, focus: focus, tasks: [], skippedToday: 0, now: F.at(1))
        let breakTimes = plan.requests.filter { $0.id.hasPrefix("break.") }.map(\.fireDate)
        #expect(Array(breakTimes.prefix(2)) == [F.at(25), F.at(55)])
    }
}
