import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

/// Seed 002 on a child's iPhone: the DeviceActivity events Screen Time counts learning time with.
@Suite("Learning time's DeviceActivity plan")
struct LearningMonitorPlanTests {
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)

    private static func engine(
        _ programs: [RewardProgram] = [RewardProgram(name: "gcompris", category: .learning)], mode: EarningMode = .points,
        quest: DailyQuest? = nil, learnedToday: [String: Int] = [:], day: LocalDate = monday
    ) -> RewardsEngine {
        var record = RewardsRecord(day: day)
        record.learningSeconds = learnedToday
        let settings = RewardsSettings(programs: programs + [RewardProgram(name: "game", category: .reward)], mode: mode, quest: quest)
        return RewardsEngine(record: record, settings: settings, calendar: F.berlin)
    }

    @Test("Three local days, each its whole day; one event a minute until the cap, then every 15 minutes up to 8 hours")
    func pointsLadder() throws {
        let plan = LearningMonitorPlan(rewards: Self.engine(), now: F.t0)
        #expect(plan.days.map(\.day) == [Self.monday, LocalDate(year: 2026, month: 11, day: 24), LocalDate(year: 2026, month: 11, day: 25)])
        let today = try #require(plan.days.first).activity
        #expect(today.start == F.midnight.addingTimeInterval(-24 * 3600))
        #expect(today.end == F.midnight.addingTimeInterval(-1))
        #expect(today.name.hasPrefix("lockout.learning.2026-11-23."))
        // 600 points at 10 a minute: every minute up to 60 earns; then 75, 90 … 480 count towards the totals.
        #expect(today.events.map(\.minutes) == Array(1...60) + Array(stride(from: 75, through: 480, by: 15)))
        #expect(today.events.count <= LearningMonitorPlan.maximumEventsPerDay)
        #expect(today.events.first?.name == "lockout.learn.2026-11-23.1.gcompris")
        #expect(today.events.first?.selection == "learning.gcompris")
        #expect(plan.days[1].activity.events.first?.name == "lockout.learn.2026-11-24.1.gcompris")
    }

    @Test("Today's events start above the minutes already counted; the other days from the first minute; a new name")
    func whatRemains() throws {
        let fresh = LearningMonitorPlan(rewards: Self.engine(), now: F.t0)
        let plan = LearningMonitorPlan(rewards: Self.engine(learnedToday: ["gcompris": 25 * 60 + 30]), now: F.t0)
        #expect(plan.days[0].activity.events.first?.minutes == 26)
        #expect(plan.days[0].activity.events.map(\.minutes).filter { $0 <= 60 } == Array(26...60))
        #expect(plan.days[1].activity.events.first?.minutes == 1)
        #expect(plan.days[0].activity.name != fresh.days[0].activity.name)
        #expect(plan.days[1].activity.name == fresh.days[1].activity.name)
        // A record of an earlier day, not yet rolled over: nothing of today is counted yet.
        let stale = LearningMonitorPlan(
            rewards: Self.engine(learnedToday: ["gcompris": 40 * 60], day: LocalDate(year: 2026, month: 11, day: 22)), now: F.t0
        )
        #expect(stale.days[0].activity.events.first?.minutes == 1)
    }

    @Test("Several programs share the day's 100 events: evenly spaced steps ending on the minute the cap is reached")
    func budgetShared() {
        let programs = (1...7).map { RewardProgram(name: "learn\($0)", category: .learning, rate: 1) }
        let plan = LearningMonitorPlan(rewards: Self.engine(programs), now: F.t0)
        for day in plan.days {
            #expect(day.activity.events.count <= LearningMonitorPlan.maximumEventsPerDay)
            for program in programs.map(\.name) {
                let minutes = day.activity.events.filter { $0.program == program }.map(\.minutes)
                // 600 points at 1 a minute: 600 minutes, 14 events at most: every 43 minutes, the last on 600.
                #expect(minutes.count == 14)
                #expect(minutes.last == 600)
                #expect(zip(minutes, minutes.dropFirst()).allSatisfy { $1 - $0 == 43 })
            }
        }
    }

    @Test("Ratio 60:15 earns its 600 points in four hours; a quest's longer target is reached too")
    func ratioAndQuest() {
        let ratio = LearningMonitorPlan(rewards: Self.engine(mode: .ratio(learning: 60, reward: 15)), now: F.t0)
        let minutes = ratio.days[0].activity.events.map(\.minutes)
        // Every 3 minutes up to 240 (80 events), then every 15 minutes up to 8 hours (16).
        #expect(minutes.filter { $0 <= 240 } == Array(stride(from: 3, through: 240, by: 3)))
        #expect(minutes.count == 96)
        let quest = DailyQuest(title: "Long read", targetMinutes: 300)
        let questPlan = LearningMonitorPlan(rewards: Self.engine(quest: quest), now: F.t0)
        #expect(questPlan.days[0].activity.events.map(\.minutes).last == 300)
    }

    @Test("Without learning programs nothing is monitored, and the shield plan keeps every one of its 20 activities")
    func noLearning() {
        let engine = Self.engine([])
        #expect(LearningMonitorPlan(rewards: engine, now: F.t0).days.isEmpty)
        let plan = ShieldPlan(gate: nil, rewards: engine, now: F.t0)
        #expect(plan.learning.days.isEmpty)
        #expect(plan.monitoring.isEmpty)
    }

    @Test("Learning days and shield changes together stay within the system's 20 activities; covered until the last learning day ends")
    func withinTwentyActivities() throws {
        let changes = (0..<30).map { F.t0.addingTimeInterval(Double($0) * 600 + 300) }
        #expect(DeviceActivityPlan.schedules(endingAt: changes, now: F.t0, limit: 17).count == 17)
        var record = RewardsRecord(day: Self.monday)
        record.window = RewardWindow(openedAt: F.t0, endsAt: F.at(30))
        let settings = RewardsSettings(programs: [
            RewardProgram(name: "gcompris", category: .learning), RewardProgram(name: "game", category: .reward),
        ])
        let plan = ShieldPlan(gate: nil, rewards: RewardsEngine(record: record, settings: settings, calendar: F.berlin), now: F.t0)
        #expect(plan.learning.days.count == 3)
        #expect(plan.monitoring.count == 4)
        #expect(plan.monitoring.count <= DeviceActivityPlan.maximumCount)
        #expect(plan.monitoring.last?.name == "lockout.shield.\(F.seconds(F.at(30)))")
        #expect(plan.coveredUntil == F.midnight.addingTimeInterval(2 * 24 * 3600 - 1))
        for activity in plan.monitoring {
            let length = activity.end.timeIntervalSince(activity.start)
            #expect(length >= DeviceActivityPlan.minimumLength && length <= DeviceActivityPlan.maximumLength)
        }
    }
}

/// The diff the Screen Time adapter applies: which of LockOut's activities to stop, which planned ones to start.
@Suite("Monitored activities: what to stop, what to start")
struct MonitoringChangesTests {
    private static func activity(_ name: String) -> MonitoredActivity {
        MonitoredActivity(name: name, start: F.t0, end: F.at(60))
    }

    @Test("LockOut's activities the plan no longer has stop, planned ones not running start, running ones stay")
    func diff() {
        let planned = [Self.activity("lockout.learning.2026-11-23.aaaa"), Self.activity("lockout.shield.2"), Self.activity("lockout.shield.3")]
        let changes = MonitoringChanges(
            planned: planned, monitored: ["lockout.shield.1", "lockout.shield.2", "lockout.learning.2026-11-23.bbbb", "other.app.timer"]
        )
        #expect(changes.stop == ["lockout.learning.2026-11-23.bbbb", "lockout.shield.1"])
        #expect(changes.start.map(\.name) == ["lockout.learning.2026-11-23.aaaa", "lockout.shield.3"])
    }

    @Test("Nothing to do when the system already monitors the plan; a name planned twice starts once")
    func steady() {
        let planned = [Self.activity("lockout.shield.2"), Self.activity("lockout.shield.2")]
        #expect(MonitoringChanges(planned: planned, monitored: ["lockout.shield.2"]).isEmpty)
        #expect(MonitoringChanges(planned: planned, monitored: []).start.count == 1)
    }
}
