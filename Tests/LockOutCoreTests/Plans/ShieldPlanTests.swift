import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

@Suite("Shield plan: what is blocked until when, and the DeviceActivity schedules that wake the monitor")
struct ShieldPlanTests {
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)

    private static func gate(_ settings: GateSettings, steps: Double = 0) throws -> HealthGate {
        var gate = HealthGate.starting(at: F.t0, settings: settings, calendar: F.berlin)
        _ = try gate.handle(.evaluationRequested, now: F.t0)
        let totals = HealthTotals(day: monday, values: [.steps: steps, .activeEnergy: 0, .exerciseMinutes: 0])
        _ = try gate.handle(.healthDataChanged(HealthReadout(totals: totals, confirmed: true)), now: F.t0)
        return gate
    }

    private static func only(_ kind: GateGoalKind) -> GateSettings {
        var settings = GateSettings(blockedApps: [BlockedApp(executable: "steam")])
        for other in GateGoalKind.allCases { settings[other].isEnabled = other == kind }
        return settings
    }

    private static func local(_ dayOffset: Int, _ hour: Int) -> Date {
        F.berlin.date(from: DateComponents(year: 2026, month: 11, day: 23 + dayOffset, hour: hour))!
    }

    @Test("Steps unmet: blocked now in seed 004's words, no end foreseen, the reason anew at midnight, no activity")
    func stepsUnmet() throws {
        let plan = ShieldPlan(gate: try Self.gate(Self.only(.steps), steps: 6240), rewards: nil, now: F.t0)
        #expect(plan.blockedNow == [.gate])
        #expect(plan.activities.isEmpty)
        let title = "Earn your screen time by hitting your health goals."
        #expect(plan.snapshot.periods == [
            ShieldPlanPeriod(selection: "gate", from: .distantPast, until: F.midnight, title: title,
                             reason: "Locked until you reach 10,000 steps — 6,240 so far"),
            ShieldPlanPeriod(selection: "gate", from: F.midnight, until: nil, title: title,
                             reason: "Locked until you reach 10,000 steps — 0 so far"),
        ])
    }

    @Test("An unlock time of 19:00: open at 19:00, closed at midnight, for a week: 14 activities, each 15 min to a week")
    func unlockTimeEveryDay() throws {
        let plan = ShieldPlan(gate: try Self.gate(Self.only(.unlockTime)), rewards: nil, now: F.t0)
        #expect(plan.blockedNow == [.gate])
        #expect(plan.snapshot.periods.first == ShieldPlanPeriod(
            selection: "gate", from: .distantPast, until: Self.local(0, 19),
            title: ShieldPlan.gateTitle, reason: "Locked until 19:00"
        ))
        #expect(plan.snapshot.periods[1].from == Self.local(1, 0))
        #expect(plan.snapshot.periods[1].until == Self.local(1, 19))
        let ends = plan.activities.map(\.end)
        #expect(ends.count == 14)
        #expect(ends.first == Self.local(0, 19))
        #expect(ends.last == Self.local(7, 0))
        for activity in plan.activities {
            let length = activity.end.timeIntervalSince(activity.start)
            #expect(length >= DeviceActivityPlan.minimumLength && length <= DeviceActivityPlan.maximumLength)
            #expect(activity.name == "lockout.shield.\(F.seconds(activity.end))")
        }
        #expect(plan.coveredUntil == F.t0.addingTimeInterval(7 * 24 * 3600))
    }

    @Test("A peek of 3 minutes: allowed now, blocked from its end; the interval starts in the past so it ends there")
    func peekWidened() throws {
        var gate = try Self.gate(Self.only(.steps))
        _ = try gate.handle(.peekRequested, now: F.t0)
        let now = F.t0.addingTimeInterval(10.5)
        let plan = ShieldPlan(gate: gate, rewards: nil, now: now)
        let peekEnd = F.t0.addingTimeInterval(180)
        #expect(plan.blockedNow.isEmpty)
        #expect(plan.snapshot.periods.first?.from == peekEnd)
        let activity = try #require(plan.activities.first)
        #expect(activity.end == peekEnd)
        #expect(activity.start == peekEnd.addingTimeInterval(-15 * 60))
        #expect(activity.start < now)
    }

    @Test("An emergency unlock: allowed until midnight, blocked from then on")
    func emergencyUnlock() throws {
        var gate = try Self.gate(Self.only(.steps))
        _ = try gate.handle(.emergencyUnlockRequested(code: FrictionCode(number: 1234)), now: F.t0)
        _ = try gate.handle(.codeEntered("1234"), now: F.at(1))
        let plan = ShieldPlan(gate: gate, rewards: nil, now: F.at(1))
        #expect(plan.blockedNow.isEmpty)
        #expect(plan.activities.map(\.end) == [F.midnight])
        #expect(plan.snapshot.periods.map(\.from) == [F.midnight])
    }

    @Test("Reward time open for 30 minutes: reward apps allowed, blocked from its end; without reward time blocked now")
    func rewardTime() {
        let settings = RewardsSettings(programs: [RewardProgram(name: "game", category: .reward)])
        var record = RewardsRecord(day: Self.monday)
        record.window = RewardWindow(openedAt: F.t0, endsAt: F.at(30))
        let open = ShieldPlan(gate: nil, rewards: RewardsEngine(record: record, settings: settings, calendar: F.berlin), now: F.t0)
        #expect(open.blockedNow.isEmpty)
        #expect(open.snapshot.periods == [ShieldPlanPeriod(
            selection: "rewards", from: F.at(30), until: nil, title: ShieldPlan.rewardsTitle, reason: ShieldPlan.rewardsReason
        )])
        #expect(open.activities == [DeviceActivityPlan(name: "lockout.shield.\(F.seconds(F.at(30)))", start: F.t0, end: F.at(30))])

        let closed = ShieldPlan(gate: nil, rewards: RewardsEngine(record: RewardsRecord(day: Self.monday), settings: settings, calendar: F.berlin), now: F.t0)
        #expect(closed.blockedNow == [.rewards])
        #expect(closed.activities.isEmpty)

        // No program named: on Apple platforms the reward apps are the picker's tokens, which Core never sees, so
        // the selection is planned all the same.
        let picked = ShieldPlan(gate: nil, rewards: RewardsEngine(record: record, settings: RewardsSettings(), calendar: F.berlin), now: F.t0)
        #expect(picked.snapshot.periods == open.snapshot.periods)
    }

    @Test("At most 20 activities, the soonest; none past a week; ends at the next whole second; short ones widened back")
    func deviceActivityLimits() {
        let changes = (0..<30).map { F.t0.addingTimeInterval(Double($0) * 600 + 300) }
        let activities = DeviceActivityPlan.schedules(endingAt: changes, now: F.t0)
        #expect(activities.map(\.end) == Array(changes.prefix(20)))
        #expect(activities[0].start == changes[0].addingTimeInterval(-15 * 60))
        #expect(activities[1].start == F.t0)

        let week = 7 * 24 * 3600.0
        let far = DeviceActivityPlan.schedules(endingAt: [F.t0.addingTimeInterval(week), F.t0.addingTimeInterval(week + 1)], now: F.t0)
        #expect(far.map(\.end) == [F.t0.addingTimeInterval(week)])

        let fraction = DeviceActivityPlan.schedules(endingAt: [F.t0.addingTimeInterval(100.4)], now: F.t0.addingTimeInterval(0.7))
        #expect(fraction.map(\.end) == [F.t0.addingTimeInterval(101)])
        #expect(fraction.map(\.start) == [F.t0.addingTimeInterval(101 - 900)])
    }

    @Test("Date components in the calendar's zone give the activity's dates back")
    func components() {
        let activity = DeviceActivityPlan(name: "lockout.shield.1", start: F.t0, end: Self.local(0, 19))
        let end = activity.endComponents(in: F.berlin)
        #expect(end.hour == 19 && end.minute == 0 && end.second == 0)
        #expect(end.date == Self.local(0, 19))
        #expect(activity.startComponents(in: F.utc).hour == 8)
        #expect(activity.startComponents(in: F.utc).date == F.t0)
    }
}
