import Foundation
import LockOutCore
import Testing

@Suite("Rewards quests and streaks: progress, validation, templates, consecutive days")
struct RewardsQuestStreakTests {
    typealias F = RewardsFixture

    static func day(_ month: Int, _ day: Int) -> LocalDate { LocalDate(year: 2026, month: month, day: day) }

    @Test("combined progress adds every program's seconds; per-program takes the one used most; whole minutes only")
    func progress() {
        let seconds = ["gcompris": 600, "tuxmath": 659]
        #expect(DailyQuest(title: "q", targetMinutes: 20).progress(learningSeconds: seconds) == 20)
        #expect(DailyQuest(title: "q", targetMinutes: 20, counting: .perProgram).progress(learningSeconds: seconds) == 10)
        #expect(DailyQuest(title: "q", targetMinutes: 20).progress(learningSeconds: ["gcompris": 59]) == 0)
        #expect(DailyQuest(title: "q", targetMinutes: 20).progress(learningSeconds: [:]) == 0)
        #expect(DailyQuest(title: "q", targetMinutes: 20, counting: .perProgram).progress(learningSeconds: [:]) == 0)
    }

    @Test("a quest limited to programs counts only those")
    func limitedProgress() {
        let seconds = ["gcompris": 1800, "tuxmath": 659, "childsplay": 300]
        let quest = DailyQuest(title: "q", targetMinutes: 20, programs: ["tuxmath", "childsplay"])
        #expect(quest.progress(learningSeconds: seconds) == 15)
        var perProgram = quest
        perProgram.counting = .perProgram
        #expect(perProgram.progress(learningSeconds: seconds) == 10)
    }

    @Test("a quest grants 30 min of reward time unless set otherwise")
    func defaultReward() {
        #expect(DailyQuest.defaultReward == .rewardMinutes(30))
        #expect(DailyQuest(title: "q", targetMinutes: 20).reward == .rewardMinutes(30))
        #expect(QuestReward.rewardMinutes(30).text == "30 min of reward time")
        #expect(QuestReward.bonusPoints(50).text == "50 bonus points")
    }

    @Test("a quest's target, reward and programs are checked")
    func validation() throws {
        let settings = F.settings
        try DailyQuest(title: "q", targetMinutes: 1).validate(programs: settings)
        try DailyQuest(title: "q", targetMinutes: 480, programs: ["tuxmath"], reward: .bonusPoints(100)).validate(programs: settings)
        #expect(throws: RewardsInputError.questTargetOutOfRange(0)) {
            try DailyQuest(title: "q", targetMinutes: 0).validate(programs: settings)
        }
        #expect(throws: RewardsInputError.questTargetOutOfRange(481)) {
            try DailyQuest(title: "q", targetMinutes: 481).validate(programs: settings)
        }
        #expect(throws: RewardsInputError.questRewardOutOfRange(121)) {
            try DailyQuest(title: "q", targetMinutes: 20, reward: .rewardMinutes(121)).validate(programs: settings)
        }
        #expect(throws: RewardsInputError.questRewardOutOfRange(0)) {
            try DailyQuest(title: "q", targetMinutes: 20, reward: .bonusPoints(0)).validate(programs: settings)
        }
        #expect(throws: RewardsInputError.questProgramNotLearning("supertux")) {
            try DailyQuest(title: "q", targetMinutes: 20, programs: ["supertux"]).validate(programs: settings)
        }
        #expect(throws: RewardsInputError.questProgramNotLearning("firefox")) {
            try DailyQuest(title: "q", targetMinutes: 20, programs: ["firefox"]).validate(programs: settings)
        }
    }

    @Test("the templates: daily practice, learning hour, deep dive, point boost")
    func templates() throws {
        #expect(QuestTemplate.all.map(\.id) == ["daily-practice", "learning-hour", "deep-dive", "point-boost"])
        let practice = try QuestTemplate.named("daily-practice").quest
        #expect(practice.targetMinutes == 20)
        #expect(practice.counting == .combined)
        #expect(practice.reward == .rewardMinutes(30))
        #expect(try QuestTemplate.named("learning-hour").quest.reward == .rewardMinutes(45))
        #expect(try QuestTemplate.named("deep-dive").quest.counting == .perProgram)
        #expect(try QuestTemplate.named("point-boost").quest.reward == .bonusPoints(100))
        for template in QuestTemplate.all { try template.quest.validate(programs: F.settings) }
        #expect(throws: RewardsInputError.unknownQuestTemplate("marathon")) { try QuestTemplate.named("marathon") }
    }

    /// Counts `day` (a mutating call cannot sit inside `#expect`).
    func counted(_ streak: inout StreakRecord, _ day: LocalDate) -> Bool {
        streak.count(day, calendar: F.berlin)
    }

    @Test("the next day adds 1, the same day changes nothing, a gap starts again at 1, the longest is kept")
    func streakCounting() {
        var streak = StreakRecord()
        #expect(counted(&streak, Self.day(5, 10)))
        #expect(streak.current == 1)
        #expect(counted(&streak, Self.day(5, 11)))
        #expect(counted(&streak, Self.day(5, 12)))
        #expect(streak.current == 3)
        #expect(!counted(&streak, Self.day(5, 12)))
        #expect(!counted(&streak, Self.day(5, 1)))
        #expect(streak.current == 3)
        #expect(counted(&streak, Self.day(5, 14)))
        #expect(streak.current == 1)
        #expect(streak.longest == 3)
        #expect(streak.lastDay == Self.day(5, 14))
    }

    @Test("consecutive across a month's end and a daylight-saving change")
    func streakAcrossCalendar() {
        var streak = StreakRecord()
        for day in [Self.day(2, 27), Self.day(2, 28), Self.day(3, 1), Self.day(3, 28), Self.day(3, 29), Self.day(3, 30)] {
            streak.count(day, calendar: F.berlin)
        }
        #expect(streak.current == 3)
        #expect(streak.longest == 3)
    }

    @Test("the streak stands through today and yesterday, is broken after a whole day without; at risk until today counts")
    func streakStanding() {
        let streak = StreakRecord(current: 4, longest: 9, lastDay: Self.day(5, 11))
        #expect(streak.days(on: Self.day(5, 11), calendar: F.berlin) == 4)
        #expect(!streak.isAtRisk(on: Self.day(5, 11), calendar: F.berlin))
        #expect(streak.days(on: Self.day(5, 12), calendar: F.berlin) == 4)
        #expect(streak.isAtRisk(on: Self.day(5, 12), calendar: F.berlin))
        #expect(streak.days(on: Self.day(5, 13), calendar: F.berlin) == 0)
        #expect(!streak.isAtRisk(on: Self.day(5, 13), calendar: F.berlin))
        #expect(StreakRecord().days(on: Self.day(5, 12), calendar: F.berlin) == 0)
        #expect(!StreakRecord().isAtRisk(on: Self.day(5, 12), calendar: F.berlin))
    }

    @Test("a milestone every 7 days: 7 and 14, not 6 or 8")
    func milestones() {
        var streak = StreakRecord()
        var onMilestone: [Int] = []
        for offset in 0..<15 {
            streak.count(Self.day(5, 1).adding(days: offset, in: F.berlin), calendar: F.berlin)
            if streak.isOnMilestone { onMilestone.append(streak.current) }
        }
        #expect(onMilestone == [7, 14])
        #expect(!StreakRecord().isOnMilestone)
    }
}
