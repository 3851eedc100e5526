import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Notification plan: the 64-request window, schedules, clock jumps, stable ids and the refresh date")
struct NotificationPlanWindowTests {
    @Test("Every kind and 40 task reminders: exactly 64 requests, the soonest of all, soonest first")
    func windowKeepsTheSoonest() {
        let tasks = (1...40).map { F.task($0, remindAt: F.at(7 * Double($0) + 0.5)) }
        let plan = NotificationPlan(breaks: F.breaks(), focus: nil, tasks: tasks, skippedToday: 0, now: F.t0)
        let breaksOnly = NotificationPlan(breaks: F.breaks(), focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        let tasksOnly = NotificationPlan(breaks: F.breaks([]), focus: nil, tasks: tasks, skippedToday: 0, now: F.t0)

        let everything = (breaksOnly.requests + tasksOnly.requests).sorted { ($0.fireDate, $0.id) < ($1.fireDate, $1.id) }
        #expect(plan.requests.count == 64)
        #expect(plan.requests.map(\.id) == everything.prefix(64).map(\.id))
        #expect(plan.requests.contains { $0.id.hasPrefix("task.") } && plan.requests.contains { $0.id.hasPrefix("break.") })
        let last = plan.requests[63].fireDate
        #expect(plan.coveredUntil == last)
        #expect(tasks.filter { ReminderPlanner.planned($0, now: F.t0, calendar: F.berlin)! > last }.allSatisfy { task in
            !plan.requests.contains { $0.id == "task.\(task.id)" }
        })
    }

    @Test("A task reminder: Task Due Soon with the task's title; done or past ones are left out")
    func taskReminders() {
        let tasks = [
            F.task(7, remindAt: F.at(90), title: "Water the plants"),
            F.task(8, remindAt: F.at(-10)),
            F.task(9, remindAt: F.at(95)).with(isDone: true),
        ]
        let plan = NotificationPlan(breaks: F.breaks([]), focus: nil, tasks: tasks, skippedToday: 1, now: F.t0)
        #expect(plan.requests == [PlannedNotification(
            id: "task.7", fireDate: F.at(90), title: "Task Due Soon", body: "Water the plants", category: "TASK_REMINDER", badge: 1
        )])
    }

    @Test("An empty working-hours schedule plans no break")
    func emptySchedule() {
        let engine = F.breaks(state: .idle, workingHours: WorkingHours(windows: [:]))
        let plan = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        #expect(plan.requests.isEmpty)
        #expect(plan.coveredUntil == F.t0.addingTimeInterval(NotificationPlan.horizon))
    }

    @Test("Every kind disabled: no break request, a task reminder still")
    func everythingDisabled() {
        let plan = NotificationPlan(breaks: F.breaks([]), focus: nil, tasks: [F.task(1, remindAt: F.at(90))], skippedToday: 0, now: F.t0)
        #expect(plan.requests.map(\.id) == ["task.1"])
    }

    @Test("Paused without an end or stopped: no break request; paused until +60: breaks resume then")
    func pausedOrStopped() {
        for state in [BreakState.paused(until: nil), .idle] {
            #expect(NotificationPlan(breaks: F.breaks(state: state), focus: nil, tasks: [], skippedToday: 0, now: F.t0).requests.isEmpty)
        }
        let resuming = NotificationPlan(breaks: F.breaks([.eye], state: .paused(until: F.at(60))), focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        #expect(resuming.requests.first?.fireDate == F.at(80))
    }

    @Test("Working hours Monday to Friday 09:00–17:00: every request inside a window, the next day's first at 09:20")
    func workingHours() throws {
        let engine = F.breaks(workingHours: F.officeHours, scheduledUntil: F.at(8 * 60))
        let plan = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        // A week from Monday 09:00: the five working days, none of the weekend.
        #expect(Set(plan.requests.map { LocalDate($0.fireDate, in: F.berlin).day }) == [23, 24, 25, 26, 27])
        for request in plan.requests {
            #expect(F.officeHours.window(containing: request.fireDate, calendar: F.berlin) != nil, "at \(request.fireDate)")
        }
        let tuesday = try #require(plan.requests.first { $0.fireDate > F.midnight })
        #expect(tuesday.fireDate == F.midnight.addingTimeInterval(9 * 3600 + 20 * 60))
    }

    @Test("The clock jumps five hours ahead: the new plan starts after the new now and agrees with the old one's future")
    func clockJumpsAhead() {
        let engine = F.breaks([.eye])
        let before = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        let now = F.at(303)
        let after = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: now)
        #expect(after.requests.allSatisfy { $0.fireDate > now })
        #expect(after.requests.first?.fireDate == F.at(340))
        let diff = after.diff(pending: before.requests.filter { $0.fireDate > now })
        #expect(diff.cancel.isEmpty)
        #expect(diff.add.allSatisfy { $0.fireDate > before.requests[63].fireDate })
    }

    @Test("The clock goes back two hours past a pending break: reconciled, the plan holds nothing in the past")
    func clockGoesBack() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(100))
        let now = F.at(-60)
        let record = BreakReconciler.reconcile(
            record: .valid(engine.record), pendingAlarms: [], settings: engine.settings, calendar: F.berlin, now: now
        )
        let plan = NotificationPlan(
            breaks: BreakEngine(record: record, settings: engine.settings, calendar: F.berlin), focus: nil, tasks: [], skippedToday: 0, now: now
        )
        #expect(plan.requests.allSatisfy { $0.fireDate > now })
        #expect(plan.requests.count == 64)
    }

    @Test("Planning again with nothing changed gives the same ids: an empty diff, also against whole-second read-backs")
    func stableIDs() {
        let tasks = [F.task(3, remindAt: F.at(45))]
        let now = F.t0.addingTimeInterval(0.6)
        let engine = F.breaks(since: now)
        let first = NotificationPlan(breaks: engine, focus: nil, tasks: tasks, skippedToday: 1, now: now)
        let again = NotificationPlan(breaks: engine, focus: nil, tasks: tasks, skippedToday: 1, now: now.addingTimeInterval(60))
        #expect(again.diff(pending: first.requests).isEmpty)
        let readBack = first.requests.map { request in
            PlannedNotification(
                id: request.id, fireDate: Date(timeIntervalSince1970: request.fireDate.timeIntervalSince1970.rounded(.down)),
                title: request.title, body: request.body, category: request.category, badge: request.badge
            )
        }
        #expect(first.diff(pending: readBack).isEmpty)
        #expect(!first.diff(pending: readBack.map { $0.withBadge($0.badge + 1) }).isEmpty)
    }

    @Test("The background refresh: halfway to where the window runs out, or to the horizon, never sooner than 15 minutes")
    func refreshDate() {
        let full = NotificationPlan(breaks: F.breaks([.eye]), focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        #expect(full.coveredUntil == F.at(20 + 40 * 63))
        #expect(full.refreshAt == F.at((20 + 40 * 63) / 2))

        let sparse = NotificationPlan(breaks: F.breaks([]), focus: nil, tasks: [F.task(1, remindAt: F.at(30))], skippedToday: 0, now: F.t0)
        #expect(sparse.refreshAt == F.t0.addingTimeInterval(NotificationPlan.horizon / 2))

        let dense = (1...70).map { F.task($0, remindAt: F.t0.addingTimeInterval(Double($0) * 5)) }
        let soon = NotificationPlan(breaks: F.breaks([]), focus: nil, tasks: dense, skippedToday: 0, now: F.t0)
        #expect(soon.requests.count == 64)
        #expect(soon.refreshAt == F.at(15))
    }
}

extension PlannedNotification {
    fileprivate func withBadge(_ badge: Int) -> PlannedNotification {
        PlannedNotification(id: id, fireDate: fireDate, title: title, body: body, category: category, badge: badge)
    }
}
