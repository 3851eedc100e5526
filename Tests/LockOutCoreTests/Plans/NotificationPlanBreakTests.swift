import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Notification plan: break requests as the engine presents them, the badge, snooze and Done")
struct NotificationPlanBreakTests {
    private static let eyeBody = "Look at something 20 feet away for 20 seconds"

    @Test("An eye break every 20 minutes left unanswered: due at +20, skipped at +40, due again at +60")
    func eyeBreaksUnanswered() throws {
        let plan = NotificationPlan(breaks: F.breaks([.eye]), focus: nil, tasks: [], skippedToday: 2, now: F.t0)
        let first = try #require(plan.requests.first)
        #expect(first == PlannedNotification(
            id: "break.eye.\(F.seconds(F.at(20)))", fireDate: F.at(20), title: "Eye Break", body: Self.eyeBody,
            category: "BREAK_CATEGORY", badge: 2
        ))
        #expect(plan.requests.prefix(3).map(\.fireDate) == [F.at(20), F.at(60), F.at(100)])
        // Each break left unanswered is skipped when it expires, and the badge counts it.
        #expect(plan.requests.prefix(3).map(\.badge) == [2, 3, 4])
    }

    @Test("Every kind fires exactly when a ticking engine presents it, with the engine's title")
    func matchesTheEngine() throws {
        var engine = F.breaks()
        let plan = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        #expect(Set(plan.requests.map(\.title)) == ["Eye Break", "Micro Break", "Long Break"])
        for request in plan.requests.prefix(12) {
            let before = try engine.handle(.tick, now: request.fireDate.addingTimeInterval(-1))
            #expect(!before.contains { if case .present = $0 { true } else { false } })
            let presented = try engine.handle(.tick, now: request.fireDate).compactMap { effect -> NotificationRequest? in
                if case .present(let shown) = effect { shown } else { nil }
            }
            #expect(presented.last?.title == request.title, "at \(request.fireDate)")
        }
    }

    @Test("The badge counts the day's skipped breaks and starts again at local midnight")
    func badgeRestartsAtMidnight() {
        let plan = NotificationPlan(breaks: F.breaks([.eye]), focus: nil, tasks: [], skippedToday: 2, now: F.t0)
        // Due at 23:20 (21 skipped today before it), at 00:00 (a new day), at 00:40 (the 00:20 one skipped).
        #expect(plan.requests[21].fireDate == F.at(860))
        #expect(plan.requests[21].badge == 2 + 21)
        #expect(plan.requests[22].fireDate == F.midnight)
        #expect(plan.requests[22].badge == 0)
        #expect(plan.requests[23].badge == 1)
    }

    @Test("A snooze moves the break's request by the snooze length: the old id is cancelled, the new one added")
    func snoozeMovesTheRequest() throws {
        var engine = F.breaks([.eye])
        let before = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.userSnoozed(nil), now: F.at(20))

        let after = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.at(20))
        let moved = try #require(after.requests.first)
        #expect(moved.id == "break.eye.\(F.seconds(F.at(25)))")
        #expect(moved.fireDate == F.at(20).addingTimeInterval(engine.settings.snooze))
        let diff = after.diff(pending: before.requests)
        #expect(diff.cancel == ["break.eye.\(F.seconds(F.at(20)))"])
        #expect(diff.add == [moved])
    }

    @Test("A break snoozed as often as allowed comes back with Done and Skip, in a category of its own")
    func snoozesRunOut() throws {
        var engine = F.breaks([.eye])
        F.tick(&engine, at: F.at(20))
        for minute in [20.0, 25, 30] {
            F.tick(&engine, at: F.at(minute))
            _ = try engine.handle(.userSnoozed(nil), now: F.at(minute))
        }
        let plan = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.at(30))
        let back = try #require(plan.requests.first)
        #expect(back.fireDate == F.at(35))
        #expect(back.category == NotificationCategoryPlan.breakWithoutSnooze)
        // The next break has all its snoozes again.
        #expect(plan.requests[1].category == "BREAK_CATEGORY")
    }

    @Test("Done restarts the cycle: the next request is one interval after the answer, and the badge stays")
    func doneRestartsTheCycle() throws {
        var engine = F.breaks([.eye])
        let before = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        F.tick(&engine, at: F.at(20))
        _ = try engine.handle(.userCompleted(nil), now: F.at(21))

        let after = NotificationPlan(breaks: engine, focus: nil, tasks: [], skippedToday: 0, now: F.at(21))
        #expect(after.requests.prefix(2).map(\.fireDate) == [F.at(41), F.at(81)])
        #expect(after.requests.prefix(2).map(\.badge) == [0, 1])
        let diff = after.diff(pending: before.requests.filter { $0.fireDate > F.at(21) })
        #expect(diff.cancel.contains("break.eye.\(F.seconds(F.at(60)))"))
        #expect(diff.add.count == NotificationPlan.pendingLimit)
    }

    @Test("Categories: Snooze N min and Done (Done opens the app), Done and Skip, focus ends, task reminders")
    func categories() {
        let plan = NotificationPlan(breaks: F.breaks(), focus: nil, tasks: [], skippedToday: 0, now: F.t0)
        #expect(plan.categories == [
            NotificationCategoryPlan(id: "BREAK_CATEGORY", actions: [
                .init(id: "SNOOZE", title: "Snooze 5 min", opensApp: false), .init(id: "DONE", title: "Done", opensApp: true),
            ]),
            NotificationCategoryPlan(id: "BREAK_NO_SNOOZE_CATEGORY", actions: [
                .init(id: "DONE", title: "Done", opensApp: true), .init(id: "SKIP", title: "Skip", opensApp: false),
            ]),
            NotificationCategoryPlan(id: "FOCUS_TIMER", actions: []),
            NotificationCategoryPlan(id: "TASK_REMINDER", actions: []),
        ])
        #expect(NotificationCategoryPlan.all(snoozeMinutes: 10)[0].actions[0].title == "Snooze 10 min")
    }
}
