import Foundation
import LockOutCore
import Testing

@Suite("Rewards engine quests, streaks and badges: completing once a day, milestones, unlocking once")
struct RewardsQuestEngineTests {
    typealias F = RewardsFixture

    static func engine(quest: DailyQuest, configure: (inout RewardsRecord) -> Void = { _ in }) -> RewardsEngine {
        var settings = F.settings
        settings.quest = quest
        return F.engine(settings: settings, configure: configure)
    }

    /// A 1-minute quest completed on each of `days` (at `hour`:`minute` Berlin) in order; the effects of each.
    static func complete(
        _ engine: inout RewardsEngine, on days: [(month: Int, day: Int, hour: Int, minute: Int)]
    ) -> [[RewardsEffect]] {
        days.map { F.learn(&engine, "gcompris", minutes: 1, end: F.at(2026, $0.month, $0.day, $0.hour, $0.minute)) }
    }

    @Test("a combined quest completes when the programs together reach the target, opening 30 min of reward time")
    func combinedCompletes() throws {
        var engine = Self.engine(quest: DailyQuest(title: "Daily practice", targetMinutes: 20))
        let first = F.learn(&engine, "gcompris", minutes: 12, end: F.at(minutes: -10))
        #expect(F.notifications(first).isEmpty)
        #expect(engine.record.questCompletedAt == nil)
        let effects = F.learn(&engine, "tuxmath", minutes: 8, end: F.t0)
        #expect(engine.record.questCompletedAt == F.t0)
        #expect(engine.record.totals.questsCompleted == 1)
        #expect(engine.record.window == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 30)))
        #expect(F.shields(effects) == [[]])
        let titles = F.notifications(effects).map(\.title)
        #expect(titles == ["Quest complete: Daily practice", "Badge unlocked: First Steps"])
        let quest = try #require(F.notifications(effects).first)
        #expect(quest.body == "20 minutes of learning today. You earned 30 min of reward time.")
        #expect(F.celebrations(effects) == ["Quest complete: Daily practice", "Badge unlocked: First Steps"])
        #expect(engine.record.streak.current == 1)
    }

    @Test("a per-program quest needs one program to reach the target alone")
    func perProgram() {
        var engine = Self.engine(quest: DailyQuest(title: "Deep dive", targetMinutes: 15, counting: .perProgram))
        F.learn(&engine, "gcompris", minutes: 12, end: F.at(minutes: -10))
        F.learn(&engine, "tuxmath", minutes: 8, end: F.t0)
        #expect(engine.record.questCompletedAt == nil)
        F.learn(&engine, "gcompris", minutes: 3, end: F.at(minutes: 3))
        #expect(engine.record.questCompletedAt == F.at(minutes: 3))

        var combined = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 15))
        F.learn(&combined, "gcompris", minutes: 12, end: F.at(minutes: -10))
        F.learn(&combined, "tuxmath", minutes: 8, end: F.t0)
        #expect(combined.record.questCompletedAt == F.t0)
    }

    @Test("a quest limited to programs counts only those")
    func limited() {
        var engine = Self.engine(quest: DailyQuest(title: "Maths", targetMinutes: 20, programs: ["tuxmath"]))
        F.learn(&engine, "gcompris", minutes: 45, end: F.at(minutes: -60))
        #expect(engine.record.questCompletedAt == nil)
        F.learn(&engine, "tuxmath", minutes: 19, end: F.at(minutes: -30))
        #expect(engine.record.questCompletedAt == nil)
        F.learn(&engine, "tuxmath", minutes: 1, end: F.t0)
        #expect(engine.record.questCompletedAt == F.t0)
    }

    @Test("partial minutes do not count towards the target")
    func wholeMinutes() {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 2))
        _ = engine.recordUsage(F.usage("gcompris", end: F.t0, seconds: 119), now: F.t0, newID: UUID.init)
        #expect(engine.record.questCompletedAt == nil)
        _ = engine.recordUsage(F.usage("gcompris", end: F.at(minutes: 1), seconds: 1), now: F.at(minutes: 1), newID: UUID.init)
        #expect(engine.record.questCompletedAt == F.at(minutes: 1))
    }

    @Test("a quest completes once a day, resets the next day and completes again")
    func oncePerDay() {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 10, reward: .rewardMinutes(15)))
        F.learn(&engine, "gcompris", minutes: 10, end: F.t0)
        let again = F.learn(&engine, "gcompris", minutes: 30, end: F.at(minutes: 40))
        #expect(F.notifications(again).isEmpty)
        #expect(engine.record.totals.questsCompleted == 1)
        #expect(engine.record.window == RewardWindow(openedAt: F.t0, endsAt: F.at(minutes: 15)))

        // The next morning the counters start again: 5 min are not enough, 10 are.
        let morning = F.at(2026, 5, 13, 8)
        F.learn(&engine, "gcompris", minutes: 5, end: morning)
        #expect(engine.record.day == LocalDate(year: 2026, month: 5, day: 13))
        #expect(engine.record.questCompletedAt == nil)
        #expect(engine.record.learningSeconds == ["gcompris": 300])
        let completed = F.learn(&engine, "gcompris", minutes: 5, end: F.at(minutes: 5, from: morning))
        #expect(F.notifications(completed).map(\.title) == ["Quest complete: Practice"])
        #expect(engine.record.totals.questsCompleted == 2)
        #expect(engine.record.streak.current == 2)
    }

    @Test("a day starts with a tick too: the quest's progress resets at local midnight")
    func resetByTick() {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 10))
        F.learn(&engine, "gcompris", minutes: 10, end: F.t0)
        _ = engine.tick(now: F.at(2026, 5, 13, 0, 0, 1))
        #expect(engine.record.questCompletedAt == nil)
        #expect(engine.record.learningSeconds.isEmpty)
        #expect(engine.record.pointsToday == 0)
        let screen = RewardsScreen(engine: engine, now: F.at(2026, 5, 13, 0, 0, 1))
        #expect(screen.quest?.minutes == 0)
        #expect(screen.quest?.completed == false)
    }

    @Test("setting a quest that today's learning already reaches completes it at once")
    func setQuestReached() throws {
        var engine = F.engine()
        F.learn(&engine, "gcompris", minutes: 25, end: F.t0)
        let effects = try engine.execute(.setQuest(DailyQuest(title: "Practice", targetMinutes: 20)), now: F.at(minutes: 1), newID: UUID.init)
        #expect(F.notifications(effects).first?.title == "Quest complete: Practice")
        #expect(engine.rewardTimeOpen(at: F.at(minutes: 2)))
    }

    @Test("a bonus-points quest posts its points, unattributed, counted as earned")
    func bonusPoints() throws {
        var engine = Self.engine(quest: DailyQuest(title: "Point boost", targetMinutes: 5, reward: .bonusPoints(100)))
        let effects = F.learn(&engine, "gcompris", minutes: 5, end: F.t0)
        let bonus = try #require(F.posts(effects).first { $0.program == nil })
        #expect(bonus.kind == .accrual)
        #expect(bonus.points == 100)
        #expect(bonus.reason == "quest: Point boost")
        #expect(engine.record.balances.unattributed == 100)
        #expect(engine.record.balances.total == 150)
        #expect(engine.record.totals.pointsEarned == 150)
        #expect(engine.record.window == nil)
    }

    @Test("quest reward minutes extend an open window within the cap")
    func rewardMinutesWithinCap() throws {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 1))
        _ = try engine.execute(.adjust(points: 1000, reason: "birthday"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 400), now: F.t0, newID: UUID.init)
        F.learn(&engine, "gcompris", minutes: 1, end: F.at(minutes: 1))
        #expect(engine.record.window?.endsAt == F.at(minutes: 121))
    }

    @Test("quests at 23:59 and at 00:01 the next day are consecutive days")
    func acrossMidnight() {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 1))
        _ = Self.complete(&engine, on: [(5, 12, 23, 59), (5, 13, 0, 1)])
        #expect(engine.record.streak.current == 2)
        #expect(engine.record.streak.longest == 2)
        #expect(engine.streakDays(at: F.at(2026, 5, 13, 12)) == 2)
    }

    @Test("a gap starts the streak again at 1; the longest is kept")
    func acrossGap() {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 1))
        _ = Self.complete(&engine, on: [(5, 12, 18, 0), (5, 13, 18, 0), (5, 14, 18, 0)])
        #expect(engine.streakDays(at: F.at(2026, 5, 15, 12)) == 3)
        #expect(engine.streakDays(at: F.at(2026, 5, 16, 12)) == 0)
        _ = Self.complete(&engine, on: [(5, 16, 18, 0)])
        #expect(engine.record.streak.current == 1)
        #expect(engine.record.streak.longest == 3)
        #expect(engine.record.totals.longestStreak == 3)
    }

    @Test("the 7th day of a streak grants the milestone bonus of 100 points with a notification, and Week Warrior")
    func milestone() throws {
        var engine = Self.engine(quest: DailyQuest(title: "Practice", targetMinutes: 1))
        let effects = Self.complete(&engine, on: (12...18).map { (5, $0, 17, 0) })
        for day in 0..<6 {
            #expect(!F.posts(effects[day]).contains { $0.reason.hasPrefix("streak") }, "day \(day + 1)")
        }
        let seventh = effects[6]
        let bonus = try #require(F.posts(seventh).first { $0.reason.hasPrefix("streak") })
        #expect(bonus.points == 100)
        #expect(bonus.program == nil)
        #expect(bonus.kind == .accrual)
        #expect(bonus.reason == "streak of 7 days")
        let titles = F.notifications(seventh).map(\.title)
        #expect(titles.count == 3)
        #expect(Set(titles) == ["Quest complete: Practice", "7-day streak!", "Badge unlocked: Week Warrior"])
        #expect(F.notifications(seventh).first { $0.title == "7-day streak!" }?.body == "100 bonus points for 7 days of quests in a row.")
        #expect(engine.record.balances.unattributed == 100)
        #expect(engine.record.badges["week_warrior"] == F.at(2026, 5, 18, 17))
        // The 8th day: no bonus.
        let eighth = Self.complete(&engine, on: [(5, 19, 17, 0)])[0]
        #expect(!F.posts(eighth).contains { $0.reason.hasPrefix("streak") })
    }

    @Test("each badge unlocks through the engine at its threshold, with a notification, only once")
    func badgesThroughEngine() throws {
        let yesterday = F.day0.adding(days: -1, in: F.berlin)
        let quest = DailyQuest(title: "Practice", targetMinutes: 1)

        var points = Self.engine(quest: quest) { $0.totals.pointsEarned = 9_980 }
        let below = F.learn(&points, "gcompris", minutes: 1, end: F.at(minutes: -30))
        #expect(!F.notifications(below).map(\.id).contains("rewards-badge-point_collector"))
        let at = F.learn(&points, "gcompris", minutes: 1, end: F.at(minutes: -20))
        #expect(F.notifications(at).map(\.id).filter { $0 == "rewards-badge-point_collector" }.count == 1)
        let after = F.learn(&points, "gcompris", minutes: 5, end: F.t0)
        #expect(!F.notifications(after).map(\.id).contains("rewards-badge-point_collector"))

        var legend = F.engine { $0.totals.learningSeconds = 100 * 3600 - 120 }
        #expect(F.notifications(F.learn(&legend, "gcompris", minutes: 1, end: F.at(minutes: -30))).isEmpty)
        #expect(F.notifications(F.learn(&legend, "gcompris", minutes: 1, end: F.at(minutes: -20))).map(\.title) == ["Badge unlocked: Learning Legend"])
        #expect(F.notifications(F.learn(&legend, "gcompris", minutes: 1, end: F.at(minutes: -10))).isEmpty)

        var champion = Self.engine(quest: quest) {
            $0.totals.questsCompleted = 9
            $0.badges["first_steps"] = F.t0
        }
        let tenth = F.learn(&champion, "gcompris", minutes: 1, end: F.t0)
        #expect(F.notifications(tenth).map(\.title) == ["Quest complete: Practice", "Badge unlocked: Challenge Champion"])

        var month = Self.engine(quest: quest) {
            $0.streak = StreakRecord(current: 29, longest: 29, lastDay: yesterday)
            $0.totals.longestStreak = 29
            $0.badges = ["first_steps": F.t0, "week_warrior": F.t0]
        }
        let thirtieth = F.learn(&month, "gcompris", minutes: 1, end: F.t0)
        #expect(F.notifications(thirtieth).map(\.title) == ["Quest complete: Practice", "Badge unlocked: Month Master"])
        #expect(month.record.streak.current == 30)
    }

    @Test("adjustments do not count towards Point Collector")
    func adjustmentsEarnNoBadge() throws {
        var engine = F.engine { $0.totals.pointsEarned = 9_990 }
        let effects = try engine.execute(.adjust(points: 500, reason: "birthday"), now: F.t0, newID: UUID.init)
        #expect(F.notifications(effects).isEmpty)
        #expect(engine.record.badges.isEmpty)
    }
}
