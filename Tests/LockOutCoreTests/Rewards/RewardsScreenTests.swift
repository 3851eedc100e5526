import Foundation
import LockOutCore
import Testing

@Suite("Rewards screen: balance, redemption room, reward time, quest, streak, badges")
struct RewardsScreenTests {
    typealias F = RewardsFixture

    @Test("the balance, today's points and each program's day")
    func balanceAndPrograms() throws {
        var engine = try RewardsEngineTests.funded()
        let screen = RewardsScreen(engine: engine, now: F.t0)
        #expect(screen.day == F.day0)
        #expect(screen.balance == 550)
        #expect(screen.pointsToday == 500)
        #expect(screen.dailyCap == 600)
        #expect(screen.totalEarned == 500)
        #expect(screen.level.level == 3)
        #expect(screen.programs.map(\.program) == ["gcompris", "supertux", "tuxmath"])
        #expect(screen.programs.map(\.minutes) == [30, 0, 10])
        #expect(screen.programs.map(\.points) == [300, 0, 200])
        #expect(screen.programs.map(\.rate) == [nil, nil, 20])
        #expect(screen.programs.map(\.category) == [.learning, .reward, .learning])
        #expect(screen.rewardEndsAt == nil)
        #expect(screen.rewardTimeText == "00:00")
        // The next day: today's numbers start again, the balance stays.
        let tomorrow = RewardsScreen(engine: engine, now: F.at(2026, 5, 13, 9))
        #expect(tomorrow.balance == 550)
        #expect(tomorrow.pointsToday == 0)
        #expect(tomorrow.programs.map(\.minutes) == [0, 0, 0])
        #expect(tomorrow.programs.map(\.balance) == [300, 0, 200])
        _ = try engine.execute(.redeem(points: 300), now: F.t0, newID: UUID.init)
        #expect(RewardsScreen(engine: engine, now: F.t0).balance == 250)
    }

    @Test("the most a redemption may be now: whole minutes of the balance, at most 600, within the cap on reward time")
    func maximumRedemption() throws {
        func screen(balance: Int, windowMinutes: Double? = nil) throws -> RewardsScreen {
            var engine = F.engine()
            if balance > 0 { _ = try engine.execute(.adjust(points: balance, reason: "test"), now: F.at(minutes: -1), newID: UUID.init) }
            if let windowMinutes {
                engine = RewardsEngine(record: {
                    var record = engine.record
                    record.window = RewardWindow(openedAt: F.at(minutes: -1), endsAt: F.at(minutes: windowMinutes))
                    return record
                }(), settings: engine.settings, calendar: F.berlin)
            }
            return RewardsScreen(engine: engine, now: F.t0)
        }
        #expect(try screen(balance: 0).maximumRedemptionNow == 0)
        #expect(try screen(balance: 25).maximumRedemptionNow == 20)
        #expect(try !screen(balance: 25).canRedeem)
        #expect(try screen(balance: 30).canRedeem)
        #expect(try screen(balance: 455).maximumRedemptionNow == 450)
        #expect(try screen(balance: 5000).maximumRedemptionNow == 600)
        #expect(try screen(balance: 5000, windowMinutes: 100).maximumRedemptionNow == 200)
        #expect(try screen(balance: 5000, windowMinutes: 99.5).maximumRedemptionNow == 200)
        #expect(try screen(balance: 5000, windowMinutes: 118).maximumRedemptionNow == 20)
        #expect(try !screen(balance: 5000, windowMinutes: 118).canRedeem)
        #expect(try screen(balance: 5000, windowMinutes: 120).maximumRedemptionNow == 0)
    }

    @Test("what the screen offers is what a redemption accepts")
    func offerMatchesCheck() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 5000, reason: "test"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 430), now: F.t0, newID: UUID.init)
        let now = F.at(minutes: 0.5)
        let offer = RewardsScreen(engine: engine, now: now).maximumRedemptionNow
        #expect(offer == 170)
        #expect(throws: RewardsInputError.rewardTimeCapReached(minutesLeft: 103, fitsPoints: 170)) {
            try engine.execute(.redeem(points: offer + 10), now: now, newID: UUID.init)
        }
        _ = try engine.execute(.redeem(points: offer), now: now, newID: UUID.init)
    }

    @Test("reward time left reads 1:05:00 past an hour and 12:30 below")
    func rewardTimeText() throws {
        var engine = F.engine()
        _ = try engine.execute(.adjust(points: 650, reason: "test"), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 600), now: F.t0, newID: UUID.init)
        _ = try engine.execute(.redeem(points: 50), now: F.t0, newID: UUID.init)
        let opened = RewardsScreen(engine: engine, now: F.t0)
        #expect(opened.rewardTimeText == "1:05:00")
        #expect(opened.rewardSecondsLeft == 3900)
        #expect(opened.rewardEndsAt == F.at(minutes: 65))
        #expect(RewardsScreen(engine: engine, now: F.at(minutes: 5)).rewardTimeText == "1:00:00")
        #expect(RewardsScreen(engine: engine, now: F.at(minutes: 5.5)).rewardTimeText == "59:30")
        #expect(RewardsScreen(engine: engine, now: F.at(minutes: 52.5)).rewardTimeText == "12:30")
        #expect(RewardsScreen(engine: engine, now: F.at(minutes: 64.99)).rewardTimeText == "00:01")
        let ended = RewardsScreen(engine: engine, now: F.at(minutes: 65))
        #expect(ended.rewardTimeText == "00:00")
        #expect(ended.rewardEndsAt == nil)
    }

    @Test("the quest's progress and completion")
    func quest() throws {
        var settings = F.settings
        settings.quest = DailyQuest(title: "Daily practice", targetMinutes: 20)
        var engine = F.engine(settings: settings)
        F.learn(&engine, "gcompris", minutes: 12, end: F.t0)
        let progress = try #require(RewardsScreen(engine: engine, now: F.t0).quest)
        #expect(progress.minutes == 12)
        #expect(!progress.completed)
        #expect(progress.text == "12 of 20 min")
        #expect(progress.fraction == 0.6)
        F.learn(&engine, "tuxmath", minutes: 8, end: F.at(minutes: 8))
        let done = try #require(RewardsScreen(engine: engine, now: F.at(minutes: 8)).quest)
        #expect(done.completed)
        #expect(done.fraction == 1)
        #expect(done.text == "complete: 30 min of reward time earned")
        #expect(RewardsScreen(engine: F.engine(), now: F.t0).quest == nil)
    }

    @Test("the streak is at risk until today's quest completes; its bonus in whole percent")
    func streak() throws {
        var settings = F.settings
        settings.quest = DailyQuest(title: "Practice", targetMinutes: 1)
        var engine = F.engine(settings: settings) {
            $0.streak = StreakRecord(current: 6, longest: 11, lastDay: F.day0.adding(days: -1, in: F.berlin))
        }
        let before = RewardsScreen(engine: engine, now: F.at(minutes: -60)).streak
        #expect(before.days == 6)
        #expect(before.longest == 11)
        #expect(before.atRisk)
        #expect(before.bonusPercent == 6)
        F.learn(&engine, "gcompris", minutes: 1, end: F.t0)
        let after = RewardsScreen(engine: engine, now: F.t0).streak
        #expect(after.days == 7)
        #expect(!after.atRisk)
        #expect(after.bonusPercent == 7)
        let broken = RewardsScreen(engine: engine, now: F.at(2026, 5, 14, 9)).streak
        #expect(broken.days == 0)
        #expect(!broken.atRisk)
        #expect(broken.bonusPercent == 0)
        #expect(broken.longest == 11)
        let empty = RewardsScreen(engine: F.engine(), now: F.t0).streak
        #expect(empty.days == 0)
        #expect(!empty.atRisk)
    }

    @Test("badges: unlocked first, then by name")
    func badges() {
        var settings = F.settings
        settings.quest = DailyQuest(title: "Practice", targetMinutes: 1)
        var engine = F.engine(settings: settings) { $0.totals.questsCompleted = 9 }
        F.learn(&engine, "gcompris", minutes: 1, end: F.t0)
        let badges = RewardsScreen(engine: engine, now: F.t0).badges
        #expect(badges.map(\.name) == [
            "Challenge Champion", "First Steps", "Learning Legend", "Month Master", "Point Collector", "Week Warrior",
        ])
        #expect(badges.map(\.isUnlocked) == [true, true, false, false, false, false])
        #expect(badges.first?.unlockedAt == F.t0)
    }

    @Test("the screen survives a JSON round trip and says whether a PIN is set")
    func codable() throws {
        var engine = try RewardsEngineTests.funded()
        #expect(!RewardsScreen(engine: engine, now: F.t0).pinSet)
        engine.setPINHash("salt$hash")
        let screen = RewardsScreen(engine: engine, now: F.t0, method: "x11 + x11-screensaver")
        #expect(screen.pinSet)
        #expect(screen.method == "x11 + x11-screensaver")
        #expect(try JSONDecoder().decode(RewardsScreen.self, from: JSONEncoder().encode(screen)) == screen)
    }
}
