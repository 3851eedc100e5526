import Foundation

/// What the rewards screens show (the child's page, `lockout rewards status`, and the parent's view of a
/// child through the family sync): balance, today against the cap, reward time, the quest, streak, level,
/// badges and what a redemption may be now.
public struct RewardsScreen: Codable, Hashable, Sendable {
    /// One program's day.
    public struct ProgramDay: Codable, Hashable, Sendable {
        public let program: String
        public let category: ProgramCategory
        public let rate: Int?
        /// Today's active seconds, and the whole minutes of them.
        public let seconds: Int
        public let minutes: Int
        public let points: Int
        public let balance: Int
    }

    /// The quest's day.
    public struct QuestProgress: Codable, Hashable, Sendable {
        public let quest: DailyQuest
        public let minutes: Int
        public let completed: Bool

        /// `12 of 20 min`.
        public var text: String { completed ? "complete: \(quest.reward.text) earned" : "\(minutes) of \(quest.targetMinutes) min" }
        /// Progress from 0 to 1.
        public var fraction: Double { min(1, Double(minutes) / Double(max(1, quest.targetMinutes))) }
    }

    /// The streak.
    public struct Streak: Codable, Hashable, Sendable {
        public let days: Int
        public let longest: Int
        public let atRisk: Bool
        /// The multiplier on points, in whole percent.
        public let bonusPercent: Int
    }

    public let day: LocalDate
    public let balance: Int
    public let pointsToday: Int
    public let dailyCap: Int
    public let mode: EarningMode
    public let programs: [ProgramDay]
    /// When reward time ends; nil while none is open.
    public let rewardEndsAt: Date?
    public let rewardSecondsLeft: Int
    public let quest: QuestProgress?
    public let streak: Streak
    public let level: RewardLevel
    public let totalEarned: Int
    public let badges: [BadgeState]
    /// The most a redemption may be now (below the minimum: none possible).
    public let maximumRedemptionNow: Int
    public let pinSet: Bool
    /// How usage is measured here, like `x11 + x11-screensaver`; nil when not measured.
    public let method: String?

    /// The screen of `engine` at `now`.
    public init(engine: RewardsEngine, now: Date, method: String? = nil) {
        let record = engine.record
        let settings = engine.settings
        let today = LocalDate(now, in: engine.calendar)
        let current = record.day == today
        day = today
        balance = record.balances.total
        pointsToday = current ? record.pointsToday : 0
        dailyCap = settings.dailyCap
        mode = settings.mode
        let used = current ? record.programSeconds : [:]
        let accrued = current ? record.accrued : [:]
        let names = Set(settings.programs.map(\.name)).union(used.keys)
        programs = names.sorted().map { name in
            ProgramDay(
                program: name, category: settings.category(of: name), rate: settings.program(name)?.rate,
                seconds: used[name, default: 0], minutes: used[name, default: 0] / 60, points: accrued[name, default: 0],
                balance: record.balances.byProgram[name, default: 0]
            )
        }
        let window = record.window.flatMap { $0.isOpen(at: now) ? $0 : nil }
        rewardEndsAt = window?.endsAt
        rewardSecondsLeft = Int((window?.secondsLeft(at: now) ?? 0).rounded(.up))
        quest = settings.quest.map { quest in
            QuestProgress(
                quest: quest, minutes: quest.progress(learningSeconds: current ? record.learningSeconds : [:]),
                completed: current && record.questCompletedAt != nil
            )
        }
        let days = record.streak.days(on: today, calendar: engine.calendar)
        streak = Streak(
            days: days, longest: record.streak.longest, atRisk: record.streak.isAtRisk(on: today, calendar: engine.calendar),
            bonusPercent: Int((PointsRule.multiplier(streakDays: days) * 100).rounded())
        )
        level = RewardLevel(totalEarned: record.totals.pointsEarned)
        totalEarned = record.totals.pointsEarned
        badges = Badges.states(totals: record.totals, unlocked: record.badges)
        let room = RewardRules.maximumWindowMinutes * 60 - rewardSecondsLeft
        let step = RewardRules.pointsPerRewardMinute
        maximumRedemptionNow = min(RewardRules.maximumRedemption, balance / step * step, max(0, room / 60) * step)
        pinSet = record.pinHash != nil
        self.method = method
    }

    /// Whether a redemption is possible now.
    public var canRedeem: Bool { maximumRedemptionNow >= RewardRules.minimumRedemption }

    /// The redemptions a picker offers now, in points: from the minimum up to what may be redeemed now, a
    /// reward minute apart; empty when none is possible.
    public var redemptionChoices: [Int] {
        guard canRedeem else { return [] }
        return Array(stride(from: RewardRules.minimumRedemption, through: maximumRedemptionNow, by: RewardRules.pointsPerRewardMinute))
    }

    /// The reward minutes `points` buy.
    public static func rewardMinutes(points: Int) -> Int { points / RewardRules.pointsPerRewardMinute }

    /// `1:05:00` or `12:30`: reward time left.
    public var rewardTimeText: String {
        let seconds = rewardSecondsLeft
        return seconds >= 3600
            ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%02d:%02d", seconds / 60, seconds % 60)
    }
}
