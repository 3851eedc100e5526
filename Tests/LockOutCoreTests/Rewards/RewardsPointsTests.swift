import Foundation
import LockOutCore
import Testing

@Suite("Rewards points: rates, whole minutes, idle, the daily cap, ratios, the streak multiplier, levels")
struct RewardsPointsTests {
    @Test("the rules' constants are the specification's numbers")
    func constants() {
        #expect(RewardRules.defaultRate == 10)
        #expect(RewardRules.idleTimeout == 180)
        #expect(RewardRules.defaultDailyCap == 600)
        #expect(RewardsSettings.defaults.dailyCap == 600)
        #expect(RewardsSettings.defaults.mode == .points)
        #expect(RewardRules.pointsPerRewardMinute == 10)
        #expect(RewardRules.minimumRedemption == 30)
        #expect(RewardRules.maximumRedemption == 600)
        #expect(RewardRules.maximumWindowMinutes == 120)
        #expect(RewardRules.endingNotice == 60)
        #expect(RewardRules.milestoneEvery == 7)
        #expect(RewardProgram(name: "gcompris", category: .learning).effectiveRate == 10)
        #expect(RewardProgram(name: "tuxmath", category: .learning, rate: 25).effectiveRate == 25)
    }

    @Test("10 points a minute by default, whole minutes only")
    func wholeMinutes() {
        func points(_ seconds: Int, rate: Int = 10) -> Int {
            PointsRule.dayPoints(activeSeconds: seconds, rate: rate, mode: .points, streakDays: 0, cap: 600)
        }
        #expect(points(0) == 0)
        #expect(points(59) == 0)
        #expect(points(60) == 10)
        #expect(points(600) == 100)
        #expect(points(659) == 100)
        #expect(points(660) == 110)
        #expect(points(240, rate: 25) == 100)
        #expect(points(240, rate: 1) == 4)
    }

    @Test("points are never negative")
    func neverNegative() {
        #expect(PointsRule.dayPoints(activeSeconds: -600, rate: 10, mode: .points, streakDays: 0, cap: 600) == 0)
        #expect(PointsRule.dayPoints(activeSeconds: 600, rate: -10, mode: .points, streakDays: 0, cap: 600) == 0)
        #expect(PointsRule.dayPoints(activeSeconds: -600, rate: 10, mode: .ratio(learning: 30, reward: 30), streakDays: 5, cap: 600) == 0)
    }

    @Test("a program earns at most the daily cap: 600 points by default")
    func dailyCap() {
        func points(_ minutes: Int, cap: Int = 600) -> Int {
            PointsRule.dayPoints(activeSeconds: minutes * 60, rate: 10, mode: .points, streakDays: 0, cap: cap)
        }
        #expect(points(59) == 590)
        #expect(points(60) == 600)
        #expect(points(61) == 600)
        #expect(points(240) == 600)
        #expect(points(30, cap: 250) == 250)
    }

    @Test("idle past 180 s stops counting: a 10 min stretch with 300 s idle at its end counts 480 s")
    func idleTimeout() {
        let end = RewardsFixture.t0
        let start = end.addingTimeInterval(-600)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 300) == 480)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 180) == 600)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 181) == 599)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 0) == 600)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: nil) == 600)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 780) == 0)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 3600) == 0)
        #expect(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: nil, locked: true) == 0)
        #expect(EffectiveTime.activeSeconds(from: end, to: start, idleSeconds: nil) == 0)
        let counted = Int(EffectiveTime.activeSeconds(from: start, to: end, idleSeconds: 300))
        #expect(PointsRule.dayPoints(activeSeconds: counted, rate: 10, mode: .points, streakDays: 0, cap: 600) == 80)
    }

    @Test("the ratio mode: 30:30 turns 30 min into 300 points; 60:15 gives 0 for 59 min and 150 for 60")
    func ratioMode() {
        func points(_ minutes: Int, _ learning: Int, _ reward: Int, cap: Int = 600) -> Int {
            PointsRule.dayPoints(
                activeSeconds: minutes * 60, rate: 10, mode: .ratio(learning: learning, reward: reward), streakDays: 0, cap: cap
            )
        }
        #expect(points(29, 30, 30) == 0)
        #expect(points(30, 30, 30) == 300)
        #expect(points(59, 30, 30) == 300)
        #expect(points(60, 30, 30) == 600)
        #expect(points(120, 30, 30) == 600)
        #expect(points(120, 30, 30, cap: 10_000) == 1200)
        #expect(points(59, 60, 15) == 0)
        #expect(points(60, 60, 15) == 150)
        #expect(points(60, 60, 20) == 200)
        #expect(points(60, 60, 30) == 300)
        #expect(points(60, 60, 60) == 600)
        // The program's rate plays no part in a ratio.
        #expect(PointsRule.dayPoints(activeSeconds: 1800, rate: 100, mode: .defaultRatio, streakDays: 0, cap: 10_000) == 300)
    }

    @Test("the ratio's default is 30:30 and its presets 30:30, 60:60, 60:30, 60:20, 60:15; learning is at least 1 minute")
    func ratioPresets() throws {
        #expect(EarningMode.defaultRatio == .ratio(learning: 30, reward: 30))
        #expect(EarningMode.ratioPresets.map(\.text) == ["30:30", "60:60", "60:30", "60:20", "60:15"])
        #expect(EarningMode(text: "60:15") == .ratio(learning: 60, reward: 15))
        #expect(EarningMode(text: "points") == .points)
        #expect(EarningMode(text: "60") == nil)
        #expect(EarningMode(text: "a:b") == nil)
        var settings = RewardsSettings()
        settings.mode = .ratio(learning: 0, reward: 30)
        #expect(throws: RewardsInputError.ratioOutOfRange(learning: 0, reward: 30)) { try settings.validate() }
        settings.mode = .ratio(learning: 1, reward: 30)
        try settings.validate()
        for preset in EarningMode.ratioPresets {
            settings.mode = preset
            try settings.validate()
        }
    }

    @Test("the streak multiplier is min(0.01 × days, 0.30): 0 at 0 days, 0.01 at 1, 0.30 at 30 and at 31")
    func multiplier() {
        #expect(PointsRule.multiplier(streakDays: 0) == 0)
        #expect(PointsRule.multiplier(streakDays: 1) == 0.01)
        #expect(PointsRule.multiplier(streakDays: 30) == 0.30)
        #expect(PointsRule.multiplier(streakDays: 31) == 0.30)
        #expect(PointsRule.multiplier(streakDays: 365) == 0.30)
        #expect(PointsRule.multiplier(streakDays: -2) == 0)
    }

    @Test("the multiplier adds its share of the points: 100 points earn 100, 101, 130, 130 at 0, 1, 30, 31 days")
    func multiplierOnPoints() {
        func points(_ minutes: Int, streak: Int, cap: Int = 600) -> Int {
            PointsRule.dayPoints(activeSeconds: minutes * 60, rate: 10, mode: .points, streakDays: streak, cap: cap)
        }
        #expect(points(10, streak: 0) == 100)
        #expect(points(10, streak: 1) == 101)
        #expect(points(10, streak: 30) == 130)
        #expect(points(10, streak: 31) == 130)
        #expect(points(3, streak: 7) == 32)  // 30 + 2.1, rounded down
        // The cap bounds the total, bonus included.
        #expect(points(60, streak: 10) == 600)
        #expect(points(55, streak: 10) == 600)
        #expect(points(50, streak: 10) == 550)
    }

    @Test("the bonus is exact whole points for every streak length (no floating-point loss)")
    func multiplierExact() {
        for days in 0...31 {
            for minutes in 1...100 {
                let base = minutes * 10
                let expected = base + base * min(days, 30) / 100
                let points = PointsRule.dayPoints(activeSeconds: minutes * 60, rate: 10, mode: .points, streakDays: days, cap: 10_000)
                #expect(points == expected, "\(minutes) min at a \(days)-day streak")
            }
        }
    }

    @Test("levels come from total points earned; level n starts at 50 n (n − 1), each level longer than the last")
    func levels() {
        #expect(RewardLevel.threshold(1) == 0)
        #expect(RewardLevel.threshold(2) == 100)
        #expect(RewardLevel.threshold(3) == 300)
        #expect(RewardLevel.threshold(4) == 600)
        let cases: [(Int, Int, Int, Int)] = [
            (-50, 1, 0, 100), (0, 1, 0, 100), (99, 1, 0, 100), (100, 2, 100, 300), (299, 2, 100, 300),
            (300, 3, 300, 600), (599, 3, 300, 600), (600, 4, 600, 1000), (10_000, 14, 9100, 10_500),
        ]
        for (total, level, floor, next) in cases {
            let value = RewardLevel(totalEarned: total)
            #expect(value.level == level, "\(total) points")
            #expect(value.floor == floor, "\(total) points")
            #expect(value.next == next, "\(total) points")
        }
        for level in 1...100 {
            let this = RewardLevel.threshold(level + 1) - RewardLevel.threshold(level)
            let next = RewardLevel.threshold(level + 2) - RewardLevel.threshold(level + 1)
            #expect(next > this, "level \(level + 1) takes longer than level \(level)")
        }
    }
}
