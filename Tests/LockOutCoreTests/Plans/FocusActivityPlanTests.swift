import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Live Activity: the focus session's content state and stale date")
struct FocusActivityPlanTests {
    @Test("A running timer: its end date, stale at its end")
    func runningTimer() throws {
        let engine = try F.focus(.timer, minutes: 25, activity: "Writing")
        let plan = try #require(engine.activityPlan(now: F.at(10)))
        #expect(plan.content == FocusActivityContent(
            mode: .timer, segment: .focus, label: "Timer", activity: "Writing", endsAt: F.at(25), countingFrom: nil,
            isPaused: false, pausedSeconds: nil, completedCycles: nil, totalCycles: nil
        ))
        #expect(plan.staleDate == F.at(25))
    }

    @Test("A paused countdown: the time left, frozen; never stale")
    func pausedCountdown() throws {
        var engine = try F.focus(.timer, minutes: 25)
        _ = try engine.handle(.userPaused, now: F.at(10).addingTimeInterval(0.5))
        let plan = try #require(engine.activityPlan(now: F.at(12)))
        #expect(plan.content.isPaused)
        #expect(plan.content.endsAt == nil)
        #expect(plan.content.pausedSeconds == 15 * 60)
        #expect(plan.staleDate == nil)
    }

    @Test("A stopwatch counts up from its start, moved later by its pauses; never stale")
    func stopwatch() throws {
        var engine = try F.focus(.stopwatch)
        _ = try engine.handle(.userPaused, now: F.at(10))
        _ = try engine.handle(.userResumed, now: F.at(15))
        let plan = try #require(engine.activityPlan(now: F.at(20)))
        #expect(plan.content.countingFrom == F.at(5))
        #expect(plan.content.endsAt == nil)
        #expect(plan.staleDate == nil)
    }

    @Test("A pomodoro break: its segment, Break, and the cycle's count")
    func pomodoroBreak() throws {
        var engine = try F.focus(.pomodoro)
        _ = try engine.handle(.tick, now: F.at(27))
        let plan = try #require(engine.activityPlan(now: F.at(27)))
        #expect(plan.content.segment == .shortBreak)
        #expect(plan.content.label == "Break")
        #expect(plan.content.completedCycles == 1)
        #expect(plan.content.totalCycles == 4)
        #expect(plan.staleDate == F.at(30))
    }

    @Test("No session, no Live Activity")
    func stopped() {
        let engine = FocusEngine(record: .stopped, settings: .defaults, capability: .notificationOnly, calendar: F.berlin)
        #expect(engine.activityPlan(now: F.t0) == nil)
    }

    @Test("The longest activity name keeps the encoded state under 4 KB, cut at a character with an ellipsis")
    func smallEnough() throws {
        let family = "👩‍👩‍👧‍👦"
        let name = String(repeating: family, count: 100)
        let engine = try F.focus(.pomodoro, activity: name)
        let plan = try #require(engine.activityPlan(now: F.at(1)))
        let activity = try #require(plan.content.activity)
        #expect(activity.utf8.count <= FocusActivityContent.activityByteLimit)
        #expect(activity.hasSuffix("…"))
        #expect(activity.dropLast().allSatisfy { String($0) == family })

        let encoded = try JSONEncoder().encode(plan.content)
        #expect(encoded.count <= 4096)
        #expect(try JSONDecoder().decode(FocusActivityContent.self, from: encoded) == plan.content)
        #expect(Set([plan.content, plan.content]).count == 1)
    }
}
