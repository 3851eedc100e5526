import Foundation
import LockOutCore
import LockOutShared
import Testing

/// Core plans the shields; the extensions decide from what the app stored. These prove both speak the
/// same JSON and the same names, and that the extensions' decision follows Core's plan at every moment.
@Suite("Core's shield plan read back by the extensions' module")
struct ShieldPlanRoundTripTests {
    /// 2026-11-23 08:00 UTC, a Monday: 09:00 in Berlin.
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)

    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// A gate closed until 19:00 by its unlock time, and reward time open for 30 minutes.
    private static func plan() throws -> ShieldPlan {
        var settings = GateSettings(blockedApps: [BlockedApp(executable: "steam")])
        for kind in GateGoalKind.allCases { settings[kind].isEnabled = kind == .unlockTime }
        var gate = HealthGate.starting(at: t0, settings: settings, calendar: berlin)
        let day = LocalDate(t0, in: berlin)
        _ = try gate.handle(.healthDataChanged(HealthReadout(totals: HealthTotals(day: day), confirmed: true)), now: t0)
        var record = RewardsRecord(day: day)
        record.window = RewardWindow(openedAt: t0, endsAt: t0.addingTimeInterval(30 * 60))
        let rewards = RewardsEngine(
            record: record, settings: RewardsSettings(programs: [RewardProgram(name: "game", category: .reward)]), calendar: berlin
        )
        return ShieldPlan(gate: gate, rewards: rewards, now: t0)
    }

    @Test("The names and the version agree")
    func namesAgree() {
        #expect(ShieldSelection.gate.rawValue == ShieldSelectionName.gate)
        #expect(ShieldSelection.rewards.rawValue == ShieldSelectionName.rewards)
        #expect(ShieldSelection.allCases.map(\.rawValue) == ShieldSelectionName.all)
        #expect(ShieldPlanSnapshot.currentVersion == ShieldSnapshot.currentVersion)
    }

    @Test("Core's snapshot as JSON is a ShieldSnapshot with the same periods")
    func sameJSON() throws {
        let plan = try Self.plan()
        let snapshot = try #require(ShieldSnapshot.decoded(from: try JSONEncoder().encode(plan.snapshot)))
        #expect(snapshot.madeAt == plan.snapshot.madeAt)
        #expect(snapshot.periods == plan.snapshot.periods.map {
            ShieldSnapshot.Period(selection: $0.selection, from: $0.from, until: $0.until, title: $0.title, reason: $0.reason)
        })
        #expect(try JSONDecoder().decode(ShieldPlanSnapshot.self, from: snapshot.encoded()) == plan.snapshot)
    }

    @Test("The extensions' decision: what the plan blocks now, and a change at every activity's end")
    func decisionFollowsThePlan() throws {
        let plan = try Self.plan()
        let snapshot = try #require(ShieldSnapshot.decoded(from: try JSONEncoder().encode(plan.snapshot)))
        #expect(snapshot.blockedSelections(at: Self.t0) == plan.blockedNow.map(\.rawValue))
        #expect(snapshot.blockedSelections(at: Self.t0) == ["gate"])
        #expect(plan.activities.count > 2)
        for activity in plan.activities {
            let before = snapshot.blockedSelections(at: activity.end.addingTimeInterval(-1))
            let after = snapshot.blockedSelections(at: activity.end)
            #expect(before != after, "nothing changes at \(activity.end)")
        }
        // Reward time ends at 09:30, the gate opens at 19:00 and closes again at midnight.
        #expect(snapshot.blockedSelections(at: Self.t0.addingTimeInterval(30 * 60)) == ["gate", "rewards"])
        #expect(snapshot.blockedSelections(at: Self.t0.addingTimeInterval(10 * 3600)) == ["rewards"])
        #expect(snapshot.blockedSelections(at: Self.t0.addingTimeInterval(15 * 3600)) == ["gate", "rewards"])
        #expect(snapshot.block(of: ShieldSelectionName.gate, at: Self.t0)?.reason == "Locked until 19:00")
    }
}
