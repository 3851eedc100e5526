import Foundation
import LockOutCore
import Testing

@Suite("Rewards: a quest composed from words, and the day summary's rewards")
struct QuestComposedTests {
    private typealias F = RewardsFixture

    @Test("a template with what is given set over it; from scratch with minutes; each wrong word refused")
    func composed() throws {
        let fromTemplate = try DailyQuest.composed(template: "daily-practice", title: "Math", counting: "per-program", bonusPoints: 50)
        #expect(fromTemplate == DailyQuest(title: "Math", targetMinutes: 20, counting: .perProgram, reward: .bonusPoints(50)))
        let fromScratch = try DailyQuest.composed(minutes: 25, programs: ["gcompris"], rewardMinutes: 15)
        #expect(fromScratch == DailyQuest(title: "Daily quest", targetMinutes: 25, programs: ["gcompris"], reward: .rewardMinutes(15)))
        #expect(throws: RewardsInputError.questNeedsTarget) { try DailyQuest.composed(title: "Math") }
        #expect(throws: RewardsInputError.unknownQuestCounting("each")) { try DailyQuest.composed(minutes: 20, counting: "each") }
        #expect(throws: RewardsInputError.questRewardTwice) { try DailyQuest.composed(minutes: 20, rewardMinutes: 10, bonusPoints: 10) }
        #expect(throws: RewardsInputError.unknownQuestTemplate("marathon")) { try DailyQuest.composed(template: "marathon") }
    }

    @Test("the day summary carries today's learning and reward seconds and each program's seconds, not whole minutes")
    func summarySeconds() {
        var engine = F.engine()
        for (program, category, seconds) in [("gcompris", ProgramCategory.learning, 150), ("supertux", .reward, 95)] {
            _ = engine.recordUsage(
                UsageSession(id: UUID(), program: program, category: category, start: F.t0, end: F.at(minutes: 5), activeSeconds: seconds),
                now: F.at(minutes: 5), newID: UUID.init
            )
        }
        let snapshot = RewardsSnapshot(screen: RewardsScreen(engine: engine, now: F.at(minutes: 5)), ledger: [])
        let summary = DailySummaryBuilder.summary(
            device: DeviceID(rawValue: UUID()), day: F.day0, breaks: nil, focus: [], totals: nil, gateOpened: false,
            rewards: snapshot, now: F.at(minutes: 5)
        )
        #expect(summary.learningSeconds == 150)
        #expect(summary.rewardSeconds == 95)
        #expect(summary.appsUsed == ["gcompris": 150, "supertux": 95])
        #expect(summary.points == 20)
    }
}
